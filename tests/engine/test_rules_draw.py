"""Drawing from the talon [004 §Subsequent Tricks, 000 §The Play, spec §Input: the draw]:
the winner draws first, then each seat in playing order; the indicator is the last card drawn;
each seat learns only its own draw."""

import pytest

from engine.deal import Deal, Layout
from engine.testing import deal_from, play_cards
from engine.views import public_view, seat_view

FOUR = ["EA H10 HU S7 SK", "E10 HA BK S10 EU", "EK EO HK SO H7", "E7 HO SA SU BO"]


def drawn(events):
    return [(e.seat, e.data["card"]) for e in events if e.kind == "card_drawn"]


def test_winner_draws_first_then_each_seat_in_playing_order():
    deal = deal_from(FOUR, "B7", talon="BA B10 EU E10")
    events = play_cards(deal, "H10", "HA", "HK", "HO", opening="hoeher-hat")
    assert deal.tricks[0].winner == 1
    assert drawn(events) == [(1, "BA"), (2, "B10"), (3, "EU"), (0, "E10")]
    assert all(len(h) == 5 for h in deal.hands)


def test_talon_is_drawn_top_card_first():
    deal = deal_from(["EA H10 HU S7 SK", "E10 HA BK S10 EU"], "B7",
                     talon="S10 SA BA B10")
    events = play_cards(deal, "EA", "E10", opening="ge-elfen")
    assert drawn(events) == [(0, "S10"), (1, "SA")]
    events = play_cards(deal, "S10", "SA")
    assert drawn(events) == [(1, "BA"), (0, "B10")]


@pytest.mark.parametrize(("players", "rounds"), [(2, 19), (3, 11), (4, 7), (6, 3)])
def test_talon_counts_and_the_indicator_is_the_last_card_drawn(players, rounds):
    deal = Deal(Layout.seeded(players, 5))
    trump = deal.indicator
    assert deal.talon_count == 48 - 5 * players == rounds * players
    for r in range(rounds):
        seat = deal.to_play
        events = []
        while len(deal.tricks) == r:
            seat = deal.to_play
            events += deal.apply(deal.legal_plays(seat)[0])
        draws = [e for e in events if e.kind == "card_drawn"]
        winner = deal.tricks[-1].winner
        assert [e.seat for e in draws] == [(winner + k) % players for k in range(players)]
        assert deal.talon_count == (rounds - r - 1) * players
        if r < rounds - 1:
            assert deal.indicator == trump
            assert not any(e.data["indicator"] for e in draws)
        else:
            last = draws[-1]
            assert last.data == {"card": trump, "indicator": True}
            assert last.seat == (winner - 1) % players  # the winner's right-hand neighbour
            assert deal.indicator is None and deal.strict
    events = []
    while len(deal.tricks) == rounds:
        events += deal.apply(deal.legal_plays(deal.to_play)[0])
    assert not [e for e in events if e.kind == "card_drawn"]


def test_each_seat_learns_only_its_own_draw():
    deal = deal_from(FOUR, "B7", talon="BA B10 EU E10")
    events = play_cards(deal, "H10", "HA", "HK", "HO", opening="hoeher-hat")
    draws = [e for e in events if e.kind == "card_drawn"]
    for e in draws:
        for viewer in range(4):
            seen = e.seen_by(viewer)
            assert seen.seat == e.seat and seen.kind == "card_drawn"
            assert seen.data["card"] == (e.data["card"] if viewer == e.seat else None)
        assert e.seen_by(None).data["card"] is None
    for viewer in range(4):
        view = seat_view(deal, viewer)
        assert sorted(view.hand) == sorted(deal.hands[viewer])
        assert view.hand_sizes == (5, 5, 5, 5) and view.talon == 28 - 4
    assert public_view(deal).hand == ()


def test_drawing_the_indicator_is_seen_by_everyone():
    deal = Deal(Layout.seeded(6, 9))
    trump = deal.indicator
    events = []
    while deal.indicator is not None:
        events += deal.apply(deal.legal_plays(deal.to_play)[0])
    (last,) = [e for e in events if e.kind == "card_drawn" and e.data["indicator"]]
    for viewer in (None, *range(6)):
        assert last.seen_by(viewer).data == {"card": trump, "indicator": True}


def test_no_draw_in_the_middle_of_a_trick():
    deal = deal_from(FOUR, "B7")
    events = play_cards(deal, "H10", "HA", "HK", opening="hoeher-hat")
    assert not drawn(events)
    assert [len(h) for h in deal.hands] == [4, 4, 4, 5]
