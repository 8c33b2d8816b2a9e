"""Issue 28: the ``baseline`` level (the old ``strong``, frozen) and the new search's guarantees."""

from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
from search_positions import strong_positions

from engine import Layout
from engine.__main__ import main
from engine.players import LEVELS
from engine.players.baseline import BaselinePlayer
from engine.players.questions import Choose, Evaluate, Question
from engine.players.strong import Evaluation
from engine.players.tournament import (
    TOURNAMENT_LEVELS,
    derive_seed,
    make_tournament_player,
    play_deal,
)
from engine.rules import Rules

BEFORE = json.loads((Path(__file__).parent / "data" / "strong_before_issue28.json").read_text())
"""Whole deals played by four ``strong`` players of before issue 28 (no clock, a fixed number of
worlds, fixed seeds), recorded with that code before anything changed."""


@pytest.mark.parametrize("case", BEFORE, ids=lambda c: f"{c['players']}p-{c['preset']}-{c['seed']}")
def test_baseline_level_makes_the_old_strong_players_choices(case: dict) -> None:
    players, seed = case["players"], case["seed"]
    rules = Rules.named(case["preset"])
    layout = Layout.seeded(players, derive_seed("issue28", seed))
    seats = [BaselinePlayer(s, players, rules, budget_ms=math.inf, seed=seed * 10 + s,
                            max_samples=case["max_samples"]) for s in range(players)]
    run = play_deal(layout, rules, seats)
    assert [a.to_json() for a in run.deal.actions] == case["actions"]


def test_baseline_is_a_tournament_level_and_no_choice_of_the_bots_people() -> None:
    assert "baseline" not in LEVELS
    assert set(TOURNAMENT_LEVELS) == set(LEVELS) | {"baseline"}
    player = make_tournament_player("baseline", 0, 4, Rules(), budget_ms=300.0, seed=1)
    assert isinstance(player, BaselinePlayer) and player.level == "baseline"
    with pytest.raises(ValueError):
        make_tournament_player("nonsense", 0, 4, Rules(), budget_ms=300.0, seed=1)


def _answer(question: Question) -> object:
    return question.answer()


def test_untimed_search_depends_only_on_the_question_in_any_process() -> None:
    """With no clock (``budget_ms=inf``), a number of worlds and a seed, the choice and the
    evaluation are the same in this process, in another one, and when the machine is busy."""
    questions: list[Question] = []
    for player, view in strong_positions(6):
        questions.append(Choose(player, view, budget_ms=math.inf, max_samples=24, seed=5))
        questions.append(Evaluate(player, view, budget_ms=math.inf, seed=5, samples=12))
    here = [q.answer() for q in questions]
    with ProcessPoolExecutor(max_workers=1) as pool:
        there = list(pool.map(_answer, questions))
    assert there == here
    busy = [Evaluate(q.player, q.view, budget_ms=math.inf, seed=5, samples=12)
            for q in questions[1::2]]
    with ThreadPoolExecutor(max_workers=3) as threads:  # the same questions, side by side
        assert list(threads.map(_answer, busy)) == here[1::2]
    evaluations = [e for e in here[1::2] if isinstance(e, Evaluation)]
    assert all(e.samples == 12 for e in evaluations)
    assert len({e.values for e in evaluations}) == len(evaluations)  # positions do differ


def test_each_world_is_valued_the_same_whichever_worlds_are_valued_with_it() -> None:
    """World ``i`` of a decision is dealt from random numbers of its own: valued alone, in
    another split of the worlds, or in reverse order, its row is the same, so a search may
    share its worlds out between processes without changing its answer."""
    for player, view in strong_positions(4):
        memory = player.memory.copy()
        candidates = list(player.evaluate(view, samples=1).actions)  # the plays it values
        stream = 12345
        whole = player.world_values(view, memory, candidates, stream, 0, 10)
        assert len(whole) == 10
        halves = (player.world_values(view, memory, candidates, stream, 5, 10)
                  + player.world_values(view, memory, candidates, stream, 0, 5))
        assert halves[5:] + halves[:5] == whole
        alone = [player.world_values(view, memory, candidates, stream, i, i + 1)[0]
                 for i in reversed(range(10))]
        assert alone[::-1] == whole
        assert len({tuple(r) for r in whole}) > 1  # the worlds do differ


def test_search_values_its_worlds_in_order_from_its_decisions_stream() -> None:
    """What ``evaluate`` reports is worlds 0, 1, 2, ... of the decision's stream."""
    for player, view in strong_positions(3):
        evaluation = player.evaluate(view, samples=6)
        memory = player.memory.copy()
        stream = player.decision_rng(view, memory).getrandbits(64)
        rows = player.world_values(view, memory, list(evaluation.actions), stream, 0, 6)
        assert tuple(tuple(r[i] for r in rows) for i in range(len(evaluation.actions))) \
            == evaluation.values


def test_tournament_plays_baseline_with_player_options_and_refuses_bad_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--a", "strong", "--b", "baseline", "--duplicate", "--deals", "1",
                 "--budget-ms", "5", "--a-options", '{"margin_weight": 0.01}', "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["pairs"] == 1 and summary["checks"]["exceptions"] == 0
    for bad in ("[1]", "{not json"):
        assert main(["tournament", "--b", "baseline", "--a-options", bad]) == 2
        assert "player options must be a JSON object" in capsys.readouterr().err
