"""How much of the hidden cards' worth does ``strong`` win against ``heuristic``? Issue 28's goal
of 70 % of deal pairs, set beside what seeing the cards would give the same search.

Three sides play the tournament's duplicate deals (same seeds, same deals, same scoring:
games, then point margin; ``engine.players.tournament``) against a ``heuristic`` team, the
same search (``StrongPlayer``, its budget a decision) in every A seat:

- ``strong``: the level itself, worlds sampled from what its seat saw;
- ``hands``: every world holds the other three seats' true hands, the talon shuffled (what
  perfect inference from the plays could at most tell);
- ``omniscient``: every world is the true deal, the talon's order too;
- ``opponents`` and ``partner``: the true hands of those seats only (which knowledge counts).

Only the first is a fair player; the other two are built here, outside ``engine.players``,
because a computer player never receives the deal. The gap between ``strong`` and ``hands``
is what reading the other seats' cards better could still win; ``hands`` is no bound for a
fair player's playouts, only for its knowledge.

Run: ``python -m bench.strength_ceiling [--pairs 100] [--seed 11] [--budget-ms 300]
[--workers 2] [--sides strong,hands,omniscient,opponents,partner]``.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

from bench.ceiling import duplicate_deals, run_side
from engine import Deal, Rules
from engine.players import make_player
from engine.players.base import Player
from engine.players.memory import PlayRecord, SeatMemory
from engine.players.playout import Playout
from engine.players.sample import sample_world
from engine.players.strong import StrongPlayer
from engine.players.tournament import TournamentDeal, summarize
from engine.views import View


class SeeingStrong(StrongPlayer):
    """``strong`` whose worlds hold the true hands of ``seen`` seats (and, with ``talon``, the
    talon's order)."""

    level = "seeing"

    def __init__(self, seat: int, players: int, rules: Rules, deal: Deal, seen: set[int],
                 talon: bool, **options: float) -> None:
        super().__init__(seat, players, rules, **options)  # type: ignore[arg-type]
        self.deal = deal
        self.seen = seen
        self.talon = talon

    def _world(self, memory: SeatMemory, view: View, records: list[PlayRecord],
               rng: random.Random) -> Playout | None:
        memory = memory.copy()
        for s in self.seen:
            memory.known_cards[s] = Counter(self.deal.hands[s])
        world = sample_world(memory, view, self.rules, rng, settle=False)
        if world is not None:
            if self.talon:
                world.talon = list(self.deal._talon)  # the true order of the draws
            world.settle()
        return world


def run_chunk(args: tuple[str, list[int], int, float]) -> list[TournamentDeal]:
    """The deals of ``pairs``, side ``side`` on team 0 and then on team 1."""
    side, pairs, seed, budget_ms = args
    rules, n = Rules(), 4

    def seat(s: int, k: int, deal: Deal, pseed: int) -> Player:
        if s % 2 != k:
            return make_player("heuristic", s, n, rules, seed=pseed)
        if side == "strong":
            return StrongPlayer(s, n, rules, budget_ms=budget_ms, seed=pseed)
        partner, opponents = {(s + 2) % n}, {(s + 1) % n, (s + 3) % n}
        seen = {"partner": partner, "opponents": opponents}.get(side, partner | opponents)
        return SeeingStrong(s, n, rules, deal, seen, side == "omniscient",
                            budget_ms=budget_ms, seed=pseed)

    out: list[TournamentDeal] = []
    for pair, k, finished in duplicate_deals(pairs, seed, seat):
        result = finished.result
        assert result is not None
        points = list(finished.points)
        out.append(TournamentDeal(pair, k, [k, k + 2], result.winner, result.winner == k,
                                  result.games, result.reason, points, points[k] - points[1 - k]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sides", default="strong,hands,omniscient")
    args = ap.parse_args()
    print(f"4 players, wuerttemberg, {args.pairs} duplicate pairs against heuristic, seed "
          f"{args.seed}, {args.budget_ms:g} ms a decision")
    for side in args.sides.split(","):
        load = os.getloadavg()[0]
        start = time.perf_counter()
        deals = [d for r in run_side(run_chunk, side, args.pairs, args.workers, args.seed,
                                     args.budget_ms) for d in r]
        s = summarize(deals)
        lo, hi = s["ci95"]
        print(f"{side:>11}: pairs won {100 * s['win_rate']:.1f} % [{100 * lo:.1f}, "
              f"{100 * hi:.1f}], by games alone "
              f"{100 * s['pair_results_by_games']['win_rate']:.1f} %, deals won "
              f"{100 * s['deal_win_rate']:.1f} %, mean margin {s['mean_margin']:+.1f}  "
              f"(load {load:.1f}, {time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
