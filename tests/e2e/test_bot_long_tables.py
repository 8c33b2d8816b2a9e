"""Tables that last longer than an hour (issue 25, item 13): Discord limits edits of messages older
than an hour (error 30046, "Maximum number of edits to messages older than 1 hour reached"). The
table message is posted afresh before it is an hour old, and at once when Discord refuses an
edit that way; the old one is deleted, and a click on it, if it is still there, is answered as
out of date and changes nothing."""

from __future__ import annotations

import pytest
from world import World, buttons, custom_ids, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

OUT_OF_DATE = ("This table message is out of date: the table goes on in its newest message,"
               " further down the channel.")


def bot_messages(world: World) -> list[int]:
    """The ids of the public messages in the channel (the table message and any ceremonies)."""
    return [m.id for m in world.channel.history()]


async def test_a_table_message_fifty_minutes_old_is_posted_afresh_at_its_next_change(
        world: World) -> None:
    await world.start_four(timer=0)
    await world.play_card(world.to_play())
    old = world.state().message_id
    await world.env.advance_time(49 * 60)
    await world.play_card(world.to_play())
    assert world.state().message_id == old  # not yet 50 minutes old: edited in place
    await world.env.advance_time(2 * 60)
    actions = len(world.live().deal.actions)
    await world.play_card(world.to_play())
    new = world.state().message_id
    assert new != old
    assert old not in bot_messages(world)  # the old one is deleted
    assert bot_messages(world)[-1] == new  # the fresh one is the newest message
    fresh = world.table_message()
    assert "Gaigel · table" in fresh.content and f"**{world.to_play()}** to play" in fresh.content
    assert any(c.endswith(":hand") for c in custom_ids(fresh))
    assert len(world.live().deal.actions) == actions + 1
    # Play goes on in the fresh message, edited in place; a restart keeps using it.
    await world.play_card(world.to_play())
    assert world.state().message_id == new and bot_messages(world) == [new]
    await world.restart()
    assert world.state().message_id == new
    await world.play_card(world.to_play())
    assert world.state().message_id == new and bot_messages(world) == [new]
    world.check_no_leaks()


async def test_a_click_on_a_replaced_table_message_is_answered_out_of_date_and_changes_nothing(
        world: World) -> None:
    await world.new_table("alice", players=4)
    await world.click_table("bob", "join")
    old = world.table_message()
    # The deletion of the old message fails, so its buttons stay clickable.
    world.env.inject_error("DELETE", f"/channels/{world.channel.id}/messages/{old.id}",
                           status=500, times=None)
    await world.env.advance_time(51 * 60)
    await world.click_table("carol", "join")
    assert world.state().message_id != old.id
    old = next(m for m in world.channel.history() if m.id == old.id)
    seats = [s.user_id for s in world.state().seats]
    version = world.state().version
    # A click on the old message's own buttons (an older version)...
    join = next(b.custom_id for b in buttons(old) if b.custom_id.endswith(":join"))
    assert join.split(":")[3] != str(version)
    result = await world.user("dan").click(old, custom_id=join)
    assert result.response.ephemeral and text(result) == OUT_OF_DATE
    # ... and one carrying the table's current version: neither is acted on.
    for who, act in (("dan", "join"), ("bob", "leave"), ("alice", "add")):
        result = await world.forge_click(who, old, f"gg:t:{world.table_id()}:{version}:{act}")
        assert result.response.ephemeral and text(result) == OUT_OF_DATE, act
    assert [s.user_id for s in world.state().seats] == seats
    assert world.state().version == version
    # The current message still acts.
    await world.click_table("dan", "join")
    assert world.user("dan").id in [s.user_id for s in world.state().seats]


async def test_an_edit_refused_for_an_old_message_posts_the_table_afresh_at_once(
        world: World) -> None:
    await world.start_four(timer=0)
    old = world.state().message_id
    world.env.inject_error(
        "PATCH", f"/channels/{world.channel.id}/messages/{old}", status=400, code=30046,
        message="Maximum number of edits to messages older than 1 hour reached. Try again later",
        times=None)
    await world.play_card(world.to_play())
    new = world.state().message_id
    assert new != old
    assert bot_messages(world) == [new]
    fresh = world.table_message()
    assert f"**{world.to_play()}** to play" in fresh.content  # the current state
    assert any(c.endswith(":hand") for c in custom_ids(fresh))
    before = fresh.content
    await world.play_card(world.to_play())
    assert world.state().message_id == new and world.table_message().content != before


async def test_the_knock_ceremonys_next_deal_still_deals_after_the_table_is_posted_afresh(
        world: World) -> None:
    await world.start_four(timer=0)
    await world.play_deal()
    assert world.state().status == "waiting"
    ceremony = world.channel.last_message
    assert ceremony.id != world.state().message_id
    nxt = next(c for c in custom_ids(ceremony) if c.endswith(":next"))
    old = world.state().message_id
    await world.env.advance_time(51 * 60)
    await world.click_table("bob", "next")  # ready: the table changes, and is posted afresh
    assert world.state().message_id != old and world.state().status == "waiting"
    for who in ("carol", "dan", "alice"):  # the others click the ceremony's Next deal
        result = await world.user(who).click(ceremony, custom_id=nxt)
        assert text(result) != OUT_OF_DATE
    assert world.state().status == "playing" and world.state().deal_number == 2
