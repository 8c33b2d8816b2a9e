"""The ``baseline`` level: the ``strong`` search as it was before issue 28, frozen.

A tournament-only level (``engine.players.tournament.TOURNAMENT_LEVELS``; the bot's people
never get it as a choice) so that every change to ``strong`` is measured against the same
yardstick: ``python -m engine tournament --a strong --b baseline --duplicate``. It is a copy,
not a subclass, of the old ``StrongPlayer``. The pieces it plays with (``playout``, ``sample``,
``infer``, ``heuristic``) issue 28 left as they were; whoever changes one of them for
``strong`` copies the old one for this level first, also to make it faster (a timed search's
strength is the worlds it values in its time). ``tests/engine/test_players_strength.py``
checks that it still makes the old choices.
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..rules import Rules
from ..views import View
from .base import Player, heuristic_action
from .infer import likelihood, relevant
from .memory import PlayRecord, SeatMemory
from .playout import Playout, SearchTimeout, solve
from .sample import sample_world
from .strong import Evaluation


class BaselinePlayer(Player):
    """Today's ``strong`` as it was before issue 28, unchanged: the yardstick."""

    level = "baseline"

    def __init__(self, seat: int, players: int, rules: Rules | None = None, *,
                 budget_ms: float = 300.0, seed: int | None = None,
                 max_samples: int = 400, min_samples: int = 16, z_stop: float = 3.0,
                 z_override: float = 1.0, soft: float = 0.3, z_soft: float = 1.0,
                 infer_eps: float = 1.0, infer_tries: int = 10, margin_weight: float = 0.005,
                 prior: dict[str, float] | None = None, exact_leaves: bool = False,
                 first_trick: bool = False, claimed: int = 0) -> None:
        super().__init__(seat, players, rules, budget_ms=budget_ms, seed=seed)
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.z_stop = z_stop
        self.z_override = z_override
        self.soft = soft
        self.z_soft = z_soft
        self.infer_eps = infer_eps
        self.infer_tries = infer_tries
        self.margin_weight = margin_weight
        self.prior = prior
        self.exact_leaves = exact_leaves
        self.first_trick = first_trick
        self.claimed = claimed
        self.last_stats: dict[str, object] = {}

    def _pick(self, view: View, memory: SeatMemory, plays: list[Action],
              rng: random.Random) -> Action:
        fallback = heuristic_action(view, memory, plays, self.rules)
        if view.trick_number == 0 and self.rules.openings and not self.first_trick:
            return fallback
        if view.trick_number == 0 and self.rules.openings and not view.trick.plays:
            candidates = list(plays)  # Vorhand: every card with every opening it allows
        else:
            candidates = list({a.card: a for a in plays if a.card is not None}.values())
        if len(candidates) == 1:
            return candidates[0]
        return self.search(view, memory, candidates, fallback, rng)

    def search(self, view: View, memory: SeatMemory, candidates: list[Action],
               prior: Action, rng: random.Random) -> Action:
        """The best of ``candidates`` (plays), or ``prior`` unless clearly beaten."""
        start = time.perf_counter()
        values, samples, stop = self._sample(
            view, memory, candidates, rng, start + self.budget_ms / 1000.0,
            start + self.soft * self.budget_ms / 1000.0, self.max_samples)
        choice = prior
        if samples:
            means = [sum(v) / samples for v in values]
            best = max(range(len(candidates)), key=lambda i: means[i])
            p = _index_of(candidates, prior)
            if p is None:
                choice = candidates[best]
            elif best != p:
                m, se = _paired(values[best], values[p])
                if m > self.z_override * se:
                    choice = candidates[best]
        self.last_stats = {"samples": samples, "stop": stop,
                           "ms": (time.perf_counter() - start) * 1000.0}
        return choice

    def evaluate(self, view: View, *, samples: int = 32) -> Evaluation:
        """Every play of ``view`` (each card once; the Vorhand's first card once per opening)
        valued by the search in the same sampled worlds, as ``search`` values them before it
        chooses: at most ``samples`` worlds, fewer once one play is clearly best or the budget
        has run out. From the seat's view and memory only, like ``choose``; the same seed,
        events and view give the same evaluation unless the budget cut it short. The worlds
        make the claims due first (as ``choose`` would): with the Seven exchange offered the
        trump Seven is not among the plays valued."""
        with self._lock:
            self.memory.note_view(view.trump_suit, view.indicator)
            memory = self.memory.copy()
        plays = [a for a in view.actions if a.do == "play"]
        if view.trick_number == 0 and self.rules.openings and not view.trick.plays:
            candidates = plays
        else:
            candidates = list({a.card: a for a in plays if a.card is not None}.values())
        if any(a.do == "exchange" for a in view.actions):
            # the sampled worlds make the seat's claims first (``Playout.settle``), so the
            # trump Seven is exchanged there: the plays are valued as after the exchange
            seven = view.trump_suit + "7"
            candidates = [a for a in candidates if a.card != seven]
        if len(candidates) < 2:
            return Evaluation(tuple(candidates), tuple(() for _ in candidates),
                              self.margin_weight)
        start = time.perf_counter()
        values, _, _ = self._sample(view, memory, candidates, self.decision_rng(view, memory),
                                    start + self.budget_ms / 1000.0, math.inf, samples)
        return Evaluation(tuple(candidates), tuple(tuple(v) for v in values),
                          self.margin_weight)

    def _sample(self, view: View, memory: SeatMemory, candidates: list[Action],
                rng: random.Random, deadline: float, soft_deadline: float,
                max_samples: int) -> tuple[list[list[float]], int, str]:
        """Value ``candidates`` world after world: one row of values per candidate, the
        number of worlds, and why the sampling stopped."""
        seat = view.seat
        assert seat is not None
        team = seat % view.teams
        strict = view.talon == 0
        values: list[list[float]] = [[] for _ in candidates]
        samples = 0
        stop = "budget"
        opponents = [s for s in range(view.players) if s % view.teams != team]
        records = relevant(memory, seat, self.rules, opponents) if self.infer_eps < 1.0 else []
        while samples < max_samples:
            world = self._world(memory, view, records, rng)
            if world is None:
                stop = "no_world"
                break
            try:
                row = self._evaluate(world, candidates, team, strict, deadline)
            except SearchTimeout:
                break
            for i, v in enumerate(row):
                values[i].append(v)
            samples += 1
            now = time.perf_counter()
            if now >= deadline:
                break
            if samples >= self.min_samples and samples % 4 == 0 and self._clear(values):
                stop = "clear"
                break
            if now >= soft_deadline and samples >= 4 and samples % 2 == 0 and not self._open(
                    values):
                stop = "soft"
                break
        else:
            stop = "samples"
        return values, samples, stop

    def _world(self, memory: SeatMemory, view: View, records: list[PlayRecord],
               rng: random.Random) -> Playout | None:
        """A sampled world, kept with the probability that the others' plays fit it."""
        best: Playout | None = None
        best_w = -1.0
        for _ in range(self.infer_tries):
            world = sample_world(memory, view, self.rules, rng, settle=False, prior=self.prior,
                                 claimed=self.claimed)
            if world is None:
                return None
            u = rng.random()
            w = likelihood(world, records, memory, self.infer_eps, self.rules, rng, u)
            if w > u:
                best = world
                break
            if w > best_w:
                best, best_w = world, w
        if best is not None:
            best.settle()
        return best

    def _evaluate(self, world: Playout, candidates: list[Action], team: int, strict: bool,
                  deadline: float) -> list[float]:
        if world.winner is not None:
            return [world.value(team, self.margin_weight)] * len(candidates)
        row: list[float] = []
        for a in candidates:
            if time.perf_counter() >= deadline:
                raise SearchTimeout
            assert a.card is not None
            if strict:
                row.append(solve(world, team, a.card, deadline))
                continue
            w = world.copy()
            if a.opening is not None:
                w.opening = a.opening
            w.play(a.card)
            if w.winner is None:
                row.append(w.playout_value(team, self.margin_weight, self.exact_leaves,
                                           deadline))
            else:
                row.append(w.value(team, self.margin_weight))
        return row

    def _open(self, values: list[list[float]]) -> bool:
        """Past the soft deadline: is the choice still open enough to use more time (the best
        two within ``z_soft`` standard errors, and those errors not negligible)?"""
        n = len(values[0])
        ranked = sorted(range(len(values)), key=lambda i: sum(values[i]) / n, reverse=True)
        m, se = _paired(values[ranked[0]], values[ranked[1]])
        return se > 0.02 and m < self.z_soft * se

    def _clear(self, values: list[list[float]]) -> bool:
        """Is one candidate ahead of every other beyond ``z_stop`` standard errors (or are they
        all equal)?"""
        n = len(values[0])
        means = [sum(v) / n for v in values]
        best = max(range(len(values)), key=lambda i: means[i])
        for i, v in enumerate(values):
            if i == best:
                continue
            m, se = _paired(values[best], v)
            if se == 0.0:
                if m <= 0.0 and any(a != b for a, b in zip(values[best], v, strict=True)):
                    return False
                continue
            if m < self.z_stop * se:
                return False
        return True


def _index_of(candidates: list[Action], action: Action) -> int | None:
    for i, a in enumerate(candidates):
        if a.card == action.card and (a.opening == action.opening or len(
                {c.opening for c in candidates}) == 1):
            return i
    return None


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences a - b."""
    n = len(a)
    d = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(d) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n)
