"""The first trick and its openings (preset wuerttemberg, ``openings: true``) [004 §First Trick,
spec §Actions]; and the ordinary first trick of ``openings: false`` (classic) [000]."""

import pytest

from engine.actions import OPENINGS, Action, play
from engine.testing import deal_from, play_cards
from engine.views import seat_view

# Trump is Blatt (indicator B7). Seat 0 holds a non-trump Ace (EA) and non-Aces; the other EA
# is with seat 2; seat 1 holds a trump (BK) among other cards.
HANDS = ["EA H10 HU S7 SK", "E10 HA BK S10 EU", "EA EK HK SO HU", "E7 HO SA SU BO"]
FIVE_TRUMPS = ["BA B10 BK BO BU", "E10 HA EK S10 EU", "BA B10 BK BO BU", "E7 HO SA SU H7"]


def new(hands=HANDS, trump="B7", **options):
    return deal_from(hands, trump, **options)


def test_ge_elfen_non_trump_ace_face_up_vorhand_wins_whatever_is_played():
    deal = new()
    events = play_cards(deal, "EA", "E10", "EA", "E7", opening="ge-elfen")
    assert deal.opening == "ge-elfen"
    assert not events[0].data["face_down"] and not events[0].secret
    assert deal.tricks[0].winner == 0  # even though seat 2 played the same Ace


def test_ge_elfen_card_is_seen_by_everyone_at_once():
    deal = new()
    deal.apply(play(0, "EA", "ge-elfen"))
    for seat in range(4):
        assert seat_view(deal, seat).trick.plays == ((0, "EA"),)


@pytest.mark.parametrize("card", ["H10", "HU", "S7"])
def test_ge_elfen_needs_an_ace(card):
    assert new().refusal(play(0, card, "ge-elfen")) == "bad_opening"


def test_ge_elfen_and_zweite_alte_need_a_non_trump_ace():
    deal = new(["BA H10 HU S7 SK", "E10 HA BK S10 EU", "EA EK HK SO HU", "E7 HO SA SU BO"])
    assert deal.refusal(play(0, "BA", "ge-elfen")) == "bad_opening"
    assert deal.refusal(play(0, "BA", "zweite-alte")) == "bad_opening"
    assert deal.refusal(play(0, "BA", "hoeher-hat")) == "bad_opening"


def test_hoeher_hat_highest_card_of_led_suit_wins():
    deal = new()
    play_cards(deal, "H10", "HA", "HK", "HO", opening="hoeher-hat")
    assert deal.tricks[0].winner == 1


def test_hoeher_hat_vorhand_wins_when_nobody_plays_higher_in_led_suit():
    deal = new()
    play_cards(deal, "H10", "E10", "HK", "SA", opening="hoeher-hat")
    assert deal.tricks[0].winner == 0  # SA is an Ace, but not of the led suit


def test_hoeher_hat_first_of_equal_cards_wins():
    deal = new()
    play_cards(deal, "HU", "EU", "HU", "E7", opening="hoeher-hat")
    assert deal.tricks[0].winner == 0
    deal = new()
    play_cards(deal, "SK", "S10", "SO", "SA", opening="hoeher-hat")
    assert deal.tricks[0].winner == 3


@pytest.mark.parametrize("card", ["EA"])
def test_hoeher_hat_lead_cannot_be_an_ace(card):
    assert new().refusal(play(0, card, "hoeher-hat")) == "bad_opening"


def test_hoeher_hat_lead_cannot_be_a_trump():
    deal = new(["B7 H10 HU S7 SK", "E10 HA BK S10 EU", "EA EK HK SO HU", "E7 HO SA SU BO"],
               trump="BA")
    assert deal.refusal(play(0, "B7", "hoeher-hat")) == "bad_opening"
    assert deal.refusal(play(0, "H10", "hoeher-hat")) is None


def test_hoeher_hat_all_cards_face_down_until_the_trick_is_complete():
    deal = new()
    events = play_cards(deal, "H10", "HA", "HK", opening="hoeher-hat")
    for e in events:
        assert e.data["face_down"]
        for viewer in range(4):
            seen = e.seen_by(viewer).data["card"]
            assert seen == (e.data["card"] if viewer == e.seat else None)
        assert e.seen_by(None).data["card"] is None
        assert e.seen_by(None).data.get("opening") == ("hoeher-hat" if e.seat == 0 else None)
    for viewer in range(4):
        plays = seat_view(deal, viewer).trick.plays
        assert [s for s, _ in plays] == [0, 1, 2]
        assert [c for s, c in plays if s != viewer] == [None] * (3 if viewer == 3 else 2)
    play_cards(deal, "HO")
    for viewer in range(4):
        last = seat_view(deal, viewer).last_trick
        assert last is not None
        assert last.plays == ((0, "H10"), (1, "HA"), (2, "HK"), (3, "HO"))
        assert last.winner == 1


def test_zweite_alte_first_other_player_with_the_same_ace_wins():
    deal = new()
    events = play_cards(deal, "EA", "E10", "EA", "E7", opening="zweite-alte")
    assert all(e.data["face_down"] for e in events if e.kind == "card_played")
    assert deal.tricks[0].winner == 2
    hands = ["EA H10 HU S7 SK", "EA HA BK S10 EU", "E10 EK HK SO HU", "E7 HO SA SU BO"]
    deal = new(hands)
    play_cards(deal, "EA", "EA", "E10", "E7", opening="zweite-alte")
    assert deal.tricks[0].winner == 1


def test_zweite_alte_vorhand_wins_without_the_second_ace():
    deal = new()
    play_cards(deal, "EA", "E10", "EK", "E7", opening="zweite-alte")
    assert deal.tricks[0].winner == 0


def test_zweite_alte_needs_an_ace():
    assert new().refusal(play(0, "H10", "zweite-alte")) == "bad_opening"


def test_trumpf_is_the_only_opening_with_five_trumps():
    deal = new(FIVE_TRUMPS)
    for opening in ("ge-elfen", "hoeher-hat", "zweite-alte", None):
        assert deal.refusal(play(0, "BA", opening)) == "bad_opening"
        assert deal.refusal(play(0, "BU", opening)) == "bad_opening"
    assert {a.opening for a in deal.legal_plays(0)} == {"trumpf"}
    assert {a.card for a in deal.legal_plays(0)} == set(FIVE_TRUMPS[0].split())


def test_trumpf_only_with_five_trumps():
    deal = new(["BA H10 HU S7 SK", "E10 HA BK S10 EU", "EA EK HK SO HU", "E7 HO SA SU BO"])
    assert deal.refusal(play(0, "BA", "trumpf")) == "bad_opening"
    assert deal.refusal(play(0, "H10", "trumpf")) == "bad_opening"


def test_trumpf_trump_face_up_vorhand_wins_when_no_other_five_trump_hand():
    hands = ["BA B10 BK BO BU", "E10 HA EK S10 B7", "EA E7 HK SO SA", "E7 HO EU SU H7"]
    deal = new(hands, trump="BU")
    events = play_cards(deal, "BU", opening="trumpf")
    assert not events[0].data["face_down"]
    assert deal.refusal(play(1, "B7")) == "trump_in_first_trick"
    play_cards(deal, "HA", "SA", "H7")
    assert deal.tricks[0].winner == 0


def test_trumpf_higher_trump_of_another_five_trump_hand_wins():
    deal = new(FIVE_TRUMPS)
    play_cards(deal, "BK", "E10", "BA", "E7", opening="trumpf")
    assert deal.tricks[0].winner == 2


def test_trumpf_equal_trump_of_another_five_trump_hand_does_not_win():
    deal = new(FIVE_TRUMPS)
    play_cards(deal, "BA", "E10", "BA", "E7", opening="trumpf")
    assert deal.tricks[0].winner == 0
    deal = new(FIVE_TRUMPS)
    play_cards(deal, "BK", "E10", "BO", "E7", opening="trumpf")
    assert deal.tricks[0].winner == 0


def test_no_trump_to_first_trick_unless_hand_all_trumps():
    deal = new()
    deal.apply(play(0, "EA", "ge-elfen"))
    assert deal.refusal(play(1, "BK")) == "trump_in_first_trick"
    assert "BK" not in deal.legal_cards(1)
    hands = ["EA H10 HU S7 SK", "BA B10 BK BO BU", "EA EK HK SO HU", "E7 HO SA SU B7"]
    deal = new(hands, trump="B7")
    deal.apply(play(0, "EA", "ge-elfen"))
    assert deal.refusal(play(1, "BK")) is None  # a hand of five trumps must play one
    deal.apply(play(1, "BK"))
    deal.apply(play(2, "EK"))
    assert deal.refusal(play(3, "B7")) == "trump_in_first_trick"


def test_no_trump_to_first_trick_in_every_opening():
    for first, opening in (("EA", "ge-elfen"), ("H10", "hoeher-hat"), ("EA", "zweite-alte")):
        deal = new()
        deal.apply(play(0, first, opening))
        assert deal.refusal(play(1, "BK")) == "trump_in_first_trick"


def test_forced_trump_cannot_win_the_first_trick():
    hands = ["EA H10 HU S7 SK", "BA B10 BK BO BU", "EA EK HK SO HU", "E7 HO SA SU H7"]
    deal = new(hands, trump="B7")
    play_cards(deal, "H10", "BA", "HK", "HO", opening="hoeher-hat")
    assert deal.tricks[0].winner == 0
    deal = new(hands, trump="B7")
    play_cards(deal, "EA", "BA", "EK", "E7", opening="zweite-alte")
    assert deal.tricks[0].winner == 0
    deal = new(hands, trump="B7")
    play_cards(deal, "EA", "BA", "EA", "E7", opening="ge-elfen")
    assert deal.tricks[0].winner == 0


def test_trumps_are_allowed_and_face_up_after_the_first_trick():
    deal = new()
    play_cards(deal, "EA", "E10", "EA", "E7", opening="ge-elfen")
    assert deal.to_play == 0
    hand1 = deal.hands[1]
    assert "BK" in hand1
    events = play_cards(deal, "SK")
    assert not events[0].data["face_down"]
    assert deal.refusal(play(1, "BK")) is None


def test_first_card_without_an_opening_is_bad_opening():
    deal = new()
    assert deal.refusal(play(0, "EA")) == "bad_opening"
    assert deal.refusal(play(0, "H10")) == "bad_opening"


def test_unknown_opening_is_bad_opening():
    assert new().refusal(play(0, "EA", "tauchen")) == "bad_opening"


def test_opening_on_any_later_card_is_bad_opening():
    deal = new()
    deal.apply(play(0, "EA", "ge-elfen"))
    assert deal.refusal(play(1, "E10", "ge-elfen")) == "bad_opening"
    assert deal.refusal(play(1, "E10", "hoeher-hat")) == "bad_opening"
    play_cards(deal, "E10", "EA", "E7")
    assert deal.refusal(play(0, "SK", "hoeher-hat")) == "bad_opening"
    assert deal.refusal(play(0, "SK")) is None


def test_legal_first_plays_list_exactly_the_fitting_openings():
    deal = new()
    got = {(a.card, a.opening) for a in deal.legal_plays(0)}
    want = {("EA", "ge-elfen"), ("EA", "zweite-alte")}
    want |= {(c, "hoeher-hat") for c in ("H10", "HU", "S7", "SK")}
    assert got == want
    for card in set(deal.hands[0]):
        for opening in (*OPENINGS, None):
            assert (deal.refusal(play(0, card, opening)) is None) == ((card, opening) in want)


def test_opening_is_kept_in_the_record():
    deal = new()
    deal.apply(play(0, "H10", "hoeher-hat"))
    assert deal.record()["actions"] == [
        {"seat": 0, "do": "play", "card": "H10", "opening": "hoeher-hat"}]


def test_classic_has_no_openings_first_card_face_up_any_card():
    deal = new(rules="classic")
    for card in set(HANDS[0].split()):
        assert deal.refusal(play(0, card)) is None
        for opening in OPENINGS:
            assert deal.refusal(play(0, card, opening)) == "bad_opening"
    events = play_cards(deal, "H10")
    assert not events[0].data["face_down"]
    assert deal.opening is None


def test_classic_first_trick_is_ordinary_trumps_allowed_and_win():
    deal = new(rules="classic")
    play_cards(deal, "EA", "BK", "EA", "E7")
    assert deal.tricks[0].winner == 1


def test_openings_work_with_two_players():
    deal = deal_from(["EA H10 HU S7 SK", "E10 HA BK S10 EU"], "B7")
    play_cards(deal, "H10", "HA", opening="hoeher-hat")
    assert deal.tricks[0].winner == 1
    deal = deal_from(["EA H10 HU S7 SK", "E10 HA BK S10 EU"], "B7")
    assert deal.refusal(Action(1, "play", "BK")) == "not_your_turn"
