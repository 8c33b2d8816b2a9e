"""The computer players the service seats, from ``engine.players``.

A computer is an ``engine.players.Player``: ``observe(events)``, ``claim(view) -> Action |
None`` and ``choose(view) -> Action``; it pickles, so that the levels that search
(``strong``) think in the thinking processes (``bot.thinking``), asked with a snapshot of the
player; the light ones, and every level's claims, answer at once on the event loop.
"""

from __future__ import annotations

import logging

from engine import Rules
from engine.players import LEVELS, Player, make_player

log = logging.getLogger(__name__)

LIGHT_LEVELS = ("random", "heuristic")
"""Levels that answer in well under a millisecond: asked on the event loop, not in a thinking process."""


Computer = Player
"""A computer player of the service: told the events its seat saw, asked for its actions."""


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
