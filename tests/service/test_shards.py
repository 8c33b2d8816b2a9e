"""Several processes on one database, each with its Discord shards: a service recovers and
drives only the tables of the guilds on its shards (``(guild_id >> 22) % shard_count``);
table ids, stats and leaderboards stay right whatever the number of processes."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from pg import fetch_all

from bot.service import GameService, ServiceError
from bot.service.computer_matches import play_table
from bot.service.models import ShownMessage


def guild_on(shard: int, n: int, count: int = 2) -> int:
    """A guild id that Discord puts on ``shard`` of ``count``."""
    return ((1000 + n) * count + shard) << 22


async def _tables_of(url: str, guild_ids: set[int]) -> dict[int, tuple[Any, ...]]:
    rows = await fetch_all(url, "SELECT id, guild_id, status, version FROM tables")
    return {r[0]: r for r in rows if r[1] in guild_ids}


async def test_two_processes_opening_a_table_in_one_channel_one_wins(db_url: str) -> None:
    """The database keeps one live table per channel whichever process asks (the second
    process has not heard of the first one's table: the unique index refuses it)."""
    first = await GameService.open(db_url)
    second = await GameService.open(db_url)
    try:
        await first.create_table(1, 42, 7, "Ann", players=2)
        with pytest.raises(ServiceError, match="table_exists"):
            await second.create_table(1, 42, 8, "Bea", players=2)
    finally:
        await first.close()
        await second.close()


async def test_two_shard_processes_share_one_database_and_recover_only_their_own(
        db_url: str) -> None:
    shards = [await GameService.open(db_url, seed=i, shards=(2, (i,))) for i in (0, 1)]
    guilds = [{guild_on(s, n) for n in range(3)} for s in (0, 1)]
    try:
        # each plays three tables at once (finished deals), both at the same time
        await asyncio.gather(*(play_table(svc, 10 * s + n, 2, guild_id=g)
                               for s, (svc, gs) in enumerate(zip(shards, guilds, strict=True))
                               for n, g in enumerate(sorted(gs))))
        # and leaves a table mid-deal with a person to play in each of its guilds
        live: list[set[int]] = [set(), set()]
        for s, svc in enumerate(shards):
            for n, g in enumerate(sorted(guilds[s])):
                state = await svc.create_table(g, 9000 + 10 * s + n, 500 + s, "Pat", players=2)
                await svc.start(state.table_id, 500 + s, fill=True)
                await svc.remember_message(ShownMessage(state.table_id, "hand", 500 + s, 1,
                                                        9000, 1, "token", 1.0))
                live[s].add(state.table_id)
        ids = [r[0] for r in await fetch_all(db_url, "SELECT id FROM tables")]
        assert len(ids) == len(set(ids)) == 2 * 3 + 6
    finally:
        for svc in shards:
            await svc.close()

    other_before = await _tables_of(db_url, guilds[1])
    again = await GameService.open(db_url, seed=7, shards=(2, (0,)))
    try:
        assert set(again.live_tables()) >= live[0]
        assert not set(again.live_tables()) & (live[1] | set(other_before))
        # the messages it must reach again are its own tables' only
        assert {m.table_id for m in await again.shown_messages()} == live[0]
        # it plays on its own tables and never loads another's, even when asked
        for tid in live[0]:
            if again.public_state(tid).status == "playing":
                uid = 500
                view, version = again.hand_view(tid, uid)
                if view.to_play == again.seat_of(tid, uid):
                    play = random.Random(1).choice([a for a in view.actions if a.do == "play"])
                    await again.act(tid, uid, "play", card=play.card, opening=play.opening,
                                    expected_version=version)
            await again.resume_all()
        for tid in live[1]:
            assert await again.load(tid) is False
        # stats see every guild, whichever process asks
        for s in (0, 1):
            stats = await again.stats(sorted(guilds[s])[0])
            assert stats["deals_played"] == 2
    finally:
        await again.close()
    assert await _tables_of(db_url, guilds[1]) == other_before
