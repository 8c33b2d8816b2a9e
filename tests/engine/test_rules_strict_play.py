"""Strict play once the talon is empty: follow, beat, trump, overtrump [004 §Subsequent Tricks,
000 §The Play, spec §Actions]; ``beat_when_trumped`` false (wuerttemberg) / true (classic).

``strict_deal`` plays the tricks before strict play (through the public API) so that the hands
given are held when the talon is empty; trump is Herz throughout.
"""

import pytest

from engine.actions import play
from engine.deal import Deal, Layout
from engine.errors import ERROR_CODES
from engine.testing import play_cards, strict_deal

PRESETS = ["wuerttemberg", "classic"]


def refusals(deal, seat):
    return {c: deal.refusal(play(seat, c)) for c in deal.hands[seat]}


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_strict_play_starts_when_the_indicator_is_drawn(players):
    deal = Deal(Layout.seeded(players, 3))
    rounds = (48 - 5 * players) // players
    while len(deal.tricks) < rounds:
        assert not deal.strict and deal.indicator is not None
        seat = deal.to_play
        deal.apply(deal.legal_plays(seat)[-1])
    assert deal.strict and deal.indicator is None and deal.talon_count == 0
    assert all(len(h) == 5 for h in deal.hands)


@pytest.mark.parametrize("preset", PRESETS)
def test_leading_is_free_in_strict_play(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EU HA B7 BU"], "H", rules=preset)
    assert deal.to_play == 0
    assert all(code is None for code in refusals(deal, 0).values())


@pytest.mark.parametrize("preset", PRESETS)
def test_must_follow_suit_when_holding_it(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EK HA B7 BU"], "H", rules=preset)
    play_cards(deal, "E7")
    assert refusals(deal, 1) == {"E10": None, "EK": None, "HA": "must_follow",
                                 "B7": "must_follow", "BU": "must_follow"}


@pytest.mark.parametrize("preset", PRESETS)
def test_must_beat_the_best_card_of_led_suit_when_possible(preset):
    deal = strict_deal(["EK E7 SK S7 HU", "E10 EU HA B7 BU"], "H", rules=preset)
    play_cards(deal, "EK")
    assert refusals(deal, 1) == {"E10": None, "EU": "must_beat", "HA": "must_follow",
                                 "B7": "must_follow", "BU": "must_follow"}


@pytest.mark.parametrize("preset", PRESETS)
def test_beat_is_strict_an_equal_card_does_not_beat(preset):
    deal = strict_deal(["E10 E7 SK S7 HU", "E10 EA EU HA BU"], "H", rules=preset)
    play_cards(deal, "E10")
    r = refusals(deal, 1)
    assert r["E10"] == "must_beat" and r["EU"] == "must_beat" and r["EA"] is None
    play_cards(deal, "EA")
    assert deal.tricks[-1].winner == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_equal_card_allowed_when_nothing_beats(preset):
    deal = strict_deal(["E10 E7 SK S7 HU", "E10 EU S10 HA BU"], "H", rules=preset)
    play_cards(deal, "E10")
    r = refusals(deal, 1)
    assert r["E10"] is None and r["EU"] is None and r["S10"] == "must_follow"
    play_cards(deal, "E10")
    assert deal.tricks[-1].winner == 0  # first of equal cards wins


@pytest.mark.parametrize("preset", PRESETS)
def test_must_trump_when_void_in_led_suit(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EU HA H7 BU"], "H", rules=preset)
    play_cards(deal, "SK")
    assert refusals(deal, 1) == {"E10": "must_trump", "EU": "must_trump", "HA": None,
                                 "H7": None, "BU": "must_trump"}


@pytest.mark.parametrize("preset", PRESETS)
def test_any_card_when_void_in_led_suit_and_in_trumps(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EU BA B7 BU", "H7 SA S10 SU SO"], "H",
                       rules=preset)
    play_cards(deal, "SK")
    assert all(code is None for code in refusals(deal, 1).values())


@pytest.mark.parametrize("preset", PRESETS)
def test_must_overtrump_a_trump_in_the_trick_when_possible(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EU HK B7 BU", "HA H7 EK BA BO"], "H",
                       rules=preset)
    play_cards(deal, "SK", "HK")
    assert refusals(deal, 2) == {"HA": None, "H7": "must_overtrump", "EK": "must_trump",
                                 "BA": "must_trump", "BO": "must_trump"}
    play_cards(deal, "HA")
    assert deal.tricks[-1].winner == 2


@pytest.mark.parametrize("preset", PRESETS)
def test_equal_trump_does_not_overtrump(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EU HK B7 BU", "HK HA H7 BA BO"], "H",
                       rules=preset)
    play_cards(deal, "SK", "HK")
    r = refusals(deal, 2)
    assert r["HK"] == "must_overtrump" and r["H7"] == "must_overtrump" and r["HA"] is None


@pytest.mark.parametrize("preset", PRESETS)
def test_must_still_trump_when_unable_to_overtrump(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EU HA B7 BU", "HK H7 EK BA BO"], "H",
                       rules=preset)
    play_cards(deal, "SK", "HA")
    assert refusals(deal, 2) == {"HK": None, "H7": None, "EK": "must_trump",
                                 "BA": "must_trump", "BO": "must_trump"}


@pytest.mark.parametrize("preset", PRESETS)
def test_trumps_led_must_follow_with_a_higher_trump(preset):
    deal = strict_deal(["HK E7 SK S7 HU", "HA H7 EA B7 BU"], "H", rules=preset)
    play_cards(deal, "HK")
    assert refusals(deal, 1) == {"HA": None, "H7": "must_beat", "EA": "must_follow",
                                 "B7": "must_follow", "BU": "must_follow"}


@pytest.mark.parametrize("preset", PRESETS)
def test_trumps_led_lower_trumps_allowed_when_nothing_beats(preset):
    deal = strict_deal(["HA E7 SK S7 HU", "HK H7 EA B7 BU"], "H", rules=preset)
    play_cards(deal, "HA")
    r = refusals(deal, 1)
    assert r["HK"] is None and r["H7"] is None and r["EA"] == "must_follow"


def test_beat_when_trumped_false_any_card_of_led_suit_once_trumped():
    deal = strict_deal(["EK E7 SK S7 HU", "H7 SA S10 BA BU", "EA E7 HK BO SO"], "H",
                       rules="wuerttemberg")
    play_cards(deal, "EK", "H7")
    assert refusals(deal, 2) == {"EA": None, "E7": None, "HK": "must_follow",
                                 "BO": "must_follow", "SO": "must_follow"}


def test_beat_when_trumped_true_must_still_beat_led_suit_once_trumped():
    deal = strict_deal(["EK E7 SK S7 HU", "H7 SA S10 BA BU", "EA E7 HK BO SO"], "H",
                       rules="classic")
    play_cards(deal, "EK", "H7")
    assert refusals(deal, 2) == {"EA": None, "E7": "must_beat", "HK": "must_follow",
                                 "BO": "must_follow", "SO": "must_follow"}
    play_cards(deal, "EA")
    assert deal.tricks[-1].winner == 1  # the trump still wins


@pytest.mark.parametrize("preset", PRESETS)
def test_beat_when_trumped_option_switches_each_preset(preset):
    hands = ["EK E7 SK S7 HU", "H7 SA S10 BA BU", "EA E7 HK BO SO"]
    for flag in (False, True):
        deal = strict_deal(hands, "H", rules=preset, beat_when_trumped=flag)
        play_cards(deal, "EK", "H7")
        assert deal.refusal(play(2, "E7")) == ("must_beat" if flag else None)


def test_beat_when_trumped_true_nothing_beats_any_led_suit_card():
    deal = strict_deal(["EK E7 SK S7 HU", "H7 SA S10 BA BU", "EU E7 HK BO SO"], "H",
                       rules="classic")
    play_cards(deal, "EK", "H7")
    r = refusals(deal, 2)
    assert r["EU"] is None and r["E7"] is None


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_cards_are_exactly_the_unrefused_cards(preset):
    deal = strict_deal(["EA E7 SK S7 HU", "E10 EU HK B7 BU", "HA H7 EK BA BO"], "H",
                       rules=preset)
    while deal.result is None:
        seat = deal.to_play
        r = refusals(deal, seat)
        assert set(deal.legal_cards(seat)) == {c for c, code in r.items() if code is None}
        assert all(code is None or code in ERROR_CODES for code in r.values())
        assert deal.legal_cards(seat), "a seat always has a legal card"
        deal.apply(play(seat, deal.legal_cards(seat)[0]))
    assert len(deal.tricks) == 16 or deal.result.reason != "played_out"


@pytest.mark.parametrize("preset", PRESETS)
def test_refused_play_in_strict_play_changes_nothing(preset):
    deal = strict_deal(["EK E7 SK S7 HU", "E10 EU HA B7 BU"], "H", rules=preset)
    play_cards(deal, "EK")
    before = (deal.state_json(), deal.record())
    for card in ("EU", "HA", "B7"):
        assert deal.refusal(play(1, card)) is not None
        with pytest.raises(Exception) as info:
            deal.apply(play(1, card))
        assert info.value.code in ("must_beat", "must_follow")
        assert (deal.state_json(), deal.record()) == before


def test_no_cards_drawn_in_strict_play():
    deal = strict_deal(["EK E7 SK S7 HU", "E10 EU HA B7 BU"], "H")
    events = play_cards(deal, "EK", "E10")
    assert not [e for e in events if e.kind == "card_drawn"]
    assert [len(h) for h in deal.hands] == [4, 4]


@pytest.mark.parametrize("preset", PRESETS)
def test_must_beat_even_the_partners_card(preset):
    deal = strict_deal(["E10 S7 SK BU B7", "E7 SA S10 BA BO", "EA EU SO SU BK",
                        "H7 HA EK B10 SU"], "H", rules=preset)
    play_cards(deal, "E10", "E7")
    r = refusals(deal, 2)
    assert r["EA"] is None and r["EU"] == "must_beat"


@pytest.mark.parametrize("preset", PRESETS)
def test_must_overtrump_even_the_partners_trump(preset):
    deal = strict_deal(["S7 E10 EU BU B7", "HU E7 EO BA BO", "S10 EA EK SO SU",
                        "HA H7 B10 BK E7"], "H", rules=preset)
    play_cards(deal, "S7", "HU", "S10")
    assert refusals(deal, 3) == {"HA": None, "H7": "must_overtrump", "B10": "must_trump",
                                 "BK": "must_trump", "E7": "must_trump"}
