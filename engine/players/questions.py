"""A computer player's thinking as plain data: a question in, an answer out.

A question holds a snapshot of one seat's player (its memory: everything the seat saw, nothing
else), the seat's view, and the limits of the search. ``answer()`` thinks; ``fallback()``
answers at once without searching (the heuristic's choice, which the search itself starts
from). Questions and answers pickle, so a caller may have ``answer()`` run in another process
(the bot does, ``bot.thinking``) and take the ``fallback()`` when that takes too long; nothing
here knows of processes or clocks beyond the search's own budget.

The limits override the player's own for this one question:

- ``budget_ms``: the search's deadline (``math.inf``: no clock at all);
- ``max_samples``: the most worlds the search samples;
- ``seed``: the seed the decision's random numbers derive from.

With ``budget_ms=math.inf``, a ``max_samples`` and a ``seed``, the answer depends on nothing
but the question: the same on any machine at any load.

A strong player's question may also be answered in parts (issue 28: the bot's idle thinking
processes value one decision's worlds side by side): ``split()`` lays its search out
(``Split``, or None: answer it whole), ``Split.part`` asks for some of its worlds (``Worlds``,
answered anywhere), ``Split.tally`` merges the parts as they come and ``Split.answer`` gives
the answer the question would have had from those worlds. Without a clock the split answer is
the whole question's answer exactly: the parts value the worlds they are given, and the merge
stops where the search in one process would have stopped.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..actions import Action
from ..views import View
from .base import HeuristicPlayer, Player
from .strong import Evaluation, Part, Plan, StrongPlayer, Tally


class NoFallback(LookupError):
    """The question has no answer without its search (an evaluation)."""


@dataclass(frozen=True)
class Question:
    """What a seat's player is asked, with the limits of the search."""

    player: Player
    view: View
    budget_ms: float | None = None
    max_samples: int | None = None
    seed: int | None = None

    @property
    def budget(self) -> float:
        """The search's budget in milliseconds (the player's own unless overridden)."""
        return self.player.budget_ms if self.budget_ms is None else self.budget_ms

    @property
    def timed(self) -> bool:
        """Whether the clock bounds the search (else only ``max_samples`` does)."""
        return math.isfinite(self.budget)

    @property
    def has_fallback(self) -> bool:
        """Whether ``fallback()`` answers, so that a caller may stop waiting for the search."""
        return type(self).fallback is not Question.fallback

    def within(self, budget_ms: float) -> Question:
        """The same question with a smaller budget (never a larger one)."""
        return dataclasses.replace(self, budget_ms=min(self.budget, budget_ms))

    def tuned(self) -> Player:
        """A copy of the player with this question's limits (the player itself untouched)."""
        player = copy.copy(self.player)
        if self.budget_ms is not None:
            player.budget_ms = float(self.budget_ms)
        if self.seed is not None:
            player.seed = self.seed
        if self.max_samples is not None and isinstance(player, StrongPlayer):
            player.max_samples = self.max_samples
        return player

    def answer(self) -> object:
        raise NotImplementedError

    def fallback(self) -> object:
        raise NoFallback(type(self).__name__)

    def split(self) -> Split | None:
        """This question's search laid out to be answered in parts, or None: it is answered
        whole (not a strong player's search, one answered without searching, or a kind of
        question that answers otherwise and does not say how to merge parts)."""
        return None

    def _answers_its_own_way(self, base: type[Question]) -> bool:
        cls = type(self)
        return cls.answer is not base.answer and cls.merged is base.merged

    def merged(self, player: StrongPlayer, plan: Plan, tally: Tally) -> object:
        """The answer from the merged parts of ``plan`` (``player``: the tuned player)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Choose(Question):
    """The seat's action when it is to play: a claim first if one is due, else a card."""

    def answer(self) -> Action:
        return self.tuned().choose(self.view)

    def fallback(self) -> Action:
        """The heuristic's action from the same memory: the search's own starting point."""
        player = self.player
        heuristic = HeuristicPlayer(player.seat, player.players, player.rules, seed=player.seed)
        heuristic.memory = player.memory.copy()
        return heuristic.choose(self.view)

    def split(self) -> Split | None:
        player = self.tuned()
        if not isinstance(player, StrongPlayer) or self._answers_its_own_way(Choose):
            return None
        plan = player.plan(self.view)
        return Split(self, player, plan) if isinstance(plan, Plan) else None

    def merged(self, player: StrongPlayer, plan: Plan, tally: Tally) -> Action:
        values, samples, stop = tally.result()
        player.last_stats = {"samples": samples, "stop": stop}
        return player.choice(plan, values, samples)


@dataclass(frozen=True)
class CountedChoose(Choose):
    """A choice with the number of worlds its search valued (0: the heuristic's choice, past
    the deadline, or no search at all), whole or in parts: for measuring searches (the
    benchmarks, the thinking pool's tests)."""

    def answer(self) -> tuple[Action, int]:  # type: ignore[override]
        player = self.tuned()
        action = player.choose(self.view)
        return action, int(getattr(player, "last_stats", {}).get("samples", 0))

    def merged(self, player: StrongPlayer, plan: Plan,  # type: ignore[override]
               tally: Tally) -> tuple[Action, int]:
        return super().merged(player, plan, tally), tally.result()[1]

    def fallback(self) -> tuple[Action, int]:  # type: ignore[override]
        return super().fallback(), 0


@dataclass(frozen=True)
class Evaluate(Question):
    """Every play of the view valued in the same sampled worlds (``StrongPlayer.evaluate``),
    at most ``samples`` of them."""

    samples: int = 32

    def answer(self) -> Evaluation:
        player = self.tuned()
        assert isinstance(player, StrongPlayer)
        return player.evaluate(self.view, samples=self.samples)

    def split(self) -> Split | None:
        player = self.tuned()
        if not isinstance(player, StrongPlayer) or self._answers_its_own_way(Evaluate):
            return None
        plan = player.evaluation_plan(self.view, self.samples)
        return Split(self, player, plan) if isinstance(plan, Plan) else None

    def merged(self, player: StrongPlayer, plan: Plan, tally: Tally) -> Evaluation:
        values, _, _ = tally.result()
        return player.merged(plan, values)


@dataclass(frozen=True)
class Worlds(Question):
    """Some worlds of a split question's search (``Split.part``): the worlds ``indices`` of
    ``plan`` valued by ``player`` (``StrongPlayer.worlds``) within the budget, each part
    stopping by the search's rules applied to its own worlds, scaled to its share of one in
    ``parts`` (without ``clear``, the parts of a search without a clock: not at a clear
    choice)."""

    plan: Plan | None = None
    indices: tuple[int, ...] = ()
    clear: bool = True
    parts: int = 1

    def answer(self) -> Part:
        player = self.tuned()
        assert isinstance(player, StrongPlayer) and self.plan is not None
        return player.worlds(self.view, self.plan, self.indices, clear=self.clear,
                             parts=self.parts)


@dataclass(frozen=True)
class Split:
    """A question's search in parts: ``part(indices)`` asks for some of its worlds,
    ``tally()`` merges the answers, ``answer(tally)`` is the question's answer from them.
    ``exact`` (no clock): the answer is the whole question's, once ``tally.done``."""

    question: Question
    player: StrongPlayer
    """The question's player with its limits (``Question.tuned``)."""
    plan: Plan

    @property
    def exact(self) -> bool:
        return not self.question.timed

    @property
    def worlds(self) -> int:
        """The most worlds the search values."""
        return self.plan.samples

    def part(self, indices: Iterable[int], parts: int = 1) -> Worlds:
        """Worlds ``indices``: with a clock, one of ``parts`` parts valued side by side, which
        stops by the rules scaled to its share (``StrongPlayer._stopped``)."""
        return Worlds(self.player, self.question.view, plan=self.plan,
                      indices=tuple(indices), clear=not self.exact,
                      parts=1 if self.exact else parts)

    def interleaved(self, count: int) -> list[Worlds]:
        """The worlds shared out in ``count`` parts: ``j, j + count, j + 2 count, ...``."""
        return [self.part(range(j, self.plan.samples, count), count) for j in range(count)]

    def tally(self) -> Tally:
        return Tally(self.player, self.plan, self.exact)

    def answer(self, tally: Tally) -> object:
        return self.question.merged(self.player, self.plan, tally)

