"""How good are ``strong``'s choices, play by play, beside a seer's? Issue 28's variants measured
without the noise of whole matches.

A tournament of 150 deal pairs tells two variants apart only by about ±7 points of pairs (the
deals' luck, and every different card sends the rest of the deal elsewhere). Here every variant
chooses at the same positions instead, and each choice is scored at once:

1. positions: ``strong`` (the level, timed) plays the tournament's duplicate deals against a
   ``heuristic`` team, told who sits where; every decision it searches is kept (its view and
   memory, the plays, the prior, the decision's random numbers) with the deal's true hands;
2. the seer's value of each play: its mean over ``--worlds`` worlds that hold every true hand
   (the talon shuffled: its order is luck nobody at the table knows), each valued as the
   search values a world while the talon lasts (one playout with ``PLAYOUT_PARAMS``, games
   plus margin; by a playout too in the few positions after it, about 1 %, where the search
   solves exactly);
3. each variant (``--variants``, JSON options of ``StrongPlayer``; ``"heuristic"``: the
   heuristic's own card) chooses at every position; its regret there is the seer's best value
   less the seer's value of its card. Variants are compared position by position, so the
   standard error is that of the paired differences.

The seer values plays with the search's own playouts, so this measures what the search can
know and how it uses it (worlds, inference, time, when it keeps the heuristic's card), not its
playouts: a change of the playouts' weights changes the yardstick too.

Run: ``python -m bench.decision_regret [--pairs 100] [--seed 601] [--worlds 48]
[--budget-ms 300] [--workers 2] [--variants '{}' heuristic '{"z_override": 2}' ...]
[--collect '{"first_trick": true}'] [--tricks 0 1] [--split]``: ``--collect`` gives the
recording ``strong`` options (``first_trick`` makes it search, and so keep, the Vorhand's first
card too), ``--tricks`` keeps only the decisions of those tricks (0 is the first), ``--split``
prints each variant's regret by trick and by place in the trick.
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
from engine import Deal, Rules
from engine.actions import Action
from engine.players import make_player
from engine.players.base import Player
from engine.players.memory import SeatMemory
from engine.players.sample import sample_world
from engine.players.strong import MARGIN_WEIGHT, PLAYOUT_PARAMS, StrongPlayer
from engine.views import View


@dataclass(frozen=True)
class Position:
    """One searched decision of ``strong``, as it stood, and the seer's value of each play."""

    seat: int
    seed: int
    seated: tuple[str, ...] | None
    view: View
    memory: SeatMemory
    candidates: tuple[Action, ...]
    prior: Action
    rng_state: Any
    values: tuple[float, ...]


class RecordingStrong(StrongPlayer):
    """``strong`` that keeps every position it searches, valued by a seer of ``deal``."""

    def __init__(self, seat: int, players: int, rules: Rules, deal: Deal, worlds: int,
                 positions: list[Position], **options: Any) -> None:
        super().__init__(seat, players, rules, **options)
        self.deal = deal
        self.seer_worlds = worlds
        self.positions = positions

    def search(self, view: View, memory: SeatMemory, candidates: list[Action],
               prior: Action, rng: random.Random) -> Action:
        values = seer_values(self.rules, view, memory, candidates,
                             [list(h) for h in self.deal.hands], self.seer_worlds)
        self.positions.append(Position(self.seat, self.seed, self.seated, view, memory.copy(),
                                       tuple(candidates), prior, rng.getstate(), values))
        return super().search(view, memory, candidates, prior, rng)


def seer_values(rules: Rules, view: View, memory: SeatMemory, candidates: list[Action],
                hands: list[list[str]], worlds: int) -> tuple[float, ...]:
    """Each play's mean value over ``worlds`` worlds holding every true hand."""
    seat = view.seat
    assert seat is not None
    seeing = memory.copy()
    for s in range(view.players):
        if s != seat:
            seeing.known_cards[s] = Counter(hands[s])
    team = seat % view.teams
    total = [0.0] * len(candidates)
    rng = random.Random(len(memory.history))
    for _ in range(worlds):
        world = sample_world(seeing, view, rules, rng)
        assert world is not None
        for i, a in enumerate(candidates):
            assert a.card is not None
            w = world.copy()
            if a.opening is not None:
                w.opening = a.opening
            w.play(a.card)
            if w.winner is None:
                total[i] += w.playout_value(team, MARGIN_WEIGHT, prm=PLAYOUT_PARAMS)
            else:
                total[i] += w.value(team, MARGIN_WEIGHT)
    return tuple(t / worlds for t in total)


def collect_chunk(args: tuple[list[int], int, float, int, dict[str, Any]]) -> list[Position]:
    """The positions of ``strong``'s searched decisions in the duplicate deals of ``pairs``."""
    pairs, seed, budget_ms, worlds, options = args
    rules, n = Rules(), 4
    positions: list[Position] = []

    def seat(s: int, k: int, deal: Deal, pseed: int) -> Player:
        if s % 2 != k:
            return make_player("heuristic", s, n, rules, seed=pseed)
        return RecordingStrong(s, n, rules, deal, worlds, positions,
                               **{"budget_ms": budget_ms, "seed": pseed, **options})

    for _ in duplicate_deals(pairs, seed, seat, meet=True):
        pass
    return positions


def regrets_chunk(args: tuple[bytes, str, float]) -> list[tuple[float, bool]]:
    """(regret, the seer's best chosen) of variant ``variant`` at each of the positions."""
    packed, variant, budget_ms = args
    positions: list[Position] = pickle.loads(packed)
    options = None if variant == "heuristic" else json.loads(variant)
    out = []
    for pos in positions:
        i = chosen(pos, options, budget_ms)
        best = max(pos.values)
        out.append((best - pos.values[i], pos.values[i] == best))
    return out


def chosen(pos: Position, options: dict[str, Any] | None, budget_ms: float) -> int:
    """Which of the position's plays a variant chooses: ``strong`` with ``options`` (timed,
    from the decision's random state), or the heuristic's card for None."""
    if options is None:
        choice = pos.prior
    else:
        player = StrongPlayer(pos.seat, pos.view.players, Rules(), seed=pos.seed,
                              **{"budget_ms": budget_ms, **options})
        player.seated = pos.seated
        rng = random.Random()
        rng.setstate(pos.rng_state)
        choice = player.search(pos.view, pos.memory.copy(), list(pos.candidates),
                               pos.prior, rng)
    return next(k for k, a in enumerate(pos.candidates)
                if a.card == choice.card and a.opening == choice.opening)


def against_first(regrets: list[float], first: list[float]) -> str:
    """The mean and standard error of the paired differences of two variants' regrets."""
    n = len(regrets)
    d = [a - b for a, b in zip(regrets, first, strict=True)]
    m = sum(d) / n
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)
    return f", against the first {m:+.4f} ± {se:.4f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=601)
    ap.add_argument("--worlds", type=int, default=48)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--variants", nargs="+", default=["{}", "heuristic"])
    ap.add_argument("--collect", default="{}")
    ap.add_argument("--tricks", type=int, nargs="*")
    ap.add_argument("--split", action="store_true")
    args = ap.parse_args()
    start = time.perf_counter()
    chunks = [(list(range(i, min(i + 5, args.pairs))), args.seed, args.budget_ms, args.worlds,
               json.loads(args.collect)) for i in range(0, args.pairs, 5)]
    with ProcessPoolExecutor(args.workers) as pool:
        positions = [p for part in pool.map(collect_chunk, chunks) for p in part]
    if args.tricks is not None:
        positions = [p for p in positions if p.view.trick_number in args.tricks]
    print(f"4 players, wuerttemberg, {args.pairs} duplicate pairs against heuristic, seed "
          f"{args.seed}: {len(positions)} searched decisions of strong ({args.budget_ms:g} ms), "
          f"the seer's values over {args.worlds} worlds ({time.perf_counter() - start:.0f} s)")
    size = math.ceil(len(positions) / (4 * args.workers))
    parts = [pickle.dumps(positions[i:i + size]) for i in range(0, len(positions), size)]
    first: list[float] | None = None
    every: dict[str, list[float]] = {}
    for variant in args.variants:
        start = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as pool:
            rows = [r for part in pool.map(regrets_chunk,
                                           [(p, variant, args.budget_ms) for p in parts])
                    for r in part]
        regrets = [r for r, _ in rows]
        every[variant] = regrets
        n = len(rows)
        line = (f"{variant:>40}: regret {sum(regrets) / n:.4f}, the seer's best "
                f"{100 * sum(b for _, b in rows) / n:.1f} %")
        if first is None:
            first = regrets
        else:
            line += against_first(regrets, first)
        print(f"{line}  ({time.perf_counter() - start:.0f} s)", flush=True)
    if args.split:
        for name, key in (("trick", lambda p: p.view.trick_number + 1),
                          ("place in the trick", lambda p: len(p.view.trick.plays) + 1)):
            groups: dict[int, list[int]] = {}
            for i, p in enumerate(positions):
                groups.setdefault(key(p), []).append(i)
            print(f"by {name}:")
            for g in sorted(groups):
                idx = groups[g]
                cells = ", ".join(f"{v} {sum(every[v][i] for i in idx) / len(idx):.4f}"
                                  for v in args.variants)
                print(f"  {g:>2} ({len(idx)} decisions): {cells}")


if __name__ == "__main__":
    main()
