"""A table that teaches (issue 15): the primer /gaigel help page by page, matching the table's
rules and language; pointers to it from the table and /gaigel rules; the first card explains
the openings; the score explains its signs; computer partners leave the knock to people."""

from __future__ import annotations

import discord
import pytest
from world import FOUR, World, buttons, manager, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def turn_page(world: World, who: str, message: discord.Message, label: str) -> discord.Message:
    button = next(b for b in buttons(message) if label in (b.label or ""))
    assert not button.disabled
    result = await world.user(who).click(message, custom_id=button.custom_id)
    assert result.acknowledged
    return next(m for m in world.visible(who) if m.id == message.id)


async def test_the_primer_teaches_page_by_page_with_previous_and_next(world: World) -> None:
    result = await world.slash("zoe", "gaigel help")
    assert result.response is not None and result.response.ephemeral
    page = result.response.message
    assert "1/8" in page.content and "48 cards" in page.content and "O is the Ober" in page.content
    assert "A 11 · 10 10 · K 4 · O 3 · U 2 · 7 0" in page.content
    previous = next(b for b in buttons(page) if "Previous" in (b.label or ""))
    assert previous.disabled
    seen = [page.content]
    for _ in range(7):
        page = await turn_page(world, "zoe", page, "Next")
        seen.append(page.content)
    assert [f"{k}/8" in c for k, c in enumerate(seen, 1)] == [True] * 8
    everything = "\n".join(seen)
    for words in ("face up", "Ge-Elfen", "follow the suit", "20 points, 40 in trumps",
                  "exchanged", "101", "untergaigelt", "übergaigelt", "Gaigel",
                  "Strokes: the losers", "Your first deals", "Smear", "marriage",
                  "Playing last"):
        assert words in everything, words
    assert next(b for b in buttons(page) if "Next" in (b.label or "")).disabled
    page = await turn_page(world, "zoe", page, "Previous")
    assert "7/8" in page.content and "Your first deals" in page.content
    assert [m for m in world.channel.history() if "how to play" in m.content] == []


async def test_the_primer_follows_the_tables_rules_and_language(world: World) -> None:
    await world.new_table("alice", players=2, preset="classic")
    page = (await world.slash("alice", "gaigel help")).response.message
    assert "This table plays by classic rules (1907)." in page.content
    for _ in range(2):
        page = await turn_page(world, "alice", page, "Next")
    assert "leads any card face up" in page.content and "Ge-Elfen" not in page.content
    await world.slash("alice", "gaigel end")
    manager(world, "mia")
    await world.slash("mia", "gaigel settings", language="de")
    page = (await world.slash("bob", "gaigel help")).response.message
    assert "so wird gespielt" in page.content and "Augen: A 11" in page.content
    page = await turn_page(world, "bob", page, "Weiter")
    assert "2/8" in page.content


async def test_the_table_and_the_rules_point_to_the_primer(world: World) -> None:
    await world.new_table("alice", players=4)
    assert "/gaigel help" in world.table_message().content
    assert "/gaigel help" in text(await world.slash("bob", "gaigel rules"))


async def test_the_first_card_explains_its_openings_and_the_score_its_signs(world: World) -> None:
    await world.start_four()
    who = world.to_play()
    assert who is not None
    content = world.hand(who).content
    assert "First card of the deal" in content
    assert "Ge-Elfen" in content or "Höher hat" in content
    await world.play_deal()
    score = text(await world.slash("bob", "gaigel score"))
    assert "Strokes: the losers of a deal draw I (V for a double game)" in score


async def test_a_computer_partner_leaves_the_knock_to_the_person_by_default(
        world: World) -> None:
    await world.new_table("alice", players=4)
    for _ in range(3):
        await world.click_table("alice", "add")
    assert world.live().options.computer_knock == "own_turn"
    assert "Computer partners knock only on their own turn" in \
        text(await world.slash("alice", "gaigel rules"))
    assert FOUR[0] == "alice"


async def test_a_persons_first_hand_ever_points_to_the_primer_once(world: World) -> None:
    await world.start_four()  # opens everyone's hand once
    assert "New to Gaigel? /gaigel help" in world.hands["bob"].content
    again = await world.open_hand("bob")
    assert "/gaigel help" not in again.content
    await world.restart()
    assert "/gaigel help" not in (await world.open_hand("bob")).content


# ------------------------------------------------------------ the beginner help (issue 29)


async def finish_matches(world: World, host: str, count: int) -> None:
    """``host`` plays ``count`` one-deal matches (game points to 1) against a computer, each at
    a table of its own channel, the computer playing the host's turns: finished matches on
    this server, fast."""
    uid = world.user(host).id
    svc = world.svc
    for k in range(count):
        channel = world.guild.create_text_channel(f"practice{k}")
        state = await svc.create_table(world.guild.id, channel.id, uid, host, players=2,
                                       scoring="points", target=1, show_points=False)
        tid = state.table_id
        await svc.start(tid, uid, fill=True)
        while svc.public_state(tid).status == "playing":
            if not await svc.advance(tid):
                await svc.skip(tid, uid)
        assert svc.public_state(tid).status == "over"


async def test_a_first_time_hosts_table_has_the_beginner_help_and_says_how_to_switch_it(
        world: World) -> None:
    await world.new_table("alice", players=4)
    assert world.state().options.show_points
    content = world.table_message().content
    assert "Beginner help is on: running points, Hint and Review." in content
    assert "/gaigel new beginner:off" in content
    result = await world.slash("alice", "gaigel help")
    first = result.response.message.content
    assert "beginner help" in first and "Hint" in first and "beginner:off" in first
    assert "count in your head" not in first


async def test_a_host_with_three_finished_matches_gets_the_servers_show_points(
        world: World) -> None:
    await finish_matches(world, "alice", 3)
    await world.new_table("alice", players=4)
    assert not world.state().options.show_points  # the server's default: off
    assert "/gaigel new beginner:on" in world.table_message().content
    await world.slash("alice", "gaigel end")
    world.user("mia", roles=[world.guild.create_role(
        "Managers", permissions=discord.Permissions(manage_guild=True))])
    await world.slash("mia", "gaigel settings", show_points=True)
    await world.new_table("alice", players=4)
    assert world.state().options.show_points  # the server's setting, now on


async def test_two_finished_matches_still_count_as_a_newcomer(world: World) -> None:
    await finish_matches(world, "alice", 2)
    await world.new_table("alice", players=4)
    assert world.state().options.show_points


async def test_the_beginner_option_of_gaigel_new_wins_over_the_default(world: World) -> None:
    await world.new_table("alice", players=4, beginner="off")
    assert not world.state().options.show_points
    assert "Beginner help (running points, Hint and Review)" in world.table_message().content
    await world.slash("alice", "gaigel end")
    await finish_matches(world, "bob", 3)
    await world.new_table("bob", players=4, beginner="on")
    assert world.state().options.show_points


async def test_the_beginner_option_has_a_german_name_and_choices(world: World) -> None:
    from bot.shell.translator import GERMAN
    assert GERMAN["beginner"] == "anfaenger"
    assert GERMAN["on"] == "an" and GERMAN["off"] == "aus"
