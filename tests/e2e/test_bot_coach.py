"""The coach of a beginner table (issue 15, item 7): a Hint button in the hand of the person to
play asks the strong computer player from that seat's view; the answer is a legal card (or a
due claim), nothing changes at the table, and the deal's result says how many hints each
person asked for. After a deal, the table's Review button answers each person who played it
with their plays the strong player would have made otherwise, and the points at stake."""

from __future__ import annotations

import re
from collections import Counter

import discord
import pytest
from world import World, cards_in_text, custom_ids

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def beginner_table(world: World) -> None:
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world.user("mia", roles=[role])
    await world.slash("mia", "gaigel settings", show_points=True)
    await world.start_four(timer=0)


async def test_a_hint_names_a_card_the_player_may_play_and_changes_nothing(
        world: World) -> None:
    await beginner_table(world)
    who = world.to_play()
    assert who is not None
    hints = [b for b in world.hand_buttons(who) if b.custom_id.endswith(":h")]
    assert len(hints) == 1
    others = [w for w in ("alice", "bob", "carol", "dan") if w != who]
    assert not any(b.custom_id.endswith(":h") for b in world.hand_buttons(others[0]))
    version = world.state().version
    playable = {c.split(":")[4].split(".")[1] for c in world.playable(who)}
    result = await world.click_hand(who, hints[0].custom_id)
    text = result.followups[-1].content if result.followups else result.response.content
    assert text.startswith("💡 The coach would") and "(Hint 1 this deal.)" in text
    assert world.state().version == version
    from bot.shell.card_text import card_label
    assert any(card_label(c) in text for c in playable) or "knock" in text or "declare" in text
    await world.play_deal()
    assert f"Hints asked: {who} 1" in world.table_message().content


async def test_no_hint_button_without_the_beginner_option(world: World) -> None:
    await world.start_four(beginner="off")
    who = world.to_play()
    assert who is not None
    assert not any(b.custom_id.endswith(":h") for b in world.hand_buttons(who))


# ---------------------------------------------------------------------- the review


async def test_after_a_deal_review_names_the_persons_tricks_and_points_and_only_their_cards(
        world: World) -> None:
    await beginner_table(world)
    await world.play_deal()
    assert world.state().status == "waiting"
    assert any(c.endswith(":review") for c in custom_ids(world.table_message()))
    live = world.live()
    deal = live.deal
    # The review's search runs on a worker thread (up to the thinking budget per play): let
    # simcord wait for it. Nothing else is under way between deals (no turn, no timer).
    world.env.settle_timeout = 30
    for who in ("alice", "bob"):
        result = await world.click_table(who, "review")
        answer = result.followups[-1] if result.followups else result.response
        assert answer is not None and answer.ephemeral
        text = answer.content
        assert text.startswith("🔍 Deal 1"), text
        if "Trick " in text:
            assert re.search(r"Trick \d+: you played .+ the computer would play .+: \d+ points?"
                             r" at stake\.", text), text
        else:
            assert "you played like the computer in every trick" in text, text
        # Only the person's own cards: those they played and those left in their hand.
        seat = live.seat_of_chair(live.chair_of_user(world.user(who).id))
        held = Counter(a.card for a in deal.actions if a.seat == seat and a.card) + Counter(
            deal.hands[seat])
        assert set(cards_in_text(text)) <= set(held), text  # a card may be named twice
    world.check_no_leaks()
    # Someone who did not play in that deal is told so, privately.
    world.user("erin")
    result = await world.click_table("erin", "review")
    answer = result.followups[-1] if result.followups else result.response
    assert answer.ephemeral
    assert answer.content == "You did not play in deal 1, so there is nothing of yours to review."


async def test_no_review_button_without_the_beginner_option(world: World) -> None:
    await world.start_four(timer=0, beginner="off")
    await world.play_deal()
    assert world.state().status == "waiting"
    ids = custom_ids(world.table_message())
    assert any(c.endswith(":next") for c in ids)
    assert not any(c.endswith(":review") for c in ids)
