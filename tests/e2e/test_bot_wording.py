"""What the bot says, as players read it (issue 13: bug 10 and "Wording and display"):
refusals that say why and name the right person, the knock's answer and icon, who erred in the
result line, court letters of the French suits, plurals, the seat list, the table during a
recount, the computer's seat notice, and German where it was English."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from world import FOUR, World, custom_ids, manager, rig, rigged_pack, text

from bot.shell.render import score_text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def seat_lines(content: str) -> list[str]:
    return [line for line in content.splitlines() if re.match(r"`\d`", line)]


# ---------------------------------------------------------------------- naming the right person


async def test_kick_and_accuse_of_someone_not_seated_name_that_person(world: World) -> None:
    await world.start_four()
    world.user("zoe")
    version = world.state().version
    result = await world.slash("alice", "gaigel kick", player=world.user("zoe"))
    assert result.response.ephemeral and text(result) == "zoe is not seated at this table."
    result = await world.slash("bob", "accuse", player=world.user("zoe"))
    assert result.response.ephemeral and text(result) == "zoe is not seated at this table."
    assert world.state().version == version


async def test_a_host_kicking_themselves_is_pointed_to_leave_or_end_and_nothing_changes(
        world: World) -> None:
    await world.start_four()
    version = world.state().version
    result = await world.slash("alice", "gaigel kick", player=world.user("alice"))
    assert result.response.ephemeral
    assert "/gaigel leave" in text(result) and "/gaigel end" in text(result)
    assert "removed" not in text(result)
    assert world.state().status == "playing" and world.state().version == version
    assert not world.live().chairs[0].computer
    assert "removed from the table" not in world.table_message().content


async def test_kicking_a_player_says_that_a_computer_plays_the_seat(world: World) -> None:
    await world.start_four()
    result = await world.slash("alice", "gaigel kick", player=world.user("dan"))
    assert text(result) == "dan removed; a computer plays the seat."
    assert world.live().chairs[3].computer


# ---------------------------------------------------------------------- refusals say why


async def test_declaring_the_trump_pair_as_20_says_it_counts_40_and_how_to_declare_it(
        world: World) -> None:
    await world.start_four()
    trump = world.live().deal.trump_suit
    result = await world.slash("alice", "declare", points=20, suit=trump)
    assert result.response.ephemeral
    assert text(result) == "The trump pair counts 40: declare it with /declare 40."


async def test_declare_20_with_only_the_trump_pair_says_it_counts_40(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, rigged_pack([["SA", "EK", "EO", "H7", "B7"], [], ["E7"], []], "EA"))
    await world.start_four()
    ace = next(c for c in world.playable("alice") if ".SA.g" in c)
    await world.click_hand("alice", ace)
    for who in FOUR[1:]:
        await world.play_card(who)
    result = await world.slash("alice", "declare", points=20)
    assert "counts 40" in text(result) and "/declare 40" in text(result)


async def test_refusals_of_declare_exchange_and_accuse_say_why(world: World,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, rigged_pack([["SA", "HK", "HO", "BK", "B7"], [], [], []], "EA"))
    await world.start_four()
    result = await world.slash("alice", "declare", points=20, suit="H")
    assert text(result) == "You cannot declare yet: your team has not won a trick."
    result = await world.slash("alice", "declare", points=20, suit="B")
    assert text(result) == "You cannot declare that pair: you do not hold 🍃K+O."
    result = await world.slash("alice", "declare", points=20, suit="Kreuzfeuer")
    assert "I do not know that suit" in text(result)
    result = await world.slash("alice", "exchange")
    assert text(result) == "You cannot exchange: you do not hold the trump Seven."
    result = await world.slash("alice", "accuse", player=world.user("carol"))
    assert text(result) == "You cannot accuse your own side."
    assert world.live().deal.actions == []


async def test_commands_between_deals_say_that_no_deal_is_played(world: World) -> None:
    await world.start_four()
    await world.slash("bob", "knock")
    for name in ("knock", "exchange"):
        result = await world.slash("alice", name)
        assert text(result) == "No deal is being played now: the last one is over.", name


# ---------------------------------------------------------------------- the knock


async def test_a_knock_is_answered_with_the_recount_to_follow_and_the_result_names_the_knocker(
        world: World) -> None:
    await world.start_four()
    result = await world.slash("bob", "knock")  # nobody has 101: a wrong knock
    assert result.response.ephemeral
    assert text(result) == "You knocked: “Aus!” The recount follows in the channel."
    content = world.table_message().content
    line = next(x for x in content.splitlines() if x.startswith("Deal 1:"))
    assert "untergaigelt (wrong knock)" in line and line.endswith("· bob knocked")
    call = next(m for m in world.channel.history() if "a knock by bob" in (m.content or ""))
    assert call.content.startswith("✊") and "🔔" not in call.content.splitlines()[0]


async def test_an_accusation_names_the_accuser_and_the_accused_side(world: World) -> None:
    await world.start_four()
    result = await world.slash("bob", "accuse")
    assert "recount follows" in text(result)
    line = next(x for x in world.table_message().content.splitlines() if x.startswith("Deal 1:"))
    assert line.endswith("· bob accused team A (alice, carol)")


@pytest.mark.simcord(settle_timeout=0.5)
async def test_while_the_recount_is_told_the_table_shows_it_and_no_turn_or_countdown(
        world: World) -> None:
    await world.start_four()
    assert "to play" in world.table_message().content
    world.bot.pacing.ceremony_step = 2.0
    await world.slash("bob", "knock")
    content = world.table_message().content
    assert "The tricks are being counted" in content
    assert "to play" not in content and "<t:" not in content
    assert "Deal 1:" not in content  # the verdict comes from the ceremony first
    assert not world.bot.timers.running(world.table_id())
    assert [c.rsplit(":", 1)[1] for c in custom_ids(world.table_message())] == ["hand"]
    await world.env.advance_time(30)
    content = world.table_message().content
    assert "The tricks are being counted" not in content and "Deal 1:" in content


# ---------------------------------------------------------------------- display


async def test_french_suits_show_the_marriage_with_the_queen(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    manager(world, "alice")
    await world.slash("alice", "gaigel settings", suits="french")
    rig(monkeypatch, rigged_pack([["SA", "HK", "HO", "EK", "EO"], [], ["E7"], []], "EA"))
    await world.start_four()
    ace = next(c for c in world.playable("alice") if ".SA.g" in c)
    await world.click_hand("alice", ace)
    for who in FOUR[1:]:
        await world.play_card(who)
    result = await world.slash("alice", "declare", points=40)
    assert "You declared 40" in text(result)
    line = next(x for x in world.table_message().content.splitlines() if "Marriages" in x)
    assert "♣️K+Q" in line and "K+O" not in line


async def test_three_players_read_1_game_point_in_the_singular(world: World) -> None:
    await world.new_table("alice", players=3)
    await world.click_table("bob", "join")
    await world.click_table("carol", "join")
    await world.click_table("alice", "start")
    await world.play_deal()
    score = world.table_message().content
    assert not re.search(r"\b1 game points", score)
    totals = [t["total"] for t in world.state().score["teams"]]
    assert 1 in totals, totals  # 5/3/1: someone has one game point
    assert re.search(r"\b1 game point\b", score)
    assert "after 1 of 10 deals" in score
    state = world.state()
    german = score_text(replace(state, options=replace(state.options, language="de")), state.score)
    assert re.search(r"\b1 Gewinnpunkt\b", german) and "1 Gewinnpunkte" not in german
    assert "5 Gewinnpunkte" in german


async def test_the_seats_keep_their_order_and_show_dealer_and_vorhand(world: World) -> None:
    await world.start_four()
    first = seat_lines(world.table_message().content)
    assert [line[:3] for line in first] == ["`1`", "`2`", "`3`", "`4`"]
    assert "leads (Vorhand)" in first[0] and "dealer" in first[3]
    await world.slash("alice", "knock")
    await world.click_table("alice", "next")
    second = seat_lines(world.table_message().content)
    assert [line[:3] for line in second] == ["`1`", "`2`", "`3`", "`4`"]
    assert "leads (Vorhand)" in second[1] and "dealer" in second[0]
    assert "leads (Vorhand)" not in second[0] and "dealer" not in second[3]


async def test_german_tables_say_striche_translate_levels_and_the_settings(world: World) -> None:
    manager(world, "alice")
    result = await world.slash("alice", "gaigel settings", language="de", knock="own_turn")
    answer = text(result)
    assert answer.startswith("Einstellungen gespeichert:")
    assert "Sprache Deutsch" in answer and "Farben deutsch" in answer
    assert "Computer Faustregeln" in answer
    assert "Computer rufen „Aus!“ erst, wenn sie am Zug sind" in answer  # with its comma
    assert "Blatt" not in answer and "klopfen" not in answer
    for english in ("language", "suits", "scoring", "computers knock", "own turn", "heuristic"):
        assert english not in answer, english
    await world.new_table("alice", players=2)
    await world.click_table("alice", "add")
    content = world.table_message().content
    assert "Striche 10" in content and "strokes" not in content
    assert "Computer (Faustregeln)" in content and "heuristic" not in content


# ------------------------------------------------ lines that read at a glance (issue 29, item 4)


def line_with(content: str, start: str) -> str:
    return next(x for x in content.splitlines() if x.startswith(start))


async def start_three(world: World, **options: object) -> None:
    await world.new_table("alice", players=3, **options)
    await world.click_table("bob", "join")
    await world.click_table("carol", "join")
    await world.click_table("alice", "start")
    for who in ("bob", "carol"):
        await world.open_hand(who)


async def test_the_points_line_names_the_persons_side_first_and_keeps_the_tables_order(
        world: World) -> None:
    await world.start_four(beginner="on")
    for deal in (1, 2):
        if deal == 2:
            await world.slash("alice", "knock")
            await world.click_table("alice", "next")
            for who in FOUR:
                await world.open_hand(who)
        # In deal 2 bob (team B) leads: the engine's first team is B, the table still says A first.
        table = line_with(world.table_message().content, "**Points")
        assert re.search(r"\*\* A \d+ · B \d+$", table), table
        alice = line_with(world.hand("alice").content, "Points")
        bob = line_with(world.hand("bob").content, "Points")
        assert re.search(r": Your team \(A\) \d+ · Opponents \(B\) \d+$", alice), alice
        assert re.search(r": Your team \(B\) \d+ · Opponents \(A\) \d+$", bob), bob


async def test_the_score_line_says_who_leads_and_what_the_strokes_mean(world: World) -> None:
    await world.start_four()
    assert line_with(world.table_message().content, "**Score**").endswith("· level")
    await world.slash("bob", "knock")  # a wrong knock: team A wins a double game
    content = world.table_message().content
    assert line_with(content, "**Score**").endswith("· team A leads")
    assert "-# I: a deal lost · V: a double game lost · ~~I~~: erased by a deal won" in content


async def test_the_table_names_its_preset_and_players_in_words(world: World) -> None:
    await world.new_table("alice", players=4)
    head = world.table_message().content.splitlines()[0]
    assert "· Württemberg rules · 4 players" in head
    assert "wuerttemberg" not in head and "4p" not in head


async def test_help_in_a_channel_without_a_table_does_not_speak_of_this_table(
        world: World) -> None:
    page = (await world.slash("zoe", "gaigel help")).response.message.content
    assert "This table plays" not in page
    assert "No table in this channel" in page and "Württemberg rules" in page
    await world.new_table("alice", players=4)
    page = (await world.slash("zoe", "gaigel help")).response.message.content
    assert "This table plays by Württemberg rules." in page


async def test_three_players_read_who_wins_and_whose_tricks_are_turned_over(
        world: World) -> None:
    await start_three(world)
    await world.slash("bob", "knock")  # a wrong knock
    ceremony = next(m for m in world.channel.history() if "a knock by bob" in (m.content or ""))
    assert "Turning over their tricks" in ceremony.content and "team" not in ceremony.content
    verdict = line_with(ceremony.content, "**Verdict")
    assert re.search(r"— [a-z, ]+ wins", verdict) and not re.search(r" win( \(|\.)", verdict)


async def test_at_three_players_the_accuse_confirmation_names_the_accused(
        world: World) -> None:
    await start_three(world)
    version = world.state().version
    accuse = next(b for b in world.hand_buttons("bob") if b.custom_id.split(":")[4].startswith("a")
                  and not b.disabled)
    accused = accuse.label.removesuffix(" anklagen").removeprefix("Accuse ")
    assert accused in ("alice", "carol")
    result = await world.click_hand("bob", accuse.custom_id)
    assert f"Accuse {accused} now? If {accused} did not play on past 101" in text(result)
    labels = [b.label for b in world.hand_buttons("bob")]
    assert f"Accuse {accused} now? A wrong accusation loses double" in labels
    assert world.state().version == version


# ------------------------------------------------ German as Gaigel players speak it (issue 29, item 7)


async def german_table(world: World, **options: object) -> None:
    manager(world, "mia")
    await world.slash("mia", "gaigel settings", language="de")
    await world.start_four(**options)


async def test_a_german_table_calls_the_knock_aus_and_the_verdict_ergebnis(world: World) -> None:
    await german_table(world)
    labels = [b.label or "" for b in world.hand_buttons("bob")]
    assert "„Aus!“" in labels and not any("lopf" in label for label in labels)
    result = await world.hand_action("bob", "k")
    assert "Jetzt „Aus!“ rufen?" in text(result) and "klopfen" not in text(result)
    assert "Jetzt „Aus!“ rufen? Zu früh verliert doppelt" in [
        b.label for b in world.hand_buttons("bob")]
    await world.env.advance_time(1)
    await world.hand_action("bob", "c")  # nobody has 101: too early
    ceremony = next(m for m in world.channel.history() if "ruft bob" in (m.content or ""))
    assert "**Ergebnis: untergaigelt (zu früh „Aus!“ gerufen)** — Partei A" in ceremony.content
    assert "Urteil" not in ceremony.content and "geklopft" not in ceremony.content
    line = next(x for x in world.table_message().content.splitlines() if x.startswith("Spiel 1:"))
    assert "gewinnt doppelt — untergaigelt (zu früh „Aus!“ gerufen)" in line
    assert ") (" not in line and "(doppelt)" not in line
    assert line.endswith("· bob hat „Aus!“ gerufen")


async def test_a_german_table_has_no_english_words_and_says_nach_wuerttemberger_regeln(
        world: World) -> None:
    await german_table(world)
    head = world.table_message().content.splitlines()[0]
    assert "· Württemberger Regeln · 4 Spieler" in head
    assert "4p" not in head and "wuerttemberg" not in head and "players" not in head
    page = (await world.slash("alice", "gaigel help")).response.message.content
    assert "Dieser Tisch spielt nach Württemberger Regeln." in page


async def test_german_calls_the_hand_karten_and_keeps_blatt_for_the_suit(world: World) -> None:
    from bot.texts import de
    for book in (de.SENTENCES, de.ERRORS):
        for key, sentence in book.items():
            if "Blatt" in sentence:  # only the suit Leaves is Blatt
                assert "Eichel, Blatt, Herz oder Schellen" in sentence, (key, sentence)
    assert "Karten" in de.ERRORS["stale"] and "Karten" in de.SENTENCES["hand_changed"]
    await german_table(world)
    assert "Blatt" not in world.hand("alice").content
    assert de.SENTENCES["dm_on"] == "Deine Karten kommen jetzt auch als Direktnachricht."


async def test_settings_saved_says_running_tables_keep_their_language(world: World) -> None:
    manager(world, "mia")
    result = await world.slash("mia", "gaigel settings", language="de")
    assert "Tische, die schon laufen, behalten ihre Sprache bis zu ihrer nächsten Partie." in \
        text(result)
    result = await world.slash("mia", "gaigel settings", language="en")
    assert "Tables already running keep their language until their next match." in text(result)
