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
"""

from __future__ import annotations

import copy
import dataclasses
import math
from dataclasses import dataclass

from ..actions import Action
from ..views import View
from .base import HeuristicPlayer, Player
from .strong import Evaluation, StrongPlayer


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


@dataclass(frozen=True)
class Evaluate(Question):
    """Every play of the view valued in the same sampled worlds (``StrongPlayer.evaluate``),
    at most ``samples`` of them."""

    samples: int = 32

    def answer(self) -> Evaluation:
        player = self.tuned()
        assert isinstance(player, StrongPlayer)
        return player.evaluate(self.view, samples=self.samples)
