"""The computer player's interface, its claims, and the ``random`` and ``heuristic`` levels.

A player sits at one seat and learns only what that seat may: the events as the seat saw them
(``observe``) and the seat's ``View``. It never receives the deal itself.

How a caller (the Discord service, the tournament) drives a player::

    player = make_player("strong", seat, players, rules, budget_ms=300)
    player.meet(["person", "strong", "heuristic", "strong"])  # who sits where, as shown
    player.observe([e.seen_by(seat) for e in events])   # after every applied action
    action = player.claim(seat_view(deal, seat))          # ask every computer seat, every time
    if deal.to_play == seat:
        action = player.choose(seat_view(deal, seat))     # a play, or a claim first

Claims come before any card: knock the moment the own team has 101 by the seat's own count
(whether or not it is the seat's turn); accuse opponents seen playing a card while they had
101 or more; show five Sevens; declare marriages (the best first) and exchange the trump Seven
whenever the view lists them as possible. ``choose`` never plays a card while the own team
has 101 — it knocks.

Threads: ``choose`` reads the memory under a lock, takes a snapshot and then works only on that
snapshot and the view, so it is a pure function of (player state, view) and safe to run in a
worker thread (``loop.run_in_executor(executor, player.choose, view)``) while the event loop goes
on; ``observe`` may be called meanwhile. Players pickle, so a process pool works too (the worker
then gets a copy: feed events to the original). The answer is for the view given: if the deal
moved on in the meantime, ask again with a fresh view. The random numbers of a decision derive
from the player's seed and the decision's public facts, so the same seed, events and view give
the same action.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Iterable, Sequence
from typing import Any

from ..actions import Action
from ..deal import AUS
from ..events import Event
from ..rules import Rules
from ..tricks import marriage_points
from ..views import View
from .heuristic import DEFAULT, Params, pick_first_trick, pick_play
from .memory import SeatMemory


def claim_for(view: View, memory: SeatMemory) -> Action | None:
    """The claim this seat should make now, or None: the one rule every level follows."""
    if view.result is not None or view.seat is None:
        return None
    seat = view.seat
    actions = view.actions
    for a in actions:
        if a.do == "sevens":
            return a
    teams = view.teams
    own = seat % teams
    # an accusation that is certainly right wins a double game: before the knock
    for t in memory.opponents_played_on():
        return Action(seat, "accuse", against=None if teams == 2 else t)
    if memory.points[own] >= AUS:
        return Action(seat, "knock")
    best: Action | None = None
    best_pts = 0
    for a in actions:
        if a.do == "declare" and a.suit is not None:
            pts = marriage_points(a.suit, view.trump_suit, a.double)
            if pts > best_pts:
                best, best_pts = a, pts
    if best is not None:
        return best
    for a in actions:
        if a.do == "exchange":
            return a
    return None


class Player:
    """A computer player at one seat. Subclasses choose the card (``_pick``)."""

    level = "base"

    def __init__(self, seat: int, players: int, rules: Rules | None = None, *,
                 budget_ms: float = 300.0, seed: int | None = None) -> None:
        self.seat = seat
        self.players = players
        self.rules = rules if rules is not None else Rules()
        self.budget_ms = float(budget_ms)
        self.seed = seed if seed is not None else secrets.randbits(64)
        self.memory = SeatMemory(seat, players, self.rules)
        self.seated: tuple[str, ...] | None = None
        """Who sits at each seat, as the table shows it: a computer's level, or ``"person"``
        (``meet``); None until told."""
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["_lock"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat}, players={self.players})"

    # ------------------------------------------------------------------ interface

    def meet(self, seated: Sequence[str]) -> None:
        """Be told who sits at each seat: public at the table (its message names every
        computer's level), so a player may read the others' plays by what they are."""
        if len(seated) != self.players:
            raise ValueError(f"{len(seated)} seats told, the table has {self.players}")
        self.seated = tuple(seated)

    def observe(self, events: Iterable[Event]) -> None:
        """Events as this seat saw them (``event.seen_by(seat)``), in order, each once."""
        with self._lock:
            self.memory.observe(events)

    def rebuild(self, events: Iterable[Event]) -> None:
        """Forget and relearn the deal from all of its events (seen by this seat), e.g. after a
        restart."""
        memory = SeatMemory.from_events(self.seat, self.players, self.rules, events)
        with self._lock:
            self.memory = memory

    def claim(self, view: View) -> Action | None:
        """A knock, accusation, five Sevens, declaration or exchange to make now, or None."""
        with self._lock:
            self.memory.note_view(view.trump_suit, view.indicator)
            return claim_for(view, self.memory)

    def choose(self, view: View) -> Action:
        """This seat's action when it is to play: a claim first if one is due, else a play."""
        memory, plays, due = self._begin(view)
        if due is not None:
            return due
        return self._pick(view, memory, plays, self.decision_rng(view, memory))

    def _begin(self, view: View) -> tuple[SeatMemory, list[Action], Action | None]:
        """The start of every choice: the seat's memory as of ``view`` (a snapshot), its legal
        plays, and the action due without any thought (a claim, or the only play), if one is."""
        with self._lock:
            self.memory.note_view(view.trump_suit, view.indicator)
            memory = self.memory.copy()
        action = claim_for(view, memory)
        if action is not None:
            return memory, [], action
        plays = [a for a in view.actions if a.do == "play"]
        if not plays:
            raise ValueError(f"seat {self.seat} has nothing to play in this view")
        return memory, plays, plays[0] if len(plays) == 1 else None

    def decision_rng(self, view: View, memory: SeatMemory) -> random.Random:
        """Random numbers for one decision, from the seed and the decision's public facts."""
        key = (f"{self.seed}|{view.trick_number}|{len(view.trick.plays)}|{','.join(view.hand)}"
               f"|{memory.events_seen}|{view.talon}")
        return random.Random(key)

    def _pick(self, view: View, memory: SeatMemory, plays: list[Action],
              rng: random.Random) -> Action:
        raise NotImplementedError


class RandomPlayer(Player):
    """Any legal play, uniformly (the claims are made as by every level)."""

    level = "random"

    def _pick(self, view: View, memory: SeatMemory, plays: list[Action],
              rng: random.Random) -> Action:
        return rng.choice(plays)


def heuristic_action(view: View, memory: SeatMemory, plays: list[Action],
                     rules: Rules, prm: Params = DEFAULT) -> Action:
    """The heuristic's play in ``view`` (``plays``: the legal plays, more than one)."""
    seat = view.seat
    assert seat is not None
    shown = memory.shown[seat]
    if view.trick_number == 0 and rules.openings:
        return pick_first_trick(view.hand, plays, view.trick.plays, seat, view.players,
                                view.trump_suit, view.opening, shown)
    trick = [(s, c) for s, c in view.trick.plays if c is not None]
    cards = list(dict.fromkeys(a.card for a in plays if a.card is not None))
    closed = memory.melded_suits if rules.second_pair_same_suit == "never" else set()
    card = pick_play(view.hand, cards, trick, seat=seat, players=view.players,
                     trump=view.trump_suit, talon=view.talon, indicator=view.indicator,
                     points=memory.points, team_tricks=memory.team_tricks,
                     played=memory.played, shown=shown, closed_suits=closed, prm=prm)
    for a in plays:
        if a.card == card:
            return a
    return plays[0]


class HeuristicPlayer(Player):
    """Gaigel knowledge, no search (see ``engine.players.heuristic``)."""

    level = "heuristic"

    def __init__(self, seat: int, players: int, rules: Rules | None = None, *,
                 budget_ms: float = 300.0, seed: int | None = None,
                 params: Params | dict[str, float] | None = None) -> None:
        super().__init__(seat, players, rules, budget_ms=budget_ms, seed=seed)
        self.params = Params.given(params, DEFAULT)

    def _pick(self, view: View, memory: SeatMemory, plays: list[Action],
              rng: random.Random) -> Action:
        return heuristic_action(view, memory, plays, self.rules, self.params)
