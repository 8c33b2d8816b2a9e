"""Ending a deal: the knock ("Aus!"), Gaigel, untergaigeln, übergaigeln and accusations, five
Sevens, five tricks, the played-out rule [004 §End of the Play, §Variations, 000 §Scoring and its
Gaigels 1-6, spec §Output: result]."""

import pytest

from engine.actions import Action, accuse, declare, exchange, knock, play, sevens
from engine.cards import POINTS
from engine.deal import AUS, Deal, Layout
from engine.errors import IllegalAction
from engine.rules import Rules
from engine.testing import deal_from, play_cards
from engine.views import seat_view

# Seat 0 can reach 101 quickly: EA + E10 in the first trick (21) and both trump pairs (80).
TWO = ["EA BK BK BO BO", "E10 S10 H7 HU SU"]
TALON = "S7 SA EU E7"  # seat 0 draws S7, seat 1 SA; then seat 1 EU, seat 0 E7


def first_trick(hands=TWO, rules="wuerttemberg", **options):
    deal = deal_from(hands, "BU", talon=TALON, rules=rules, **options)
    play_cards(deal, "EA", "E10", opening="ge-elfen" if deal.rules.openings else None)
    assert deal.points == [21, 0]
    return deal


def opponents_took_a_trick(**options):
    deal = first_trick(**options)
    play_cards(deal, "S7", "S10")
    assert deal.tricks[-1].winner == 1 and deal.points == [21, 10]
    return deal


def result(deal):
    return deal.result.to_json() if deal.result else None


# ---------------------------------------------------------------- the knock


def test_knock_with_101_wins_a_single_game_aus():
    deal = opponents_took_a_trick()
    deal.apply(declare(0, "B", double=True))
    assert deal.points[0] == 101 == AUS
    deal.apply(knock(0))
    assert result(deal) == {"winner": 0, "games": 1, "reason": "aus"}
    assert deal.over and deal.to_play is None


def test_knock_gaigel_double_when_the_opponents_have_no_trick():
    deal = first_trick()
    deal.apply(declare(0, "B", double=True))
    deal.apply(knock(0))
    assert result(deal) == {"winner": 0, "games": 2, "reason": "gaigel"}


def test_knock_under_101_untergaigelt_the_opponents_win_a_double():
    deal = opponents_took_a_trick()
    deal.apply(knock(0))
    assert result(deal) == {"winner": 1, "games": 2, "reason": "untergaigelt"}


def test_knock_at_100_is_untergaigelt():
    deal = deal_from(["E10 BK BK BO BO", "E10 S10 H7 HU SU"], "BU")
    play_cards(deal, "E10", "E10", opening="hoeher-hat")  # first of equal cards: seat 0
    deal.apply(declare(0, "B", double=True))
    assert deal.points[0] == 100
    deal.apply(knock(0))
    assert result(deal) == {"winner": 1, "games": 2, "reason": "untergaigelt"}


def test_knock_is_judged_by_the_knocking_teams_points_alone():
    deal = first_trick()
    deal.apply(declare(0, "B", double=True))
    deal.apply(knock(1))  # the opponents have 101, the knocker's team 0
    assert result(deal) == {"winner": 0, "games": 2, "reason": "untergaigelt"}


def test_any_seat_may_knock_at_any_moment_off_turn_and_for_its_partner():
    hands = ["EA BK BK BO BO", "E10 S10 H7 HU SU", "EK HA H10 SK SO", "E7 HK HO EO S7"]
    deal = deal_from(hands, "BU", talon="S7 SA EU E7")
    play_cards(deal, "EA", "E10", "EK", "E7", opening="ge-elfen")
    deal.apply(declare(0, "B", double=True))
    assert deal.points[0] == 11 + 10 + 4 + 0 + 80
    play_cards(deal, deal.hands[0][-1])
    assert deal.to_play == 1
    deal.apply(knock(2))  # seat 2, not on turn, for its team
    assert result(deal) == {"winner": 0, "games": 2, "reason": "gaigel"}


def test_knock_turns_the_teams_tricks_over_recount_event():
    deal = opponents_took_a_trick()
    deal.apply(declare(0, "B", double=True))
    events = deal.apply(knock(0))
    kinds = [e.kind for e in events]
    assert kinds == ["knocked", "recount", "deal_over"]
    recount = events[1].data
    assert recount["team"] == 0 and recount["tricks"] == [["EA", "E10"]]
    assert recount["card_points"] == 21 and recount["points"] == 101
    assert recount["melds"] == [{"seat": 0, "suit": "B", "double": True, "points": 80}]
    assert events[2].data == {"winner": 0, "games": 1, "reason": "aus"}


def test_marriage_points_count_towards_101():
    deal = deal_from(["EA BK BK BO BO", "E7 S10 H7 HU SU"], "BU")
    play_cards(deal, "EA", "E7", opening="ge-elfen")
    deal.apply(declare(0, "B", double=True))
    assert deal.points[0] == 11 + 80
    deal.apply(knock(0))
    assert result(deal) == {"winner": 1, "games": 2, "reason": "untergaigelt"}


# ---------------------------------------------------------------- accusation


def test_accuse_uebergaigelt_the_accusers_win_a_double():
    deal = opponents_took_a_trick()
    deal.apply(declare(0, "B", double=True))  # 101, and seat 0 does not knock
    play_cards(deal, "SA", "E7")  # seat 0 plays a card at 101: played on
    assert deal.played_on == [True, False]
    deal.apply(accuse(1))
    assert result(deal) == {"winner": 1, "games": 2, "reason": "uebergaigelt"}


def test_not_played_on_when_the_card_was_played_before_reaching_101():
    deal = opponents_took_a_trick()
    play_cards(deal, "SA", "E7")  # at 21
    deal.apply(declare(0, "B", double=True))  # now 101, seat 1 leads next
    assert deal.played_on == [False, False]
    deal.apply(accuse(1))
    assert result(deal) == {"winner": 0, "games": 2, "reason": "false_accusation"}


def test_partners_card_at_101_is_played_on_for_the_team():
    hands = ["EA BK BK BO BO", "E10 S10 H7 HU SU", "EK HA H10 SK SO", "E7 HK HO EO S7"]
    deal = deal_from(hands, "BU")
    play_cards(deal, "EA", "E10", "EK", "E7", opening="ge-elfen")
    play_cards(deal, deal.hands[0][-1], "SU")  # seat 0 leads at 25
    deal.apply(declare(0, "B", double=True))  # 105, off turn
    assert not deal.played_on[0]
    play_cards(deal, "SO")  # seat 2 plays at 105
    assert deal.played_on == [True, False]
    deal.apply(accuse(3))
    assert result(deal) == {"winner": 1, "games": 2, "reason": "uebergaigelt"}


def test_false_accusation_double_the_accused_win_a_double():
    deal = opponents_took_a_trick()
    deal.apply(accuse(1))
    assert result(deal) == {"winner": 0, "games": 2, "reason": "false_accusation"}


def test_false_accusation_none_is_refused_not_allowed_and_play_goes_on():
    deal = opponents_took_a_trick(false_accusation="none")
    before = (deal.state_json(), deal.record())
    assert deal.refusal(accuse(1)) == "not_allowed"
    with pytest.raises(IllegalAction) as info:
        deal.apply(accuse(1))
    assert info.value.code == "not_allowed"
    assert (deal.state_json(), deal.record()) == before and deal.result is None
    deal.apply(declare(0, "B", double=True))
    play_cards(deal, "SA", "E7")
    deal.apply(accuse(1))  # a correct accusation still wins
    assert result(deal) == {"winner": 1, "games": 2, "reason": "uebergaigelt"}


def test_team_that_played_on_may_still_knock_and_win():
    deal = opponents_took_a_trick()
    deal.apply(declare(0, "B", double=True))
    play_cards(deal, "SA", "E7")
    assert deal.played_on[0]
    deal.apply(knock(0))
    assert result(deal) == {"winner": 0, "games": 1, "reason": "aus"}


def test_accusation_against_the_own_team_is_not_allowed():
    deal = opponents_took_a_trick()
    assert deal.refusal(accuse(1, against=1)) == "not_allowed"
    assert deal.refusal(accuse(1, against=2)) == "not_allowed"
    assert deal.refusal(accuse(1, against=0)) is None  # naming the only opponent is fine


def test_accusation_recounts_the_accused_team():
    deal = opponents_took_a_trick()
    deal.apply(declare(0, "B", double=True))
    play_cards(deal, "SA", "E7")
    events = deal.apply(accuse(1))
    assert [e.kind for e in events] == ["accused", "recount", "deal_over"]
    assert events[0].data == {"against": 0}
    assert events[1].data["team"] == 0 and events[1].data["points"] == 101


# ---------------------------------------------------------------- three players

THREE = ["EA BK BK BO BO", "E10 S10 H7 HU SU", "EK HA H10 SK SO"]


def three(**options):
    deal = deal_from(THREE, "BU", talon="S7 E7 H7", **options)
    play_cards(deal, "EA", "E10", "EK", opening="ge-elfen")
    assert deal.points == [25, 0, 0]
    return deal


def test_three_players_accusation_must_name_against():
    deal = three()
    deal.apply(declare(0, "B", double=True))
    play_cards(deal, deal.hands[0][-1])
    assert deal.played_on == [True, False, False]
    assert deal.refusal(accuse(1)) == "not_allowed"
    assert deal.refusal(accuse(1, against=1)) == "not_allowed"
    assert deal.refusal(accuse(1, against=3)) == "not_allowed"
    assert deal.refusal(accuse(1, against=-1)) == "not_allowed"
    deal.apply(accuse(1, against=0))
    assert result(deal) == {"winner": 1, "games": 2, "reason": "uebergaigelt"}


def test_three_players_false_accusation_the_accused_seat_wins():
    deal = three()
    deal.apply(accuse(2, against=1))
    assert result(deal) == {"winner": 1, "games": 2, "reason": "false_accusation"}


def test_three_players_gaigel_when_neither_opponent_has_a_trick():
    deal = three()
    deal.apply(declare(0, "B", double=True))
    deal.apply(knock(0))
    assert result(deal) == {"winner": 0, "games": 2, "reason": "gaigel"}


def test_three_players_aus_winner_is_a_seat():
    deal = three()
    play_cards(deal, "S7", "S10", "SK")
    assert deal.tricks[-1].winner != 0
    deal.apply(declare(0, "B", double=True))
    assert deal.points[0] >= 101
    deal.apply(knock(0))
    assert result(deal) == {"winner": 0, "games": 1, "reason": "aus"}


def test_three_players_untergaigelt_the_opponent_with_more_points_wins():
    deal = three()
    deal.apply(knock(2))  # seat 2 has 0; opponents: seat 0 (25), seat 1 (0)
    assert result(deal) == {"winner": 0, "games": 2, "reason": "untergaigelt"}


def test_three_players_untergaigelt_tie_goes_to_the_first_seat_after_the_knocker():
    deal = three()
    deal.apply(knock(0))  # opponents seat 1 and seat 2 both 0: seat 1 comes first after 0
    assert result(deal)["winner"] == 1
    for knocker, winner in ((1, 2), (2, 0)):
        deal = deal_from(THREE, "BU")
        deal.apply(knock(knocker))
        assert result(deal) == {"winner": winner, "games": 2, "reason": "untergaigelt"}


# ---------------------------------------------------------------- played out


def referee(deal):
    """The result of a deal played to the end without claims or melds, recomputed here from
    its tricks alone (spec §Output: the played-out rule)."""
    teams = deal.teams
    points = [0] * teams
    first = None
    played_on = [False] * teams
    for trick in deal.tricks:
        for seat, _ in trick.plays:
            if points[seat % teams] >= 101:
                played_on[seat % teams] = True
        team = trick.winner % teams
        points[team] += sum(POINTS[c] for c in trick.cards)
        if first is None and points[team] >= 101:
            first = team
    last = deal.tricks[-1].winner % teams
    points[last] += deal.rules.last_trick_bonus
    if first is None and points[last] >= 101:
        first = last
    took = [any(t.winner % teams == team for t in deal.tricks) for team in range(teams)]
    if first is None:
        best = max(points)
        return points, {"winner": points.index(best), "games": 1, "reason": "played_out"}
    if played_on[first]:
        order = [(first + k) % teams for k in range(1, teams)]
        winner = max(order, key=lambda t: (points[t], -order.index(t)))
        return points, {"winner": winner, "games": 2, "reason": "uebergaigelt"}
    games = 1 if any(took[t] for t in range(teams) if t != first) else 2
    return points, {"winner": first, "games": games, "reason": "played_out"}


def play_out(players, seed, pick, preset="wuerttemberg", **options):
    deal = Deal(Layout.seeded(players, seed),
                Rules.named(preset, gaigel_five_tricks=False, **options))
    while deal.result is None:
        plays = deal.legal_plays(deal.to_play)
        deal.apply(plays[0] if pick == 0 else plays[-1])
    assert len(deal.tricks) == 48 // players
    return deal


# (players, seed, pick, preset, last_trick_bonus, expected result) found by search and
# checked by the referee above, which recounts every trick.
PLAYED_OUT = [
    (2, 0, 0, "wuerttemberg", 0, {"winner": 1, "games": 2, "reason": "uebergaigelt"}),
    (4, 0, 0, "wuerttemberg", 0, {"winner": 1, "games": 2, "reason": "uebergaigelt"}),
    (4, 0, 0, "classic", 10, {"winner": 1, "games": 2, "reason": "uebergaigelt"}),
    (6, 16, -1, "wuerttemberg", 0, {"winner": 1, "games": 1, "reason": "played_out"}),
    (6, 99, 0, "classic", 0, {"winner": 0, "games": 1, "reason": "played_out"}),
    (3, 0, 0, "wuerttemberg", 0, {"winner": 0, "games": 1, "reason": "played_out"}),
    (3, 1, 0, "wuerttemberg", 0, {"winner": 2, "games": 2, "reason": "uebergaigelt"}),
    (3, 1, -1, "classic", 0, {"winner": 0, "games": 2, "reason": "uebergaigelt"}),
    (3, 2, 0, "wuerttemberg", 10, {"winner": 2, "games": 1, "reason": "played_out"}),
]


@pytest.mark.parametrize(("players", "seed", "pick", "preset", "bonus", "want"), PLAYED_OUT)
def test_played_out_scored_as_if_the_first_team_over_101_had_knocked(players, seed, pick,
                                                                      preset, bonus, want):
    deal = play_out(players, seed, pick, preset, last_trick_bonus=bonus)
    points, expected = referee(deal)
    assert expected == want
    assert result(deal) == want
    assert deal.points == points


def test_played_out_first_team_over_101_that_played_on_loses_uebergaigelt():
    deal = play_out(2, 0, 0)
    assert deal.first_101 == 0 and deal.played_on[0]
    assert result(deal) == {"winner": 1, "games": 2, "reason": "uebergaigelt"}


def test_played_out_three_players_nobody_at_101_most_points_wins():
    deal = play_out(3, 3, -1)
    assert deal.first_101 is None and deal.points == [81, 79, 80]
    assert result(deal) == {"winner": 0, "games": 1, "reason": "played_out"}


def test_played_out_three_players_tie_goes_to_the_lowest_seat():
    deal = play_out(3, 38, 0)
    assert deal.first_101 is None and deal.points == [83, 74, 83]
    assert result(deal) == {"winner": 0, "games": 1, "reason": "played_out"}


def test_last_trick_bonus_counts_when_played_out_and_can_decide():
    plain = play_out(3, 3, -1)
    bonus = play_out(3, 3, -1, last_trick_bonus=10)
    assert bonus.tricks[-1].winner == 1
    assert bonus.points == [81, 89, 80] == [p + (10 if t == 1 else 0)
                                            for t, p in enumerate(plain.points)]
    assert result(bonus) == {"winner": 1, "games": 1, "reason": "played_out"}


def test_last_trick_bonus_can_bring_the_last_trick_over_101():
    deal = play_out(3, 0, -1, last_trick_bonus=10)
    assert deal.points == [108, 51, 91] and deal.first_101 == 0
    assert result(deal) == {"winner": 0, "games": 1, "reason": "played_out"}


def test_last_trick_bonus_not_counted_when_the_deal_ends_by_a_claim():
    deal = opponents_took_a_trick(last_trick_bonus=10)
    deal.apply(declare(0, "B", double=True))
    deal.apply(knock(0))
    assert deal.points == [101, 10]


# ---------------------------------------------------------------- five Sevens

SEVENS = ["EA E10 HK HO S10", "E7 E7 B7 B7 H7"]


def test_five_sevens_win_a_single_game_at_once_off_turn():
    deal = deal_from(SEVENS, "SA")
    assert deal.to_play == 0
    events = deal.apply(sevens(1))
    assert result(deal) == {"winner": 1, "games": 1, "reason": "five_sevens"}
    assert events[0].kind == "sevens_shown" and events[0].seen_by(0).data["cards"] == \
        SEVENS[1].split()


def test_five_sevens_off_is_not_allowed():
    deal = deal_from(SEVENS, "SA", five_sevens="off")
    assert deal.refusal(sevens(1)) == "not_allowed"


def test_sevens_without_five_sevens_is_not_allowed():
    deal = deal_from(SEVENS, "SA")
    assert deal.refusal(sevens(0)) == "not_allowed"
    deal = deal_from(["EA E10 HK HO S10", "E7 E7 B7 B7 HA"], "SA")
    assert deal.refusal(sevens(1)) == "not_allowed"


def test_five_sevens_held_at_any_moment_after_a_draw():
    hands = ["EA E10 HK HO S10", "E7 E7 B7 B7 HA", "EK HU SU EO SO"]
    deal = deal_from(hands, "SA", talon="E10 H7 H10")
    play_cards(deal, "EA", "HA", opening="ge-elfen")
    assert deal.refusal(sevens(1)) == "not_allowed"  # four Sevens, one card short
    play_cards(deal, "EK")
    assert sorted(deal.hands[1]) == sorted(["E7", "E7", "B7", "B7", "H7"])
    deal.apply(sevens(1))
    assert result(deal) == {"winner": 1, "games": 1, "reason": "five_sevens"}


def test_five_sevens_four_players_the_team_wins():
    hands = ["EA E10 HK HO S10", "EK HU SU EO SO", "E7 E7 B7 B7 H7", "HA H10 BA B10 BK"]
    deal = deal_from(hands, "SA")
    deal.apply(sevens(2))
    assert result(deal) == {"winner": 0, "games": 1, "reason": "five_sevens"}


# ---------------------------------------------------------------- five tricks

FIVE = ["EA E10 HA H10 SA", "E7 H7 S7 EU HU"]


def take_five(deal):
    for i, (a, b) in enumerate(zip(FIVE[0].split(), FIVE[1].split(), strict=True)):
        assert deal.result is None
        play_cards(deal, a, b, opening="ge-elfen" if i == 0 and deal.rules.openings else None)
        assert deal.tricks[-1].winner == 0


def test_gaigel_five_tricks_classic_a_team_taking_the_first_five_wins_double():
    deal = deal_from(FIVE, "BK", rules="classic")
    take_five(deal)
    assert result(deal) == {"winner": 0, "games": 2, "reason": "five_tricks"}


def test_no_five_tricks_rule_in_wuerttemberg():
    deal = deal_from(FIVE, "BK")
    take_five(deal)
    assert deal.result is None


def test_no_five_tricks_when_the_opponents_took_one():
    deal = deal_from(["EA E10 HA H10 SU", "E7 H7 S7 SA HU"], "BK", talon="EK EO",
                     rules="classic")
    play_cards(deal, "EA", "E7", "E10", "H7", "SU", "SA")
    assert deal.tricks[-1].winner == 1
    while len(deal.tricks) < 5:
        deal.apply(deal.legal_plays(deal.to_play)[0])
    assert deal.result is None


def test_five_tricks_even_after_playing_on_past_101():
    deal = deal_from(FIVE, "B7", talon="BK EK BO EO BK SK BO SO", gaigel_five_tricks=True)
    for a, b in zip(FIVE[0].split()[:4], FIVE[1].split()[:4], strict=True):
        play_cards(deal, a, b, opening="ge-elfen" if a == "EA" else None)
    deal.apply(declare(0, "B", double=True))
    assert deal.points[0] == 11 + 10 + 11 + 10 + 2 + 80
    play_cards(deal, "SA")
    assert deal.played_on[0]
    play_cards(deal, "HU")
    assert result(deal) == {"winner": 0, "games": 2, "reason": "five_tricks"}


def test_five_tricks_for_a_team_of_partners():
    hands = ["EA E10 HA H10 SA", "E7 H7 S7 EU HU", "EA E10 HA H10 SA", "E7 H7 S7 EU HU"]
    deal = deal_from(hands, "BK", rules="classic")
    for k in range(5):
        cards = [h.split()[k] for h in hands]
        play_cards(deal, *cards)
    assert {t.winner for t in deal.tricks} == {0}
    assert result(deal) == {"winner": 0, "games": 2, "reason": "five_tricks"}


# ---------------------------------------------------------------- after the result


def test_every_action_after_the_result_is_deal_over():
    deal = opponents_took_a_trick()
    deal.apply(knock(0))
    final = (deal.state_json(), deal.record())
    for action in (play(1, "SA"), play(0, "BK"), declare(0, "B", True), exchange(1),
                   knock(0), knock(1), accuse(0), accuse(1), sevens(1)):
        assert deal.refusal(action) == "deal_over"
        with pytest.raises(IllegalAction):
            deal.apply(action)
    assert (deal.state_json(), deal.record()) == final
    assert deal.to_play is None
    for seat in (0, 1):
        assert deal.legal_actions(seat) == []
        view = seat_view(deal, seat)
        assert view.result == deal.result and view.actions == () and view.to_play is None


def test_claims_appear_among_the_legal_actions():
    deal = opponents_took_a_trick()
    assert Action(0, "knock") in deal.legal_actions(0)
    assert Action(1, "accuse") in deal.legal_actions(1)  # a false accusation is accepted
    deal = opponents_took_a_trick(false_accusation="none")
    assert Action(1, "accuse") not in deal.legal_actions(1)
    assert Action(1, "accuse") in deal.legal_claims(1, offer_all_accusations=True)
