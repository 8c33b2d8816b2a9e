"""Restarts, Discord faults and the turn timer: the game goes on."""

from __future__ import annotations

import pytest
from gaigel_sim import FOUR, Sim, buttons, custom_ids

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

async def test_a_restart_in_the_middle_of_a_deal_resumes_the_table_and_old_buttons_work(
        sim: Sim) -> None:
    await sim.start_four()
    for _ in range(6):
        await sim.play_card(sim.to_play())
    actions = len(sim.live().deal.actions)
    table_msg = sim.table_message()
    await sim.restart()
    assert sim.state().status == "playing"
    assert len(sim.live().deal.actions) == actions
    # The hand message from before the restart still plays.
    who = sim.to_play()
    await sim.play_card(who)
    assert len(sim.live().deal.actions) == actions + 1
    # The table message (the same message, redrawn) still answers.
    assert sim.table_message().id == table_msg.id
    result = await sim.click_table("carol", "hand")
    assert result.response.ephemeral and "Your cards" in result.response.content
    await sim.play_deal()
    assert sim.state().status == "waiting"


async def test_old_buttons_of_a_closed_table_answer_the_same_after_a_restart(sim: Sim) -> None:
    await sim.start_four()
    for _ in range(5):
        await sim.play_card(sim.to_play())
    who = sim.to_play()
    await sim.open_hand(who)
    result = await sim.slash("alice", "gaigel end")
    assert "ended" in result.response.content
    other = next(name for name in FOUR if name != who)

    async def refresh() -> str:
        msg = sim.hand(other)
        cid = next(c for c in custom_ids(msg) if c.split(":")[4] == "r")
        result = await sim.user(other).click(msg, custom_id=cid)
        assert all(b.disabled for b in buttons(result.response.message)
                   if b.custom_id.split(":")[4].startswith("p"))
        return result.response.content  # type: ignore[no-any-return]

    before = await refresh()
    await sim.restart()
    after = await refresh()
    assert after == before
    assert "Your cards" in after and "This table is closed" in after and "Your turn" not in after
    # a card of a hand sent while the deal ran: refused with a clear word, nothing changes
    actions = len(sim.live().deal.actions)
    result = await sim.click_hand(who, sim.playable(who)[0])
    assert result.response.content.startswith("This table is closed.")
    assert len(sim.live().deal.actions) == actions


async def test_a_restart_with_computers_to_move_lets_them_move(sim: Sim) -> None:
    await sim.new_table("alice", players=4)
    for _ in range(3):
        await sim.click_table("alice", "add")
    await sim.click_table("alice", "start")
    await sim.play_card("alice")
    await sim.restart()
    assert sim.to_play() == "alice"
    await sim.play_deal()
    assert sim.state().status in ("waiting", "over")


async def test_closed_dms_are_told_once_in_the_channel_and_the_game_goes_on(sim: Sim) -> None:
    await sim.start_four()
    bob = sim.user("bob")
    sim.env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403,
                         code=50007, message="Cannot send messages to this user", times=None)
    result = await sim.slash("bob", "gaigel dm", mode="on")
    assert result.response.ephemeral and "DMs are closed" in result.response.content
    # carol's DMs work: her hand is mirrored there and playable.
    result = await sim.slash("carol", "gaigel dm", mode="on")
    assert "also be kept in a DM" in result.response.content
    dms = sim.user("carol").user.dm_channel.history()
    assert dms and "Your cards" in dms[-1].content
    await sim.play_deal()
    assert sim.state().status == "waiting"


async def test_a_dm_hand_is_playable(sim: Sim) -> None:
    await sim.start_four()
    await sim.slash("alice", "gaigel dm", mode="on")
    dm = sim.user("alice").user.dm_channel.history()[-1]
    cid = next(c for c in custom_ids(dm) if ":p" in c
               and not next(b for r in dm.components for b in r.children if b.custom_id == c).disabled)
    result = await sim.user("alice").user.click(dm, custom_id=cid)
    assert result.acknowledged
    assert [a.seat for a in sim.live().deal.actions] == [0]


async def test_a_failed_edit_and_a_429_do_not_stop_the_game(sim: Sim) -> None:
    await sim.start_four()
    mid = sim.state().message_id
    sim.env.inject_error("PATCH", f"/channels/{sim.channel.id}/messages/{mid}", status=500)
    await sim.play_card("alice")
    sim.env.inject_error("PATCH", f"/channels/{sim.channel.id}/messages/{mid}", status=429,
                         message="You are being rate limited.")
    await sim.play_card("bob")
    sim.env.inject_error("POST", "/interactions/*/callback", status=429,
                         message="You are being rate limited.")
    before = len(sim.live().deal.actions)
    await sim.user("carol").click(sim.hand("carol"), custom_id=sim.playable("carol")[0])
    assert len(sim.live().deal.actions) == before + 1   # the play stands, its answer failed
    await sim.open_hand("carol")
    await sim.play_deal()
    assert sim.state().status == "waiting"
    # The table message caught up.
    assert "Deal 1: team" in sim.table_message().content


async def test_the_turn_timer_lets_a_computer_play_and_three_misses_hand_the_seat_over(
        sim: Sim) -> None:
    await sim.new_table("alice", players=4, timer=30)
    for _ in range(3):
        await sim.click_table("alice", "add")
    await sim.click_table("alice", "start")
    assert "<t:" in sim.table_message().content  # the countdown is visible
    for miss in range(1, 4):
        assert sim.to_play() == "alice"
        before = len(sim.live().deal.actions)
        await sim.env.advance_time(31)
        assert len(sim.live().deal.actions) > before
        assert "time ran out" in sim.table_message().content
        if sim.live().deal.over:
            return
        assert sim.live().chairs[0].missed == miss
    assert sim.live().chairs[0].away
    assert "I'm back" in [b.label for r in sim.table_message().components for b in r.children]
    # Away: computers play alice's turns without waiting.
    assert sim.to_play() is None or sim.live().deal.over
    result = await sim.click_table("alice", "back")
    assert "Welcome back" in result.response.content
    assert not sim.live().chairs[0].away


async def test_table_edits_are_coalesced_to_about_one_per_second(sim: Sim) -> None:
    await sim.start_four()
    sim.bot.pacing.table_edit_interval, sim.bot.pacing.ceremony_step = 1.0, 0.0
    mid = sim.state().message_id
    await sim.env.advance_time(2)

    def edits() -> int:
        return sum(1 for e in sim.env.http_requests
                   if e.method == "PATCH" and e.path.endswith(f"/messages/{mid}"))

    before = edits()
    for _ in range(4):
        await sim.play_card(sim.to_play())
    assert edits() - before == 1  # the first at once, the rest wait for the second to pass
    await sim.env.advance_time(1.1)
    assert edits() - before == 2
    assert "Last trick" in sim.table_message().content  # the latest state, all four plays


async def test_after_the_15_minute_token_limit_hands_are_reopened_not_pushed(sim: Sim) -> None:
    await sim.start_four(timer=0)  # no turn timer: the quarter hour passes with nobody replaced
    bob_old = sim.hand("bob").content
    await sim.env.advance_time(15 * 60 + 5)
    calls = len(sim.env.http_requests)
    await sim.play_card("alice")  # a fresh click: a fresh token, it works
    pushed = [e for e in sim.env.http_requests[calls:] if "/webhooks/" in e.path]
    assert pushed == []  # no edits through dead tokens
    assert sim.hand("bob").content == bob_old
    result = await sim.click_table("bob", "hand")
    assert "Trick: alice" in result.response.content
