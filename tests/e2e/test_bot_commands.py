"""The /gaigel commands around the game: settings, language, permissions, history, host tools."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest
from world import World, manager, text

from bot.shell.translator import GERMAN, GaigelTranslator

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def play_one_deal(world: World) -> None:
    await world.seat_four()
    await world.click_table("alice", "start")
    await world.play_deal()


async def test_commands_have_german_names_and_descriptions(world: World) -> None:
    translator = GaigelTranslator()
    ctx = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_name, None)
    assert await translator.translate(discord.app_commands.locale_str("knock"),
                                      discord.Locale.german, ctx) == "ausrufen"
    assert await translator.translate(discord.app_commands.locale_str("knock"),
                                      discord.Locale.french, ctx) is None
    synced = await world.bot.tree.fetch_commands()
    by_name = {c.name: c for c in synced}
    assert set(by_name) == {"gaigel", "declare", "knock", "exchange", "accuse"}
    assert by_name["knock"].name_localizations.get(discord.Locale.german) == "ausrufen"
    assert by_name["declare"].description_localizations.get(discord.Locale.german) == GERMAN[
        "Declare a marriage (King and Ober)"]
    # every command, subcommand and option has a German name and description
    missing = []
    stack: list[Any] = list(synced)
    while stack:
        item = stack.pop()
        for what in ("name", "description"):
            if discord.Locale.german not in getattr(item, f"{what}_localizations"):
                missing.append(f"{what} of {item.name}")
        stack.extend(getattr(item, "options", []))
    assert missing == []


async def test_a_manager_sets_german_and_french_suits_for_new_tables(world: World) -> None:
    result = await world.slash("bob", "gaigel settings", language="de")
    assert "server managers" in text(result)
    manager(world, "alice")
    result = await world.slash("alice", "gaigel settings", language="de", suits="french", timer=60)
    assert result.response.ephemeral and "gespeichert" in text(result)
    await world.new_table("alice", players=2)
    await world.click_table("bob", "join")
    assert "Plätze" in world.table_message().content
    await world.click_table("alice", "start")
    hand = world.hand("alice")
    assert "Deine Karten" in hand.content
    assert any(s in hand.content for s in ("♣️", "♠️", "♥️", "♦️"))
    assert "⏱️ 60s" in world.table_message().content
    result = await world.slash("alice", "gaigel rules")
    assert "Regeln" in text(result) and "Zugzeit: 60 s" in text(result)


async def test_computer_knock_option_is_chosen_at_gaigel_new_and_as_a_server_default(
        world: World) -> None:
    manager(world, "alice")
    await world.new_table("alice", players=4, knock="own_turn")
    assert world.live().options.computer_knock == "own_turn"
    result = await world.slash("bob", "gaigel rules")
    assert "Computer partners knock only on their own turn" in text(result)
    synced = {c.name: c for c in await world.bot.tree.fetch_commands()}
    new = next(o for o in synced["gaigel"].options if o.name == "new")
    knock = next(o for o in new.options if o.name == "knock")
    assert [c.value for c in knock.choices] == ["at_once", "own_turn"]
    assert knock.name_localizations.get(discord.Locale.german) == "ausrufen"
    await world.slash("alice", "gaigel end")
    result = await world.slash("alice", "gaigel settings", knock="own_turn")
    assert "computers knock on their own turn" in text(result)
    await world.new_table("alice", players=4)
    assert world.live().options.computer_knock == "own_turn"
    result = await world.slash("bob", "gaigel rules")
    assert "only on their own turn" in text(result)


async def test_the_computer_option_completes_the_levels_on_offer_matching_what_was_typed(
        world: World) -> None:
    from bot.service.computer import levels
    alice = world.user("alice")
    for command in ("gaigel new", "gaigel add", "gaigel settings"):
        offered = await alice.autocomplete(world.channel, command, "computer", "")
        assert [c["value"] for c in offered] == list(levels()), command
        typed = await alice.autocomplete(world.channel, command, "computer", "STR")
        assert [(c["name"], c["value"]) for c in typed] == [("strong", "strong")], command


async def test_the_host_seats_a_computer_of_a_chosen_level_in_a_chosen_seat(world: World) -> None:
    await world.new_table("alice", players=4)
    await world.click_table("bob", "join")
    result = await world.slash("bob", "gaigel add", computer="strong", seat=3)
    assert result.response.ephemeral and "Only the host" in text(result)
    result = await world.slash("alice", "gaigel add", computer="strong", seat=3)
    assert result.response.ephemeral and "A computer took a seat" in text(result)
    seats = world.table_message().content.split("__Seats__")[1]
    assert "`3` Computer 3" in seats and "computer (strong)" in seats
    assert world.live().chairs[2].level == "strong"
    refusals = [("strong", 3, "That seat is taken"), ("strong", 5, "no such seat"),
                ("grandmaster", 4, "Unknown computer level")]
    for level, seat, words in refusals:
        result = await world.slash("alice", "gaigel add", computer=level, seat=seat)
        assert result.response.ephemeral and words in text(result)
    result = await world.slash("alice", "gaigel add")
    assert "A computer took a seat" in text(result)
    assert world.live().chairs[3].level == world.live().options.level
    await world.click_table("alice", "start")
    version = world.state().version
    result = await world.slash("alice", "gaigel add", computer="random")
    assert result.response.ephemeral and "already started" in text(result)
    assert [c.level for c in world.live().chairs if c.computer] == ["strong", "heuristic"]
    assert world.state().version == version


async def test_gaigel_new_tells_the_host_which_permissions_are_missing(world: World) -> None:
    closed = world.guild.create_text_channel(
        "closed", overwrites={world.bot.user: discord.PermissionOverwrite(send_messages=False)})
    result = await world.user("alice").slash(closed, "gaigel new", players=4)
    assert result.response.ephemeral and "send messages" in text(result)
    assert world.svc.table_in_channel(closed.id) is None


async def test_on_discord_the_answer_to_a_new_table_links_to_its_message(world: World) -> None:
    """On Discord the host's answer links to the table message (offline it does not: see
    tests/e2e/test_offline.py)."""
    result = await world.new_table("alice", players=4)
    message = world.table_message()
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{message.id}"
    assert text(result) == f"Table {world.table_id()} is open: {link}"


async def test_one_table_per_channel(world: World) -> None:
    await world.new_table("alice", players=4)
    result = await world.slash("bob", "gaigel new", players=2)
    assert "already has a table" in text(result)


async def test_last_score_and_rules_show_only_what_may_be_seen(world: World) -> None:
    await world.seat_four()
    await world.click_table("alice", "start")
    result = await world.slash("bob", "gaigel last")
    assert "No trick has been taken yet" in text(result)
    for _ in range(8):
        await world.play_card(world.to_play())
    result = await world.slash("bob", "gaigel last")
    assert "Last trick" in text(result) and "Older tricks stay face down" in text(result)
    last = world.live().deal.tricks[-1]
    from world import cards_in_text
    assert sorted(cards_in_text(text(result)).elements()) == sorted(last.cards)
    result = await world.slash("bob", "gaigel score")
    assert "Score" in text(result)
    result = await world.slash("bob", "gaigel rules")
    assert "**Württemberg rules** · 4 players" in text(result)


async def test_history_export_stats_and_leaderboard(world: World) -> None:
    await play_one_deal(world)
    result = await world.slash("bob", "gaigel export", scope="table", format="json")
    assert "host" in text(result)
    result = await world.slash("alice", "gaigel export", scope="table", format="json")
    (attachment,) = result.response.attachments
    data = json.loads(await attachment.read())
    assert data["count"] == 1 and data["deals"][0]["format"] == "gaigel-deal/1"
    result = await world.slash("alice", "gaigel export", scope="server", format="csv")
    assert "server managers" in text(result)
    manager(world, "erin")
    result = await world.slash("erin", "gaigel export", scope="server", format="csv")
    (attachment,) = result.response.attachments
    assert (await attachment.read()).decode().startswith("time,table")
    result = await world.slash("bob", "gaigel stats")
    assert "deals played: 1" in text(result)
    result = await world.slash("bob", "gaigel leaderboard")  # one deal: nobody rated yet
    assert text(result) == "No one has 5 rated matches in season all time yet."


async def test_a_finished_table_can_still_be_exported_by_its_host(world: World) -> None:
    await play_one_deal(world)
    await world.slash("alice", "gaigel end")
    assert world.svc.table_in_channel(world.channel.id) is None  # no live table any more
    result = await world.slash("bob", "gaigel export", scope="table", format="json")
    assert "host" in text(result)
    result = await world.slash("alice", "gaigel export", scope="table", format="json")
    (attachment,) = result.response.attachments
    data = json.loads(await attachment.read())
    assert data["count"] == 1 and data["deals"][0]["result"] is not None


async def test_the_host_skips_kicks_and_ends_and_others_may_not(world: World) -> None:
    await world.seat_four()
    await world.click_table("alice", "start")
    result = await world.slash("bob", "gaigel skip")
    assert "Only the host" in text(result)
    result = await world.slash("alice", "gaigel skip")
    assert "skipped" in text(result)
    assert [a.seat for a in world.live().deal.actions] == [0]
    assert "skipped alice" in world.table_message().content
    result = await world.slash("bob", "gaigel kick", player=world.user("carol"))
    assert "Only the host" in text(result)
    result = await world.slash("alice", "gaigel kick", player=world.user("carol"))
    assert "removed" in text(result)
    assert world.state().seats[2].computer
    result = await world.click_table("carol", "hand")
    assert "not seated" in text(result)
    result = await world.slash("bob", "gaigel end")
    assert "Only the host" in text(result)
    result = await world.slash("alice", "gaigel end")
    assert "ended" in text(result)
    assert world.svc.table_in_channel(world.channel.id) is None
    assert "closed this table" in world.table_message().content


async def test_a_player_leaves_a_running_table_and_a_computer_plays_their_seat(world: World) -> None:
    await world.seat_four()
    result = await world.slash("erin", "gaigel leave")
    assert "not seated" in text(result) and result.response.ephemeral
    await world.click_table("dan", "leave")  # before the start the chair is simply freed
    assert world.state().seats[3].empty
    await world.click_table("dan", "join")
    await world.click_table("alice", "start")
    version = world.state().version
    result = await world.slash("bob", "gaigel leave")
    assert result.response.ephemeral and "a computer plays your seat" in text(result)
    seats = world.state().seats
    assert seats[1].computer and seats[1].name == "bob (Computer)"
    assert world.state().version > version
    assert "bob left the table" in world.table_message().content
    result = await world.click_table("bob", "hand")
    assert "not seated" in text(result)
    # the deal goes on with the computer in bob's chair: never waiting for bob
    assert world.to_play() in ("alice", "carol", "dan")
    # the host leaves: another person hosts now; the last person to leave closes the table
    await world.slash("alice", "gaigel leave")
    assert world.svc.is_host(world.table_id(), world.user("carol").id)
    await world.slash("carol", "gaigel leave")
    result = await world.slash("dan", "gaigel leave")
    assert "nobody else was seated" in text(result)
    assert world.svc.table_in_channel(world.channel.id) is None
