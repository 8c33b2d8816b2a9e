"""The thinking processes (issue 27): what they deliver, and what they cost the people's clicks.

    python -m bench.thinking [--part pool,compare,tables] [--workers N] [--budget MS]
                             [--decisions 300] [--rounds 3] [--deals 2] [--tables 5,10,20,40,80]
                             [--priorities low]

- ``pool``: strong decisions a second the pool delivers on this machine. The positions are
  every decision of a strong computer in deals played by heuristic players (each seat's
  player told the deal as its seat saw it); they are asked of a ``ThinkingPool`` of
  ``--workers`` processes (default ``COMPUTER_WORKERS``: the cores less one), as many at
  once as there are processes, so that none waits and every search has its whole budget.
  Also the time of one decision, and how the searches stopped.
- ``compare``: the issue's first figure: 20 tables of one person and three computers, 5
  clicks a second, ``--deals`` deals a table, ``--computer heuristic`` against ``--computer
  strong``, alternated ``--rounds`` times (each run a fresh ``bench/bot.py`` process): the
  people's click-to-answer p99 and the ratio strong / heuristic (goal: within 2x), with each
  run's slowest click and what happened during it. With ``--priorities low,idle`` the strong
  runs are made at each ``THINKING_PRIORITY`` in turn, in the same rounds.
- ``tables``: tables of one person and three strong computers, each person clicking about
  every four seconds (``--rate`` = tables / 4), at ``--tables`` sizes: the people's p99, and
  how the computers' searches fared (shrunk budgets, the heuristic past the deadline). The
  largest size with a p99 under 100 ms is what one process holds.

Every part prints the load average before and after: on a shared machine compare figures of
one run only. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.config import load_settings
from bot.thinking import ThinkingPool
from engine import Deal, Layout, Rules, seat_view
from engine.players import StrongPlayer, make_player
from engine.players.questions import Choose
from engine.players.tournament import due_claim

HERE = Path(__file__).resolve().parent


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} CPUs"


def positions(count: int, budget: float) -> list[Choose]:
    """Every decision of a strong computer (seat to play, no claim due) in deals played by
    heuristic players, until ``count``: the strong player snapshot of that seat and its view."""
    rules = Rules()
    out: list[Choose] = []
    seed = 0
    while len(out) < count:
        seed += 1
        deal = Deal(Layout.seeded(4, seed), rules)
        players = [make_player("heuristic", s, 4, rules, seed=s) for s in range(4)]
        strong = [StrongPlayer(s, 4, rules, budget_ms=budget, seed=seed * 10 + s)
                  for s in range(4)]
        while not deal.over and len(out) < count:
            action = due_claim(deal, players)
            if action is None:
                seat = deal.to_play
                assert seat is not None
                view = seat_view(deal, seat)
                out.append(Choose(pickle.loads(pickle.dumps(strong[seat])), view))
                action = players[seat].choose(view)
            events = deal.apply(action)
            for p in (*players, *strong):
                p.observe([e.seen_by(p.seat) for e in events])
    return out


async def pool_part(workers: int, budget: float, decisions: int) -> None:
    questions = positions(decisions, budget)
    with_choice = sum(len({a.card for a in q.view.actions if a.do == "play"}) > 1
                      for q in questions)
    pool = ThinkingPool(workers)
    started = time.perf_counter()
    await pool.start()
    ready = time.perf_counter() - started
    print(f"pool: {workers} thinking processes ready in {ready * 1000:.0f} ms; {load()}")
    room = asyncio.Semaphore(workers)
    took: list[float] = []

    async def one(k: int, question: Choose) -> None:
        async with room:
            t = time.perf_counter()
            await pool.ask(question, lanes=(k,))
            took.append(time.perf_counter() - t)

    try:
        t0 = time.perf_counter()
        await asyncio.gather(*(one(k, q) for k, q in enumerate(questions)))
        wall = time.perf_counter() - t0
    finally:
        await pool.close()
    ms = sorted(x * 1000 for x in took)
    stats = pool.stats
    print(f"pool: {len(questions)} strong decisions ({with_choice} with more than one card to "
          f"choose from), budget {budget:g} ms: {len(questions) / wall:.1f} decisions/s "
          f"({wall:.1f} s wall); a decision median {statistics.median(ms):.0f} ms, "
          f"p90 {ms[int(0.9 * (len(ms) - 1))]:.0f} ms, max {ms[-1]:.0f} ms; answered by the "
          f"search {stats.answered}, by the heuristic past the deadline {stats.fallbacks}")
    print(f"pool: {load()}")


def bench_bot(tables: int, computer: str, rate: float, budget: float, workers: int,
              deals: int, priority: str | None = None) -> dict:
    """One ``bench/bot.py`` run (its own process): its figures, and its slowest click."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "figures.json"
        env = dict(os.environ, COMPUTER_BUDGET_MS=str(int(budget)),
                   COMPUTER_WORKERS=str(workers))
        if priority is not None:
            env["THINKING_PRIORITY"] = priority
        # as a module from the project's folder: run as a script, ``bench/bot.py`` would be
        # the ``bot`` it imports
        run = subprocess.run([sys.executable, "-m", "bench.bot", "--tables", str(tables),
                              "--humans", "1", "--computer", computer, "--rate", f"{rate:g}",
                              "--deals", str(deals), "--json", str(out)],
                             check=True, env=env, stdout=subprocess.PIPE, text=True,
                             cwd=HERE.parent)
        figures: dict = json.loads(out.read_text())
        figures["slowest"] = next((x for x in run.stdout.splitlines()
                                   if x.startswith("slow click")), "")
        return figures


def line(f: dict) -> str:
    return (f"{f['tables']} tables, {f['computer']}, {f['rate']:g} clicks/s: {f['clicks']} "
            f"clicks, p50 {f['p50']:.1f} ms, p99 {f['p99']:.1f} ms, max {f['max']:.0f} ms; "
            f"searches {f['searches']} ({f['shrunk']} shrunk, {f['fallbacks']} answered by "
            f"the heuristic); load {f['load_before']:.1f} -> {f['load_after']:.1f}; "
            f"{f['slowest']}")


def compare_part(rounds: int, budget: float, workers: int, deals: int,
                 priorities: list[str] | None = None) -> None:
    kinds: list[tuple[str, str | None]] = [("heuristic", None)]
    kinds += [("strong", p) for p in priorities] if priorities else [("strong", None)]
    p99: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    for _ in range(rounds):
        for level, priority in kinds:
            name = level if priority is None else f"{level} ({priority})"
            f = bench_bot(20, level, 5, budget, workers, deals, priority)
            p99.setdefault(name, []).append(f["p99"])
            print(f"compare: {name}: " + line(f), flush=True)
            if level == "strong":
                ratios.setdefault(name, []).append(f["p99"] / p99["heuristic"][-1])
    h = statistics.median(p99["heuristic"])
    for name, rs in ratios.items():
        s = statistics.median(p99[name])
        print(f"compare: people's p99, median of {rounds} runs each: heuristic {h:.1f} ms, "
              f"{name} {s:.1f} ms: strong / heuristic = {s / h:.2f}; per round "
              + ", ".join(f"{r:.2f}" for r in rs) + " (goal: within 2)")


def tables_part(sizes: list[int], budget: float, workers: int, deals: int) -> None:
    held = 0
    for n in sizes:
        f = bench_bot(n, "strong", n / 4, budget, workers, deals)
        print("tables: " + line(f), flush=True)
        if f["p99"] < 100:
            held = n
    print(f"tables: the largest size measured with the people's p99 under 100 ms: {held} "
          f"tables with strong computers ({workers} thinking processes, budget {budget:g} ms)")


def main() -> None:
    settings = load_settings()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="pool,compare,tables")
    parser.add_argument("--workers", type=int, default=settings.computer_workers)
    parser.add_argument("--budget", type=float, default=settings.computer_budget_ms)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=2,
                        help="deals per table in the bench/bot.py runs (more clicks: a steadier p99)")
    parser.add_argument("--tables", default="5,10,20,40,80")
    parser.add_argument("--priorities", default=None,
                        help="THINKING_PRIORITY values for the strong runs of --part compare "
                             "(default: the setting's)")
    args = parser.parse_args()
    parts = args.part.split(",")
    print(f"thinking bench: {args.workers} processes, budget {args.budget:g} ms; {load()}")
    if "pool" in parts:
        asyncio.run(pool_part(args.workers, args.budget, args.decisions))
    if "compare" in parts:
        compare_part(args.rounds, args.budget, args.workers, args.deals,
                     args.priorities.split(",") if args.priorities else None)
    if "tables" in parts:
        tables_part([int(x) for x in args.tables.split(",")], args.budget, args.workers,
                    args.deals)


if __name__ == "__main__":
    main()
