"""The hand explains what the others did (issue 29): another player's opening of the first
trick and what it means for the person, and the others' marriages and Seven exchanges, from
the public part of the seat's view (the table message has scrolled away by then)."""

from __future__ import annotations

import pytest
from world import World, rig, rigged_pack

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def alice_and_three_computers(world: World, **options: object) -> None:
    await world.new_table("alice", players=4, **options)
    for _ in range(3):
        await world.click_table("alice", "add")
    await world.click_table("alice", "start")


async def test_a_computer_opening_face_down_is_explained_in_the_next_persons_hand(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    # Deal 2 is led by Computer 2 (the chair after alice's), who holds no Ace and no trump:
    # its only opening is Höher hat, face down.
    rig(monkeypatch, rigged_pack([[], [], [], []], "E7"),
        rigged_pack([["H7", "HU", "HO", "B7", "BU"], [], [], []], "E7"))
    await alice_and_three_computers(world)
    result = await world.slash("alice", "knock")  # deal 1 ends at once (a wrong knock)
    assert result.response is not None
    assert world.state().status == "waiting"
    await world.click_table("alice", "next")
    state = world.state()
    assert state.view.trick.plays and state.seats[state.view.trick.plays[0][0]].name == "Computer 2"
    assert world.live().deal.opening == "hoeher-hat"
    assert world.to_play() == "alice"
    hand = (await world.open_hand("alice")).content
    assert ("Computer 2 opened face down: Höher hat — the highest card of the suit led wins"
            in hand), hand
    world.check_no_leaks()
    await world.play_card("alice")
    # Once the first trick is over, the opening is no longer explained.
    assert "opened face down" not in world.hand("alice").content


async def test_a_computers_marriage_is_shown_in_the_persons_hand(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    # Computer 2 holds both Aces of Bells (its team takes tricks) and the Hearts pair.
    rig(monkeypatch, rigged_pack([["E7", "E7", "B7", "B7", "H7"],
                                  ["SA", "SA", "HK", "HO", "BA"], [], []], "EU"))
    await alice_and_three_computers(world, computer="heuristic")
    seen = ""
    for _ in range(60):
        live = world.live()
        melds = [m for m in live.deal.melds if m.seat != live.seat_of_chair(0)]
        if melds:
            seen = world.hand("alice").content
            break
        if world.state().status != "playing":
            break
        await world.play_card("alice")
    assert seen, "no computer declared a marriage"
    names = {world.state().seats[m.seat].name for m in melds}
    assert any(f"{name} declared 20 ❤️" in seen or f"{name} declared 40" in seen
               for name in names), seen
    world.check_no_leaks()
