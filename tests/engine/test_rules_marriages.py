"""King-Ober pairs (marriages) [004 §Declaring King-Ober Pairs, 000 §The Play, spec §Rule options:
meld_window, meld_after_talon, second_pair_same_suit]. Trump is Blatt unless said otherwise."""

import pytest

from engine.actions import declare, knock, play
from engine.testing import deal_from, play_cards, seat0_wins_first_trick, strict_deal
from engine.views import seat_view

TWO = ["EA HK HO SK SO", "E10 E7 H7 S7 BU"]
FOUR = ["EA HK HO S7 SK", "E10 E7 H7 SU EU", "HK HO SA S10 EK", "EO HU H10 SO E7"]


def won_first_trick(hands=TWO, preset="wuerttemberg", talon=(), **options):
    return seat0_wins_first_trick(hands, "B7", talon, rules=preset, **options)


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_marriage_needs_a_trick_of_the_declarers_team(preset):
    deal = deal_from(TWO, "B7", rules=preset)
    assert deal.refusal(declare(0, "H")) == "no_trick_yet"
    deal = deal_from(["E7 HK HO SK SO", "EA E10 H7 S7 BU"], "B7", rules=preset)
    opening = "hoeher-hat" if deal.rules.openings else None
    play_cards(deal, "E7", "E10", opening=opening)
    assert deal.team_tricks == [0, 1]
    assert deal.refusal(declare(0, "H")) == "no_trick_yet"  # the opponents' trick is no help


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_plain_marriage_scores_20_trump_marriage_40(preset):
    deal = won_first_trick(preset=preset)
    before = deal.points[0]
    deal.apply(declare(0, "H"))
    assert deal.points[0] == before + 20
    assert [m.to_json() for m in deal.melds] == [
        {"seat": 0, "suit": "H", "double": False, "points": 20}]
    deal = won_first_trick(["EA BK BO SK SO", "E10 E7 H7 S7 BU"], preset=preset)
    before = deal.points[0]
    deal.apply(declare(0, "B"))
    assert deal.points[0] == before + 40


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_double_marriage_scores_40_plain_80_trump(preset):
    deal = won_first_trick(["EA HK HK HO HO", "E10 E7 H7 S7 BU"], preset=preset)
    before = deal.points[0]
    deal.apply(declare(0, "H", double=True))
    assert deal.points[0] == before + 40
    assert deal.melds[-1].double and deal.melds[-1].points == 40
    deal = won_first_trick(["EA BK BK BO BO", "E10 E7 H7 S7 HU"], preset=preset)
    before = deal.points[0]
    deal.apply(declare(0, "B", double=True))
    assert deal.points[0] == before + 80


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_double_marriage_needs_both_kings_and_both_obers(preset):
    deal = won_first_trick(["EA HK HK HO SO", "E10 E7 H7 S7 BU"], preset=preset)
    assert deal.refusal(declare(0, "H", double=True)) == "no_marriage"
    assert deal.refusal(declare(0, "H")) is None


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_no_marriage_without_king_and_ober_in_hand(preset):
    deal = won_first_trick(preset=preset)
    for suit in ("E", "B"):
        assert deal.refusal(declare(0, suit)) == "no_marriage"
    assert deal.refusal(declare(1, "H")) == "no_marriage"  # checked before the missing trick
    assert deal.refusal(declare(0, "X")) == "no_marriage"


def test_a_played_king_or_ober_cannot_be_declared():
    deal = deal_from(["HK HO EA SK SO", "H7 E10 E7 S7 BU"], "B7")
    play_cards(deal, "HK", "H7", opening="hoeher-hat")
    assert deal.tricks[0].winner == 0
    assert deal.refusal(declare(0, "H")) == "no_marriage"
    assert deal.refusal(declare(0, "S")) is None


def test_no_declaration_before_the_team_has_actually_won_a_trick():
    # [004]'s exception for a partner's unbeatable card is not implemented (docs/RULES.md §6):
    # even a ge-elfen lead, which is sure to win, does not open declaring before it completes.
    deal = deal_from(FOUR, "B7")
    deal.apply(play(0, "EA", "ge-elfen"))
    assert deal.refusal(declare(2, "H")) == "no_trick_yet"


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_partner_may_declare_after_the_teams_trick(preset):
    deal = won_first_trick(FOUR, preset=preset)
    assert deal.refusal(declare(2, "H")) is None
    assert deal.refusal(declare(1, "H")) in ("no_marriage", "no_trick_yet")
    deal.apply(declare(2, "H"))
    assert deal.points[0] == 11 + 10 + 4 + 3 + 20


def test_team_trick_window_declare_any_time_on_turn_or_not():
    deal = won_first_trick(talon="S10 BA")
    assert deal.to_play == 0
    play_cards(deal, "SO")  # the next trick has begun
    assert deal.refusal(declare(0, "H")) is None  # not seat 0's turn: still allowed
    play_cards(deal, "BA")  # the opponents take the trick
    assert deal.tricks[-1].winner == 1
    deal.apply(declare(0, "H"))
    assert deal.to_play == 1  # declaring does not change the turn
    assert deal.refusal(declare(0, "H")) == "already_declared"


def test_team_trick_several_declarations_after_one_trick():
    deal = won_first_trick()
    deal.apply(declare(0, "H"))
    deal.apply(declare(0, "S"))
    assert [m.suit for m in deal.melds] == ["H", "S"]


def test_after_trick_window_closes_when_the_next_card_is_played():
    deal = won_first_trick(preset="classic")
    play_cards(deal, "SO")
    assert deal.refusal(declare(0, "H")) == "meld_closed"


def test_after_trick_window_only_for_the_team_that_won_the_trick():
    deal = won_first_trick(preset="classic", talon="S10 BA")
    play_cards(deal, "SO", "BA")
    assert deal.tricks[-1].winner == 1
    assert deal.refusal(declare(0, "H")) == "meld_closed"


def test_after_trick_one_declaration_per_window():
    deal = won_first_trick(preset="classic", talon="S10 EU")
    deal.apply(declare(0, "H"))
    assert deal.refusal(declare(0, "S")) == "meld_closed"
    play_cards(deal, "S10", "EU")  # seat 0 wins again: a new window
    assert deal.tricks[-1].winner == 0
    assert deal.refusal(declare(0, "S")) is None


def test_after_trick_declaration_open_to_any_seat_of_the_team_off_turn():
    deal = won_first_trick(FOUR, preset="classic")
    assert deal.to_play == 0
    deal.apply(declare(2, "H"))
    assert deal.refusal(declare(0, "H")) == "meld_closed"  # one declaration per window


def test_after_trick_only_cards_held_before_the_draw():
    deal = deal_from(["EA HK SK SO E7", "E10 H7 S7 BA B10"], "BU", talon="HO EO S10 EU",
                     rules="classic")
    play_cards(deal, "EA", "E10")
    assert "HO" in deal.hands[0]  # drawn after the trick
    assert deal.refusal(declare(0, "H")) == "no_marriage"
    assert deal.refusal(declare(0, "S")) is None
    play_cards(deal, "E7", "S7")  # seat 0 takes the next trick too
    assert deal.tricks[-1].winner == 0
    assert deal.refusal(declare(0, "H")) is None  # HO was held before this draw


def test_team_trick_window_may_use_a_card_just_drawn():
    deal = deal_from(["EA HK SK SO E7", "E10 H7 S7 BA B10"], "BU", talon="HO EO S10 EU")
    play_cards(deal, "EA", "E10", opening="ge-elfen")
    assert deal.refusal(declare(0, "H")) is None


def test_meld_after_talon_true_declaring_in_strict_play():
    deal = strict_deal(["HK HO SK SO EA", "E7 BU S7 H7 EU"], "B")
    assert deal.team_tricks[0] > 0 and deal.strict
    play_cards(deal, "EA", "E7")
    assert deal.refusal(declare(0, "H")) is None
    assert deal.refusal(declare(0, "S")) is None


def test_meld_after_talon_false_meld_closed_once_the_talon_is_empty():
    deal = strict_deal(["HK HO SK SO EA", "E7 BU S7 H7 EU"], "B", meld_after_talon=False)
    assert deal.team_tricks[0] > 0 and deal.strict
    assert deal.refusal(declare(0, "H")) == "meld_closed"


def test_after_trick_declaration_after_the_last_draw_still_counts_before_that_draw():
    # classic: the trick whose draw emptied the talon opens a window (the declaration comes
    # conceptually before the draw: docs/RULES.md §6); windows after later tricks are closed.
    deal = strict_deal(["HK HO SK SO EA", "E7 BU S7 H7 EU"], "B", rules="classic")
    assert deal.strict and deal.tricks[-1].winner == 0
    deal.apply(declare(0, "H"))
    play_cards(deal, "EA", "E7")
    assert deal.tricks[-1].winner == 0
    assert deal.refusal(declare(0, "S")) == "meld_closed"


def test_second_pair_fresh_cards_counts_with_the_other_king_and_ober():
    deal = won_first_trick(["EA HK HK HO HO", "E10 E7 H7 S7 BU"])
    deal.apply(declare(0, "H"))
    assert deal.refusal(declare(0, "H", double=True)) == "already_declared"
    deal.apply(declare(0, "H"))  # the second King and the second Ober
    assert deal.refusal(declare(0, "H")) == "already_declared"
    assert [m.points for m in deal.melds] == [20, 20]


def test_second_pair_fresh_cards_not_with_a_shown_card():
    deal = won_first_trick(["EA HK HK HO SO", "E10 E7 H7 S7 BU"], talon="S10 EU HO S7")
    deal.apply(declare(0, "H"))
    assert deal.refusal(declare(0, "H")) == "already_declared"  # only one Ober, shown
    play_cards(deal, "HK", "EU")  # the shown King is the one played (docs/RULES.md §6)
    assert deal.tricks[-1].winner == 0 and deal.hands[0].count("HO") == 2
    assert deal.refusal(declare(0, "H")) is None  # unshown King + the Ober just drawn


def test_second_pair_fresh_cards_partners_own_pair_is_fresh():
    deal = won_first_trick(FOUR)
    deal.apply(declare(0, "H"))
    assert deal.refusal(declare(2, "H")) is None


def test_second_pair_never_no_other_pair_of_a_declared_suit():
    deal = won_first_trick(FOUR, second_pair_same_suit="never")
    deal.apply(declare(0, "H"))
    assert deal.refusal(declare(2, "H")) == "already_declared"
    assert deal.refusal(declare(0, "S")) == "no_marriage"
    deal = won_first_trick(["EA HK HK HO HO", "E10 E7 H7 S7 BU"], second_pair_same_suit="never")
    deal.apply(declare(0, "H"))
    assert deal.refusal(declare(0, "H")) == "already_declared"
    assert deal.refusal(declare(0, "H", double=True)) == "already_declared"


def test_classic_second_pair_in_a_later_window_is_already_declared():
    deal = won_first_trick(["EA HK HK HO HO", "E10 E7 H7 S7 BU"], preset="classic",
                           talon="S10 EU")
    deal.apply(declare(0, "H"))
    play_cards(deal, "S10", "EU")
    assert deal.tricks[-1].winner == 0
    assert deal.refusal(declare(0, "H")) == "already_declared"


def test_declared_cards_stay_in_hand_and_may_be_played():
    deal = won_first_trick()
    deal.apply(declare(0, "H"))
    assert "HK" in deal.hands[0] and "HO" in deal.hands[0]
    assert deal.refusal(play(0, "HK")) is None


def test_marriage_is_shown_to_every_seat():
    deal = won_first_trick(FOUR)
    events = deal.apply(declare(2, "H"))
    shown = [e for e in events if e.kind == "marriage_shown"]
    assert len(shown) == 1
    for viewer in (None, 0, 1, 2, 3):
        assert shown[0].seen_by(viewer).data == {"suit": "H", "double": False, "points": 20,
                                                 "cards": ["HK", "HO"]}
    for viewer in range(4):
        assert [m.seat for m in seat_view(deal, viewer).marriages] == [2]


def test_declaration_after_the_deal_is_over_is_deal_over():
    deal = won_first_trick()
    deal.apply(knock(1))
    assert deal.refusal(declare(0, "H")) == "deal_over"


def test_declaration_checks_in_order_no_marriage_no_trick_meld_closed_already_declared():
    deal = deal_from(TWO, "B7", rules="classic")
    assert deal.refusal(declare(0, "E")) == "no_marriage"
    assert deal.refusal(declare(0, "H")) == "no_trick_yet"
    play_cards(deal, "EA", "E7")
    deal.apply(declare(0, "H"))
    assert deal.refusal(declare(0, "H")) == "meld_closed"  # window used, before already_declared
    assert deal.refusal(declare(0, "E")) == "no_marriage"


def test_after_trick_with_meld_after_talon_true_windows_go_on_in_strict_play():
    deal = strict_deal(["HK HO SK SO EA", "E7 BU S7 H7 EU"], "B", rules="classic",
                       meld_after_talon=True)
    deal.apply(declare(0, "H"))
    play_cards(deal, "EA", "E7")
    assert deal.tricks[-1].winner == 0
    assert deal.refusal(declare(0, "S")) is None
