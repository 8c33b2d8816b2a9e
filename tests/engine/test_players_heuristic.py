"""The heuristic level's Gaigel knowledge, one position per piece of it (issue 4's list).

Each test sets up a trick of four players (trump Hearts, the talon still lasting unless said
otherwise) and asks ``pick_play`` for the card. Most compare two positions that differ in the
one fact the knowledge is about, so that the test fails if the heuristic ignores that fact.
Seats: the leader is seat 0; partners are seats 0 and 2, 1 and 3; "we" are the seat to play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.players.heuristic import pick_play


def card_for(hand: Sequence[str], trick: Sequence[str] = (), *, talon: int = 20,
             indicator: str = "H10", points: tuple[int, int] = (0, 0),
             tricks: tuple[int, int] = (1, 1), played: Sequence[str] = ()) -> str:
    """The heuristic's card for the seat after ``trick`` (led by seat 0), trump Hearts.
    ``points`` and ``tricks`` are per team (team 0: seats 0 and 2); ``played``: cards gone
    in earlier tricks."""
    seat = len(trick) % 4
    plays = [(i, c) for i, c in enumerate(trick)]
    seen = Counter([*played, *trick])
    legal = list(dict.fromkeys(hand))
    return pick_play(list(hand), legal, plays, seat=seat, players=4, trump="H", talon=talon,
                     indicator=indicator, points=list(points), team_tricks=list(tricks),
                     played=seen, shown=Counter())


def test_heuristic_keeps_a_king_while_its_ober_is_still_out() -> None:
    # second to play on an opponent's Acorn Seven: the King would win it for now
    assert card_for(["EK", "B7", "S10"], ["E7"]) == "B7"
    # with both Acorn Obers gone no marriage can form: the King is just a card
    assert card_for(["EK", "B7", "S10"], ["E7"], played=["EO", "EO"]) == "EK"


def test_heuristic_leads_low_while_the_talon_lasts() -> None:
    assert card_for(["EA", "B10", "S7", "BK", "EU"]) == "S7"


def test_heuristic_saves_trumps_for_tricks_worth_ten_or_more() -> None:
    assert card_for(["HU", "S7", "BK"], ["E7"]) == "S7"
    assert card_for(["HU", "S7", "BK"], ["EA"]) == "HU"


def test_heuristic_wins_a_cheap_trick_when_a_marriage_waits_for_the_first_trick() -> None:
    hand = ["EK", "EO", "H7", "E10", "BU"]
    trick = ["S7", "B7", "SU"]  # last to play; the opponents (seats 0, 2) lead with 2 points
    assert card_for(hand, trick, tricks=(0, 0)) == "H7"
    assert card_for(hand, trick, tricks=(1, 1)) == "BU"  # a trick is already in: no need


def test_heuristic_wins_a_cheap_trick_when_the_trump_seven_waits_for_the_first_trick() -> None:
    hand = ["H7", "E10", "BU", "E7", "BO"]
    trick = ["S7", "B7", "SU"]
    # the Seven may be exchanged for the trump Ace only once the team has a trick
    assert card_for(hand, trick, tricks=(0, 0), indicator="HA") == "H7"
    assert card_for(hand, trick, tricks=(1, 1), indicator="HA") == "E7"


def test_heuristic_smears_an_ace_onto_the_partners_sure_trick() -> None:
    # last to play: the partner (seat 1) holds the trick with the trump Ace
    assert card_for(["EA", "S7", "BU"], ["E7", "HA", "B7"]) == "EA"
    # the same cards, but an opponent holds it: throw the cheapest
    assert card_for(["EA", "S7", "BU"], ["HA", "E7", "B7"]) == "S7"


def test_heuristic_does_not_overtrump_the_partners_winning_trick() -> None:
    # the partner (seat 1) trumped the Acorn Ten; nobody plays after us
    assert card_for(["HA", "S7", "BU"], ["E10", "HK", "B7"]) == "BU"
    # the opponent's King of trumps on the partner's Ten: take it back with the Ace
    assert card_for(["HA", "S7", "BU"], ["HK", "E10", "B7"]) == "HA"


def test_heuristic_takes_the_trick_that_brings_its_team_to_101() -> None:
    trick = ["EK", "E7", "EU"]  # 6 points, the opponents hold it; we are team 1
    assert card_for(["H7", "S7", "BU"], trick, points=(40, 95)) == "H7"
    assert card_for(["H7", "S7", "BU"], trick, points=(40, 40)) == "S7"


def test_heuristic_takes_the_trick_that_would_bring_the_opponents_to_101() -> None:
    trick = ["EK", "E7", "EU"]
    assert card_for(["H7", "S7", "BU"], trick, points=(95, 40)) == "H7"


def test_heuristic_leaves_the_last_free_trick_whose_winner_gives_the_opponents_the_indicator(
) -> None:
    # four cards left to draw: the winner draws first, so an opponent draws the trump Ace
    trick = ["E10", "E7", "EK"]
    assert card_for(["H7", "S7", "BU"], trick, talon=8, indicator="HA") == "H7"
    assert card_for(["H7", "S7", "BU"], trick, talon=4, indicator="HA") == "S7"
    # a Seven lying face up costs nothing to give away
    assert card_for(["H7", "S7", "BU"], trick, talon=4, indicator="H7") == "H7"
