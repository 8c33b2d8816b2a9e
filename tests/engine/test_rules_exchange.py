"""Exchanging the trump Seven for the indicator [004 §Exchanging the Seven of Trumps, 000 §The
Play, spec §Rule options: exchange_needs, exchange_points]. Trump is Blatt, indicator BK."""

import pytest

from engine.actions import declare, exchange, knock
from engine.deal import Deal, Layout, conserved
from engine.testing import deal_from, play_cards, seat0_wins_first_trick, strict_deal

TWO = ["EA B7 HK SK SO", "E10 E7 H7 S7 BU"]
FOUR = ["EA HK HO S7 SK", "E10 E7 H7 SU EU", "B7 HO SA S10 EK", "EO HU H10 SO E7"]


def won_first_trick(hands=TWO, preset="wuerttemberg", trump="BK", **options):
    return seat0_wins_first_trick(hands, trump, rules=preset, **options)


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_exchange_swaps_the_trump_seven_for_the_indicator(preset):
    deal = won_first_trick(preset=preset)
    points = list(deal.points)
    events = deal.apply(exchange(0))
    assert "BK" in deal.hands[0] and "B7" not in deal.hands[0]
    assert deal.indicator == "B7" and deal.trump_suit == "B"
    assert deal.exchanges == [(0, "B7", "BK")]
    assert deal.points == points  # exchange_points 0 in both presets
    assert deal.to_play == 0
    (event,) = [e for e in events if e.kind == "seven_exchanged"]
    for viewer in (None, 0, 1):
        assert event.seen_by(viewer).data == {"seven": "B7", "indicator": "BK"}


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_no_exchange_before_a_trick(preset):
    deal = deal_from(TWO, "BK", rules=preset)
    assert deal.refusal(exchange(0)) == "no_trick_yet"


def test_exchange_needs_team_a_partners_trick_suffices():
    deal = won_first_trick(FOUR)
    assert deal.refusal(exchange(2)) is None
    deal.apply(exchange(2))
    assert "BK" in deal.hands[2]


def test_exchange_needs_self_the_player_must_have_taken_a_trick():
    deal = won_first_trick(FOUR, preset="classic")
    assert deal.refusal(exchange(2)) == "no_trick_yet"
    deal = won_first_trick(FOUR, exchange_needs="self")
    assert deal.refusal(exchange(2)) == "no_trick_yet"
    hands = ["EA B7 HO S7 SK", "E10 E7 H7 SU EU", "HK HO SA S10 EK", "EO HU H10 SO E7"]
    deal = won_first_trick(hands, preset="classic")
    assert deal.refusal(exchange(0)) is None


def test_exchange_needs_a_trick_of_the_own_team_not_the_opponents():
    deal = deal_from(["E7 B7 HK SK SO", "EA E10 H7 S7 BU"], "BK")
    play_cards(deal, "E7", "EA", opening="hoeher-hat")
    assert deal.tricks[0].winner == 1
    assert deal.refusal(exchange(0)) == "no_trick_yet"


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_no_seven_without_the_trump_seven(preset):
    deal = won_first_trick(preset=preset)
    assert deal.refusal(exchange(1)) == "no_seven"  # seat 1 holds Sevens, not of trumps
    deal.apply(exchange(0))
    assert deal.refusal(exchange(0)) == "no_seven"


def test_exchange_off_turn():
    deal = won_first_trick()
    play_cards(deal, "SK")
    assert deal.to_play == 1
    assert deal.refusal(exchange(0)) is None
    deal.apply(exchange(0))
    assert deal.to_play == 1


def test_exchange_not_allowed_when_the_indicator_is_the_other_trump_seven():
    deal = won_first_trick(trump="B7")
    assert deal.refusal(exchange(0)) == "not_allowed"


def test_first_exchange_stands_the_second_seven_is_refused():
    hands = ["EA B7 HO S7 SK", "E10 E7 H7 SU EU", "B7 HO SA S10 EK", "EO HU H10 SO E7"]
    deal = won_first_trick(hands)
    deal.apply(exchange(2))
    assert deal.refusal(exchange(0)) == "not_allowed"


@pytest.mark.parametrize("preset", ["wuerttemberg", "classic"])
def test_exchange_not_allowed_once_the_indicator_is_drawn(preset):
    # seat 0 draws its trump Seven in the last round: as [004] says, a Seven picked up with
    # the last cards of the talon cannot be exchanged
    deal = strict_deal(["EA HK SK SO B7", "E7 BU S7 H7 EU"], "B", rules=preset)
    assert deal.indicator is None and deal.seat_tricks[0] > 0
    assert deal.refusal(exchange(0)) == "not_allowed"


def test_exchange_points_count_for_the_team():
    deal = won_first_trick(exchange_points=10)
    before = deal.points[0]
    events = deal.apply(exchange(0))
    assert deal.points[0] == before + 10
    events = deal.apply(knock(0))
    (recount,) = [e for e in events if e.kind == "recount"]
    assert recount.data["exchange_points"] == 10
    assert recount.data["points"] == recount.data["card_points"] + 10


def test_exchanged_seven_is_the_indicator_and_is_drawn_last():
    deal = deal_from(["EA B7 HK SK SO", "E10 E7 H7 S7 BU", "EK EO HO SA S10",
                      "E7 HU H10 SU EU", "HA BA B10 BO SU", "EA E10 HK HU H7"], "BK")
    play_cards(deal, "EA", "E10", "EK", "E7", "HA", "EA",
               opening="ge-elfen")
    assert deal.tricks[0].winner == 0
    deal.apply(exchange(0))
    drawn = []
    while deal.indicator is not None:
        seat = deal.to_play
        for e in deal.apply(deal.legal_plays(seat)[0]):
            if e.kind == "card_drawn":
                drawn.append(e)
    assert drawn[-1].data == {"card": "B7", "indicator": True}
    assert "B7" in deal.hands[drawn[-1].seat]


def test_after_trick_window_cannot_use_the_card_taken_by_exchange():
    hands = ["EA B7 BO SK SO", "E10 E7 H7 S7 BU"]
    deal = won_first_trick(hands, preset="classic")
    deal.apply(exchange(0))
    assert deal.refusal(declare(0, "B")) == "no_marriage"
    assert deal.refusal(declare(0, "S")) is None
    deal = won_first_trick(hands)
    deal.apply(exchange(0))
    deal.apply(declare(0, "B"))
    assert deal.melds[-1].points == 40


def test_exchange_after_the_deal_is_over_is_deal_over():
    deal = won_first_trick()
    deal.apply(knock(1))
    assert deal.refusal(exchange(0)) == "deal_over"


@pytest.mark.parametrize("seed", range(6))
def test_exchanges_in_seeded_deals_keep_every_card_twice(seed):
    deal = Deal(Layout.seeded(2, seed))
    while deal.result is None:
        acts = [a for s in range(2) for a in deal.legal_actions(s) if a.do == "exchange"]
        deal.apply(acts[0] if acts else deal.legal_plays(deal.to_play)[0])
        assert conserved(deal)
