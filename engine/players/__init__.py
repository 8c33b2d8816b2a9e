"""Computer players: ``random``, ``heuristic`` and ``strong`` (search), pure Python, no I/O.

A player is told only what its seat may know, the events as the seat saw them and the seat's
``View``, and answers with one legal action. It never sees the deal, so two computer partners
cannot share hidden cards.

Calling protocol (see ``engine.players.base``)::

    player = make_player(level, seat, players, rules, budget_ms=300, seed=None)
    player.observe(events_seen_by_seat)    # after every applied action, in order
    player.claim(view)  -> Action | None   # ask every computer seat after every action
    player.choose(view) -> Action          # when view.to_play == seat: a claim or a play
    player.rebuild(all_events_seen)        # after a restart: relearn the deal

Every level makes the same claims: it knocks the moment its team has 101 by its own count (the
view holds no points; ``SeatMemory`` counts every trick, marriage and exchange it saw), never
knocks below 101 and never plays a card at 101 or more, accuses opponents it saw play a card
at 101 or more, shows five Sevens, declares the best marriage it may and exchanges the trump
Seven whenever the view offers them.

Levels:

- ``random``: a uniformly random legal play.
- ``heuristic``: Gaigel knowledge (``engine.players.heuristic``): keeps trumps for tricks
  worth it, keeps Kings and Obers while a marriage can still form, smears Aces and Tens on a
  partner's safe trick, wins a cheap trick when a marriage or the Seven waits for one, counts
  to 101 for both sides, weighs who draws the indicator; no search, well under 1 ms.
- ``strong``: Perfect-Information Monte Carlo (``engine.players.strong``): worlds sampled
  consistently with everything the seat saw (``engine.players.sample``; weighing them by how
  well they explain the plays of the seats whose level chooses as the heuristic does,
  ``engine.players.infer``, who sits where told by ``Player.meet``, is an option: it did
  not pay), every legal card
  valued by a heuristic playout while the talon lasts (the heuristic with weights of its own,
  ``PLAYOUT_PARAMS``) and by exact alpha-beta once it is empty (``engine.players.playout``),
  in games with the point margin as a finer sign of the same. Each world of a decision is
  dealt from random numbers of its own, so worlds may be valued anywhere in any order with
  the same answer.
  ``budget_ms`` (default 300) is a deadline checked inside the loop; most decisions stop
  earlier, once the choice is clear or no longer worth the time; the best card is played.
  Against ``heuristic`` and ``baseline``: ``bench/README.md``, "Issue 28".

``engine.players.tournament`` also knows ``baseline``, the ``strong`` of before issue 28
(``engine.players.baseline``, a frozen copy of its search), to
measure ``strong`` against; it is not in ``LEVELS``, so the bot never offers it.

Threads and processes: ``choose`` and ``claim`` only read a snapshot of the memory taken under a
lock, so a caller may run them in a worker thread while its event loop goes on; players pickle,
and ``engine.players.questions`` wraps a decision as plain data (a player's snapshot, the view,
the search's limits) with ``answer()`` and a quick ``fallback()``, which the bot's thinking
processes answer. Nothing here imports asyncio, multiprocessing or Discord.

``engine.players.tournament`` plays levels against each other (``python -m engine tournament``).
"""

from __future__ import annotations

from typing import Any

from ..rules import Rules
from .base import HeuristicPlayer, Player, RandomPlayer, claim_for
from .memory import SeatMemory
from .strong import StrongPlayer

LEVELS: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "strong": StrongPlayer,
}


def make_player(level: str, seat: int, players: int, rules: Rules | None = None, *,
                budget_ms: float = 300.0, seed: int | None = None, **options: Any) -> Player:
    """A computer player of ``level`` at ``seat``. ``budget_ms`` is the time per decision the
    search may use (``strong`` only); ``seed`` makes its choices reproducible."""
    cls = LEVELS.get(level)
    if cls is None:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    return cls(seat, players, rules, budget_ms=budget_ms, seed=seed, **options)


__all__ = ["LEVELS", "HeuristicPlayer", "Player", "RandomPlayer", "SeatMemory", "StrongPlayer",
           "claim_for", "make_player"]
