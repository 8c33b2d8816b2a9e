"""Is the search's card better than the heuristic's where they differ, as the match goes on?
Issue 28's seer that does not share the search's playouts.

``bench.decision_regret`` values a play by heuristic playouts from the true hands: the
search's own yardstick, blind where the playouts play unlike the match (the first trick's
replies: rated better there by 0.045 games a decision, they lost the goal's matches). Here a
play is valued by what it does in the match itself:

1. positions: ``strong`` (the level, timed, ``--collect`` options) plays the tournament's
   duplicate deals against a ``heuristic`` team, told who sits where; at every decision it
   searches (in ``--tricks``, all of them with ``--save``) the deal and every seat's memory
   are kept, with the search's card and what a variant needs to choose there again;
2. each variant (``--variants``: JSON options of ``StrongPlayer``, or ``heuristic`` for the
   heuristic's own card) chooses at each position; where its card is not the collected
   search's, both are played and the deal is played on to its end ``--runs`` times by the
   same players (the ``heuristic`` team as it is, the ``strong`` team untimed at
   ``--worlds`` worlds a decision, a new seed each run, the same seeds for both cards): the
   true hands and talon, nothing sampled; a run's value is the deal's result in games plus
   ``MARGIN_WEIGHT`` a point of margin (0.02 until issue 28's eleventh round, 0.04 since), as
   the search and the tournament's pairs count;
3. printed: for each variant the mean over all positions (the same card counts 0) of its
   card's value less the collected search's, with the standard error, in games and in games
   alone, and by trick. Negative: the variant chose worse.

Run: ``python -m bench.match_seer [--pairs 100] [--seed 801] [--tricks 0] [--places 1 ...]
[--runs 8] [--worlds 32] [--budget-ms 300] [--workers 2] [--collect '{"first_trick": true}']
[--variants heuristic '{"z_override": 1}' ...] [--save FILE | --load FILE] [--every K]``:
``--save`` keeps every searched position of the collection (a pickle, run as ``-m``), ``--load``
values kept ones again with other variants; ``--places`` keeps the decisions at those places
in their trick (1: the lead), ``--every`` every k-th.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import pickle
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bench.ceiling import duplicate_deals
from bench.decision_regret import Position, chosen
from engine import Deal, Rules
from engine.actions import Action
from engine.players import make_player
from engine.players.base import Player
from engine.players.memory import SeatMemory
from engine.players.strong import MARGIN_WEIGHT, StrongPlayer
from engine.players.tournament import derive_seed, play_deal
from engine.views import View


@dataclass(frozen=True)
class Branch:
    """A searched decision as it stood: the deal, every seat's memory, the search's card, and
    the decision as a variant chooses it again (``bench.decision_regret``'s ``Position``,
    without the playout seer's values)."""

    trick: int
    deal: Deal
    memories: tuple[SeatMemory, ...]
    levels: tuple[str, ...]
    search: Action
    position: Position

    @property
    def seat(self) -> int:
        return self.position.seat

    @property
    def prior(self) -> Action:
        return self.position.prior


class BranchingStrong(StrongPlayer):
    """``strong`` that keeps the deal as it stood at each decision it searches."""

    def __init__(self, seat: int, players: int, rules: Rules, deal: Deal, table: list[Player],
                 tricks: set[int] | None, branches: list[Branch], **options: Any) -> None:
        super().__init__(seat, players, rules, **options)
        self.deal = deal
        self.table = table
        self.tricks = tricks
        self.branches = branches

    def search(self, view: View, memory: SeatMemory, candidates: list[Action],
               prior: Action, rng: Any) -> Action:
        state = rng.getstate()
        kept = memory.copy()
        choice = super().search(view, memory, candidates, prior, rng)
        if self.tricks is None or view.trick_number in self.tricks:
            self.branches.append(Branch(
                view.trick_number, copy.deepcopy(self.deal),
                tuple(p.memory.copy() for p in self.table),
                tuple(p.level for p in self.table), choice,
                Position(self.seat, self.seed, self.seated, view, kept, tuple(candidates),
                         prior, state, ())))
        return choice


def collect_chunk(args: tuple[list[int], int, float, list[int] | None, dict[str, Any]]
                  ) -> list[Branch]:
    """The searched decisions of ``strong`` in the duplicate deals of ``pairs``."""
    pairs, seed, budget_ms, tricks, options = args
    rules, n = Rules(), 4
    branches: list[Branch] = []
    table: list[Player] = []
    wanted = set(tricks) if tricks is not None else None

    def seat(s: int, k: int, deal: Deal, pseed: int) -> Player:
        if s == 0:
            table.clear()
        if s % 2 != k:
            player = make_player("heuristic", s, n, rules, seed=pseed)
        else:
            player = BranchingStrong(s, n, rules, deal, table, wanted, branches,
                                     **{"budget_ms": budget_ms, "seed": pseed, **options})
        table.append(player)
        return player

    for _ in duplicate_deals(pairs, seed, seat, meet=True):
        pass
    return branches


def run_on(branch: Branch, action: Action, run: int, worlds: int) -> tuple[float, int]:
    """The deal's result for the deciding seat's team (games plus the margin's weight, and
    games alone) after ``action``, played on by the same players, ``strong`` untimed."""
    rules, n = Rules(), len(branch.levels)
    deal = copy.deepcopy(branch.deal)
    seats: list[Player] = []
    for s, level in enumerate(branch.levels):
        pseed = derive_seed("match_seer", run, s)
        if level == "strong":
            player: Player = StrongPlayer(s, n, rules, budget_ms=math.inf,
                                          max_samples=worlds, seed=pseed)
        else:
            player = make_player(level, s, n, rules, seed=pseed)
        player.meet(branch.levels)
        player.memory = branch.memories[s].copy()
        seats.append(player)
    events = deal.apply(action)
    for s, player in enumerate(seats):
        player.observe([e.seen_by(s) for e in events])
    play_deal(deal.layout, rules, seats, deal=deal)
    result = deal.result
    assert result is not None
    team = branch.seat % deal.teams
    games = 0 if result.winner is None else (result.games if result.winner == team
                                             else -result.games)
    others = max(deal.points[t] for t in range(deal.teams) if t != team)
    return games + MARGIN_WEIGHT * (deal.points[team] - others), games


def value_chunk(args: tuple[list[Branch], int, int, list[str], float]
                ) -> list[tuple[int, list[tuple[float, float]]]]:
    """(trick, for each variant its card's value less the recorded search's card's, in value
    and in games alone) a position: the mean over ``runs`` runs, the same seeds for every
    card; a variant that plays the recorded card counts 0 without a run."""
    branches, runs, worlds, variants, budget_ms = args
    out = []
    for b in branches:
        cache: dict[tuple[str | None, str | None], tuple[float, float]] = {}

        def value(a: Action, b: Branch = b, cache: dict[Any, tuple[float, float]] = cache
                  ) -> tuple[float, float]:
            key = (a.card, a.opening)
            if key not in cache:
                rs = [run_on(b, a, r, worlds) for r in range(runs)]
                cache[key] = (sum(v for v, _ in rs) / runs, sum(g for _, g in rs) / runs)
            return cache[key]

        row = []
        for variant in variants:
            options = None if variant == "heuristic" else json.loads(variant)
            card = b.position.candidates[chosen(b.position, options, budget_ms)]
            if card.card == b.search.card and card.opening == b.search.opening:
                row.append((0.0, 0.0))
                continue
            v, g = value(card)
            v0, g0 = value(b.search)
            row.append((v - v0, g - g0))
        out.append((b.trick, row))
    return out


def mean_se(xs: list[float]) -> str:
    n = len(xs)
    m = sum(xs) / n
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n) if n > 1 else 0.0
    return f"{m:+.4f} ± {se:.4f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=801)
    ap.add_argument("--tricks", type=int, nargs="*", default=[0])
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--worlds", type=int, default=32)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--collect", default='{"first_trick": true}')
    ap.add_argument("--variants", nargs="+", default=["heuristic"])
    ap.add_argument("--places", type=int, nargs="*",
                    help="only decisions at these places in the trick (1: the lead)")
    ap.add_argument("--every", type=int, default=1, help="value every k-th position only")
    ap.add_argument("--save", help="keep the collected positions in this file (pickle)")
    ap.add_argument("--load", help="value the positions kept in this file, not new ones")
    args = ap.parse_args()
    start = time.perf_counter()
    tricks = args.tricks if args.tricks else None
    collect_tricks = None if args.save else tricks
    chunks = [(list(range(i, min(i + 5, args.pairs))), args.seed, args.budget_ms, collect_tricks,
               json.loads(args.collect)) for i in range(0, args.pairs, 5)]
    if args.load:
        with open(args.load, "rb") as f:
            branches = pickle.load(f)
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            branches = [b for part in pool.map(collect_chunk, chunks) for b in part]
    if args.save:
        with open(args.save, "wb") as f:
            pickle.dump(branches, f)
    if tricks is not None:
        branches = [b for b in branches if b.trick in tricks]
    if args.places:
        branches = [b for b in branches
                    if len(b.position.view.trick.plays) + 1 in args.places]
    branches = branches[::args.every]
    differ = sum(b.search.card != b.prior.card or b.search.opening != b.prior.opening
                 for b in branches)
    print(f"4 players, wuerttemberg, {args.pairs} duplicate pairs against heuristic, seed "
          f"{args.seed}, collected with {args.collect}: {len(branches)} searched decisions "
          f"of strong ({args.budget_ms:g} ms) in tricks {tricks}, the search's card not the "
          f"heuristic's at {differ} ({time.perf_counter() - start:.0f} s)", flush=True)
    start = time.perf_counter()
    size = math.ceil(len(branches) / (4 * args.workers))
    parts = [(branches[i:i + size], args.runs, args.worlds, args.variants, args.budget_ms)
             for i in range(0, len(branches), size)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for part in pool.map(value_chunk, parts) for r in part]
    print(f"each variant's card less the search's as collected, {args.runs} runs of the "
          f"match ({args.worlds} worlds a strong decision) a card "
          f"({time.perf_counter() - start:.0f} s):")
    for j, variant in enumerate(args.variants):
        vs = [row[j][0] for _, row in rows]
        gs = [row[j][1] for _, row in rows]
        print(f"{variant:>40}: {mean_se(vs)} games a decision ({MARGIN_WEIGHT} a point), "
              f"{mean_se(gs)} in games alone, differing at {sum(v != 0 for v in vs)}")
        for t in sorted({t for t, _ in rows}):
            sub = [row[j] for tt, row in rows if tt == t]
            print(f"    trick {t + 1} ({len(sub)} decisions, "
                  f"{sum(v != 0 for v, _ in sub)} differing): {mean_se([v for v, _ in sub])}, "
                  f"games {mean_se([g for _, g in sub])}")


if __name__ == "__main__":
    main()
