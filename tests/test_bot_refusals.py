"""Refusals: every bad click or command gets a clear ephemeral answer and changes nothing."""

from __future__ import annotations

import pytest
from gaigel_sim import FOUR, Sim, custom_ids

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

def text(result: object) -> str:
    r = result.response  # type: ignore[attr-defined]
    return r.content if r is not None else ""


async def test_a_user_who_is_not_seated_is_told_so_and_nothing_changes(sim: Sim) -> None:
    await sim.start_four()
    before = sim.state().version
    result = await sim.click_table("eve", "hand")
    assert result.response.ephemeral and "not seated" in text(result)
    result = await sim.slash("eve", "knock")
    assert result.response.ephemeral and "not seated" in text(result)
    result = await sim.slash("eve", "gaigel hand")
    assert "not seated" in text(result)
    assert sim.state().version == before


async def test_a_start_by_a_guest_an_early_start_and_a_second_join_are_refused(sim: Sim) -> None:
    await sim.new_table("alice", players=4)
    result = await sim.click_table("bob", "start")
    assert "Only the host" in text(result)
    result = await sim.click_table("alice", "start")
    assert "Not every seat" in text(result)
    await sim.click_table("bob", "join")
    result = await sim.click_table("bob", "join")
    assert "already seated" in text(result)
    for who in FOUR[2:]:
        await sim.click_table(who, "join")
    await sim.click_table("alice", "start")
    assert sim.state().status == "playing"


async def test_a_click_on_a_stale_hand_gets_a_fresh_hand_and_never_a_wrong_play(sim: Sim) -> None:
    await sim.start_four()
    old = sim.hand("alice")
    old_ids = sim.playable("alice")
    fresh = await sim.open_hand("alice")  # a second hand message, same version
    await sim.click_hand("alice", sim.playable("alice")[0])  # plays from the new one
    version = sim.state().version
    plays = len(sim.live().deal.actions)
    sim.hands["alice"] = old
    result = await sim.click_hand("alice", old_ids[-1])
    assert "Your hand changed" in text(result)
    assert len(sim.live().deal.actions) == plays and sim.state().version == version
    # The answer is a fresh hand on the same message, with current buttons.
    assert result.response.id == old.id
    assert all(c.split(":")[3] == str(version) for c in custom_ids(result.response.message))
    assert fresh.id != old.id


async def test_a_double_click_plays_one_card(sim: Sim) -> None:
    await sim.start_four()
    hand = sim.hand("alice")
    cid = sim.playable("alice")[0]
    results = await sim.click_together([("alice", hand, cid), ("alice", hand, cid)])
    deal = sim.live().deal
    assert len([a for a in deal.actions if a.seat == 0]) == 1
    assert all(r.acknowledged for r in results)
    answers = [str((e.json or {}).get("data", {}).get("content", "")) for e in sim.env.http_requests
               if e.method == "POST" and e.path.endswith("/callback")][-2:]
    assert sum("Your hand changed" in a for a in answers) == 1, answers


async def test_two_players_clicking_at_the_same_moment_play_in_turn(sim: Sim) -> None:
    await sim.start_four()
    await sim.play_card("alice")
    assert sim.to_play() == "bob"
    bob, carol = sim.hand("bob"), sim.hand("carol")
    version = sim.state().version
    b_id = sim.playable("bob")[0]
    # carol's hand shows no playable card (not her turn): she tries a refresh-era button
    carol_card = next(c for c in custom_ids(carol) if ":p" in c)
    results = await sim.click_together([("bob", bob, b_id), ("carol", carol, carol_card)],
                                       forge=True)
    deal = sim.live().deal
    assert [a.seat for a in deal.actions] == [0, 1]
    assert sim.state().version > version
    answer = text(results[1])
    assert "Your hand changed" in answer or "not your turn" in answer


async def test_an_illegal_card_from_a_modified_client_is_refused(sim: Sim) -> None:
    await sim.start_four()
    live = sim.live()
    deal = live.deal
    hand = deal.hands[0]
    illegal = next((c for c in hand if not any(a.card == c for a in deal.legal_plays(0))), None)
    assert illegal is not None  # a trump may not lead with an opening in this deal
    version = sim.state().version
    cid = f"gg:h:{sim.table_id()}:{version}:p0.{illegal}.g"
    (result,) = await sim.click_together([("alice", sim.hand("alice"), cid)], forge=True)
    assert result.acknowledged
    assert sim.state().version == version and deal.actions == []
    assert "opening" in text(result) or "trump" in text(result).lower()


async def test_declare_without_a_pair_and_knock_by_a_non_player_are_answered(sim: Sim) -> None:
    await sim.start_four()
    version = sim.state().version
    result = await sim.slash("bob", "declare", points=20, suit="H")
    assert result.response.ephemeral
    assert "cannot declare" in text(result) or "do not hold" in text(result) or "no pair" in text(result)
    result = await sim.slash("bob", "declare", points=40)
    assert result.response.ephemeral
    assert sim.state().version == version
    result = await sim.slash("zoe", "knock")
    assert "not seated" in text(result)
    assert sim.state().version == version


async def test_commands_without_a_table_point_to_gaigel_new(sim: Sim) -> None:
    for name in ("knock", "exchange", "gaigel hand", "gaigel last", "gaigel score"):
        result = await sim.slash("alice", name)
        assert result.response.ephemeral and "/gaigel new" in text(result), name
    result = await sim.slash("alice", "declare", points=40)
    assert "/gaigel new" in text(result)
