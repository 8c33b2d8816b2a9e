"""The computer players the service seats, from ``engine.players``.

The service knows a computer only by this small interface (that of ``engine.players.Player``):
``observe(events)``, ``claim(view) -> Action | None`` and ``choose(view) -> Action``. Levels
that search (``strong``) think on a worker thread; the light ones answer at once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Protocol

from engine import Action, Event, Rules, View
from engine.players import LEVELS, make_player

log = logging.getLogger(__name__)

LIGHT_LEVELS = ("random", "heuristic")
"""Levels that answer in well under a millisecond: asked on the event loop, not a thread."""


class Computer(Protocol):
    level: str

    def observe(self, events: Iterable[Event]) -> None: ...

    def claim(self, view: View) -> Action | None: ...

    def choose(self, view: View) -> Action: ...


def levels() -> tuple[str, ...]:
    """The computer levels on offer."""
    return tuple(LEVELS)


def make_computer(level: str, seat: int, players: int, rules: Rules, *,
                  budget_ms: int | None = None, seed: int | None = None) -> Computer:
    """A computer of ``level``; a level this version does not know (a table stored by another
    version) plays ``random`` rather than leave the seat without a player."""
    if level not in LEVELS:
        log.warning("computer level %r not available; playing random", level)
        level = "random"
    if budget_ms is None:
        return make_player(level, seat, players, rules, seed=seed)
    return make_player(level, seat, players, rules, budget_ms=budget_ms, seed=seed)
