"""Joining a table: a free chair before the start; between deals, a computer's chair (issue 13,
bug 2: the Join button shown between deals answered "The table is full.")."""

from __future__ import annotations

import pytest
from world import World, custom_ids, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def acts(world: World) -> list[str]:
    return [c.rsplit(":", 1)[1] for c in custom_ids(world.table_message())]


async def two_people_two_computers(world: World) -> None:
    """alice and bob with two computers (chairs 3 and 4) play one deal to its end."""
    await world.new_table("alice", players=4)
    await world.click_table("bob", "join")
    await world.click_table("alice", "add")
    await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    await world.play_deal()
    assert world.state().status == "waiting"


async def test_between_deals_join_takes_the_first_computers_chair_and_keeps_the_score(
        world: World) -> None:
    await two_people_two_computers(world)
    score = world.state().score
    assert "join" in acts(world)
    result = await world.click_table("carol", "join")
    assert result.response.ephemeral
    assert text(result) == "You take the seat of Computer 3."
    chair = world.live().chairs[2]
    assert chair.user_id == world.user("carol").id and not chair.computer
    assert "carol takes the seat of Computer 3." in world.table_message().content
    assert "`3` carol" in world.table_message().content
    assert world.state().score == score
    # carol plays the next deal from that chair
    await world.click_table("alice", "next")
    assert world.state().status == "playing"
    hand = await world.open_hand("carol")
    assert any(c.startswith("gg:h:") for c in custom_ids(hand))


async def test_gaigel_join_seat_takes_the_chosen_computers_chair_and_then_join_is_gone(
        world: World) -> None:
    await two_people_two_computers(world)
    result = await world.slash("dan", "gaigel join", seat=2)
    assert "That seat is taken" in text(result)  # bob's: a person's chair is never taken over
    result = await world.slash("dan", "gaigel join", seat=4)
    assert result.response.ephemeral and text(result) == "You take the seat of Computer 4."
    assert world.live().chairs[3].user_id == world.user("dan").id
    assert "dan takes the seat of Computer 4." in world.table_message().content
    assert "join" in acts(world)  # Computer 3 still sits at the table
    await world.click_table("carol", "join")
    assert not any(c.computer for c in world.live().chairs)
    assert "join" not in acts(world)  # every chair holds a person
    result = await world.slash("erin", "gaigel join")
    assert "The table is full" in text(result)


async def test_join_while_a_deal_is_played_is_refused_and_changes_nothing(world: World) -> None:
    await world.new_table("alice", players=2)
    await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    version = world.state().version
    result = await world.slash("bob", "gaigel join")
    assert result.response.ephemeral and "already started" in text(result)
    assert world.state().version == version and world.live().chairs[1].computer


async def test_before_the_start_gaigel_join_takes_a_free_chair_or_the_chosen_one(world: World) -> None:
    await world.new_table("alice", players=4)
    result = await world.slash("bob", "gaigel join", seat=3)
    assert text(result) == "You took a seat."
    assert world.live().chairs[2].user_id == world.user("bob").id
    result = await world.slash("carol", "gaigel join", seat=3)
    assert "That seat is taken" in text(result)
    await world.slash("carol", "gaigel join")
    assert world.live().chairs[1].user_id == world.user("carol").id
    assert "join" in acts(world) and "add" in acts(world)
    result = await world.click_table("alice", "add")
    assert text(result) == "A computer took a seat: Computer 4 (heuristic) in seat 4."
    # The table is full: neither Join nor Add computer is offered any more.
    assert "join" not in acts(world) and "add" not in acts(world) and "start" in acts(world)
