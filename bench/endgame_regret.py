"""How good are ``strong``'s choices once the talon is empty, beside a seer who solves exactly?

``bench.decision_regret`` values plays with playouts, also in the few positions after the talon,
where the search itself solves exactly: there it cannot judge the search. Here only those
positions count, and the seer is exact: with every hand known and nothing left to draw, the
exact alpha-beta result (``playout.solve``, games plus ``MARGIN_WEIGHT`` a point of margin, as
the search values a world) is the true value of each play, all four seats playing perfectly.

1. positions: the tournament's duplicate deals (4 players, ``wuerttemberg``), a ``strong`` team
   against ``heuristic``; the strong seats play the heuristic's card while the talon lasts (so
   that positions come quickly; they are positions of heuristic play) and search once it is
   empty, and every such decision is kept with the true hands and the seer's values;
2. each variant (``--variants``, JSON options of ``StrongPlayer``, timed as in play;
   ``"heuristic"``: the heuristic's own card) chooses at every position; its regret is the
   seer's best value less the seer's value of its card, and the same in games alone.

It also times the exact search itself at the first decision after the talon (five cards a
hand), with the margin and by games alone, side by side.

Run: ``python -m bench.endgame_regret [--pairs 1500] [--seed 701] [--workers 2]
[--variants '{}' '{"endgame_margin": 0}' heuristic]``.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bench.ceiling import duplicate_deals
from bench.decision_regret import Position, against_first, chosen
from engine import Deal, Layout, Rules
from engine.actions import Action
from engine.players import make_player
from engine.players.base import Player
from engine.players.memory import SeatMemory
from engine.players.playout import Playout, solve
from engine.players.sample import sample_world
from engine.players.strong import MARGIN_WEIGHT, StrongPlayer
from engine.selfplay import random_action
from engine.views import View


@dataclass(frozen=True)
class EndgamePosition(Position):
    """A decision of ``strong`` after the talon: ``values`` the seer's exact value of each
    play with the margin, ``games`` in games alone."""

    games: tuple[float, ...]


class EndgameRecorder(StrongPlayer):
    """``strong`` that plays the heuristic's card while the talon lasts, and after it keeps
    every position it searches, valued exactly by a seer of ``deal``."""

    def __init__(self, seat: int, players: int, rules: Rules, deal: Deal,
                 positions: list[EndgamePosition], **options: Any) -> None:
        super().__init__(seat, players, rules, **options)
        self.deal = deal
        self.positions = positions

    def search(self, view: View, memory: SeatMemory, candidates: list[Action],
               prior: Action, rng: random.Random) -> Action:
        if view.talon:
            return prior
        seeing = memory.copy()
        for s in range(view.players):
            if s != view.seat:
                seeing.known_cards[s] = Counter(self.deal.hands[s])
        world = sample_world(seeing, view, self.rules, random.Random(0))
        assert world is not None and view.seat is not None
        team = view.seat % view.teams
        values = tuple(_exact(world, team, a, MARGIN_WEIGHT) for a in candidates)
        games = tuple(_exact(world, team, a, 0.0) for a in candidates)
        self.positions.append(EndgamePosition(self.seat, self.seed, self.seated, view, memory.copy(),
                                       tuple(candidates), prior, rng.getstate(), values,
                                       games))
        return super().search(view, memory, candidates, prior, rng)


def _exact(world: Playout, team: int, action: Action, margin_weight: float) -> float:
    assert action.card is not None
    if world.winner is not None:
        return world.value(team, margin_weight)
    return solve(world, team, action.card, None, margin_weight)


def collect_chunk(args: tuple[list[int], int]) -> list[EndgamePosition]:
    pairs, seed = args
    rules, n = Rules(), 4
    positions: list[EndgamePosition] = []

    def seat(s: int, k: int, deal: Deal, pseed: int) -> Player:
        if s % 2 != k:
            return make_player("heuristic", s, n, rules, seed=pseed)
        return EndgameRecorder(s, n, rules, deal, positions, seed=pseed)

    for _ in duplicate_deals(pairs, seed, seat, meet=True):
        pass
    return positions


def regrets_chunk(args: tuple[bytes, str]) -> list[tuple[float, float]]:
    """(regret, regret in games alone) of ``variant`` at each position."""
    packed, variant = args
    positions: list[EndgamePosition] = pickle.loads(packed)
    options = None if variant == "heuristic" else json.loads(variant)
    out = []
    for pos in positions:
        i = chosen(pos, options, 300.0)
        out.append((max(pos.values) - pos.values[i], max(pos.games) - pos.games[i]))
    return out


def solve_times(deals: int = 400) -> list[tuple[float, int, float]]:
    """(margin weight, solves, ms a solve) at the first decision after the talon of random
    4-player deals, the two weights alternated twice."""
    rules = Rules()
    worlds = []
    for seed in range(deals):
        deal = Deal(Layout.seeded(4, seed), rules)
        rng = random.Random(seed)
        while not deal.over and deal.indicator is not None:
            deal.apply(random_action(deal, rng))
        if deal.over or deal.to_play is None:
            continue
        played = Counter(c for t in deal.tricks for c in t.cards) + Counter(
            c for _, c in deal.trick)
        world = Playout(rules, 4, deal.trump_suit, [list(h) for h in deal.hands], [], None,
                        list(deal.trick), deal.to_play, list(deal.points),
                        list(deal.team_tricks), list(deal.seat_tricks), dict(played),
                        [dict(x) for x in deal.shown], {m.suit for m in deal.melds},
                        len(deal.tricks))
        world.settle()
        if world.winner is None:
            worlds.append(world)
    out = []
    for weight in (0.0, MARGIN_WEIGHT, 0.0, MARGIN_WEIGHT):
        start = time.perf_counter()
        n = 0
        for w in worlds:
            for card in w.legal():
                solve(w, w.to_play % w.teams, card, None, weight)
                n += 1
        out.append((weight, n, 1000.0 * (time.perf_counter() - start) / max(n, 1)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=701)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--variants", nargs="+",
                    default=["{}", '{"endgame_margin": 0}', "heuristic"])
    args = ap.parse_args()
    start = time.perf_counter()
    chunks = [(list(range(i, min(i + 10, args.pairs))), args.seed)
              for i in range(0, args.pairs, 10)]
    with ProcessPoolExecutor(args.workers) as pool:
        positions = [p for part in pool.map(collect_chunk, chunks) for p in part]
    print(f"4 players, wuerttemberg, {args.pairs} duplicate pairs against heuristic, seed "
          f"{args.seed}: {len(positions)} decisions of strong after the talon, valued exactly "
          f"({time.perf_counter() - start:.0f} s)")
    size = math.ceil(len(positions) / (4 * args.workers))
    parts = [pickle.dumps(positions[i:i + size]) for i in range(0, len(positions), size)]
    first: list[float] | None = None
    for variant in args.variants:
        with ProcessPoolExecutor(args.workers) as pool:
            rows = [r for part in pool.map(regrets_chunk, [(p, variant) for p in parts])
                    for r in part]
        n = len(rows)
        regrets = [r for r, _ in rows]
        line = (f"{variant:>28}: regret {sum(regrets) / n:.4f}, in games alone "
                f"{sum(g for _, g in rows) / n:.4f}")
        if first is None:
            first = regrets
        else:
            line += against_first(regrets, first)
        print(line, flush=True)
    for weight, n, ms in solve_times():
        print(f"the exact search, margin weight {weight:g}: {n} solves at five cards a hand, "
              f"{ms:.2f} ms a solve")


if __name__ == "__main__":
    main()
