"""Match scoring (engine/match.py): strokes, tokens, game points, the three-player 5/3/1."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Deal, Layout, Rules
from engine.match import DealOutcome, MatchError, MatchScore, outcome_of, skv_shares
from engine.selfplay import play_random_deal

results = st.lists(st.tuples(st.integers(0, 1), st.sampled_from([1, 2])), max_size=80)


def _reference_strokes(n: int, seq: list[tuple[int, int]]) -> tuple[list[int], int | None, int]:
    """Strokes by a second, naive count: held per team, the winner, deals to the end."""
    held = [0, 0]
    given_total = 0
    for i, (w, games) in enumerate(seq):
        loser = 1 - w
        if given_total < n:
            give = min(games, n - given_total)
            held[loser] += give
            given_total += give
            if given_total == n and held[w] == 0:
                return held, w, i + 1
        else:
            held[w] -= min(games, held[w])
            if held[w] == 0:
                return held, w, i + 1
    return held, None, len(seq)


@pytest.mark.parametrize("kind", ["strokes", "tokens"])
@settings(max_examples=300, deadline=None)
@given(n=st.integers(1, 15), seq=results)
def test_strokes_long_random_sequences(kind: str, n: int, seq: list[tuple[int, int]]) -> None:
    score = MatchScore(kind, 2, n)
    ended = 0
    phase_changes = 0
    for i, (w, games) in enumerate(seq):
        if score.over:
            with pytest.raises(MatchError):
                score.add(DealOutcome(w, games))
            break
        given_before = score.given
        held_before = [score.held(0), score.held(1)]
        phase_before = score.phase
        change = score.add(DealOutcome(w, games))
        loser = 1 - w
        if phase_before == 1:
            expected = min(games, n - given_before)
            assert change.delta[loser] == expected and change.delta[w] == 0
            assert change.capped == (games == 2 and n - given_before == 1)
            if given_before == n - 1:  # the N-1 rule: never a double now
                assert change.delta[loser] == 1
        else:
            assert change.delta[w] == -min(games, held_before[w])
            assert change.delta[loser] == 0
            assert score.held(loser) == held_before[loser]
        if change.phase_after != change.phase_before:
            phase_changes += 1
            assert (change.phase_before, change.phase_after) == (1, 2)
            assert score.given == n
        assert score.given <= n
        assert (score.phase == 2) == (score.given == n)
        assert all(score.held(t) >= 0 for t in (0, 1))
        assert score.pool == n - score.held(0) - score.held(1)
        for line in score.lines():
            assert line.given == sum(m.size for m in line.marks)
            assert all(0 <= m.erased <= m.size and m.size in (1, 2) for m in line.marks)
            assert line.held == score.held(line.team)
        assert MatchScore.from_json(score.to_json()) == score
        if change.match_over:
            ended += 1
            assert change.match_winner == score.winner
            assert score.held(score.winner) == 0
        ref_held, ref_winner, ref_deals = _reference_strokes(n, seq[: i + 1])
        assert [score.held(0), score.held(1)] == ref_held
        assert score.winner == ref_winner
    assert ended <= 1 and phase_changes <= 1
    assert ended == (1 if score.over else 0)


@settings(max_examples=200, deadline=None)
@given(target=st.integers(1, 12), seq=results)
def test_game_points_first_to_target(target: int, seq: list[tuple[int, int]]) -> None:
    score = MatchScore("points", 2, target)
    ended = 0
    for w, games in seq:
        if score.over:
            with pytest.raises(MatchError):
                score.add(DealOutcome(w, games))
            break
        before = list(score.totals)
        change = score.add(DealOutcome(w, games))
        assert score.totals[w] == before[w] + games
        assert score.totals[1 - w] == before[1 - w]
        assert change.match_over == (score.totals[w] >= target)
        ended += change.match_over
        assert MatchScore.from_json(score.to_json()) == score
    assert ended == (1 if score.over else 0)
    if score.over:
        assert score.totals[score.winner] >= target
        assert score.totals[1 - score.winner] < target


three_outcomes = st.lists(
    st.tuples(st.integers(0, 2), st.sampled_from([1, 2]),
              st.lists(st.integers(0, 160), min_size=3, max_size=3),
              st.lists(st.integers(0, 8), min_size=3, max_size=3),
              st.one_of(st.none(), st.integers(0, 2)),
              st.permutations([0, 1, 2])),
    max_size=40)


@settings(max_examples=200, deadline=None)
@given(deals=st.integers(1, 12), seq=three_outcomes)
def test_three_players_share_nine_points(deals: int, seq: list) -> None:
    score = MatchScore("three", 3, deals)
    for w, games, points, tricks, culprit, order in seq:
        if culprit == w:
            culprit = None
        outcome = DealOutcome(w, games, "aus", tuple(points), tuple(tricks), culprit, tuple(order))
        if score.over:
            with pytest.raises(MatchError):
                score.add(outcome)
            break
        shares = skv_shares(outcome)
        assert sum(shares) == 9
        assert sorted(shares) in ([1, 3, 5], [0, 3, 6], [0, 0, 9])
        assert shares[w] == max(shares)
        for t in range(3):
            if t != w and (tricks[t] == 0 or t == culprit):
                assert shares[t] == 0
        before = list(score.totals)
        change = score.add(outcome)
        assert [score.totals[t] - before[t] for t in range(3)] == list(shares)
        assert change.match_over == (score.deals == deals)
    if score.over:
        assert score.deals == deals
        assert score.totals[score.winner] == max(score.totals)


def test_skv_examples() -> None:
    # the usual 5/3/1: second and third by points
    assert skv_shares(DealOutcome(1, 1, "aus", (40, 110, 70), (2, 4, 2))) == (1, 5, 3)
    # a player without a trick: 6/3/0
    assert skv_shares(DealOutcome(0, 1, "aus", (120, 0, 60), (5, 0, 3))) == (6, 0, 3)
    # caught playing on: 0 even with tricks and points
    assert skv_shares(DealOutcome(2, 2, "uebergaigelt", (130, 60, 50), (4, 2, 2), 0)) == (0, 3, 6)
    # two players with nothing: the winner takes all nine
    assert skv_shares(DealOutcome(0, 2, "gaigel", (130, 0, 0), (8, 0, 0))) == (9, 0, 0)
    # a tie in points goes to the player earlier in playing order
    assert skv_shares(DealOutcome(0, 1, "aus", (110, 50, 50), (4, 2, 2), None, (2, 0, 1))) == (5, 1, 3)


def test_n_minus_one_rule_and_phase_two() -> None:
    score = MatchScore("strokes", 2, 10)
    for _ in range(4):
        score.add(DealOutcome(0, 2))  # team 1 gets four Vs: 8 strokes
    score.add(DealOutcome(1, 1))      # team 0 gets one: 9 given
    change = score.add(DealOutcome(0, 2))
    assert change.capped and change.delta == (0, 1) and change.phase_after == 2
    assert not change.match_over
    assert [line.v_marks for line in score.lines()] == [0, 4]
    change = score.add(DealOutcome(0, 2))  # team 0 erases its only stroke... it wins
    assert change.delta == (-1, 0) and change.match_over and score.winner == 0
    with pytest.raises(MatchError):
        score.add(DealOutcome(1, 1))


def test_clean_team_wins_when_phase_one_ends() -> None:
    score = MatchScore("tokens", 2, 3)
    assert not score.add(DealOutcome(1, 2)).match_over
    change = score.add(DealOutcome(1, 2))
    assert change.capped and change.match_over and score.winner == 1
    assert score.display()["pool"] == 0


def test_erasing_crosses_v_arms_from_the_outer_end() -> None:
    score = MatchScore("strokes", 2, 4)
    score.add(DealOutcome(1, 1))
    score.add(DealOutcome(1, 2))
    score.add(DealOutcome(0, 1))      # phase two now: team 0 has I V, team 1 has I
    score.add(DealOutcome(0, 1))      # one arm of the V
    assert [(m.size, m.erased) for m in score.lines()[0].marks] == [(1, 0), (2, 1)]
    score.add(DealOutcome(0, 2))      # the other arm and the I
    assert score.winner == 0
    assert [(m.size, m.erased) for m in score.lines()[0].marks] == [(1, 1), (2, 2)]


def test_three_single_players_strokes() -> None:
    score = MatchScore("strokes", 3, 5)
    change = score.add(DealOutcome(0, 2))
    assert change.delta == (0, 2, 2)
    change = score.add(DealOutcome(2, 1))  # one stroke left to give: to the first loser after 2
    assert change.delta == (1, 0, 0) and change.capped and change.phase_after == 2


def test_bad_inputs() -> None:
    with pytest.raises(MatchError):
        MatchScore("three", 2)
    with pytest.raises(MatchError):
        MatchScore("nonsense")
    with pytest.raises(MatchError):
        MatchScore("strokes", 2, 0)
    with pytest.raises(MatchError):
        MatchScore().add(DealOutcome(2, 1))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_outcome_of_maps_engine_teams_to_table_teams(players: int) -> None:
    rng = random.Random(players)
    rules = Rules()
    for shift in range(players):
        deal = play_random_deal(players, rules, rng)
        assert deal.result is not None
        out = outcome_of(deal, shift)
        teams = deal.teams
        assert out.winner == (deal.result.winner + shift) % teams
        for t in range(teams):
            assert out.points[(t + shift) % teams] == deal.points[t]
            assert out.tricks[(t + shift) % teams] == deal.team_tricks[t]
        assert sorted(out.order) == list(range(teams))
        assert out.order[0] == shift % teams
    with pytest.raises(MatchError):
        outcome_of(Deal(Layout.seeded(4, 1), rules))


def _play_on(rng: random.Random, accuse: bool) -> Deal:
    """Cards only, never a knock: a team that reaches 101 plays on; maybe someone accuses."""
    deal = Deal(Layout.seeded(4, rng.randrange(10**6)), Rules())
    while deal.result is None:
        if accuse:
            for t in (0, 1):
                if deal.played_on[t]:
                    deal.apply(Action(1 - t, "accuse"))
                    return deal
        seat = deal.to_play
        assert seat is not None
        deal.apply(rng.choice(deal.legal_plays(seat)))
    return deal


@pytest.mark.parametrize("accuse", [True, False])
def test_outcome_of_finds_the_culprit(accuse: bool) -> None:
    rng = random.Random(7)
    found = 0
    for _ in range(60):
        deal = _play_on(rng, accuse)
        assert deal.result is not None
        if deal.result.reason == "uebergaigelt":
            if accuse:
                culprit = 1 - deal.actions[-1].seat % 2
            else:
                culprit = deal.first_101
                assert culprit is not None
            out = outcome_of(deal, 1)
            assert out.culprit == (culprit + 1) % 2
            assert out.culprit != out.winner
            found += 1
    assert found > 0
