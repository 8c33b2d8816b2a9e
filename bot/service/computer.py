"""Computer players behind one small interface, from ``engine.players`` when it is there.

Interface (that of ``engine.players``): ``make_player(level, seat, players, rules, budget_ms=,
seed=)`` returns a player with ``observe(events)``, ``claim(view) -> Action | None`` and
``choose(view) -> Action``. Until ``engine.players`` exists, and for the level ``random``
when it does not offer one, ``RandomComputer`` plays: random legal cards, every marriage and
exchange it can make, and correct knocks and accusations from its own count of the public
events (it never looks at anything its seat could not see).
"""

from __future__ import annotations

import importlib
import logging
import random
from collections.abc import Iterable
from types import ModuleType
from typing import Any, Protocol

from engine import AUS, Action, Event, Rules, View
from engine.cards import POINTS

log = logging.getLogger(__name__)

RANDOM = "random"
_missing = object()
_players_module: Any = _missing


class Computer(Protocol):
    def observe(self, events: Iterable[Event]) -> None: ...

    def claim(self, view: View) -> Action | None: ...

    def choose(self, view: View) -> Action: ...


def players_module() -> ModuleType | None:
    """``engine.players`` once another engineer has written it, else None (looked up once)."""
    global _players_module
    if _players_module is _missing:
        try:
            _players_module = importlib.import_module("engine.players")
        except ImportError:
            _players_module = None
    return _players_module  # type: ignore[no-any-return]


def levels() -> tuple[str, ...]:
    """The computer levels on offer."""
    mod = players_module()
    found: tuple[str, ...] = ()
    if mod is not None:
        raw = getattr(mod, "LEVELS", None)
        if isinstance(raw, dict):
            found = tuple(raw)
        elif isinstance(raw, list | tuple):
            found = tuple(str(x) for x in raw)
    if RANDOM not in found:
        found = (RANDOM, *found)
    return found


def make_computer(level: str, seat: int, players: int, rules: Rules, *,
                  budget_ms: int | None = None, seed: int | None = None) -> Computer:
    mod = players_module()
    if mod is not None and hasattr(mod, "make_player") and (
            level != RANDOM or RANDOM in getattr(mod, "LEVELS", ())):
        kwargs: dict[str, Any] = {"seed": seed}
        if budget_ms is not None:
            kwargs["budget_ms"] = budget_ms
        return mod.make_player(level, seat, players, rules, **kwargs)  # type: ignore[no-any-return]
    if level != RANDOM:
        log.warning("computer level %r not available; playing random", level)
    return RandomComputer(seat, players, rules, seed=seed)


class RandomComputer:
    """Random legal cards, sensible claims from public information only."""

    __slots__ = ("seat", "players", "teams", "rules", "rng", "points", "played_on", "team")

    def __init__(self, seat: int, players: int, rules: Rules, *, seed: int | None = None) -> None:
        self.seat = seat
        self.players = players
        self.teams = 3 if players == 3 else 2
        self.team = seat % self.teams
        self.rules = rules
        self.rng = random.Random(seed)
        self.points = [0] * self.teams
        self.played_on = [False] * self.teams

    def observe(self, events: Iterable[Event]) -> None:
        teams = self.teams
        for e in events:
            kind = e.kind
            if kind == "card_played":
                assert e.seat is not None
                t = e.seat % teams
                if self.points[t] >= AUS:
                    self.played_on[t] = True
            elif kind == "trick_taken":
                assert e.seat is not None
                self.points[e.seat % teams] += sum(POINTS[c] for _, c in e.data["cards"])
            elif kind == "marriage_shown":
                assert e.seat is not None
                self.points[e.seat % teams] += int(e.data["points"])
            elif kind == "seven_exchanged" and self.rules.exchange_points:
                assert e.seat is not None
                self.points[e.seat % teams] += self.rules.exchange_points

    def claim(self, view: View) -> Action | None:
        if view.result is not None:
            return None
        if self.points[self.team] >= AUS:
            return Action(self.seat, "knock")
        shows = []
        for a in view.actions:
            if a.do == "accuse":
                target = a.against if a.against is not None else 1 - self.team
                if self.played_on[target]:
                    return a
            elif a.do in ("declare", "exchange", "sevens"):
                shows.append(a)
        if shows:
            return self.rng.choice(shows)
        return None

    def choose(self, view: View) -> Action:
        plays = [a for a in view.actions if a.do == "play"]
        return self.rng.choice(plays)
