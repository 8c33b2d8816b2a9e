"""Hostile and careless input (issue 13, bugs 6-9): hand buttons forged onto the public table
message, table buttons forged from another server or channel, ids beyond the database's range,
and names that would render as markdown, mentions or links. Each is answered to the one who
sent it, ephemerally, and nothing else changes."""

from __future__ import annotations

import json
import logging

import pytest
from world import FOUR, World, custom_ids, manager, text

from bot.pictures.table import table_scene

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


# ---------------------------------------------------------------------- bug 6


async def test_a_hand_button_forged_onto_the_table_message_never_rewrites_it(
        world: World) -> None:
    await world.start_four()
    table = world.table_message()
    before = table.content
    who = world.to_play()
    assert who is not None
    hand = world.hand(who)
    refresh = next(c for c in custom_ids(hand) if c.endswith(":r"))
    result = await world.forge_click(who, table, refresh)
    assert result.response is not None and result.response.ephemeral
    assert "Your cards" in text(result)
    assert world.table_message().content == before
    card = world.playable(who)[0]
    result = await world.forge_click(who, table, card)
    assert result.response is not None and result.response.ephemeral
    after = world.table_message().content
    assert "Your cards" not in after and "Gaigel · table" in after
    result = await world.forge_click("zoe", world.table_message(), refresh)
    assert result.response is not None and result.response.ephemeral
    assert "not seated" in text(result)
    assert "not seated" not in world.table_message().content
    await world.play_deal()  # later pushes to the forger's hand never reach the table message
    assert "Your cards" not in world.table_message().content
    world.check_no_leaks()


async def test_a_primer_page_forged_onto_the_table_or_a_hand_answers_with_a_new_private_page(
        world: World) -> None:
    await world.start_four()
    table = world.table_message()
    before, buttons_before = table.content, custom_ids(table)
    result = await world.forge_click("bob", table, "gg:p:0:3")
    assert result.response is not None and result.response.ephemeral
    assert "how to play · 4/8" in text(result) and result.response.message.id != table.id
    assert world.table_message().content == before
    assert custom_ids(world.table_message()) == buttons_before
    # Onto one's own hand (private too): the hand stays, the page comes as a new message.
    hand = world.hand("bob")
    hand_before = hand.content
    result = await world.forge_click("bob", hand, f"gg:p:{world.table_id()}:2")
    assert result.response is not None and result.response.ephemeral
    page = result.response.message
    assert "how to play · 3/8" in page.content and page.id != hand.id
    assert world.hand("bob").content == hand_before
    # A page turn in one's own primer still turns that page.
    ahead = next(c for c in custom_ids(page) if c != f"gg:p:{world.table_id()}:1")
    count = len(world.visible("bob"))
    result = await world.user("bob").click(page, custom_id=ahead)
    assert result.acknowledged
    assert "how to play · 4/8" in next(m for m in world.visible("bob") if m.id == page.id).content
    assert len(world.visible("bob")) == count


# ---------------------------------------------------------------------- bug 7


async def test_a_join_forged_from_another_server_or_channel_is_refused(world: World) -> None:
    await world.new_table("alice", players=4)
    join = next(c for c in custom_ids(world.table_message()) if c.endswith(":join"))
    other_guild = world.env.create_guild(name="Elsewhere")
    other_channel = other_guild.create_text_channel("cards")
    mallory = world.env.create_user("mallory")
    world.users["mallory"] = world.guild.add_member(mallory)
    other_guild.add_member(mallory)
    second = world.guild.create_text_channel("private")
    seats = [s.user_id for s in world.state().seats]
    for guild_id, channel_id in ((other_guild.id, other_channel.id),
                                 (world.guild.id, second.id)):
        result = await world.forge_click("mallory", world.table_message(), join,
                                         guild_id=guild_id, channel_id=channel_id)
        assert result.response is not None and result.response.ephemeral
        assert text(result) == "This button belongs to a table in another channel."
    assert [s.user_id for s in world.state().seats] == seats


async def test_a_hand_forged_onto_another_channels_message_is_refused(world: World) -> None:
    await world.start_four()
    who = world.to_play()
    assert who is not None
    card = world.playable(who)[0]
    version = world.state().version
    second = world.guild.create_text_channel("private")
    await world.forge_click(who, world.table_message(), card, channel_id=second.id)
    assert world.state().version == version


# ---------------------------------------------------------------------- bug 8


@pytest.mark.parametrize("custom_id", [
    "gg:t:99999999999999999999999999:0:join", "gg:t:1:99999999999999999999999:next",
    "gg:h:99999999999999999999999999:0:r", "gg:h:1:0:p0.XX.q", "gg:p:99999999999999999999:0"])
async def test_ids_out_of_range_are_answered_as_no_action_without_an_error(
        world: World, caplog: pytest.LogCaptureFixture, custom_id: str) -> None:
    await world.new_table("alice", players=2)
    before = world.state().version
    result = await world.forge_click("bob", world.table_message(), custom_id)
    assert result.response is not None and result.response.ephemeral, custom_id
    assert text(result)
    if "9" * 20 in custom_id:  # out of range: no action, not a table that is missing
        assert text(result) == "That is no action."
    assert world.state().version == before
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_hand_version_beyond_the_database_range_is_answered_as_a_changed_hand(
        world: World) -> None:
    await world.start_four()
    who = world.to_play()
    assert who is not None
    tid, version = world.table_id(), world.state().version
    card = world.playable(who)[0].split(":")[4]
    for act in ("k", card, "r"):
        result = await world.forge_click(who, world.hand(who), f"gg:h:{tid}:{'9' * 40}:{act}")
        assert text(result).startswith("Your hand changed; here it is again."), act
        assert "Knock now?" not in text(result)
        assert world.state().version == version
    assert "There is no such table" not in world.hand(who).content
    # Its table id out of range: no action (no table could have it).
    result = await world.forge_click(who, world.hand(who), f"gg:h:{'9' * 40}:{version}:k")
    assert result.response is not None and result.response.ephemeral
    assert text(result) == "That is no action."
    assert world.state().version == version


# ---------------------------------------------------------------------- bug 9


NASTY = ["**x**", "`", "[x](https://e.vil)", "||spoiler||", "<@123456789012345678>",
         "@everyone"]


async def test_names_are_printed_as_plain_text_never_as_markdown_or_mentions(
        world: World) -> None:
    await world.new_table("alice", players=6)
    for name in NASTY[:5]:
        await world.click_table(name, "join")
    content = world.table_message().content
    assert "\\*\\*x\\*\\*" in content and "\\`" in content
    assert "\\[x](https://e.vil)" in content
    assert "\\|\\|spoiler\\|\\|" in content
    assert "<@123456789012345678>" not in content
    await world.slash("alice", "gaigel end")
    await world.new_table(NASTY[5], players=2)
    assert "@everyone" not in world.table_message().content


async def test_a_right_to_left_name_keeps_the_seat_lines_in_order(world: World) -> None:
    rtl = "שלום עולם"
    long_name = "x" * 32
    await world.new_table("alice", players=4)
    await world.click_table(rtl, "join")
    await world.click_table(long_name, "join")
    lines = [line for line in world.table_message().content.splitlines()
             if line.startswith("`")]
    assert [line[:3] for line in lines] == ["`1`", "`2`", "`3`", "`4`"]
    assert "\u2068" + rtl + "\u2069" in lines[1]
    assert long_name in lines[2]
    assert FOUR[0] == "alice"


BIDI_MARKS = "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


async def test_a_right_to_left_override_in_a_name_reverses_nothing_the_bot_prints(
        world: World) -> None:
    """Issue 25, item 8: a name holding U+202E (and no closing mark) is printed without it:
    in the table message, the stats and the stats picture's alt text, and drawn in the table's
    picture. The history export keeps the name as the person chose it."""
    eve = "eve\u202e\u2066 the evil"
    await world.new_table("alice", players=2)
    await world.click_table(eve, "join")
    await world.click_table("alice", "start")
    content = world.table_message().content
    assert "eve the evil" in content
    assert not set(content) & set(BIDI_MARKS)
    scene = table_scene(world.state())
    assert scene is not None and "eve the evil" in scene.names
    assert not set("".join(scene.names)) & set(BIDI_MARKS)
    await world.open_hand(eve)
    await world.play_deal()
    result = await world.slash("alice", "gaigel stats", player=world.user(eve))
    assert text(result).startswith("**eve the evil**")
    (chart,) = result.response.attachments
    assert chart.description is not None and "eve the evil" in chart.description
    for words in (text(result), chart.description, world.table_message().content):
        assert not set(words) & set(BIDI_MARKS)
    manager(world, "mia")
    result = await world.slash("mia", "gaigel export", scope="server", format="json")
    (attachment,) = result.response.attachments
    data = json.loads(await attachment.read())
    assert eve in [s["name"] for s in data["deals"][0]["seats"]]
