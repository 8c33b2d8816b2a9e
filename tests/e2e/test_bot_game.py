"""Whole deals through the real bot: slash commands and button clicks, as people play."""

from __future__ import annotations

import pytest
from world import FOUR, World, custom_ids, log_card_leaks, log_secret_leaks, stored_secrets

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

async def test_four_people_play_a_deal_to_a_knock_and_a_recount_then_the_next_deal(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    joined = await world.seat_four()
    assert all(result.response.ephemeral for result in joined)
    await world.click_table("alice", "start")
    assert world.state().status == "playing"
    for who in FOUR[1:]:
        result = await world.slash(who, "gaigel hand")
        assert result.response.ephemeral
        world.hands[who] = result.response.message
    world.check_no_leaks()
    await world.play_deal()
    state = world.state()
    assert state.status == "waiting", world.table_message().content
    end = state.last_result
    assert end is not None
    ceremony = world.channel.last_message
    assert end.reason in ("aus", "gaigel", "untergaigelt")
    assert "a knock by" in ceremony.content
    assert "Trick 1:" in ceremony.content
    assert "Total" in ceremony.content and "Verdict" in ceremony.content
    assert any(c.endswith(":next") for c in custom_ids(ceremony))
    edits = [e for e in world.env.http_requests
             if e.method == "PATCH" and e.path.endswith(f"/messages/{ceremony.id}")]
    assert len(edits) >= 3  # turned over and counted in a few edits
    assert "A: I" in world.table_message().content or "B: I" in world.table_message().content
    # Everyone says "next deal"; the fourth click deals.
    for who in FOUR[1:]:
        await world.click_table(who, "next")
        assert world.state().status == "waiting"
    result = await world.click_table("alice", "next")
    assert world.state().status == "playing"
    assert world.state().deal_number == 2
    # The old ceremony's Next deal button is gone; the new deal has a new dealer.
    assert not any(c.endswith(":next") for c in custom_ids(world.channel.history()[-1]))
    assert world.state().seats[-1].dealer and world.state().seats[-1].name == "alice"
    assert log_card_leaks(caplog.records) == []
    world.check_no_leaks()
    secrets = world.secrets_seen | await stored_secrets(world)
    assert len(secrets) == 2  # deal 1's and deal 2's
    assert log_secret_leaks(caplog.records, secrets) == []


async def test_a_six_player_table_plays_a_whole_deal(world: World) -> None:
    six = ("alice", "bob", "carol", "dan", "erin", "fred")
    await world.new_table("alice", players=6)
    for who in six[1:]:
        await world.click_table(who, "join")
    await world.click_table("alice", "start")
    state = world.state()
    assert [s.team for s in state.seats] == [0, 1, 0, 1, 0, 1]
    assert state.view.talon == 18
    await world.play_deal()
    assert world.state().status == "waiting"


async def test_a_table_with_three_computer_players_plays_several_deals(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    await world.new_table("alice", players=4, computer="random")
    for _ in range(3):
        await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    for deal in range(3):
        await world.play_deal()
        state = world.state()
        assert state.status in ("waiting", "over")
        if state.status == "over":
            break
        world.check_no_leaks()
        await world.click_table("alice", "next")
        assert world.state().deal_number == deal + 2
    assert log_card_leaks(caplog.records) == []
    assert log_secret_leaks(caplog.records, await stored_secrets(world)) == []


async def test_two_people_and_three_people_tables_play(world: World) -> None:
    await world.new_table("alice", players=2)
    await world.click_table("bob", "join")
    await world.click_table("alice", "start")
    await world.play_deal()
    assert world.state().status == "waiting"
    await world.slash("alice", "gaigel end")
    await world.new_table("carol", players=3)
    await world.click_table("dan", "join")
    await world.click_table("carol", "add")
    await world.click_table("carol", "start")
    await world.play_deal()
    assert world.state().status == "waiting"
    assert "game points" in world.table_message().content


async def test_over_whole_matches_no_message_shows_a_card_of_another_players_hand(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """Nor a deal's secret seed before the deal is over, nor the next deal's, nor a log
    line any seed (``World.check_no_leaks`` after every action)."""
    await world.seat_four(strokes=2)
    await world.slash("bob", "gaigel dm", mode="on")
    await world.click_table("alice", "start")
    for who in FOUR[1:]:
        await world.open_hand(who)
    for _ in range(12):
        await world.play_deal()
        world.check_no_leaks()
        if world.state().status == "over":
            break
        for who in FOUR:
            await world.click_table(who, "next")
            if world.state().status == "playing":
                break
    assert world.state().status == "over"
    assert "won the match" in world.table_message().content
    assert log_card_leaks(caplog.records) == []
    secrets = world.secrets_seen | await stored_secrets(world)
    assert len(secrets) == len(world.secrets_seen) == world.state().deal_number  # one a deal
    assert log_secret_leaks(caplog.records, secrets) == []
