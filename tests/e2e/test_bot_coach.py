"""The coach of a beginner table (issue 15, item 7; issue 28): a Hint button in the hand of the
person to play asks the strong computer player from that seat's view; the answer is one line
in that hand (a legal card or a due claim, and why), gone once the card is played; nothing
changes at the table, and the deal's result says how many hints each person asked for. After a
deal, the table's Review button answers each person who played it with their plays that were
clearly worse than the strong player's choice, and the points at stake; a followed Hint is
never among them."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import discord
import pytest
from world import World, cards_in_text, custom_ids

from bot.service import coach
from bot.shell.custom_ids import OPENING_CODES

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def beginner_table(world: World) -> None:
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world.user("mia", roles=[role])
    await world.slash("mia", "gaigel settings", show_points=True)
    await world.start_four(timer=0)


def record_hints(world: World) -> list[Any]:
    """The Hints the service gave, in order (observed, not changed)."""
    given: list[Any] = []
    hint = world.svc.hint

    async def recorded(*args: Any, **kwargs: Any) -> Any:
        answer = await hint(*args, **kwargs)
        given.append(answer)
        return answer

    world.svc.hint = recorded
    return given


def hint_lines(message: discord.Message) -> list[str]:
    return [line for line in (message.content or "").splitlines() if line.startswith("💡")]


async def follow(world: World, who: str, action: Any) -> None:
    """Do what the Hint said, through the hand's buttons (a knock or an accusation by its
    slash command)."""
    if action.do == "play":
        code = OPENING_CODES.get(action.opening, "-") if action.opening else "-"
        cid = next(c for c in world.playable(who)
                   if c.split(":")[4].split(".")[1:] == [action.card, code])
        await world.click_hand(who, cid)
    elif action.do == "declare":
        await world.hand_action(who, "d" + action.suit + ("2" if action.double else ""))
    elif action.do in ("exchange", "sevens"):
        await world.hand_action(who, "x" if action.do == "exchange" else "s")
    else:
        await world.slash(who, action.do)


async def test_a_hint_is_one_line_in_the_hand_and_gone_once_its_card_is_played(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint answers by re-rendering the hand it was asked in, with one line: the card (or
    claim) and why; nothing changes at the table and no message is added. Once the card is
    played, the hand has no hint line; the deal's result counts the hints."""
    monkeypatch.setattr(coach, "COACH_WORLDS", 24)  # quick on a loaded machine too
    await beginner_table(world)
    given = record_hints(world)
    who = world.to_play()
    assert who is not None
    hints = [b for b in world.hand_buttons(who) if b.custom_id.endswith(":h")]
    assert len(hints) == 1
    others = [w for w in ("alice", "bob", "carol", "dan") if w != who]
    assert not any(b.custom_id.endswith(":h") for b in world.hand_buttons(others[0]))
    version = world.state().version
    seen = len(world.visible(who))
    hand_id = world.hand(who).id
    # the coach's search runs in a thinking process (started now); below the 10-second pings
    world.env.settle_timeout = 5
    await world.click_hand(who, hints[0].custom_id)
    assert len(world.visible(who)) == seen  # no new message
    hand = world.hand(who)
    assert hand.id == hand_id
    lines = hint_lines(hand)
    assert len(lines) == 1 and lines[0].endswith("(Hint 1 this deal.)"), hand.content
    assert world.state().version == version
    action = given[-1].action
    from bot.shell.card_text import card_label
    if action.do == "play":
        assert card_label(action.card) in lines[0]
        if world.state().view.trick_number == 0 and action.opening:
            assert "face up" in lines[0] or "face down" in lines[0]
    # asked again: still one line (the same hand, re-rendered), counted twice
    await world.click_hand(who, hints[0].custom_id)
    assert len(world.visible(who)) == seen
    assert [line.endswith("(Hint 2 this deal.)") for line in hint_lines(world.hand(who))] == [
        True]
    world.env.settle_timeout = 0.5
    await follow(world, who, action)
    assert world.state().version != version
    assert hint_lines(world.hand(who)) == [], world.hand(who).content
    await world.play_deal()
    assert f"Hints asked: {who} 2" in world.table_message().content


async def test_people_who_follow_every_hint_see_none_of_those_plays_named_in_the_review(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the real bot's buttons: all four people ask a Hint at every turn and do what
    it says; after the deal each one's Review names none of their plays, and says what the
    points at stake mean when it names any."""
    # the same for Hint and Review, and quick enough for a loaded machine, where the thinking
    # process (at niceness 19) gets little of the CPU
    monkeypatch.setattr(coach, "COACH_WORLDS", 24)
    await beginner_table(world)
    given = record_hints(world)
    asked = 0
    # the coach's search runs in a thinking process; below the 10-second turn pings
    world.env.settle_timeout = 5
    for _ in range(200):
        if world.state().status != "playing":
            break
        who = world.to_play()
        assert who is not None
        hint = next(b.custom_id for b in world.hand_buttons(who) if b.custom_id.endswith(":h"))
        await world.click_hand(who, hint)
        asked += 1
        assert len(hint_lines(world.hand(who))) == 1
        await follow(world, who, given[-1].action)
    assert world.state().status == "waiting" and asked >= 10
    world.env.settle_timeout = 30  # the four reviews' searches
    for who in ("alice", "bob", "carol", "dan"):
        result = await world.click_table(who, "review")
        answer = result.followups[-1] if result.followups else result.response
        assert answer.content.startswith(
            "🔍 Deal 1: none of your plays was clearly worse than the computer's choice."), \
            answer.content
    world.check_no_leaks()


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
            assert "Points at stake: how many card points more" in text, text
        else:
            assert "none of your plays was clearly worse than the computer's choice" in text, text
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


async def test_a_hint_asked_in_the_dm_mirror_is_a_line_of_that_hand_and_gone_after_the_play(
        world: World) -> None:
    """The DM-mirrored hand: a Hint clicked there re-renders that DM (no new message), and the
    next render after the card is played (clicked in the DM) has no hint line."""
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world.user("mia", roles=[role])
    await world.slash("mia", "gaigel settings", show_points=True)
    await world.seat_four(timer=0)
    for who in ("alice", "bob", "carol", "dan"):
        await world.slash(who, "gaigel dm", mode="on")
    await world.click_table("alice", "start")
    for who in ("bob", "carol", "dan"):
        await world.open_hand(who)
    given = record_hints(world)
    who = world.to_play()
    assert who is not None
    user = world.user(who)

    def dm_hand() -> discord.Message:
        hands = [m for m in user.user.dm_channel.history()
                 if any(c.startswith("gg:h:") for c in custom_ids(m))]
        assert hands
        return hands[0] if hands[0].id > hands[-1].id else hands[-1]

    before = len(list(user.user.dm_channel.history()))
    hand = dm_hand()
    hint = next(c for c in custom_ids(hand) if c.endswith(":h"))
    world.env.settle_timeout = 5  # the coach's search, in a thinking process started now
    await user.user.click(hand, custom_id=hint)
    world.env.settle_timeout = 0.5
    assert len(list(user.user.dm_channel.history())) == before
    shown = dm_hand()
    assert shown.id == hand.id
    assert len(hint_lines(shown)) == 1 and "(Hint 1 this deal.)" in shown.content
    action = given[-1].action
    if action.do == "play":
        code = OPENING_CODES.get(action.opening, "-") if action.opening else "-"
        cid = next(c for c in custom_ids(shown) if c.split(":")[4].startswith("p")
                   and c.split(":")[4].split(".")[1:] == [action.card, code])
        version = world.state().version
        await user.user.click(shown, custom_id=cid)
        assert world.state().version != version
        assert hint_lines(dm_hand()) == [], dm_hand().content
