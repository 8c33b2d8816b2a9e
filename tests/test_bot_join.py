"""Joining a table: a free chair before the start; between deals, a computer's chair (issue 13,
bug 2: the Join button shown between deals answered "The table is full.")."""

from __future__ import annotations

import pytest
from gaigel_sim import Sim, custom_ids

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def text(result: object) -> str:
    r = result.response  # type: ignore[attr-defined]
    return r.content if r is not None else ""


def acts(sim: Sim) -> list[str]:
    return [c.rsplit(":", 1)[1] for c in custom_ids(sim.table_message())]


async def two_people_two_computers(sim: Sim) -> None:
    """alice and bob with two computers (chairs 3 and 4) play one deal to its end."""
    await sim.new_table("alice", players=4)
    await sim.click_table("bob", "join")
    await sim.click_table("alice", "add")
    await sim.click_table("alice", "add")
    await sim.click_table("alice", "start")
    await sim.play_deal()
    assert sim.state().status == "waiting"


async def test_between_deals_join_takes_the_first_computers_chair_and_keeps_the_score(
        sim: Sim) -> None:
    await two_people_two_computers(sim)
    score = sim.state().score
    assert "join" in acts(sim)
    result = await sim.click_table("carol", "join")
    assert result.response.ephemeral
    assert text(result) == "You take the seat of Computer 3."
    chair = sim.live().chairs[2]
    assert chair.user_id == sim.user("carol").id and not chair.computer
    assert "carol takes the seat of Computer 3." in sim.table_message().content
    assert "`3` carol" in sim.table_message().content
    assert sim.state().score == score
    # carol plays the next deal from that chair
    await sim.click_table("alice", "next")
    assert sim.state().status == "playing"
    hand = await sim.open_hand("carol")
    assert any(c.startswith("gg:h:") for c in custom_ids(hand))


async def test_gaigel_join_seat_takes_the_chosen_computers_chair_and_then_join_is_gone(
        sim: Sim) -> None:
    await two_people_two_computers(sim)
    result = await sim.slash("dan", "gaigel join", seat=2)
    assert "That seat is taken" in text(result)  # bob's: a person's chair is never taken over
    result = await sim.slash("dan", "gaigel join", seat=4)
    assert result.response.ephemeral and text(result) == "You take the seat of Computer 4."
    assert sim.live().chairs[3].user_id == sim.user("dan").id
    assert "dan takes the seat of Computer 4." in sim.table_message().content
    assert "join" in acts(sim)  # Computer 3 still sits at the table
    await sim.click_table("carol", "join")
    assert not any(c.computer for c in sim.live().chairs)
    assert "join" not in acts(sim)  # every chair holds a person
    result = await sim.slash("erin", "gaigel join")
    assert "The table is full" in text(result)


async def test_join_while_a_deal_is_played_is_refused_and_changes_nothing(sim: Sim) -> None:
    await sim.new_table("alice", players=2)
    await sim.click_table("alice", "add")
    await sim.click_table("alice", "start")
    version = sim.state().version
    result = await sim.slash("bob", "gaigel join")
    assert result.response.ephemeral and "already started" in text(result)
    assert sim.state().version == version and sim.live().chairs[1].computer


async def test_before_the_start_gaigel_join_takes_a_free_chair_or_the_chosen_one(sim: Sim) -> None:
    await sim.new_table("alice", players=4)
    result = await sim.slash("bob", "gaigel join", seat=3)
    assert text(result) == "You took a seat."
    assert sim.live().chairs[2].user_id == sim.user("bob").id
    result = await sim.slash("carol", "gaigel join", seat=3)
    assert "That seat is taken" in text(result)
    await sim.slash("carol", "gaigel join")
    assert sim.live().chairs[1].user_id == sim.user("carol").id
    assert "join" in acts(sim) and "add" in acts(sim)
    result = await sim.click_table("alice", "add")
    assert text(result) == "A computer took a seat: Computer 4 (heuristic) in seat 4."
    # The table is full: neither Join nor Add computer is offered any more.
    assert "join" not in acts(sim) and "add" not in acts(sim) and "start" in acts(sim)
