"""How many deals can anyone win against random play? The ceiling behind issue 4's first goal.

The goal asks the ``heuristic`` level to beat ``random`` in 90 % of deals. Cards decide part of
every deal, so this script measures, on the tournament's own duplicate deals (same seeds, same
claims for every side), three players against a random team:

- ``heuristic``: the level itself;
- ``search``: a fair player that knows its opponents play at random: for every legal card it
  plays ``--samples`` worlds sampled from what its seat saw (``engine.players.sample``) to the
  end, its own team by the heuristic and the opponents at random (the same random choices for
  every card of a world), and keeps the best mean;
- ``omniscient``: the same search, but every world is the true deal (all hands and the order of
  the talon). No fair player can do better than this on average; it is built here, outside
  ``engine.players``, because a computer player never receives the deal.

Run: ``python -m bench.ceiling [--pairs 300] [--samples 64] [--seed 2026] [--workers 2]``
(about 4 minutes with the defaults on two cores).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from engine import Deal, Layout, Rules
from engine.actions import Action
from engine.players import make_player
from engine.players.base import Player, heuristic_action
from engine.players.memory import SeatMemory
from engine.players.sample import sample_world
from engine.players.tournament import derive_seed, play_deal, wilson
from engine.views import View

T = TypeVar("T")


class SearchAgainstRandom(Player):
    """Monte Carlo over sampled worlds (or, when ``deal`` is set, over the true deal)."""

    level = "search-vs-random"
    samples = 64
    deal: Deal | None = None

    def _pick(self, view: View, memory: SeatMemory, plays: list[Action],
              rng: random.Random) -> Action:
        if view.trick_number == 0 and self.rules.openings:
            return heuristic_action(view, memory, plays, self.rules)
        if self.deal is not None:  # omniscient: the true hands, then the true talon
            memory = memory.copy()
            for s in range(self.players):
                if s != self.seat:
                    memory.known_cards[s] = Counter(self.deal.hands[s])
        team = self.seat % view.teams
        candidates = list({a.card: a for a in plays}.values())
        totals = [0.0] * len(candidates)
        for _ in range(self.samples):
            world = sample_world(memory, view, self.rules, rng)
            if world is None:
                break
            if self.deal is not None:
                world.talon = list(self.deal._talon)  # the true order of the draws
            # Common random numbers: every card meets the same random opponents in a world,
            # so the comparison measures the card, not the luck of two playouts.
            playout_seed = rng.getrandbits(64)
            for i, a in enumerate(candidates):
                w = world.copy()
                assert a.card is not None
                w.play(a.card)
                if w.winner is None:
                    w.playout(random.Random(playout_seed), random_team=1 - team)
                totals[i] += w.value(team, 0.005)
        return candidates[max(range(len(candidates)), key=lambda i: totals[i])]


def duplicate_deals(pairs: list[int], seed: int,
                    seat: Callable[[int, int, Deal, int], Player],
                    meet: bool = False) -> Iterator[tuple[int, int, Deal]]:
    """``(pair, k, finished deal)``: each pair's deal (the tournament's seeds, 4 players) played
    twice, side A on team ``k`` = 0 and then 1; ``seat(s, k, deal, seed)`` makes seat ``s``'s
    player (the deal is there for a bench's all-seeing player). ``meet``: every player is told
    who sits where, as in a tournament (``Player.meet``)."""
    rules, n = Rules(), 4
    for p in pairs:
        layout = Layout.seeded(n, derive_seed(seed, "deal", p))
        for k in (0, 1):
            deal = Deal(layout, rules)
            seats = [seat(s, k, deal, derive_seed(seed, "player", p, k, s)) for s in range(n)]
            if meet:
                for player in seats:
                    player.meet([q.level for q in seats])
            yield p, k, play_deal(layout, rules, seats, deal=deal).deal


def run_side(run_chunk: Callable[[tuple[Any, ...]], T], side: str, pairs: int, workers: int,
             *extra: Any) -> list[T]:
    """``run_chunk((side, chunk, *extra))`` for every chunk of five pairs of ``pairs``, in a
    pool of ``workers`` processes: the chunks' results in order (the two ceiling benches)."""
    chunks = [list(range(i, min(i + 5, pairs))) for i in range(0, pairs, 5)]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(run_chunk, [(side, c, *extra) for c in chunks]))


def run_chunk(args: tuple[str, list[int], int, int]) -> tuple[int, int]:
    """(deals won, deals played) by ``side`` over the duplicate pairs ``pairs``."""
    side, pairs, seed, samples = args
    rules, n = Rules(), 4

    def seat(s: int, t: int, deal: Deal, pseed: int) -> Player:
        if s % 2 != t:
            return make_player("random", s, n, rules, seed=pseed)
        if side == "heuristic":
            return make_player("heuristic", s, n, rules, seed=pseed)
        player = SearchAgainstRandom(s, n, rules, seed=pseed)
        player.samples = samples
        player.deal = deal if side == "omniscient" else None
        return player

    won = played = 0
    for _, t, finished in duplicate_deals(pairs, seed, seat):
        assert finished.result is not None
        won += finished.result.winner == t
        played += 1
    return won, played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", type=int, default=300)
    ap.add_argument("--samples", type=int, default=64, help="worlds per decision")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sides", default="heuristic,search,omniscient")
    args = ap.parse_args()
    print(f"4 players, wuerttemberg, {args.pairs} duplicate pairs ({2 * args.pairs} deals), "
          f"seed {args.seed}, {args.samples} worlds per decision; opponents: random")
    for side in args.sides.split(","):
        start = time.perf_counter()
        results = run_side(run_chunk, side, args.pairs, args.workers, args.seed, args.samples)
        won = sum(r[0] for r in results)
        played = sum(r[1] for r in results)
        lo, hi = wilson(won / played, played)
        print(f"{side:>11}: deals won {won} of {played} = {100 * won / played:.1f} %  "
              f"95 % CI [{100 * lo:.1f}, {100 * hi:.1f}]  ({time.perf_counter() - start:.0f} s)",
              flush=True)


if __name__ == "__main__":
    main()
