"""`/gaigel replay [deal]` (issue 30, part 2): a finished deal of the channel's table, shown
privately trick by trick with Previous/Next, the picture of the table at each trick, every
hand at that moment, the claim, its recount and the result; the deal by its place in the
table's history. A deal that is not over is never shown, by the command or by a forged page
button, and the pages turn after a restart too."""

from __future__ import annotations

import io
import re
from collections import Counter
from typing import Any

import discord
import pytest
from PIL import Image
from world import FOUR, World, buttons, cards_in_text, custom_ids, manager

from bot.shell.custom_ids import ReplayPage
from engine.history import DealHistory, record_history
from engine.record import parse_record

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

HAND_LINE = re.compile(r"^▸ (?P<name>[^:]+): (?P<cards>.*)$", re.MULTILINE)


async def finished(world: World, number: int | None = None) -> tuple[Any, DealHistory]:
    """The service's record of a finished deal of the channel's table, and its frames (what
    the replay must show, told by the engine)."""
    deal = await world.svc.finished_deal(world.table_id(), number)
    return deal, record_history(parse_record(deal.record))


def shown_hands(content: str) -> dict[str, Counter[str]]:
    """The hands a replay page lists, by name."""
    return {m["name"]: cards_in_text(m["cards"]) for m in HAND_LINE.finditer(content)}


def hands_at(deal: Any, history: DealHistory, frame: int) -> dict[str, Counter[str]]:
    """The hands at the start of a frame of the finished deal, by name."""
    names = {s["seat"]: s["name"] for s in deal.record["seats"]}
    return {names[seat]: Counter(hand) for seat, hand in enumerate(history.frames[frame].hands)}


def button(message: discord.Message, label: str) -> Any:
    return next(b for b in buttons(message) if label in (b.label or ""))


async def turn(world: World, who: str, message: discord.Message, label: str) -> discord.Message:
    """Click Previous or Next on ``who``'s replay: the same message shows the other page."""
    b = button(message, label)
    assert not b.disabled, (label, message.content)
    result = await world.user(who).click(message, custom_id=b.custom_id)
    assert result.acknowledged and not result.followups
    return next(m for m in world.visible(who) if m.id == message.id)


async def replay(world: World, who: str, **options: Any) -> Any:
    result = await world.slash(who, "gaigel replay", **options)
    assert result.response is not None and result.response.ephemeral, result
    return result


def assert_refused_without_a_card(result: Any, words: str) -> None:
    answer = result.response
    assert words in answer.content, answer.content
    assert answer.message.attachments == [] and custom_ids(answer.message) == []
    assert cards_in_text(answer.content) == Counter()


async def test_a_finished_deal_is_replayed_privately_trick_by_trick_to_its_result(
        world: World) -> None:
    await world.start_four()
    # While the first deal runs there is nothing to replay, by default or by its number.
    assert_refused_without_a_card(await replay(world, "bob"), "No deal has ended")
    assert_refused_without_a_card(await replay(world, "bob", deal=1), "Deal 1 is not over")
    await world.play_deal()
    deal, history = await finished(world)
    # Zoe never sat at the table: a finished deal is anyone's to look at.
    page = (await replay(world, "zoe")).response.message
    assert page.flags.ephemeral
    assert [m.id for m in world.channel.history()].count(page.id) == 0  # not public
    pages = len(history.frames) - 1  # the deal and its first trick share the first page
    assert page.content.startswith("**Replay** · deal 1 at this table · 4 players")
    assert f"· 1/{pages}" in page.content.splitlines()[0]
    assert "**Trick 1 · talon" in page.content and "Dealt:" in page.content
    assert "Playing order:" in page.content and "Teams:" in page.content
    assert shown_hands(page.content) == hands_at(deal, history, 0)
    for play in history.frames[1].plays:
        assert play.card in cards_in_text(page.content)
    # The picture of the table at that trick, drawn with every card of the trick face up.
    (picture,) = page.attachments
    data = world.env.backend.cdn.get(picture.url)
    with Image.open(io.BytesIO(data)) as img:
        assert img.width > 400
    # Previous and Next carry the table, the deal and the page: never a card.
    ids = custom_ids(page)
    assert ids == [ReplayPage(world.table_id(), deal.deal_id, 0).custom_id,
                   ReplayPage(world.table_id(), deal.deal_id, 1).custom_id]
    assert button(page, "Previous").disabled and not button(page, "Next").disabled
    # Next: trick 2 on the same message, with the hands as they were then.
    page = await turn(world, "zoe", page, "Next")
    assert f"· 2/{pages}" in page.content and "**Trick 2 · talon" in page.content
    assert shown_hands(page.content) == hands_at(deal, history, 2)
    page = await turn(world, "zoe", page, "Previous")
    assert f"· 1/{pages}" in page.content and "**Trick 1 · talon" in page.content
    # On to the end: the claim, the recount, the result; Next is greyed there.
    for _ in range(pages - 1):
        page = await turn(world, "zoe", page, "Next")
    assert f"· {pages}/{pages}" in page.content and "**End of the deal**" in page.content
    assert "Result:" in page.content and "Points:" in page.content
    assert "knocks" in page.content and "Recount of" in page.content
    assert button(page, "Next").disabled and not button(page, "Previous").disabled
    assert len([m for m in world.visible("zoe") if m.content.startswith("**Replay")]) == 1
    world.check_no_leaks()


async def test_a_deal_is_picked_by_its_place_and_the_running_deal_is_never_shown(
        world: World) -> None:
    await world.start_four()
    for _ in range(2):
        await world.play_deal()
        for who in FOUR:
            await world.click_table(who, "next")
            if world.state().status == "playing":
                break
    assert world.state().status == "playing"  # deal 3 runs: its hands are secret
    second, history = await finished(world, 2)
    page = (await replay(world, "carol", deal=2)).response.message
    assert page.content.startswith("**Replay** · deal 2 at this table")
    assert shown_hands(page.content) == hands_at(second, history, 0)
    page = await turn(world, "carol", page, "Next")
    assert shown_hands(page.content) == hands_at(second, history, 2)
    # Without a number: the last deal that ended, which is deal 2, never the running one.
    last = (await replay(world, "dan")).response.message
    assert last.content.startswith("**Replay** · deal 2 at this table")
    first = (await replay(world, "dan", deal=1)).response.message
    assert first.content.startswith("**Replay** · deal 1 at this table")
    # The running deal, by its number or by a forged page button, and a deal not yet dealt.
    assert_refused_without_a_card(await replay(world, "bob", deal=3), "Deal 3 is not over")
    assert_refused_without_a_card(await replay(world, "bob", deal=4),
                                  "This table has no deal 4: it has had 3 so far.")
    running = world.live().deal_id
    for index in (0, 1, 5):
        forged = await world.forge_click(
            "bob", world.table_message(), ReplayPage(world.table_id(), running, index).custom_id)
        assert_refused_without_a_card(forged, "Deal 3 is not over")
    # Every replay page anyone can see now lists the hands of a finished deal's moment.
    first_deal = await finished(world, 1)
    moments = [hands_at(d, h, i) for d, h in (first_deal, (second, history))
               for i in range(len(h.frames))]
    pages_seen = 0
    for who in (*FOUR, "zoe"):
        for m in world.visible(who):
            if m.content.startswith("**Replay"):
                assert shown_hands(m.content) in moments, m.content
                pages_seen += 1
    assert pages_seen == 3
    world.check_no_leaks()


async def test_the_pages_turn_after_a_restart(world: World) -> None:
    await world.start_four()
    await world.play_deal()
    page = (await replay(world, "alice")).response.message
    await world.restart()
    page = next(m for m in world.visible("alice") if m.id == page.id)
    page = await turn(world, "alice", page, "Next")
    assert "**Trick 2 · talon" in page.content
    page = await turn(world, "alice", page, "Previous")
    assert "**Trick 1 · talon" in page.content


async def test_a_closed_table_is_replayed_and_a_channel_without_one_is_told_so(
        world: World) -> None:
    assert_refused_without_a_card(await replay(world, "alice"), "There is no table")
    await world.start_four()
    await world.play_deal()
    await world.slash("alice", "gaigel end")
    assert world.svc.table_in_channel(world.channel.id) is None
    page = (await replay(world, "bob")).response.message
    assert page.content.startswith("**Replay** · deal 1 at this table")
    page = await turn(world, "bob", page, "Next")
    assert "**Trick 2 · talon" in page.content


async def test_a_page_button_from_another_channel_is_refused(world: World) -> None:
    await world.start_four()
    await world.play_deal()
    deal, _ = await finished(world)
    elsewhere = World(world.env, guild=world.guild, channel=world.guild.create_text_channel("b"))
    await elsewhere.new_table("erin", players=2)
    forged = await world.forge_click(
        "erin", elsewhere.table_message(), ReplayPage(world.table_id(), deal.deal_id, 1).custom_id)
    assert_refused_without_a_card(forged, "another channel")


async def test_the_replay_in_german_and_text_only_without_pictures(world: World) -> None:
    manager(world, "mia")
    await world.slash("mia", "gaigel settings", language="de", pictures="off")
    await world.start_four()
    await world.play_deal()
    page = (await replay(world, "alice")).response.message
    assert page.content.startswith("**Rückschau** · Spiel 1 an diesem Tisch · 4 Spieler")
    assert "**Stich 1 · Talon" in page.content and "Gegeben:" in page.content
    assert page.attachments == []
    assert "<:gg_" not in page.content  # text cards, as the table's
    assert button(page, "Zurück").disabled
    page = await turn(world, "alice", page, "Weiter")
    assert "**Stich 2 · Talon" in page.content and page.attachments == []
    refused = await replay(world, "alice", deal=2)
    assert "Dieser Tisch hat kein Spiel 2" in refused.response.content
