"""Restarts, Discord faults and the turn timer: the game goes on."""

from __future__ import annotations

import pytest
from world import FOUR, World, buttons, custom_ids, playable_ids

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

async def test_a_restart_in_the_middle_of_a_deal_resumes_the_table_and_old_buttons_work(
        world: World) -> None:
    await world.start_four()
    for _ in range(6):
        await world.play_card(world.to_play())
    actions = len(world.live().deal.actions)
    table_msg = world.table_message()
    await world.restart()
    assert world.state().status == "playing"
    assert len(world.live().deal.actions) == actions
    # The hand message from before the restart still plays.
    who = world.to_play()
    await world.play_card(who)
    assert len(world.live().deal.actions) == actions + 1
    # The table message (the same message, redrawn) still answers.
    assert world.table_message().id == table_msg.id
    result = await world.click_table("carol", "hand")
    assert result.response.ephemeral and "Your cards" in result.response.content
    await world.play_deal()
    assert world.state().status == "waiting"


async def test_old_buttons_of_a_closed_table_answer_the_same_after_a_restart(world: World) -> None:
    await world.start_four()
    for _ in range(5):
        await world.play_card(world.to_play())
    who = world.to_play()
    await world.open_hand(who)
    result = await world.slash("alice", "gaigel end")
    assert "ended" in result.response.content
    other = next(name for name in FOUR if name != who)

    async def refresh() -> str:
        msg = world.hand(other)
        cid = next(c for c in custom_ids(msg) if c.split(":")[4] == "r")
        result = await world.user(other).click(msg, custom_id=cid)
        assert all(b.disabled for b in buttons(result.response.message)
                   if b.custom_id.split(":")[4].startswith("p"))
        return result.response.content  # type: ignore[no-any-return]

    before = await refresh()
    await world.restart()
    after = await refresh()
    assert after == before
    assert "Your cards" in after and "This table is closed" in after and "Your turn" not in after
    # a card of a hand sent while the deal ran: refused with a clear word, nothing changes
    actions = len(world.live().deal.actions)
    result = await world.click_hand(who, world.playable(who)[0])
    assert result.response.content.startswith("This table is closed.")
    assert len(world.live().deal.actions) == actions


async def test_a_restart_with_computers_to_move_lets_them_move(world: World) -> None:
    await world.new_table("alice", players=4)
    for _ in range(3):
        await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    await world.play_card("alice")
    await world.restart()
    assert world.to_play() == "alice"
    await world.play_deal()
    assert world.state().status in ("waiting", "over")


async def test_closed_dms_are_told_once_in_the_channel_and_the_game_goes_on(world: World) -> None:
    await world.start_four()
    bob = world.user("bob")
    world.env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403,
                         code=50007, message="Cannot send messages to this user", times=None)
    result = await world.slash("bob", "gaigel dm", mode="on")
    assert result.response.ephemeral and "DMs are closed" in result.response.content
    # carol's DMs work: her hand is mirrored there and playable.
    result = await world.slash("carol", "gaigel dm", mode="on")
    assert "also be kept in a DM" in result.response.content
    dms = world.user("carol").user.dm_channel.history()
    assert dms and "Your cards" in dms[-1].content
    await world.play_deal()
    assert world.state().status == "waiting"


async def test_a_dm_hand_is_playable(world: World) -> None:
    await world.start_four()
    dm = await world.dm_hand("alice")
    cid = playable_ids(dm)[0]
    result = await world.user("alice").user.click(dm, custom_id=cid)
    assert result.acknowledged
    assert [a.seat for a in world.live().deal.actions] == [0]


async def test_a_failed_edit_and_a_429_do_not_stop_the_game(world: World) -> None:
    await world.start_four()
    mid = world.state().message_id
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/{mid}", status=500)
    await world.play_card("alice")
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/{mid}", status=429,
                         message="You are being rate limited.")
    await world.play_card("bob")
    world.env.inject_error("POST", "/interactions/*/callback", status=429,
                         message="You are being rate limited.")
    before = len(world.live().deal.actions)
    await world.user("carol").click(world.hand("carol"), custom_id=world.playable("carol")[0])
    assert len(world.live().deal.actions) == before + 1   # the play stands, its answer failed
    await world.open_hand("carol")
    await world.play_deal()
    assert world.state().status == "waiting"
    # The table message caught up.
    assert "Deal 1: team" in world.table_message().content


async def test_the_turn_timer_lets_a_computer_play_and_three_misses_hand_the_seat_over(
        world: World) -> None:
    await world.new_table("alice", players=4, timer=30)
    for _ in range(3):
        await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    assert "<t:" in world.table_message().content  # the countdown is visible
    for miss in range(1, 4):
        assert world.to_play() == "alice"
        before = len(world.live().deal.actions)
        await world.env.advance_time(31)
        assert len(world.live().deal.actions) > before
        assert "time ran out" in world.table_message().content
        if world.live().deal.over:
            return
        assert world.live().chairs[0].missed == miss
    assert world.live().chairs[0].away
    assert "I'm back" in [b.label for r in world.table_message().components for b in r.children]
    # Away: computers play alice's turns without waiting.
    assert world.to_play() is None or world.live().deal.over
    result = await world.click_table("alice", "back")
    assert "Welcome back" in result.response.content
    assert not world.live().chairs[0].away


async def test_table_edits_are_coalesced_to_about_one_per_second(world: World) -> None:
    await world.start_four()
    world.bot.pacing.table_edit_interval, world.bot.pacing.ceremony_step = 1.0, 0.0
    mid = world.state().message_id
    await world.env.advance_time(2)

    def edits() -> int:
        return sum(1 for e in world.env.http_requests
                   if e.method == "PATCH" and e.path.endswith(f"/messages/{mid}"))

    before = edits()
    for _ in range(4):
        await world.play_card(world.to_play())
    assert edits() - before == 1  # the first at once, the rest wait for the second to pass
    await world.env.advance_time(1.1)
    assert edits() - before == 2
    assert "Last trick" in world.table_message().content  # the latest state, all four plays


async def test_after_the_15_minute_token_limit_hands_are_reopened_not_pushed(world: World) -> None:
    await world.start_four(timer=0)  # no turn timer: the quarter hour passes with nobody replaced
    bob_old = world.hand("bob").content
    await world.env.advance_time(15 * 60 + 5)
    # Just before its token died, bob's hand said it is out of date, its cards greyed
    # (issue 13, bug 5: no stale hand that still looks playable).
    stale = world.hand("bob")
    assert stale.content.startswith("⌛ This hand is out of date")
    assert bob_old.splitlines()[1] in stale.content
    assert not world.playable("bob") and any(b.custom_id.endswith(":r")
                                             for b in world.hand_buttons("bob"))
    calls = len(world.env.http_requests)
    await world.play_card("alice")  # a fresh click: a fresh token, it works
    pushed = [e for e in world.env.http_requests[calls:] if "/webhooks/" in e.path]
    assert pushed == []  # no edits through dead tokens
    assert world.hand("bob").content == stale.content
    result = await world.click_table("bob", "hand")
    assert "Trick: alice" in result.response.content
