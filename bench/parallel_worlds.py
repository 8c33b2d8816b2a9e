"""A decision's worlds in parallel (issue 28): what the thinking pool gains by sharing one
strong search out between its idle processes.

    python -m bench.parallel_worlds [--decisions 40] [--budget 300] [--hints 20]

The same positions, side by side in one run: every decision a strong computer searches (more
than one card, no claim due, past the first trick's heuristic) in seeded four-player deals
played by heuristic players, asked one at a time of a pool of one process (the search whole)
and of a pool of two (the search split between both, as the bot does when a process is
idle), alternately, so that both see the same load:

- timed (``--budget`` ms, the computers' level): the worlds a decision values, and its wall
  time;
- untimed: the coach's Hint (an ``Evaluate`` of every play in ``COACH_WORLDS`` worlds without
  a clock) on the same positions: its wall time whole and split, and that both give the same
  evaluation;
- the event loop's share of a split search, first: what the pool itself does on the bot's
  interpreter for each question (pickle it to ask; unpickle it and lay out its plan,
  ``Question.split``; pickle each part; merge the parts' answers and choose), timed on the
  same positions with the same calls, the parts' worlds valued in between, untimed.

The thinking processes run at idle priority: on a machine busy with other work they get what
is left of the cores, so the figures move with the load (printed before and after). This is a
benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import pickle
import statistics
import time
from typing import Any

from bench.thinking import positions
from bot.service.coach import COACH_MARGIN_WEIGHT, COACH_WORLDS
from bot.thinking import ThinkingPool
from engine.players import StrongPlayer
from engine.players.questions import Choose, CountedChoose, Evaluate, Question
from engine.players.tournament import percentile


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} CPUs"


def searched(count: int, budget: float) -> list[CountedChoose]:
    """The first ``count`` decisions that search (``positions`` holds every decision)."""
    out: list[CountedChoose] = []
    asked = count
    while len(out) < count:
        asked *= 2
        out = [CountedChoose(q.player, q.view) for q in positions(asked, budget)
               if q.split() is not None][:count]
    return out


def hint(question: Choose) -> Evaluate:
    """The coach's question at the same position: every play in ``COACH_WORLDS`` worlds, no
    clock, the coach's margin weight."""
    player = question.player
    coach = StrongPlayer(player.seat, player.players, player.rules, seed=player.seed,
                         budget_ms=math.inf, max_samples=COACH_WORLDS,
                         margin_weight=COACH_MARGIN_WEIGHT)
    coach.memory = player.memory.copy()
    return Evaluate(coach, question.view, budget_ms=math.inf, max_samples=COACH_WORLDS,
                    seed=player.seed, samples=COACH_WORLDS)


async def timed(pool: ThinkingPool, question: Question) -> tuple[Any, float]:
    start = time.perf_counter()
    answer = await pool.ask(question)
    return answer, (time.perf_counter() - start) * 1000.0


def line(name: str, values: list[float], unit: str) -> str:
    values = sorted(values)
    return (f"{name:<34} mean {statistics.fmean(values):7.1f} {unit}  median "
            f"{statistics.median(values):7.1f}  p90 {percentile(values, 90):7.1f}")


def loop_share(questions: list[CountedChoose], count: int = 2) -> None:
    """The pool's own work for a search split in ``count`` parts, step by step as
    ``ThinkingPool.ask``, ``_share_out``, ``_send_part`` and ``_part_back`` do it."""
    steps: dict[str, list[float]] = {"ask: pickle the question": [],
                                     "share out: unpickle, plan": [],
                                     f"send: pickle {count} parts": [],
                                     "merge the parts, choose": []}
    names = list(steps)
    for q in questions:
        t0 = time.perf_counter()
        blob = pickle.dumps(q, protocol=pickle.HIGHEST_PROTOCOL)
        t1 = time.perf_counter()
        split = pickle.loads(blob).split()
        t2 = time.perf_counter()
        assert split is not None
        parts = [pickle.dumps(split.part(range(j, split.worlds, count), count),
                              protocol=pickle.HIGHEST_PROTOCOL) for j in range(count)]
        t3 = time.perf_counter()
        answers = [pickle.loads(p).answer() for p in parts]  # a process's work: not timed
        t4 = time.perf_counter()
        tally = split.tally()
        for a in answers:
            tally.add(a)
        split.answer(tally)
        t5 = time.perf_counter()
        for name, ms in zip(names, (t1 - t0, t2 - t1, t3 - t2, t5 - t4), strict=True):
            steps[name].append(ms * 1000.0)
    print(f"the event loop's share of a search split in {count} (the pool's own steps, "
          f"{len(questions)} decisions):")
    for name, values in steps.items():
        values.sort()
        print(f"  {name:<30} median {statistics.median(values):6.3f} ms  p90 "
              f"{percentile(values, 90):6.3f}  max {values[-1]:6.3f}")


async def run(decisions: int, budget: float, hints: int) -> None:
    questions = searched(decisions, budget)
    print(f"{len(questions)} searched decisions of strong computers, 4 players, {budget:g} ms "
          f"a decision; {load()}")
    loop_share(questions)
    one, two = ThinkingPool(1), ThinkingPool(2)
    await one.start()
    await two.start()
    try:
        worlds: dict[str, list[float]] = {"1": [], "2": []}
        wall: dict[str, list[float]] = {"1": [], "2": []}
        for q in questions:
            for name, pool in (("1", one), ("2", two)):
                answer, ms = await timed(pool, q)
                _, n = answer
                worlds[name].append(n)
                wall[name].append(ms)
        print(line("worlds a decision, 1 process", worlds["1"], "   "))
        print(line("worlds a decision, 2 splitting", worlds["2"], "   "))
        print(line("wall a decision, 1 process", wall["1"], "ms"))
        print(line("wall a decision, 2 splitting", wall["2"], "ms"))
        ratio = [b / a for a, b in zip(worlds["1"], worlds["2"], strict=True) if a]
        print(f"worlds split / whole, per decision: median {statistics.median(ratio):.2f}; "
              f"total {sum(worlds['2']) / sum(worlds['1']):.2f}; worlds a second of wall "
              f"{1000 * sum(worlds['1']) / sum(wall['1']):.0f} whole, "
              f"{1000 * sum(worlds['2']) / sum(wall['2']):.0f} split")
        print(f"pool of 2: {two.stats.split} split searches in {two.stats.parts} parts, "
              f"{two.stats.fallbacks} past the deadline (pool of 1: {one.stats.fallbacks}); "
              f"{load()}")

        coach = [hint(q) for q in questions[:hints]]
        whole: list[float] = []
        split: list[float] = []
        valued: list[float] = []
        same = 0
        for e in coach:
            a, ms_a = await timed(one, e)
            b, ms_b = await timed(two, e)
            whole.append(ms_a)
            split.append(ms_b)
            valued.append(getattr(a, "samples", 0))
            same += a == b
        print(f"the coach's Hint (at most {COACH_WORLDS} worlds, no clock), {len(coach)} "
              f"positions, median {statistics.median(valued):.0f} worlds:")
        print(line("wall a Hint, 1 process", whole, "ms"))
        print(line("wall a Hint, 2 splitting", split, "ms"))
        print(f"the same evaluation split and whole: {same} of {len(coach)}; total wall "
              f"{sum(split) / sum(whole):.2f} of the whole search's; {load()}")
    finally:
        await one.close()
        await two.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--budget", type=float, default=300.0)
    parser.add_argument("--hints", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(run(args.decisions, args.budget, args.hints))


if __name__ == "__main__":
    main()
