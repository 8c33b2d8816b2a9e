"""The shell's decisions on their own (``bot.shell.decide``): what a click means given the
state, without Discord. The real bot's answers to the same clicks are in tests/e2e."""

from __future__ import annotations

from pathlib import Path

from bot.service import GameService
from bot.service.models import TableOptions
from bot.shell.custom_ids import (
    NO_VERSION,
    Accuse,
    AskHint,
    Confirm,
    DeclarePair,
    Knock,
    PlayCard,
    Refresh,
)
from bot.shell.decide import (
    CONFIRM_PAUSE,
    CONFIRM_SECONDS,
    Clicked,
    Question,
    computers_may_think,
    hand_click,
    own_hand,
    own_primer,
    table_act,
    table_message,
)
from bot.shell.primer import primer_page

T = 1_000_000.0
"""A moment, in ``now()`` seconds."""

# ---------------------------------------------------------------------- a click in a hand


def test_a_knock_or_an_accusation_clicked_once_is_asked_not_acted_on() -> None:
    for claim in (Knock(), Accuse(None), Accuse(1)):
        step = hand_click(claim, 7, None, T)
        assert step.meaning == "ask" and step.asked == claim
        assert step.question == Question(claim, 7, T, T + CONFIRM_SECONDS)


def test_a_confirmation_within_a_second_of_the_question_asks_again_never_acts() -> None:
    asked = Question(Knock(), 7, T, T + CONFIRM_SECONDS)
    for later in (0.0, 0.2, CONFIRM_PAUSE - 0.01):
        step = hand_click(Confirm(Knock()), 7, asked, T + later)
        assert step.meaning == "ask_again" and step.asked == Knock()
        # the question is shown again now: the pause counts from here, the deadline stays
        assert step.question == Question(Knock(), 7, T + later, T + CONFIRM_SECONDS)


def test_a_confirmation_a_second_or_more_after_the_question_acts_and_ends_it() -> None:
    asked = Question(Accuse(1), 7, T, T + CONFIRM_SECONDS)
    # a hair under a second between two float clocks counts as the second
    for later in (CONFIRM_PAUSE - 0.0004, CONFIRM_PAUSE, 5.0, CONFIRM_SECONDS):
        step = hand_click(Confirm(Accuse(1)), 7, asked, T + later)
        assert (step.meaning, step.question, step.asked) == ("act", None, None)


def test_a_confirmation_without_its_question_at_that_version_in_time_has_lapsed() -> None:
    asked = Question(Knock(), 7, T, T + CONFIRM_SECONDS)
    lapsed = [hand_click(Confirm(Knock()), 7, None, T + 2),  # nothing asked (or a restart)
              hand_click(Confirm(Accuse(None)), 7, asked, T + 2),  # another claim
              hand_click(Confirm(Knock()), 8, asked, T + 2),  # the table moved on
              hand_click(Confirm(Knock()), 7, asked, T + CONFIRM_SECONDS + 0.5)]  # too late
    assert [(s.meaning, s.question, s.asked) for s in lapsed] == [("lapsed", None, None)] * 4


def test_a_forged_version_is_stale_whatever_was_clicked_and_drops_the_question() -> None:
    asked = Question(Knock(), 7, T, T + CONFIRM_SECONDS)
    for act in (Knock(), Confirm(Knock()), PlayCard(0, "EA", None), Refresh(), None):
        step = hand_click(act, NO_VERSION, asked, T + 2)
        assert (step.meaning, step.question, step.asked) == ("stale", None, None)


def test_refresh_only_shows_the_hand_and_any_other_act_goes_to_the_service() -> None:
    asked = Question(Knock(), 7, T, T + CONFIRM_SECONDS)
    cancel = hand_click(Refresh(), 7, asked, T + 2)  # Cancel is a Refresh in the claim's place
    assert (cancel.meaning, cancel.question, cancel.asked) == ("show", None, None)
    for act in (PlayCard(0, "EA", None), DeclarePair("E", False), AskHint(), None):
        step = hand_click(act, 7, asked, T + 2)  # a malformed act: the handler refuses it
        assert (step.meaning, step.question) == ("act", None)  # the question is dropped


# ---------------------------------------------------------------------- the clicked message


def test_only_the_clickers_own_ephemeral_or_dm_message_is_their_hand() -> None:
    assert own_hand(Clicked(5, ephemeral=True))
    assert own_hand(Clicked(5, dm=True))
    assert not own_hand(Clicked(5))  # a hand button forged onto the public table message
    assert not own_hand(Clicked(None, ephemeral=True))  # no message came with the click


def test_only_the_clickers_own_private_primer_page_turns_its_page() -> None:
    page = primer_page(0, TableOptions(), TableOptions().engine_rules(), "en")
    assert own_primer(Clicked(5, ephemeral=True, asked_by=11, content=page), 11)
    assert own_primer(Clicked(5, ephemeral=True, asked_by=None, content=page), 11)
    assert not own_primer(Clicked(5, ephemeral=True, asked_by=12, content=page), 11)
    assert not own_primer(Clicked(5, ephemeral=False, asked_by=11, content=page), 11)
    assert not own_primer(Clicked(5, ephemeral=True, asked_by=11, content="Your cards"), 11)
    assert not own_primer(Clicked(None, ephemeral=True, content=page), 11)


# ---------------------------------------------------------------------- a table button


def test_a_table_button_acts_only_on_the_tables_current_message() -> None:
    assert table_message(40, 40, "join") == "current"
    assert table_message(None, 40, "join") == "current"  # Discord sent no message
    assert table_message(39, None, "start") == "current"  # the table has none on record
    assert table_message(39, 40, "join") == "old"  # replaced by a fresh one
    assert table_message(39, 40, "hand") == "old"
    assert table_message(39, 40, "next") == "ceremony?"  # Next deal under a knock ceremony


def test_each_table_button_means_one_thing_and_some_let_computers_play_first() -> None:
    meanings = {act: (table_act(act).kind, table_act(act).computers_first)
                for act in ("hand", "last", "review", "join", "leave", "add", "start", "next",
                            "back", "again", "none", "kick")}
    assert meanings == {
        "hand": ("hand", False), "last": ("last", False), "review": ("review", False),
        "join": ("change", False), "leave": ("change", True), "add": ("change", False),
        "start": ("change", True), "next": ("change", True), "back": ("change", False),
        "again": ("change", False), "none": ("unknown", False), "kick": ("unknown", False)}


async def test_computers_may_think_with_a_computer_at_the_table_or_once_a_deal_is_played(
        tmp_path: Path) -> None:
    svc = await GameService.open(str(tmp_path / "gaigel.sqlite3"), seed=3)
    try:
        state = await svc.create_table(1, 100, 11, "Alice", players=2)
        tid = state.table_id
        assert not computers_may_think(svc.public_state(tid))  # one person, no deal
        await svc.join(tid, 12, "Bob")
        await svc.start(tid, 11)
        assert computers_may_think(svc.public_state(tid))  # playing: people only
        other = await svc.create_table(1, 101, 21, "Carol", players=2)
        await svc.add_computer(other.table_id, 21)
        assert computers_may_think(svc.public_state(other.table_id))  # open, a computer
    finally:
        await svc.close()
