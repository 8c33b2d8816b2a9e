"""Whole deals through the real bot: slash commands and button clicks, as people play."""

from __future__ import annotations

import pytest
from gaigel_sim import FOUR, Sim, custom_ids, log_card_leaks

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

async def test_four_people_play_a_deal_to_a_knock_and_a_recount_then_the_next_deal(
        sim: Sim, caplog: pytest.LogCaptureFixture) -> None:
    joined = await sim.seat_four()
    assert all(result.response.ephemeral for result in joined)
    await sim.click_table("alice", "start")
    assert sim.state().status == "playing"
    for who in FOUR[1:]:
        result = await sim.slash(who, "gaigel hand")
        assert result.response.ephemeral
        sim.hands[who] = result.response.message
    sim.check_no_leaks()
    await sim.play_deal()
    state = sim.state()
    assert state.status == "waiting", sim.table_message().content
    end = state.last_result
    assert end is not None
    ceremony = sim.channel.last_message
    assert end.reason in ("aus", "gaigel", "untergaigelt")
    assert "a knock by" in ceremony.content
    assert "Trick 1:" in ceremony.content
    assert "Total" in ceremony.content and "Verdict" in ceremony.content
    assert any(c.endswith(":next") for c in custom_ids(ceremony))
    edits = [e for e in sim.env.http_requests
             if e.method == "PATCH" and e.path.endswith(f"/messages/{ceremony.id}")]
    assert len(edits) >= 3  # turned over and counted in a few edits
    assert "A: I" in sim.table_message().content or "B: I" in sim.table_message().content
    # Everyone says "next deal"; the fourth click deals.
    for who in FOUR[1:]:
        await sim.click_table(who, "next")
        assert sim.state().status == "waiting"
    result = await sim.click_table("alice", "next")
    assert sim.state().status == "playing"
    assert sim.state().deal_number == 2
    # The old ceremony's Next deal button is gone; the new deal has a new dealer.
    assert not any(c.endswith(":next") for c in custom_ids(sim.channel.history()[-1]))
    assert sim.state().seats[-1].dealer and sim.state().seats[-1].name == "alice"
    assert log_card_leaks(caplog.records) == []


async def test_a_six_player_table_plays_a_whole_deal(sim: Sim) -> None:
    six = ("alice", "bob", "carol", "dan", "erin", "fred")
    await sim.new_table("alice", players=6)
    for who in six[1:]:
        await sim.click_table(who, "join")
    await sim.click_table("alice", "start")
    state = sim.state()
    assert [s.team for s in state.seats] == [0, 1, 0, 1, 0, 1]
    assert state.view.talon == 18
    await sim.play_deal()
    assert sim.state().status == "waiting"


async def test_a_table_with_three_computer_players_plays_several_deals(
        sim: Sim, caplog: pytest.LogCaptureFixture) -> None:
    await sim.new_table("alice", players=4, computer="random")
    for _ in range(3):
        await sim.click_table("alice", "add")
    await sim.click_table("alice", "start")
    for deal in range(3):
        await sim.play_deal()
        state = sim.state()
        assert state.status in ("waiting", "over")
        if state.status == "over":
            break
        await sim.click_table("alice", "next")
        assert sim.state().deal_number == deal + 2
    assert log_card_leaks(caplog.records) == []


async def test_two_people_and_three_people_tables_play(sim: Sim) -> None:
    await sim.new_table("alice", players=2)
    await sim.click_table("bob", "join")
    await sim.click_table("alice", "start")
    await sim.play_deal()
    assert sim.state().status == "waiting"
    await sim.slash("alice", "gaigel end")
    await sim.new_table("carol", players=3)
    await sim.click_table("dan", "join")
    await sim.click_table("carol", "add")
    await sim.click_table("carol", "start")
    await sim.play_deal()
    assert sim.state().status == "waiting"
    assert "game points" in sim.table_message().content


async def test_over_whole_matches_no_message_shows_a_card_of_another_players_hand(
        sim: Sim, caplog: pytest.LogCaptureFixture) -> None:
    await sim.seat_four(strokes=2)
    await sim.slash("bob", "gaigel dm", mode="on")
    await sim.click_table("alice", "start")
    for who in FOUR[1:]:
        await sim.open_hand(who)
    for _ in range(12):
        await sim.play_deal()
        sim.check_no_leaks()
        if sim.state().status == "over":
            break
        for who in FOUR:
            await sim.click_table(who, "next")
            if sim.state().status == "playing":
                break
    assert sim.state().status == "over"
    assert "won the match" in sim.table_message().content
    assert log_card_leaks(caplog.records) == []
