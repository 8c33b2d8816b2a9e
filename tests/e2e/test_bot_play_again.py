"""Play again (issue 29): under a finished match the table offers the next match at the same
table, with the same options and chairs; each person's chair is kept for them until they click
Play again (or Join, or leave), computers stay, the score starts afresh, and the finished
match stays in the history and the ratings as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest
from world import World, custom_ids, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def one_stroke_match(world: World, people: tuple[str, ...] = ("alice",)) -> None:
    """``people`` and random computers play a one-stroke match (one deal) to its end."""
    host = people[0]
    await world.new_table(host, players=4, strokes=1, computer="random")
    for who in people[1:]:
        await world.click_table(who, "join")
    for _ in range(4 - len(people)):
        await world.click_table(host, "add")
    await world.click_table(host, "start")
    for who in people[1:]:
        await world.open_hand(who)
    await world.play_deal()
    assert world.state().status == "over"


async def stored(world: World, sql: str, *args: Any) -> list[dict[str, Any]]:
    def read(c: Any) -> list[dict[str, Any]]:
        return [dict(r) for r in c.execute(sql, args).fetchall()]
    return await world.svc.core.db.read(read)  # type: ignore[no-any-return]


async def test_play_again_opens_the_next_match_with_the_same_seats_and_a_fresh_score(
        world: World) -> None:
    await one_stroke_match(world)
    over = world.state()
    assert any(c.endswith(":again") for c in custom_ids(world.table_message()))
    assert "Play again" in [b.label for row in world.table_message().components
                            for b in row.children]
    tid = over.table_id
    first = await stored(world, "SELECT id, winner, ended_at, state FROM matches WHERE table_id = ?",
                         tid)
    ratings = await stored(world, "SELECT * FROM rating_history ORDER BY rowid")
    assert len(first) == 1 and first[0]["ended_at"] is not None and ratings

    result = await world.click_table("alice", "again")
    assert "A new match at this table" in text(result)
    again = world.state()
    assert again.table_id == tid and again.status == "open"
    assert again.options == over.options
    assert [(s.chair, s.name, s.computer, s.level) for s in sorted(again.seats, key=lambda s: s.chair)] \
        == [(s.chair, s.name, s.computer, s.level) for s in sorted(over.seats, key=lambda s: s.chair)]
    assert again.score is None and again.last_result is None
    content = world.table_message().content
    assert "Score" not in content and "(kept)" not in content
    assert world.table_message().attachments == []  # the finished match's picture is gone

    await world.click_table("alice", "start")
    new = world.state()
    assert new.status == "playing" and new.deal_number == 1
    assert all(t["marks"] == [] for t in new.score["teams"])  # the match score starts afresh
    matches = await stored(world, "SELECT id, winner, ended_at, state FROM matches"
                           " WHERE table_id = ? ORDER BY id", tid)
    assert len(matches) == 2 and matches[0] == first[0] and matches[1]["ended_at"] is None
    # The finished match's deal, results and ratings are as they were.
    assert await stored(world, "SELECT * FROM rating_history ORDER BY rowid") == ratings
    deals = await stored(world, "SELECT match_id, number FROM deals WHERE table_id = ? ORDER BY id",
                         tid)
    assert deals == [{"match_id": matches[0]["id"], "number": 1},
                     {"match_id": matches[1]["id"], "number": 1}]
    export = "".join([chunk async for chunk in world.svc.export(table_id=tid)])
    assert len(json.loads(export)["deals"]) == 1  # the finished deal; the new one is running
    await world.play_deal()
    assert world.state().status == "over"
    assert len(await stored(world, "SELECT * FROM rating_history")) == 2 * len(ratings)


async def test_a_persons_seat_is_kept_until_they_click_play_again(world: World) -> None:
    await one_stroke_match(world, ("alice", "bob"))
    result = await world.click_table("zoe", "again")  # not of the last match
    assert text(result) == "You are not seated at this table."
    assert world.state().status == "over"
    await world.click_table("bob", "again")  # anyone of the last match may open it again
    state = world.state()
    assert state.status == "open"
    content = world.table_message().content
    assert "alice *(kept)*" in content and "Seats kept for alice" in content
    assert any(c.endswith(":again") for c in custom_ids(world.table_message()))
    # Nobody else takes alice's chair, and the start waits for her.
    assert text(await world.slash("zoe", "gaigel join", seat=1)) == "That seat is taken."
    assert world.state().seats[0].name == "alice"
    await world.click_table("alice", "start")  # the host starting is back herself
    state = world.state()
    assert state.status == "playing"
    chairs = {s.chair: (s.name, s.computer, s.away) for s in state.seats}
    assert chairs[0] == ("alice", False, False) and chairs[1] == ("bob", False, False)


async def test_the_host_waits_for_a_kept_seat_and_the_person_takes_it_back(world: World) -> None:
    await one_stroke_match(world, ("alice", "bob"))
    await world.click_table("alice", "again")
    assert "bob *(kept)*" in world.table_message().content
    await world.restart()  # the kept chair and the fresh score survive a restart
    assert world.state().status == "open" and world.state().score is None
    assert await world.bot.tables.redraw(world.table_id())
    assert "bob *(kept)*" in world.table_message().content
    result = await world.click_table("alice", "start")
    assert text(result) == ("Waiting for bob: their seats are kept until they click Play again "
                            "(or leave).")
    assert world.state().status == "open"
    result = await world.click_table("bob", "again")
    assert text(result) == "Your seat is yours again. The host starts the match."
    assert "(kept)" not in world.table_message().content
    assert not any(c.endswith(":again") for c in custom_ids(world.table_message()))
    await world.click_table("alice", "start")
    assert world.state().status == "playing"


async def test_play_again_is_refused_once_the_channel_has_a_new_table(world: World) -> None:
    await one_stroke_match(world)
    old = world.table_message()
    cid = next(c for c in custom_ids(old) if c.endswith(":again"))
    await world.new_table("bob", players=4)
    result = await world.user("alice").click(old, custom_id=cid)
    assert text(result) == "This channel already has a table."
    assert world.state().status == "open" and world.state().host_id == world.users["bob"].id
