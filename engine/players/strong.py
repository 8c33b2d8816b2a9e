"""The ``strong`` level: Perfect-Information Monte Carlo over worlds the seat cannot rule out.

For each decision with more than one legal card (after the first trick's openings, which the
heuristic plays):

1. sample a world consistent with everything the seat saw (``engine.players.sample``), and keep
   it with the probability that the heuristic, in the other seats' places, would have played
   the cards they played (``engine.players.infer``; rejection sampling, ``infer_eps``);
2. value every legal card in that same world: while the talon lasts by a heuristic playout to
   the end of the deal, once it is empty by the exact alpha-beta result (``sim.solve``);
3. repeat until one card is ahead of every other by ``z_stop`` standard errors of the paired
   differences, or, past the soft deadline (``soft`` × budget), until the best two are no
   longer within ``z_soft`` standard errors, or at the latest until the budget's deadline
   (checked between evaluations and inside the exact search) or ``max_samples``;
4. play the card with the best mean, unless it is not better than the heuristic's own choice
   by ``z_override`` standard errors, in which case the heuristic's card stands.

``budget_ms`` (default 300) sets the difficulty with the time; ``max_samples`` caps the work.
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
from .sample import sample_world
from .sim import SearchTimeout, Sim, solve


class StrongPlayer(Player):
    level = "strong"

    def __init__(self, seat: int, players: int, rules: Rules | None = None, *,
                 budget_ms: float = 300.0, seed: int | None = None,
                 max_samples: int = 400, min_samples: int = 16, z_stop: float = 3.0,
                 z_override: float = 1.0, soft: float = 0.3, z_soft: float = 1.0,
                 infer_eps: float = 0.25, infer_tries: int = 10) -> None:
        super().__init__(seat, players, rules, budget_ms=budget_ms, seed=seed)
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.z_stop = z_stop
        self.z_override = z_override
        self.soft = soft
        self.z_soft = z_soft
        self.infer_eps = infer_eps
        self.infer_tries = infer_tries
        self.last_stats: dict[str, object] = {}

    def _pick(self, view: View, memory: SeatMemory, plays: list[Action],
              rng: random.Random) -> Action:
        fallback = heuristic_action(view, memory, plays, self.rules)
        if view.trick_number == 0 and self.rules.openings:
            return fallback
        cards = list(dict.fromkeys(a.card for a in plays if a.card is not None))
        card = self.search(view, memory, cards, fallback.card, rng)
        for a in plays:
            if a.card == card:
                return a
        return fallback

    def search(self, view: View, memory: SeatMemory, cards: list[str], prior: str | None,
               rng: random.Random) -> str | None:
        start = time.perf_counter()
        deadline = start + self.budget_ms / 1000.0
        soft_deadline = start + self.soft * self.budget_ms / 1000.0
        seat = view.seat
        assert seat is not None
        team = seat % view.teams
        strict = view.talon == 0
        values: dict[str, list[float]] = {c: [] for c in cards}
        samples = 0
        stop = "budget"
        records = relevant(memory, seat, self.rules) if self.infer_eps < 1.0 else []
        while samples < self.max_samples:
            world = self._world(memory, view, records, rng)
            if world is None:
                stop = "no_world"
                break
            try:
                row = self._evaluate(world, cards, team, strict, deadline)
            except SearchTimeout:
                break
            for c in cards:
                values[c].append(row[c])
            samples += 1
            now = time.perf_counter()
            if now >= deadline:
                break
            if samples >= self.min_samples and samples % 4 == 0 and self._clear(values, cards):
                stop = "clear"
                break
            if now >= soft_deadline and samples >= 4 and samples % 2 == 0 and not self._open(
                    values, cards):
                stop = "soft"
                break
        else:
            stop = "samples"
        choice = prior
        if samples:
            means = {c: sum(v) / samples for c, v in values.items()}
            best = max(cards, key=lambda c: means[c])
            if prior is None or prior not in values:
                choice = best
            elif best != prior:
                m, se = _paired(values[best], values[prior])
                if m > self.z_override * se:
                    choice = best
        self.last_stats = {"samples": samples, "stop": stop,
                           "ms": (time.perf_counter() - start) * 1000.0}
        return choice

    def _world(self, memory: SeatMemory, view: View, records: list[PlayRecord],
               rng: random.Random) -> Sim | None:
        """A sampled world, kept with the probability that the others' plays fit it."""
        best: Sim | None = None
        best_w = -1.0
        for _ in range(self.infer_tries):
            world = sample_world(memory, view, self.rules, rng, settle=False)
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

    def _evaluate(self, world: Sim, cards: list[str], team: int, strict: bool,
                  deadline: float) -> dict[str, float]:
        row: dict[str, float] = {}
        if world.winner is not None:
            v = world.value(team)
            return dict.fromkeys(cards, v)
        if strict:
            for c in cards:
                if time.perf_counter() >= deadline:
                    raise SearchTimeout
                row[c] = solve(world, team, c, deadline)
            return row
        for c in cards:
            if time.perf_counter() >= deadline:
                raise SearchTimeout
            w = world.copy()
            w.play(c)
            if w.winner is None:
                w.playout()
            row[c] = w.value(team)
        return row

    def _open(self, values: dict[str, list[float]], cards: list[str]) -> bool:
        """Past the soft deadline: is the choice still open enough to use more time (the best
        two within ``z_soft`` standard errors, and those errors not negligible)?"""
        n = len(values[cards[0]])
        ranked = sorted(cards, key=lambda c: sum(values[c]) / n, reverse=True)
        m, se = _paired(values[ranked[0]], values[ranked[1]])
        return se > 0.02 and m < self.z_soft * se

    def _clear(self, values: dict[str, list[float]], cards: list[str]) -> bool:
        """Is one card ahead of every other beyond ``z_stop`` standard errors (or all equal)?"""
        n = len(values[cards[0]])
        means = {c: sum(values[c]) / n for c in cards}
        best = max(cards, key=lambda c: means[c])
        for c in cards:
            if c == best:
                continue
            m, se = _paired(values[best], values[c])
            if se == 0.0:
                if m <= 0.0 and any(a != b for a, b in zip(values[best], values[c], strict=True)):
                    return False
                continue
            if m < self.z_stop * se:
                return False
        return True


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences a - b."""
    n = len(a)
    d = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(d) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n)
