"""Benchmark: how long a table picture takes to draw, and how big it is.

    python -m bench.pictures [--deals 20] [--players 4] [--style german]

Plays deals at random (seeded) and draws the table picture of every position a table
message would show (each trick card played), without the cache: the time the shell's thread
spends on a new picture, and the bytes uploaded. Also the recount rows and the score slate.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bot.pictures.recount import RecountScene, render_recount
from bot.pictures.slate import SlateScene, SlateTeam, render_slate
from bot.pictures.table import TableScene, render_table
from engine import Deal, Layout, Rules, public_view
from engine.cards import shuffled_pack
from engine.selfplay import random_action


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def scenes(deals: int, players: int, style: str, seed: int) -> list[TableScene]:
    rng = random.Random(seed)
    names = tuple(f"Player {i + 1}" for i in range(players))
    out = []
    for _ in range(deals):
        deal = Deal(Layout.from_pack(shuffled_pack(rng), players), Rules.named("wuerttemberg"))
        while deal.result is None:
            view = public_view(deal)
            last = view.last_trick
            out.append(TableScene(
                style, view.trump_suit, view.indicator, names, view.to_play,
                tuple(view.trick.plays), tuple(last.plays) if last else (),
                ("Trump", "Trick", "Last trick",
                 f"taken by {names[last.winner]}" if last and last.winner is not None else "")))
            deal.apply(random_action(deal, rng))
    return out


def timed(render, items):  # type: ignore[no-untyped-def]
    times, sizes, kinds = [], [], set()
    for item in items:
        t = time.perf_counter()
        data, fmt = render.__wrapped__(item)
        times.append((time.perf_counter() - t) * 1000)
        sizes.append(len(data))
        kinds.add(fmt)
    return times, sizes, kinds


def report(what: str, times: list[float], sizes: list[int], kinds: set[str]) -> None:
    print(f"{what}: {len(times)} drawn, time median {statistics.median(times):.1f} ms, "
          f"p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms; size median "
          f"{statistics.median(sizes) / 1024:.1f} KiB, max {max(sizes) / 1024:.1f} KiB "
          f"({', '.join(sorted(kinds))})")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    p.add_argument("--style", default="german", choices=("german", "french"))
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args()
    render_table(scenes(1, args.players, args.style, 0)[0])  # load the faces once
    items = scenes(args.deals, args.players, args.style, args.seed)
    report(f"table picture ({args.players} players, {args.style})", *timed(render_table, items))
    tricks = tuple(tuple(t[1] for t in s.last) for s in items if s.last)[:12]
    recounts = [RecountScene(args.style, tricks[:n], args.players) for n in range(1, 13)]
    report("recount picture (1-12 rows)", *timed(render_recount, recounts))
    slates = [SlateScene("strokes", (SlateTeam("team A", ((1, 0),) * k + ((2, 1),)),
                                     SlateTeam("team B", ((2, 0),) * (k % 4))), None, "", "")
              for k in range(10)]
    report("score slate", *timed(render_slate, slates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
