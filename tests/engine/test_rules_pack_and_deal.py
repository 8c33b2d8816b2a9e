"""The pack, card points, ranks, seats, teams, dealing and the ordinary trick rules.

Sources: [004] pagat "Gaigel" (preset wuerttemberg), [000] 1907 rules (preset classic),
[spec] /work/shared/spec/deal-record.md.
"""

import random
from collections import Counter

import pytest

from engine.actions import Action, play
from engine.cards import CANONICAL_PACK, CODES, POINTS, RANKS, STRENGTH, SUITS, parse_card
from engine.deal import Deal, Layout
from engine.rules import PRESETS, Rules, RulesError
from engine.testing import deal_from, layout_from, play_cards
from engine.tricks import team_count, team_of


def test_pack_has_48_cards_two_of_each_of_24():
    assert len(CANONICAL_PACK) == 48
    assert len(CODES) == 24
    assert Counter(CANONICAL_PACK) == dict.fromkeys(CODES, 2)


def test_canonical_order_suits_e_b_h_s_ranks_a_10_k_o_u_7_each_twice_in_a_row():
    assert SUITS == ("E", "B", "H", "S")
    assert RANKS == ("A", "10", "K", "O", "U", "7")
    assert CANONICAL_PACK[:4] == ("EA", "EA", "E10", "E10")
    assert CANONICAL_PACK[-2:] == ("S7", "S7")
    assert list(CANONICAL_PACK[::2]) == [s + r for s in SUITS for r in RANKS]


def test_card_points_ace_11_ten_10_king_4_ober_3_unter_2_seven_0():
    for suit in SUITS:
        assert [POINTS[suit + r] for r in RANKS] == [11, 10, 4, 3, 2, 0]


def test_pack_holds_240_card_points():
    assert sum(POINTS[c] for c in CANONICAL_PACK) == 240


def test_ranks_high_to_low_ace_ten_king_ober_unter_seven():
    for suit in SUITS:
        strengths = [STRENGTH[suit + r] for r in RANKS]
        assert strengths == sorted(strengths, reverse=True)
        assert len(set(strengths)) == 6


def test_card_codes_accept_lower_case_and_french_spelling_on_input():
    assert parse_card("ea") == "EA"
    assert parse_card("h10") == "H10"
    assert parse_card("CQ") == "EO"  # clubs -> Eichel, queen -> Ober
    assert parse_card("DJ") == "SU"  # diamonds -> Schellen, jack -> Unter
    assert parse_card("S7") == "S7"  # S is always Schellen
    assert parse_card("X9") is None
    assert parse_card("E9") is None


def test_seeded_deal_is_random_shuffle_of_the_canonical_pack():
    for seed in (0, 1, 42, 2**40):
        pack = list(CANONICAL_PACK)
        random.Random(seed).shuffle(pack)
        for n in (2, 3, 4, 6):
            layout = Layout.seeded(n, seed)
            for i in range(n):
                assert list(layout.hands[i]) == pack[5 * i: 5 * i + 5]
            assert layout.trump == pack[5 * n]
            assert list(layout.talon) == pack[5 * n + 1:]


@pytest.mark.parametrize(("players", "talon", "tricks"), [(2, 37, 24), (3, 32, 16), (4, 27, 12),
                                                          (6, 17, 8)])
def test_five_cards_each_then_indicator_then_talon_for_2_3_4_6_players(players, talon, tricks):
    layout = Layout.seeded(players, 7)
    assert all(len(h) == 5 for h in layout.hands)
    assert len(layout.talon) == talon == 48 - 5 * players - 1
    deal = Deal(layout)
    assert deal.talon_count == talon + 1  # the indicator counts as a card still to draw
    assert deal.total_tricks == tricks == 48 // players


def test_trump_suit_is_the_suit_of_the_indicator():
    for trump in ("EA", "B7", "HU", "S10"):
        deal = deal_from(["EA E10 HK HO S7", "E7 BA BK SU SO"],
                         trump if trump != "EA" else "H7", rules="classic")
        assert deal.trump_suit == (trump if trump != "EA" else "H7")[0]
        assert deal.indicator == (trump if trump != "EA" else "H7")


@pytest.mark.parametrize("players", [1, 5, 7])
def test_only_2_3_4_6_players(players):
    hands = [("EA", "EA", "E10", "E10", "EK")] * players
    assert Layout(tuple(hands), "E7", ()).problems()


def test_layout_with_a_card_three_times_is_no_deal():
    layout = layout_from(["EA E10 HK HO S7", "E7 BA BK SU SO"], "B7")
    bad = Layout((("EA", "EA", "E10", "HK", "HO"), layout.hands[1]), layout.trump,
                 layout.talon)
    assert any("EA appears 3 times" in p for p in bad.problems())
    with pytest.raises(ValueError):
        Deal(bad)


def test_layout_with_wrong_hand_or_talon_size_is_no_deal():
    layout = layout_from(["EA E10 HK HO S7", "E7 BA BK SU SO"], "B7")
    short = Layout((layout.hands[0][:4], layout.hands[1]), layout.trump,
                   layout.talon + (layout.hands[0][4],))
    assert any("hand 0 has 4 cards" in p for p in short.problems())
    assert any("talon" in p for p in Layout(layout.hands, layout.trump,
                                            layout.talon[1:]).problems())


@pytest.mark.parametrize(("players", "teams"), [
    (2, [[0], [1]]),
    (3, [[0], [1], [2]]),
    (4, [[0, 2], [1, 3]]),
    (6, [[0, 2, 4], [1, 3, 5]]),
])
def test_teams_by_seat_4_players_0_2_against_1_3_3_players_alone(players, teams):
    deal = Deal(Layout.seeded(players, 1))
    assert deal.teams == team_count(players) == len(teams)
    for t, seats in enumerate(teams):
        assert deal.seats_of(t) == seats
        for s in seats:
            assert deal.team(s) == team_of(s, players) == t  # a team is named by its lowest seat


def test_vorhand_seat_0_leads_the_first_trick_and_play_goes_in_seat_order():
    deal = deal_from(["EA E10 HK HO S7", "E7 BA BK SU SO", "HA H10 SA S10 EU",
                      "EK EO HU H7 SK"], "B7", rules="classic")
    assert deal.to_play == 0 and deal.leader == 0
    for seat, card in ((0, "E10"), (1, "E7"), (2, "EU"), (3, "EK")):
        assert deal.to_play == seat
        for other in range(4):
            if other != seat:
                assert deal.refusal(play(other, deal.hands[other][0])) == "not_your_turn"
        deal.apply(play(seat, card))


def test_trick_without_trump_is_won_by_highest_card_of_led_suit():
    deal = deal_from(["EK E10 HK HO S7", "EA BA BK SU SO"], "B7", rules="classic")
    play_cards(deal, "HK", "EA")  # the Ace of another suit does not win
    assert deal.tricks[-1].winner == 0
    play_cards(deal, "E10", "BK")  # a trump wins
    assert deal.tricks[-1].winner == 1


def test_trick_with_trumps_is_won_by_highest_trump():
    deal = deal_from(["EK B10 HK HO S7", "BA BU E7 SU SO", "B7 E10 SA S10 EU"], "BO",
                     rules="classic")
    play_cards(deal, "EK", "BU", "E10")
    assert deal.tricks[-1].winner == 1
    deal2 = deal_from(["EK B10 HK HO S7", "BU BA E7 SU SO", "B7 E10 SA S10 EU"], "BO",
                      rules="classic")
    play_cards(deal2, "EK", "BU", "B7")
    assert deal2.tricks[-1].winner == 1  # a lower trump does not beat it
    deal3 = deal_from(["EK B10 HK HO S7", "BU BA E7 SU SO", "B7 E10 SA S10 EU"], "BO",
                      rules="classic")
    play_cards(deal3, "B10", "BA", "B7")
    assert deal3.tricks[-1].winner == 1


def test_of_two_equal_cards_the_first_played_wins():
    deal = deal_from(["EA E10 HK HO S7", "EA BA BK SU SO"], "B7", rules="classic")
    play_cards(deal, "EA", "EA")
    assert deal.tricks[-1].winner == 0
    # the same with the second copy led by the other seat
    deal = deal_from(["E7 E10 HK HO S7", "EA BA BK SU SO"], "B7", talon="S10 EA",
                     rules="classic")
    play_cards(deal, "E7", "BK")  # seat 1 wins; seat 0 draws the other EA
    play_cards(deal, "EA", "EA")
    assert deal.tricks[-1].winner == 1


def test_equal_trumps_first_played_wins():
    deal = deal_from(["BA E10 HK HO S7", "BA EA BK SU SO"], "B7", rules="classic")
    play_cards(deal, "BA", "BA")
    assert deal.tricks[-1].winner == 0


def test_any_card_may_be_played_while_the_talon_lasts():
    deal = deal_from(["EA E10 HK HO S7", "E7 BA BK SU SO"], "B7", rules="classic")
    deal.apply(play(0, "E10"))
    assert not deal.strict
    assert sorted(deal.legal_cards(1)) == sorted(set(deal.hands[1]))
    for card in deal.hands[1]:
        assert deal.refusal(play(1, card)) is None


def test_winner_of_a_trick_leads_the_next():
    deal = deal_from(["EK E10 HK HO S7", "EA BA BK SU SO"], "B7", rules="classic")
    play_cards(deal, "EK", "EA")
    assert deal.leader == deal.to_play == 1


def test_partners_points_are_pooled_for_the_team():
    deal = deal_from(["E7 E10 HK HO S7", "EK BA BK SU SO", "EA H10 SA S10 EU",
                      "EO HU H7 SK HA"], "B7", rules="classic")
    play_cards(deal, "E7", "EK", "EA", "EO")
    assert deal.tricks[-1].winner == 2
    assert deal.points == [0 + 4 + 11 + 3, 0]
    assert deal.team_tricks == [1, 0] and deal.seat_tricks == [0, 0, 1, 0]


def test_card_points_of_a_trick_go_to_the_winners_team_three_players():
    deal = deal_from(["E7 E10 HK HO S7", "EK BA BK SU SO", "EA H10 SA S10 EU"], "B7",
                     rules="classic")
    play_cards(deal, "E7", "EK", "EA")
    assert deal.points == [0, 0, 15]


def test_presets_have_the_option_values_of_the_spec_table():
    assert Rules() == PRESETS["wuerttemberg"]
    assert PRESETS["wuerttemberg"].options() == {
        "openings": True, "meld_window": "team_trick", "meld_after_talon": True,
        "second_pair_same_suit": "fresh_cards", "exchange_needs": "team",
        "beat_when_trumped": False, "exchange_points": 0, "last_trick_bonus": 0,
        "five_sevens": "win", "false_accusation": "double", "gaigel_five_tricks": False,
    }
    assert PRESETS["classic"].options() == {
        "openings": False, "meld_window": "after_trick", "meld_after_talon": False,
        "second_pair_same_suit": "never", "exchange_needs": "self",
        "beat_when_trumped": True, "exchange_points": 0, "last_trick_bonus": 0,
        "five_sevens": "win", "false_accusation": "double", "gaigel_five_tricks": True,
    }


def test_rules_from_json_preset_name_or_object_with_overrides():
    assert Rules.from_json("classic") == PRESETS["classic"]
    assert Rules.from_json(None) == PRESETS["wuerttemberg"]
    r = Rules.from_json({"preset": "wuerttemberg", "last_trick_bonus": 10})
    assert r.last_trick_bonus == 10 and r.openings
    assert Rules.from_json(r.to_json()) == r
    assert Rules.from_json({"last_trick_bonus": 10}).preset == "wuerttemberg"


@pytest.mark.parametrize("bad", [
    "skat", {"preset": "skat"}, {"preset": "classic", "jokers": True},
    {"openings": "yes"}, {"openings": 1}, {"meld_window": "always"},
    {"exchange_points": -1}, {"exchange_points": True}, {"last_trick_bonus": 1.5},
    {"five_sevens": "lose"}, {"false_accusation": "single"}, 3, ["classic"],
])
def test_unknown_or_bad_rule_options_are_rejected_never_ignored(bad):
    with pytest.raises(RulesError):
        Rules.from_json(bad)


def test_actions_of_an_out_of_range_seat_are_not_allowed():
    deal = deal_from(["EA E10 HK HO S7", "E7 BA BK SU SO"], "B7", rules="classic")
    assert deal.refusal(Action(2, "play", "EA")) == "not_allowed"
    assert deal.refusal(Action(-1, "knock")) == "not_allowed"
    assert deal.refusal(Action(0, "dance")) == "not_allowed"


def test_a_card_not_held_is_not_in_hand():
    deal = deal_from(["EA E10 HK HO S7", "E7 BA BK SU SO"], "B7", rules="classic")
    assert deal.refusal(play(0, "BA")) == "not_in_hand"
    assert deal.refusal(play(0, "XX")) == "not_in_hand"
    assert deal.refusal(Action(0, "play")) == "not_in_hand"


def test_error_codes_are_the_spec_list_each_with_a_sentence():
    from engine.errors import ERROR_CODES, MESSAGES, IllegalAction
    assert set(ERROR_CODES) == {
        "not_your_turn", "not_in_hand", "must_follow", "must_beat", "must_trump",
        "must_overtrump", "trump_in_first_trick", "bad_opening", "no_trick_yet", "no_marriage",
        "already_declared", "no_seven", "meld_closed", "deal_over", "not_allowed"}
    assert set(MESSAGES) == set(ERROR_CODES)
    for code in ERROR_CODES:
        en = MESSAGES[code]
        assert en and "\n" not in en
        err = IllegalAction(code)
        assert err.code == code and err.message_en == en
    with pytest.raises(ValueError):
        IllegalAction("no_such_code")


def test_shuffled_deals_for_play_are_valid_deals():
    for players in (2, 3, 4, 6):
        layout = Layout.shuffled(players)
        assert layout.problems() == []
        assert Deal(layout).to_play == 0


def test_an_action_and_a_layout_read_back_what_they_wrote():
    from engine.actions import Action as A
    actions = [A(0, "play", "EA", "ge-elfen"), A(1, "declare", suit="H", double=True),
               A(2, "accuse", against=1), A(3, "knock"), A(1, "exchange"), A(0, "sevens")]
    for a in actions:
        assert A.from_json(a.to_json()) == a
    layout = Layout.shuffled(4)
    assert Layout.from_json(layout.to_json()) == layout
