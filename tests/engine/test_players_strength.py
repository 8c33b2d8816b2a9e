"""Issue 28: the ``baseline`` level (the old ``strong``, frozen) and the new search's guarantees."""

from __future__ import annotations

import json
import math
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
from search_positions import strong_positions

from engine import Layout
from engine.__main__ import main
from engine.actions import Action
from engine.players import LEVELS
from engine.players.baseline import BaselinePlayer
from engine.players.memory import SeatMemory
from engine.players.questions import Choose, Evaluate, Question
from engine.players.strong import Evaluation, Plan, StrongPlayer
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


def test_strong_playouts_keep_aces_and_bare_tens_at_half_the_heuristic_levels_weight() -> None:
    """The search's playouts play ``pick_play`` with ``PLAYOUT_PARAMS`` (issue 28: they judge
    the cards' points better than the ``heuristic`` level's own weights), the ``heuristic``
    level keeps its weights, and ``playout_params`` reaches every playout of a world: the
    default rows are those of the weights given explicitly and differ from the level's."""
    from engine.players import HeuristicPlayer, StrongPlayer
    from engine.players.heuristic import DEFAULT
    from engine.players.strong import PLAYOUT_PARAMS

    assert (PLAYOUT_PARAMS.ace, PLAYOUT_PARAMS.ten_top) == (DEFAULT.ace / 2, DEFAULT.ten_top / 2)
    assert all(getattr(PLAYOUT_PARAMS, k) == getattr(DEFAULT, k)
               for k in DEFAULT.__slots__ if k not in ("ace", "ten_top"))
    assert HeuristicPlayer(0, 4).params is DEFAULT
    differ = 0
    for player, view in strong_positions(8, searched=True):
        memory = player.memory.copy()
        candidates = list(player.evaluate(view, samples=1).actions)
        rows = player.world_values(view, memory, candidates, 777, 0, 12)
        explicit = StrongPlayer(player.seat, 4, player.rules, seed=1,
                                playout_params={"ace": 2.0, "ten_top": 2.0})
        assert explicit.world_values(view, memory, candidates, 777, 0, 12) == rows
        level = StrongPlayer(player.seat, 4, player.rules, seed=1, playout_params={})
        differ += level.world_values(view, memory, candidates, 777, 0, 12) != rows
    assert differ >= 2  # the weights change what the playouts play


def test_worlds_weighed_by_the_partners_plays_hold_hands_that_explain_them() -> None:
    """``infer_partners``: the partner's plays of the current draw round weigh the worlds too,
    so far more of the worlds sampled hold a partner's hand from which the heuristic would
    have played those very cards (among heuristic players, as the true hand does); without
    it the partner's plays are not records at all."""
    import random

    from engine import Deal, seat_view
    from engine.players import HeuristicPlayer, StrongPlayer
    from engine.players.infer import likelihood

    rules = Rules()
    fit = {True: 0, False: 0}
    checked = 0
    for seed in range(12):
        deal = Deal(Layout.seeded(4, seed), rules)
        seats = [HeuristicPlayer(s, 4, rules, seed=seed) for s in range(4)]
        watchers = {flag: [StrongPlayer(s, 4, rules, seed=seed, infer_eps=0.1, infer_tries=20,
                                        infer_partners=flag) for s in range(4)]
                    for flag in (True, False)}
        everyone = seats + watchers[True] + watchers[False]
        rng = random.Random(seed)
        while not deal.over:
            claim = next((a for s in range(4)
                          if (a := seats[s].claim(seat_view(deal, s))) is not None), None)
            seat = deal.to_play
            if claim is None and seat is not None and deal.tricks:
                view = seat_view(deal, seat)
                partner = (seat + 2) % 4
                for flag in (True, False):
                    player = watchers[flag][seat]
                    memory = player.memory.copy()
                    records = player._records(memory, seat)
                    assert any(r.seat == partner for r in records) is (
                        flag and any(r.seat == partner and r.epoch >= memory.epoch - 1
                                     and r.tricks_done > 0 for r in memory.history))
                    now = [r for r in memory.history if r.seat == partner
                           and r.epoch == memory.epoch and r.tricks_done > 0]
                    if not now:
                        continue
                    checked += flag
                    for _ in range(4):
                        world = player._world(memory, view, records, rng)
                        assert world is not None
                        fit[flag] += likelihood(world, now, memory, 0.0, rules) == 1.0
            action = claim if claim is not None else seats[deal.to_play or 0].choose(
                seat_view(deal, deal.to_play or 0))
            events = deal.apply(action)
            for p in everyone:
                p.observe([e.seen_by(p.seat) for e in events])
    assert checked > 100
    assert fit[True] > 1.25 * fit[False]  # 367 against 268 on these deals


def test_strong_plays_the_best_valued_card_even_when_the_heuristics_is_close_behind() -> None:
    """Issue 28, sixth round: beside a seer of the true hands, keeping the heuristic's card
    until the search beats it clearly chose worse; the default plays the best mean, and
    ``z_override`` keeps the heuristic's card unless beaten by that many standard errors."""
    rules = Rules()
    best, heuristics = Action(0, "play", card="E7"), Action(0, "play", card="EA")
    plan = Plan((best, heuristics), heuristics, 0, SeatMemory(0, 4, rules), (), 4, True)
    # ahead by 0.15 on average, with a standard error of the paired differences of 0.23
    values = [[1.0, 0.0, 1.0, 0.2], [0.5, 0.3, 0.4, 0.4]]
    assert StrongPlayer(0, 4, rules, seed=1).choice(plan, values, 4) == best
    assert StrongPlayer(0, 4, rules, seed=1, z_override=1.0).choice(plan, values, 4) == heuristics
    assert StrongPlayer(0, 4, rules, seed=1, z_override=0.5).choice(plan, values, 4) == best


def test_strong_searches_the_first_trick_unless_told_to_play_it_as_the_heuristic(
        ) -> None:
    """Issue 28, eighth round: played on in the match from the true deal, the search's cards
    in the first trick with openings did better than the heuristic's (``bench.match_seer``),
    so every card of it (the Vorhand's opening and the replies) is searched; ``first_trick``
    False plays it as the heuristic does."""
    from engine import Deal, seat_view
    from engine.selfplay import random_action

    rules = Rules()
    replies = leads = 0
    for seed in range(30):
        deal = Deal(Layout.seeded(4, seed), rules)
        rng = random.Random(seed)
        played = 0
        while not deal.over and not deal.tricks and played < 4:
            seat = deal.to_play
            assert seat is not None
            view = seat_view(deal, seat)
            if len({a.card for a in view.actions if a.do == "play"}) > 1:
                players = [StrongPlayer(seat, 4, rules, seed=seed, first_trick=False),
                           StrongPlayer(seat, 4, rules, seed=seed)]
                replay = Deal(deal.layout, rules)
                for a in deal.actions:
                    events = replay.apply(a)
                    for p in players:
                        p.observe([e.seen_by(seat) for e in events])
                plain, searching = (p.plan(view) for p in players)
                assert isinstance(plain, Action) and isinstance(searching, Plan)
                assert plain == players[0].choose(view)
                plays = [a for a in view.actions if a.do == "play"]
                assert {a.card for a in searching.candidates} == {a.card for a in plays}
                if not view.trick.plays:  # the Vorhand: every card with every opening
                    assert len(searching.candidates) == len(plays)
                replies += bool(view.trick.plays)
                leads += not view.trick.plays
            action = random_action(deal, rng)
            played += action.do == "play"
            deal.apply(action)
    assert replies >= 20 and leads >= 5
