"""The ``strong`` level: Perfect-Information Monte Carlo over worlds the seat cannot rule out.

For each decision with more than one legal card (the first trick's openings and replies are
the heuristic's unless ``first_trick``; the search can model them, but did not gain by it):

1. sample a world consistent with everything the seat saw (``engine.players.sample``): the
   indicator, the cards played, declared cards still held, the exchanged indicator, voids and
   "nothing higher" revealed in strict play. World ``i`` of a decision is dealt from random
   numbers of its own (the decision's stream and ``i``, ``world_values``), so the worlds may
   be valued in any order or process with the same result. Optional, off by default because
   they did not measurably help: keep the world with the probability that the heuristic in
   the opponents' places would have played their recent cards (``infer_eps`` < 1,
   ``engine.players.infer``), a prior that hands keep high cards and throw low ones
   (``prior``), and dealing again a world where another seat could claim now and did not
   (``claimed`` tries);
2. value every legal card in that same world: while the talon lasts by a heuristic playout to
   the end of the deal, once it is empty by the exact alpha-beta result (``sim.solve``). The
   value is the result in games plus ``margin_weight`` (``MARGIN_WEIGHT``) times the point
   margin at the end. Issue 28: the margin weighs four times what it did (0.02 a point, a
   game worth 50 points of margin, instead of 0.005 and 200): most deals end at 101 within
   seven tricks, one world's win or loss is a coarse, noisy sign of a card's worth, and the
   margin a finer one of the same thing. Against the old weight (``baseline``) it won 54.8 %
   of 600 deal pairs, by the margin (49.4 % of deals), and did not gain against
   ``heuristic`` (``bench/README.md``, "Issue 28");
3. repeat until one card is ahead of every other by ``z_stop`` standard errors of the paired
   differences, or, past the soft deadline (``soft`` × budget), until the best two are no
   longer within ``z_soft`` standard errors, or at the latest until the budget's deadline
   (checked between evaluations and inside the exact search) or ``max_samples``;
4. play the card with the best mean, unless it is not better than the heuristic's own choice
   by ``z_override`` standard errors, in which case the heuristic's card stands.

``budget_ms`` (default 300) sets the difficulty with the time; ``max_samples`` caps the work.
With ``budget_ms=math.inf``, ``max_samples`` and a seed, a decision depends on nothing but the
seat's events and view (``engine.players.questions``).

``evaluate`` gives the values behind a choice (every play of a decision, in the same worlds),
for a coach that compares a person's play with the search's.

The level before issue 28 plays on as ``baseline`` in tournaments only
(``engine.players.baseline``).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..actions import Action
from ..rules import Rules
from ..views import View
from .base import Player, heuristic_action
from .infer import likelihood, relevant
from .memory import PlayRecord, SeatMemory
from .playout import Playout, SearchTimeout, solve
from .sample import sample_world

MARGIN_WEIGHT = 0.02
"""A point of margin at the end of a world, in games (issue 28; before it 0.005)."""


class StrongPlayer(Player):
    level = "strong"

    def __init__(self, seat: int, players: int, rules: Rules | None = None, *,
                 budget_ms: float = 300.0, seed: int | None = None,
                 max_samples: int = 400, min_samples: int = 16, z_stop: float = 3.0,
                 z_override: float = 1.0, soft: float = 0.3, z_soft: float = 1.0,
                 infer_eps: float = 1.0, infer_tries: int = 10,
                 margin_weight: float = MARGIN_WEIGHT,
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
        number of worlds, and why the sampling stopped. World ``i`` is dealt from its own
        random numbers (``world_values``), so any part of the worlds may be valued anywhere,
        in any order, with the same result."""
        values: list[list[float]] = [[] for _ in candidates]
        samples = 0
        stop = "budget"
        stream = rng.getrandbits(64)
        records = relevant(memory, view.seat or 0, self.rules) if self.infer_eps < 1.0 else []
        while samples < max_samples:
            try:
                rows = self.world_values(view, memory, candidates, stream, samples, samples + 1,
                                         deadline, records)
            except SearchTimeout:
                break
            if not rows:
                stop = "no_world"
                break
            for i, v in enumerate(rows[0]):
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

    def world_values(self, view: View, memory: SeatMemory, candidates: list[Action],
                     stream: int, start: int, stop: int, deadline: float = math.inf,
                     records: list[PlayRecord] | None = None) -> list[list[float]]:
        """The values of ``candidates`` in worlds ``start`` to ``stop`` - 1 of a decision
        whose random stream is ``stream``: one row a world, each world dealt from random
        numbers of its own (the stream and its index), so the rows do not depend on which
        other worlds were valued, where, or in what order (a search may split its worlds
        between processes). Fewer rows when no world fits what the seat saw."""
        seat = view.seat
        assert seat is not None
        team = seat % view.teams
        strict = view.talon == 0
        if records is None:
            records = relevant(memory, seat, self.rules) if self.infer_eps < 1.0 else []
        rows: list[list[float]] = []
        for i in range(start, stop):
            world = self._world(memory, view, records, random.Random(stream + i))
            if world is None:
                break
            rows.append(self._evaluate(world, candidates, team, strict, deadline))
        return rows

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


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The search's values of a decision's plays: ``values[i]`` holds play ``actions[i]``'s
    result in each sampled world (in games for the seat's team, with the point margin times
    ``margin_weight`` as a tie-break), the same worlds for every play."""

    actions: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]
    margin_weight: float

    @property
    def samples(self) -> int:
        return len(self.values[0]) if self.values else 0

    def mean(self, i: int) -> float:
        return sum(self.values[i]) / self.samples

    def best(self) -> int | None:
        """The play with the best mean value (None without any sampled world)."""
        if not self.samples:
            return None
        return max(range(len(self.actions)), key=self.mean)

    def index(self, action: Action) -> int | None:
        """Where ``action`` (a play) is among the valued plays."""
        return _index_of(list(self.actions), action)

    def lead(self, i: int, j: int) -> tuple[float, float]:
        """How much play ``i`` is better than play ``j``: the mean and standard error of the
        paired differences, in the values' unit (games)."""
        return _paired(list(self.values[i]), list(self.values[j]))

    def points(self, value: float) -> float:
        """A difference of values in card points changing sides: the margin's weight undone
        and halved (a card moving from the other team to one's own moves the margin twice).
        The search's own exchange rate: one game more in the result counts as
        ``1 / (2 * margin_weight)`` such points (25 at the default weight of 0.02; winning
        instead of losing a deal: twice that)."""
        return value / (2.0 * self.margin_weight)


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
