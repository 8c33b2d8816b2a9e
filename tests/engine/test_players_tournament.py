"""The tournament's arithmetic and command line."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.players.tournament import (
    MatchSpec,
    TournamentDeal,
    derive_seed,
    pair_score,
    percentile,
    run_match,
    summarize,
    wilson,
)


def _deal(pair: int, index: int, a_won: bool, games: int, margin: int,
          ms: list[float] | None = None) -> TournamentDeal:
    pts = [110, 110 - margin] if margin >= 0 else [110 + margin, 110]
    return TournamentDeal(pair, index, [index], 0 if a_won else 1, a_won, games,
                       "aus" if games == 1 else "gaigel", pts, margin, decision_ms=ms or [])


def test_pair_scores() -> None:
    # won both: A wins the pair
    assert pair_score([_deal(0, 0, True, 1, 30), _deal(0, 1, True, 1, 5)]) == 1.0
    # one each, A's a double: A wins on games
    assert pair_score([_deal(0, 0, True, 2, 60), _deal(0, 1, False, 1, -80)]) == 1.0
    # one each, single games: the point margin decides
    assert pair_score([_deal(0, 0, True, 1, 40), _deal(0, 1, False, 1, -30)]) == 1.0
    assert pair_score([_deal(0, 0, True, 1, 20), _deal(0, 1, False, 1, -30)]) == 0.0
    assert pair_score([_deal(0, 0, True, 1, 30), _deal(0, 1, False, 1, -30)]) == 0.5
    assert pair_score([_deal(0, 0, True, 1, 40), _deal(0, 1, False, 1, -30)],
                      margin_tiebreak=False) == 0.5


def test_summary_of_a_tiny_fixed_match() -> None:
    outcomes = [
        _deal(0, 0, True, 1, 30, [10.0, 20.0]), _deal(0, 1, True, 2, 50, [30.0]),   # won
        _deal(1, 0, True, 1, 10, [40.0]), _deal(1, 1, False, 1, -20, [50.0]),       # lost
        _deal(2, 0, False, 2, -40, []), _deal(2, 1, True, 1, 20, [1000.0]),         # lost
        _deal(3, 0, True, 1, 25, []), _deal(3, 1, False, 1, -25, []),               # tied
    ]
    s = summarize(outcomes)
    assert s["pairs"] == 4
    assert s["pair_results"] == {"won": 1, "tied": 1, "lost": 2}
    assert s["win_rate"] == pytest.approx(1.5 / 4)
    lo, hi = wilson(0.375, 4)
    assert s["ci95"] == [round(lo, 4), round(hi, 4)]
    assert s["pair_results_by_games"] == {"won": 1, "tied": 2, "lost": 1, "win_rate": 0.5}
    assert s["deals"] == 8
    assert s["games"] == {"a": 5, "b": 3, "a_double": 1, "b_double": 1}
    assert s["strokes"] == {"a": 6, "b": 4}
    assert s["deal_win_rate"] == pytest.approx(5 / 8)
    assert s["mean_margin"] == pytest.approx((30 + 50 + 10 - 20 - 40 + 20 + 25 - 25) / 8)
    assert s["decision_ms"] == {"n": 6, "median": 30.0, "p95": 1000.0, "max": 1000.0}
    assert s["checks"] == {"illegal": 0, "exceptions": 0, "wrong_knocks": 0, "missed_knocks": 0}


def test_wilson_and_percentile() -> None:
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(1.0, 10)[1] == 1.0
    assert percentile([5, 1, 3, 2, 4], 50) == 3
    assert percentile(list(range(1, 101)), 95) == 95
    assert percentile([], 50) == 0.0


def test_seeds_are_stable() -> None:
    assert derive_seed(1, "deal", 0) == derive_seed(1, "deal", 0)
    assert derive_seed(1, "deal", 0) != derive_seed(1, "deal", 1)
    assert 0 <= derive_seed("x") < 2 ** 63


def test_duplicate_match_plays_each_deal_on_both_sides() -> None:
    spec = MatchSpec(a="heuristic", b="random", seed=3, duplicate=True)
    outcomes = run_match(spec, 3)
    assert len(outcomes) == 6
    assert [(o.pair, o.index, o.a_seats) for o in outcomes] == [
        (p, k, [k, k + 2]) for p in range(3) for k in (0, 1)]
    assert all(o.error is None for o in outcomes)
    again = run_match(spec, 3)  # fixed seeds: the same match (decision times aside)
    for o in again + outcomes:
        o.decision_ms = []
    assert again == outcomes
    three = run_match(MatchSpec(a="heuristic", b="random", players=3, seed=3), 2)
    assert [o.a_seats for o in three] == [[0], [1], [2]] * 2


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--a", "heuristic", "--b", "random", "--deals", "4",
                 "--duplicate", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["pairs"] == 4
    assert set(data) >= {"pairs", "win_rate", "ci95", "games", "decision_ms"}
    assert set(data["decision_ms"]) >= {"median", "p95", "max"}
    assert data["checks"]["illegal"] == 0
    assert main(["tournament", "--a", "strong", "--b", "random", "--deals", "1",
                 "--budget-ms", "5", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "win rate (A)" in out and "time per decision" in out
    assert main(["tournament", "--a", "nobody"]) == 2


def test_a_heuristic_given_weights_in_the_options_plays_by_those_weights() -> None:
    """``--a-options '{"params": {...}}'``: the heuristic's weights from JSON, for tuning runs.
    The same weights as the heuristic's own play every deal as it does (an exact tie); other
    weights play other cards."""
    own = MatchSpec(a="heuristic", b="heuristic", seed=5,
                    a_options=json.dumps({"params": {"ace": 4.0, "ten_top": 4.0}}))
    assert summarize(run_match(own, 20))["pair_results"]["tied"] == 20
    other = MatchSpec(a="heuristic", b="heuristic", seed=5,
                      a_options=json.dumps({"params": {"ace": 2.0, "ten_top": 2.0}}))
    assert summarize(run_match(other, 20))["pair_results"]["tied"] < 20
