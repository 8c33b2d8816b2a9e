"""The /gaigel commands around the game: settings, language, permissions, history, host tools."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest
from gaigel_sim import Sim

from bot.shell.translator import GERMAN, GaigelTranslator

pytestmark = pytest.mark.simcord(settle_timeout=0.5)



def text(result: object) -> str:
    r = result.response  # type: ignore[attr-defined]
    return r.content if r is not None else ""


def manager(sim: Sim, name: str) -> object:
    role = sim.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return sim.user(name, roles=[role])


async def play_one_deal(sim: Sim) -> None:
    await sim.seat_four()
    await sim.click_table("alice", "start")
    await sim.play_deal()


async def test_commands_have_german_names_and_descriptions(sim: Sim) -> None:
    translator = GaigelTranslator()
    ctx = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_name, None)
    assert await translator.translate(discord.app_commands.locale_str("knock"),
                                      discord.Locale.german, ctx) == "klopfen"
    assert await translator.translate(discord.app_commands.locale_str("knock"),
                                      discord.Locale.french, ctx) is None
    synced = await sim.bot.tree.fetch_commands()
    by_name = {c.name: c for c in synced}
    assert set(by_name) == {"gaigel", "declare", "knock", "exchange", "accuse"}
    assert by_name["knock"].name_localizations.get(discord.Locale.german) == "klopfen"
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


async def test_a_manager_sets_german_and_french_suits_for_new_tables(sim: Sim) -> None:
    result = await sim.slash("bob", "gaigel settings", language="de")
    assert "server managers" in text(result)
    manager(sim, "alice")
    result = await sim.slash("alice", "gaigel settings", language="de", suits="french", timer=60)
    assert result.response.ephemeral and "gespeichert" in text(result)
    await sim.new_table("alice", players=2)
    await sim.click_table("bob", "join")
    assert "Plätze" in sim.table_message().content
    await sim.click_table("alice", "start")
    hand = sim.hand("alice")
    assert "Deine Karten" in hand.content
    assert any(s in hand.content for s in ("♣️", "♠️", "♥️", "♦️"))
    assert "⏱️ 60s" in sim.table_message().content
    result = await sim.slash("alice", "gaigel rules")
    assert "Regeln" in text(result) and "Zugzeit: 60 s" in text(result)


async def test_computer_knock_option_is_chosen_at_gaigel_new_and_as_a_server_default(
        sim: Sim) -> None:
    manager(sim, "alice")
    await sim.new_table("alice", players=4, knock="own_turn")
    assert sim.live().options.computer_knock == "own_turn"
    result = await sim.slash("bob", "gaigel rules")
    assert "Computer partners knock only on their own turn" in text(result)
    synced = {c.name: c for c in await sim.bot.tree.fetch_commands()}
    new = next(o for o in synced["gaigel"].options if o.name == "new")
    knock = next(o for o in new.options if o.name == "knock")
    assert [c.value for c in knock.choices] == ["at_once", "own_turn"]
    assert knock.name_localizations.get(discord.Locale.german) == "klopfen"
    await sim.slash("alice", "gaigel end")
    result = await sim.slash("alice", "gaigel settings", knock="own_turn")
    assert "computers knock on their own turn" in text(result)
    await sim.new_table("alice", players=4)
    assert sim.live().options.computer_knock == "own_turn"
    result = await sim.slash("bob", "gaigel rules")
    assert "only on their own turn" in text(result)


async def test_the_host_seats_a_computer_of_a_chosen_level_in_a_chosen_seat(sim: Sim) -> None:
    await sim.new_table("alice", players=4)
    await sim.click_table("bob", "join")
    result = await sim.slash("bob", "gaigel add", computer="strong", seat=3)
    assert result.response.ephemeral and "Only the host" in text(result)
    result = await sim.slash("alice", "gaigel add", computer="strong", seat=3)
    assert result.response.ephemeral and "A computer took a seat" in text(result)
    seats = sim.table_message().content.split("__Seats__")[1]
    assert "`3` Computer 3" in seats and "computer (strong)" in seats
    assert sim.live().chairs[2].level == "strong"
    refusals = [("strong", 3, "That seat is taken"), ("strong", 5, "no such seat"),
                ("grandmaster", 4, "Unknown computer level")]
    for level, seat, words in refusals:
        result = await sim.slash("alice", "gaigel add", computer=level, seat=seat)
        assert result.response.ephemeral and words in text(result)
    result = await sim.slash("alice", "gaigel add")
    assert "A computer took a seat" in text(result)
    assert sim.live().chairs[3].level == sim.live().options.level
    await sim.click_table("alice", "start")
    version = sim.state().version
    result = await sim.slash("alice", "gaigel add", computer="random")
    assert result.response.ephemeral and "already started" in text(result)
    assert [c.level for c in sim.live().chairs if c.computer] == ["strong", "heuristic"]
    assert sim.state().version == version


async def test_gaigel_new_tells_the_host_which_permissions_are_missing(sim: Sim) -> None:
    closed = sim.guild.create_text_channel(
        "closed", overwrites={sim.bot.user: discord.PermissionOverwrite(send_messages=False)})
    result = await sim.user("alice").slash(closed, "gaigel new", players=4)
    assert result.response.ephemeral and "send messages" in text(result)
    assert sim.svc.table_in_channel(closed.id) is None


async def test_one_table_per_channel(sim: Sim) -> None:
    await sim.new_table("alice", players=4)
    result = await sim.slash("bob", "gaigel new", players=2)
    assert "already has a table" in text(result)


async def test_last_score_and_rules_show_only_what_may_be_seen(sim: Sim) -> None:
    await sim.seat_four()
    await sim.click_table("alice", "start")
    result = await sim.slash("bob", "gaigel last")
    assert "No trick has been taken yet" in text(result)
    for _ in range(8):
        await sim.play_card(sim.to_play())
    result = await sim.slash("bob", "gaigel last")
    assert "Last trick" in text(result) and "Older tricks stay face down" in text(result)
    last = sim.live().deal.tricks[-1]
    from gaigel_sim import cards_in_text
    assert sorted(cards_in_text(text(result)).elements()) == sorted(last.cards)
    result = await sim.slash("bob", "gaigel score")
    assert "Score" in text(result)
    result = await sim.slash("bob", "gaigel rules")
    assert "Rules: wuerttemberg" in text(result)


async def test_history_export_stats_and_leaderboard(sim: Sim) -> None:
    await play_one_deal(sim)
    result = await sim.slash("bob", "gaigel export", scope="table", format="json")
    assert "host" in text(result)
    result = await sim.slash("alice", "gaigel export", scope="table", format="json")
    (attachment,) = result.response.attachments
    data = json.loads(await attachment.read())
    assert data["count"] == 1 and data["deals"][0]["format"] == "gaigel-deal/1"
    result = await sim.slash("alice", "gaigel export", scope="server", format="csv")
    assert "server managers" in text(result)
    manager(sim, "erin")
    result = await sim.slash("erin", "gaigel export", scope="server", format="csv")
    (attachment,) = result.response.attachments
    assert (await attachment.read()).decode().startswith("time,table")
    result = await sim.slash("bob", "gaigel stats")
    assert "deals played: 1" in text(result)
    result = await sim.slash("bob", "gaigel leaderboard")
    assert "alice" in text(result) and "bob" in text(result)


async def test_a_finished_table_can_still_be_exported_by_its_host(sim: Sim) -> None:
    await play_one_deal(sim)
    await sim.slash("alice", "gaigel end")
    assert sim.svc.table_in_channel(sim.channel.id) is None  # no live table any more
    result = await sim.slash("bob", "gaigel export", scope="table", format="json")
    assert "host" in text(result)
    result = await sim.slash("alice", "gaigel export", scope="table", format="json")
    (attachment,) = result.response.attachments
    data = json.loads(await attachment.read())
    assert data["count"] == 1 and data["deals"][0]["result"] is not None


async def test_the_host_skips_kicks_and_ends_and_others_may_not(sim: Sim) -> None:
    await sim.seat_four()
    await sim.click_table("alice", "start")
    result = await sim.slash("bob", "gaigel skip")
    assert "Only the host" in text(result)
    result = await sim.slash("alice", "gaigel skip")
    assert "skipped" in text(result)
    assert [a.seat for a in sim.live().deal.actions] == [0]
    assert "skipped alice" in sim.table_message().content
    result = await sim.slash("bob", "gaigel kick", player=sim.user("carol"))
    assert "Only the host" in text(result)
    result = await sim.slash("alice", "gaigel kick", player=sim.user("carol"))
    assert "removed" in text(result)
    assert sim.state().seats[2].computer
    result = await sim.click_table("carol", "hand")
    assert "not seated" in text(result)
    result = await sim.slash("bob", "gaigel end")
    assert "Only the host" in text(result)
    result = await sim.slash("alice", "gaigel end")
    assert "ended" in text(result)
    assert sim.svc.table_in_channel(sim.channel.id) is None
    assert "closed this table" in sim.table_message().content


async def test_a_player_leaves_a_running_table_and_a_computer_plays_their_seat(sim: Sim) -> None:
    await sim.seat_four()
    result = await sim.slash("erin", "gaigel leave")
    assert "not seated" in text(result) and result.response.ephemeral
    await sim.click_table("dan", "leave")  # before the start the chair is simply freed
    assert sim.state().seats[3].empty
    await sim.click_table("dan", "join")
    await sim.click_table("alice", "start")
    version = sim.state().version
    result = await sim.slash("bob", "gaigel leave")
    assert result.response.ephemeral and "a computer plays your seat" in text(result)
    seats = sim.state().seats
    assert seats[1].computer and seats[1].name == "bob (Computer)"
    assert sim.state().version > version
    assert "bob left the table" in sim.table_message().content
    result = await sim.click_table("bob", "hand")
    assert "not seated" in text(result)
    # the deal goes on with the computer in bob's chair: never waiting for bob
    assert sim.to_play() in ("alice", "carol", "dan")
    # the host leaves: another person hosts now; the last person to leave closes the table
    await sim.slash("alice", "gaigel leave")
    assert sim.svc.is_host(sim.table_id(), sim.user("carol").id)
    await sim.slash("carol", "gaigel leave")
    result = await sim.slash("dan", "gaigel leave")
    assert "nobody else was seated" in text(result)
    assert sim.svc.table_in_channel(sim.channel.id) is None
