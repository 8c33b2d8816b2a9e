"""The custom_id codec, without Discord: every format is built and parsed by one class, round
trips, and refuses what a forged or careless client could send."""

from __future__ import annotations

import pytest

from bot.shell.custom_ids import (
    MAX_ID,
    NO_VERSION,
    Accuse,
    DeclarePair,
    ExchangeSeven,
    HandClick,
    Knock,
    PlayCard,
    Refresh,
    ReplayPage,
    ShowSevens,
    TableClick,
)

HAND_ACTS = [PlayCard(0, "EA", None), PlayCard(4, "H10", "hoeher-hat"),
             PlayCard(2, "S7", "ge-elfen"), DeclarePair("H", False), DeclarePair("B", True),
             ExchangeSeven(), Knock(), Accuse(None), Accuse(2), ShowSevens(), Refresh()]


def test_a_table_button_round_trips_and_never_carries_a_card() -> None:
    for act in ("join", "leave", "add", "start", "hand", "next", "back", "last", "review"):
        click = TableClick(12, 345, act)
        assert click.custom_id == f"gg:t:12:345:{act}"
        assert TableClick.parse(click.custom_id) == click


@pytest.mark.parametrize("act", HAND_ACTS, ids=repr)
def test_every_hand_act_round_trips_through_its_custom_id(act: object) -> None:
    click = HandClick(7, 99, act)  # type: ignore[arg-type]
    assert click.custom_id.startswith("gg:h:7:99:")
    assert len(click.custom_id) <= 100
    assert HandClick.parse(click.custom_id) == click


def test_the_hand_custom_ids_are_the_documented_formats() -> None:
    assert HandClick(1, 2, PlayCard(3, "HK", "zweite-alte")).custom_id == "gg:h:1:2:p3.HK.z"
    assert HandClick(1, 2, PlayCard(0, "E7", None)).custom_id == "gg:h:1:2:p0.E7.-"
    assert HandClick(1, 2, DeclarePair("S", True)).custom_id == "gg:h:1:2:dS2"
    assert HandClick(1, 2, Accuse(1)).custom_id == "gg:h:1:2:a1"
    assert HandClick(1, 2, Refresh()).custom_id == "gg:h:1:2:r"


def test_a_play_is_told_to_the_service_as_its_card_and_opening() -> None:
    click = HandClick.parse("gg:h:1:2:p1.BA.h")
    assert click is not None and click.act is not None
    assert click.act.service_fields() == {"do": "play", "card": "BA", "opening": "hoeher-hat"}
    assert Refresh().service_fields() is None


@pytest.mark.parametrize("custom_id", [
    f"gg:t:{MAX_ID + 1}:0:join", "gg:t:99999999999999999999999999:0:join",
    f"gg:t:1:{MAX_ID + 1}:join", "gg:h:99999999999999999999999999:0:r",
    "gg:t:-1:0:join", "gg:t:1:0:", "gg:x:1:0:join", "gg:t:1:0:join:extra"])
def test_ids_beyond_the_database_range_or_malformed_parse_as_nothing(custom_id: str) -> None:
    assert TableClick.parse(custom_id) is None
    assert HandClick.parse(custom_id) is None


def test_the_largest_id_the_database_holds_still_parses() -> None:
    click = TableClick.parse(f"gg:t:{MAX_ID}:{MAX_ID}:next")
    assert click == TableClick(MAX_ID, MAX_ID, "next")


@pytest.mark.parametrize("version", [str(MAX_ID + 1), "9" * 40])
def test_a_hand_version_beyond_the_database_range_is_no_tables_version(version: str) -> None:
    # From the person's own hand at an existing table: the click is stale ("your hand
    # changed"), not a table that does not exist.
    click = HandClick.parse(f"gg:h:1:{version}:k")
    assert click == HandClick(1, NO_VERSION, Knock())
    assert HandClick.parse(f"gg:h:1:{version}:p0.EA.-") == HandClick(1, NO_VERSION,
                                                                    PlayCard(0, "EA", None))
    assert HandClick.parse(f"gg:h:1:{MAX_ID}:k") == HandClick(1, MAX_ID, Knock())


@pytest.mark.parametrize("custom_id", [
    "gg:h:1:2:p", "gg:h:1:2:pEA", "gg:h:1:2:p0.EA.q", "gg:h:1:2:pX.EA.-", "gg:h:1:2:dX",
    "gg:h:1:2:dH3", "gg:h:1:2:kk", "gg:h:1:2:a12", "gg:h:1:2:z", "gg:h:1:2:r1"])
def test_a_malformed_hand_act_is_kept_apart_to_be_answered_not_played(custom_id: str) -> None:
    click = HandClick.parse(custom_id)
    assert click is not None and (click.table_id, click.version) == (1, 2)
    assert click.act is None


def test_a_replay_page_round_trips_and_names_its_deal_by_id_never_a_card() -> None:
    page = ReplayPage(12, 345, 7)
    assert page.custom_id == "gg:r:12:345:7"
    assert ReplayPage.parse(page.custom_id) == page
    assert ReplayPage.parse(f"gg:r:{MAX_ID}:{MAX_ID}:25") == ReplayPage(MAX_ID, MAX_ID, 25)


@pytest.mark.parametrize("custom_id", [
    f"gg:r:{MAX_ID + 1}:1:0", f"gg:r:1:{MAX_ID + 1}:0", "gg:r:1:2:100", "gg:r:1:2:-1",
    "gg:r:1:2", "gg:r:1:2:3:EA", "gg:r:1:2:EA"])
def test_a_forged_replay_page_parses_as_nothing(custom_id: str) -> None:
    assert ReplayPage.parse(custom_id) is None
