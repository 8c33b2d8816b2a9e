"""Skill ratings (openskill) on both back ends (the ``db_url`` fixture): moved after each finished match (or deal),
rebuilt exactly, per season; abandoned matches unrated; a kicked person's part counted."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from pg import change, fetch_all

from bot.service import GameService
from bot.service.ratings import MODEL, rebuild
from bot.storage import open_storage
from tests.service.test_service import ALICE, BOB, CAROL, DAVE, NAMES, Clock, play_deal

GUILD = 1


async def ratings_of(url: str) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    rows = await fetch_all(url, "SELECT guild_id, season, player, user_id, name, mu, sigma,"
                           " matches, deals, won, last_match FROM ratings ORDER BY guild_id,"
                           " season, player")
    history = await fetch_all(url, "SELECT guild_id, season, player, user_id, match_id,"
                              " deal_id, at, deals, won, mu, sigma FROM rating_history"
                              " ORDER BY id")
    return rows, history


async def count(url: str, sql: str, params: tuple[Any, ...] = ()) -> int:
    """The single number ``sql`` selects."""
    return int((await fetch_all(url, sql, params))[0][0])


async def rebuild_db(url: str) -> dict[str, int]:
    """The ratings rebuilt in one transaction, as ``python -m bot ratings rebuild`` does."""
    storage = await open_storage(url)
    try:
        out: dict[str, int] = await storage.write(rebuild)
        return out
    finally:
        await storage.close()


async def play_match(svc: GameService, tid: int, rng: random.Random, clock: Clock,
                     host: int = ALICE) -> None:
    """Deals until the match is over (the host deals again at once)."""
    while True:
        status = svc.public_state(tid).status
        if status == "over":
            return
        if status == "waiting":
            await svc.next_deal(tid, host)
        clock.now += 60
        await play_deal(svc, tid, rng)


async def table(svc: GameService, channel: int, people: list[int], players: int = 4,
                computers: tuple[str, ...] = (), **options: Any) -> int:
    state = await svc.create_table(GUILD, channel, people[0], NAMES[people[0]], players=players,
                                   **options)
    tid = state.table_id
    for uid in people[1:]:
        await svc.join(tid, uid, NAMES[uid])
    for level in computers:
        await svc.add_computer(tid, people[0], level)
    await svc.start(tid, people[0])
    return tid


async def test_rebuild_gives_exactly_the_live_ratings(db_url: str) -> None:
    clock = Clock()
    svc = await GameService.open(db_url, clock=clock, seed=7)
    rng = random.Random(7)
    try:
        # four people, twice; two people with two computers of different levels;
        # three players (5/3/1 over two deals) with a computer; a deal-by-deal table
        for channel in (100, 101):
            await play_match(svc, await table(svc, channel, [ALICE, BOB, CAROL, DAVE],
                                              strokes=2), rng, clock)
        await play_match(svc, await table(svc, 102, [ALICE, BOB], computers=(
            "random", "heuristic"), strokes=2), rng, clock)
        await play_match(svc, await table(svc, 103, [CAROL, DAVE], players=3, computers=(
            "heuristic",), scoring="three", deals=2), rng, clock, host=CAROL)
        await svc.set_settings(GUILD, rating="deal")
        await play_match(svc, await table(svc, 104, [BOB, ALICE], computers=(
            "random", "random"), strokes=2), rng, clock, host=BOB)
    finally:
        await svc.close()
    live_rows, live_history = await ratings_of(db_url)
    players = {r[2] for r in live_rows}
    assert {str(ALICE), str(BOB), str(CAROL), str(DAVE), "computer:random",
            "computer:heuristic"} == players
    # three-player match: three teams, each a single player, all moved
    three = [h for h in live_history if h[4] == 4]
    assert sorted(h[2] for h in three) == sorted([str(CAROL), str(DAVE), "computer:heuristic"])
    # the deal-by-deal table rated each of its deals
    deals_5 = await count(db_url, "SELECT COUNT(*) FROM deals WHERE match_id = 5")
    assert len({h[5] for h in live_history if h[4] == 5}) == deals_5
    default = MODEL.rating()
    assert all((r[5], r[6]) != (default.mu, default.sigma) for r in live_rows)

    out = await rebuild_db(db_url)
    assert out["rated"] == 4 + deals_5
    assert await ratings_of(db_url) == (live_rows, live_history)


async def test_match_ended_with_gaigel_end_is_not_rated(db_url: str) -> None:
    clock = Clock()
    svc = await GameService.open(db_url, clock=clock, seed=3)
    rng = random.Random(3)
    try:
        tid = await table(svc, 100, [ALICE, BOB, CAROL, DAVE], strokes=10)
        await play_deal(svc, tid, rng)
        await svc.next_deal(tid, ALICE)
        await play_deal(svc, tid, rng)
        assert svc.public_state(tid).status == "waiting"
        await svc.end(tid, ALICE)
    finally:
        await svc.close()
    assert await count(db_url, "SELECT COUNT(*) FROM results") == 8  # two deals were played
    assert await ratings_of(db_url) == ([], [])
    await rebuild_db(db_url)
    assert await ratings_of(db_url) == ([], [])


async def test_kick_mid_match_credits_the_person_before_and_the_computer_after(db_url: str) -> None:
    clock = Clock()
    svc = await GameService.open(db_url, clock=clock, seed=5)
    rng = random.Random(5)
    try:
        tid = await table(svc, 100, [ALICE, BOB, CAROL, DAVE], strokes=3, level="random")
        await play_deal(svc, tid, rng)
        await svc.next_deal(tid, ALICE)
        await svc.kick(tid, ALICE, 3)  # Dave, in the middle of the second deal's first trick
        await play_match(svc, tid, rng, clock)
    finally:
        await svc.close()
    rows, history = await ratings_of(db_url)
    total = await count(db_url, "SELECT COUNT(*) FROM deals WHERE match_id = 1")
    dave_deals = await count(db_url, "SELECT COUNT(*) FROM results WHERE user_id = ?", (DAVE,))
    assert total >= 2 and dave_deals == 1
    by_player = {h[2]: h for h in history if h[2] in (str(DAVE), "computer:random")}
    assert by_player[str(DAVE)][7] == 1  # Dave is rated on the one deal he finished
    assert by_player["computer:random"][7] == total - 1  # the computer on the rest
    # Alice stayed: rated on both parts of the match, one rated match
    alice = [h for h in history if h[2] == str(ALICE)]
    assert [h[7] for h in alice] == [1, total - 1]
    assert {r[2]: r[7] for r in rows}[str(ALICE)] == 1
    before = await ratings_of(db_url)
    await rebuild_db(db_url)
    assert await ratings_of(db_url) == before


async def test_ratings_rebuild_command_line_gives_the_live_numbers(db_url: str) -> None:
    from bot.cli import main

    clock = Clock()
    svc = await GameService.open(db_url, clock=clock, seed=11)
    try:
        await play_match(svc, await table(svc, 100, [ALICE, BOB], computers=(
            "random", "random"), strokes=2), random.Random(11), clock)
    finally:
        await svc.close()
    live = await ratings_of(db_url)
    assert live[0]
    # spoil them: the rebuild must restore them
    assert await change(db_url, "UPDATE ratings SET mu = 0") == len(live[0])
    assert await asyncio.to_thread(main, ["ratings", "rebuild", "--db", db_url]) == 0
    assert await ratings_of(db_url) == live


async def test_leaderboard_lists_people_with_five_rated_matches_by_ordinal(db_url: str) -> None:
    clock = Clock()
    svc = await GameService.open(db_url, clock=clock, seed=13)
    rng = random.Random(13)
    try:
        for i in range(5):  # Alice and Bob on opposite teams, with computers
            await play_match(svc, await table(svc, 100 + i, [ALICE, BOB], computers=(
                "random", "heuristic"), strokes=1), rng, clock)
        for i in range(4):  # Carol and Dave: four matches only
            await play_match(svc, await table(svc, 200 + i, [CAROL, DAVE], computers=(
                "random", "random"), strokes=1), rng, clock, host=CAROL)
        season, board = await svc.leaderboard(GUILD)
        assert season == "all"
        assert [r["user_id"] for r in board] == sorted(
            [ALICE, BOB], key=lambda u: -next(r["rating"] for r in board if r["user_id"] == u))
        assert all(r["matches"] == 5 for r in board)
        for r in board:
            assert r["rating"] == MODEL.rating(mu=r["mu"], sigma=r["sigma"]).ordinal()
        _, everyone = await svc.leaderboard(GUILD, min_matches=1)
        assert {r["user_id"] for r in everyone} == {ALICE, BOB, CAROL, DAVE}  # no computer
        ratings = [r["rating"] for r in everyone]
        assert ratings == sorted(ratings, reverse=True)
        # deals won and the trend (five matches: the change since the start)
        won = dict(await fetch_all(db_url, "SELECT user_id, SUM(won) FROM results"
                                   " WHERE user_id IN (?, ?) GROUP BY user_id", (ALICE, BOB)))
        assert {r["user_id"]: r["deals_won"] for r in board} == won
        assert all(abs(r["trend"] - r["rating"]) < 1e-9 for r in board)
    finally:
        await svc.close()


async def test_seasons_start_afresh_and_old_seasons_stay_viewable(db_url: str) -> None:
    clock = Clock()  # 2023-11-14
    svc = await GameService.open(db_url, clock=clock, seed=17)
    rng = random.Random(17)
    try:
        await play_match(svc, await table(svc, 99, [ALICE, BOB], computers=(
            "random", "random"), strokes=1), rng, clock)  # before seasons: season "all"
        await svc.set_settings(GUILD, season="monthly")
        for i in range(5):
            await play_match(svc, await table(svc, 100 + i, [ALICE, BOB], computers=(
                "random", "random"), strokes=1), rng, clock)
        season, board = await svc.leaderboard(GUILD)
        assert season == "2023-11" and {r["user_id"] for r in board} == {ALICE, BOB}
        assert all(r["matches"] == 5 for r in board)  # the match before seasons is not here
        clock.now += 21 * 86400  # December
        season, board = await svc.leaderboard(GUILD)
        assert season == "2023-12" and board == []
        await play_match(svc, await table(svc, 200, [ALICE, BOB], computers=(
            "random", "random"), strokes=1), rng, clock)
        _, fresh = await svc.leaderboard(GUILD, min_matches=1)
        assert [r["matches"] for r in fresh] == [1, 1]
        assert max(abs(r["mu"] - MODEL.rating().mu) for r in fresh) < 5  # one match's move
        season, old = await svc.leaderboard(GUILD, season="2023-11")
        assert season == "2023-11" and {r["user_id"] for r in old} == {ALICE, BOB}
        assert (await svc.seasons(GUILD)) == ("2023-12", ["2023-12", "2023-11", "all"])
        await svc.set_settings(GUILD, season="quarterly")
        assert (await svc.leaderboard(GUILD))[0] == "2023-Q4"
    finally:
        await svc.close()
    before = await ratings_of(db_url)
    await rebuild_db(db_url)
    assert await ratings_of(db_url) == before


async def test_exports_carry_the_ratings(db_url: str) -> None:
    import csv
    import io
    import json

    clock = Clock()
    svc = await GameService.open(db_url, clock=clock, seed=19)
    try:
        await play_match(svc, await table(svc, 100, [ALICE, BOB], computers=(
            "random", "heuristic"), strokes=2), random.Random(19), clock)
        data = json.loads("".join([c async for c in svc.export(guild_id=GUILD)]))
        rated = [d for d in data["deals"] if "ratings" in d]
        assert len(rated) == 1 and rated[0] is data["deals"][-1]  # the match's last deal
        moved = {r["player"]: r for r in rated[0]["ratings"]}
        assert set(moved) == {str(ALICE), str(BOB), "computer:random", "computer:heuristic"}
        assert {r["player"]: (r["mu"], r["sigma"]) for r in data["ratings"]} == {
            p: (r["mu"], r["sigma"]) for p, r in moved.items()}
        assert moved[str(ALICE)]["rating"] == moved[str(ALICE)]["mu"] - 3 * moved[str(ALICE)][
            "sigma"]
        text = "".join([c async for c in svc.export(guild_id=GUILD, fmt="csv")])
        rows = list(csv.DictReader(io.StringIO(text)))
        assert [bool(r["ratings"]) for r in rows] == [False] * (len(rows) - 1) + [True]
        assert "Alice=" in rows[-1]["ratings"] and rows[-1]["winner"]  # old columns kept
        tid = data["deals"][0]["table"]
        table_only = json.loads("".join([c async for c in svc.export(table_id=tid)]))
        assert "ratings" not in table_only and "ratings" in table_only["deals"][-1]
    finally:
        await svc.close()


async def test_rebuild_equals_live_after_concurrent_simulated_tables(db_url: str) -> None:
    """Tables finishing in interleaved order (computers of one level shared by all of them)."""
    from bot.service.computer_matches import simulate

    summary = await simulate(db_url, 6, 3, people=8, strokes=1, seed=3)
    assert summary["matches_finished"] == 18
    live = await ratings_of(db_url)
    assert len({r[2] for r in live[0] if r[3] is not None}) == 8  # eight people rated
    assert sum(r[7] for r in live[0] if r[3] is not None) == 18 * 4
    await rebuild_db(db_url)
    assert await ratings_of(db_url) == live


async def test_a_failing_rating_never_loses_the_deal_result(
        db_url: str, monkeypatch: Any, caplog: Any) -> None:
    from bot.service import ratings

    def broken(c: Any, deal_id: int) -> int:
        c.execute("INSERT INTO ratings (guild_id, season, player, name, mu, sigma, matches,"
                  " deals, won, last_match, updated_at) VALUES (1, 'x', 'p', 'p', 0, 0, 0,"
                  " 0, 0, 0, 0)")
        raise ValueError("a bug in rating")

    monkeypatch.setattr(ratings, "rate_finished_deal", broken)
    clock = Clock()
    svc = await GameService.open(db_url, clock=clock, seed=23)
    try:
        tid = await table(svc, 100, [ALICE, BOB], computers=("random", "random"), strokes=1)
        await play_match(svc, tid, random.Random(23), clock)
        assert svc.public_state(tid).status == "over"
    finally:
        await svc.close()
    assert any("rating failed" in r.getMessage() for r in caplog.records)
    assert await count(db_url, "SELECT COUNT(*) FROM results") == 4
    assert (await fetch_all(db_url, "SELECT winner FROM matches"))[0][0] is not None
    assert await ratings_of(db_url) == ([], [])  # the half-written rating was undone
    monkeypatch.undo()
    await rebuild_db(db_url)
    assert len((await ratings_of(db_url))[0]) == 3


async def test_stats_count_the_marriages_declared_from_a_persons_seat(db_url: str) -> None:
    import json

    from bot.service.computer_matches import PEOPLE_BASE, simulate

    await simulate(db_url, 1, 8, people=4, level="heuristic", seed=29)
    expected: dict[int, int] = {}
    for user_id, action in await fetch_all(
            db_url, "SELECT r.user_id, a.action FROM results r JOIN actions a"
            " ON a.deal_id = r.deal_id AND a.seat = r.seat"):
        if json.loads(action)["do"] == "declare":
            expected[user_id] = expected.get(user_id, 0) + 1
    assert sum(expected.values()) > 0
    svc = await GameService.open(db_url)
    try:
        for uid in range(PEOPLE_BASE, PEOPLE_BASE + 4):
            assert (await svc.stats(1, uid))["marriages"] == expected.get(uid, 0)
    finally:
        await svc.close()
