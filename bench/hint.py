"""The coach's answer time (issue 15): ``GameService.hint`` at beginner tables of four people,
on their turns through whole deals. Since issue 28 the coach's search has no clock: it values
every card in at most ``COACH_WORLDS`` worlds (so that the Review finds the same answer).
Prints the median and the 95th percentile.

``--busy N`` starts N programs that keep a core busy each (at normal priority, as another
program on a shared host would) for the whole run; ``--priorities normal,low,idle`` measures the
thinking processes at each ``THINKING_PRIORITY`` in turn, ``--rounds`` times alternated, in
the same run. ``--tables 0,20`` plays that many other tables of one person and three
``strong`` computers in the same service meanwhile, alternated, so that the Hints wait beside
the computers' searches for the thinking processes (issue 27's load: each of those people
plays a random legal card about every ``--think`` seconds, 4 by default; their clicks' times
are printed too). ``--coach 1,0`` alternates the coach's own processes (``COACH_WORKERS``: 1,
the default, a process of its own at the bot's priority; 0, the computers' processes);
``--pace S`` asks a Hint at most every S seconds (the same rate of Hints for both, so that
their costs to the clicks compare).

The figures are of the Hints with a choice of plays (a search each); Hints that need none (a
claim due, the only card allowed) are counted apart. The people at the measured table play a
random legal card after each Hint, and the claims the Hint names.

Run: ``python -m bench.hint [--hints 200] [--busy 0] [--priorities low] [--rounds 1]
[--tables 0,20] [--think 4] [--coach 1] [--pace 0]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import cast, get_args

from bot.config import load_settings
from bot.service import GameService
from bot.service.coach import COACH_WORLDS
from bot.thinking import ThinkingPriority

PEOPLE = (11, 12, 13, 14)


def busy() -> None:
    """Keep a core busy until killed."""
    while True:
        pass


async def computers_table(svc: GameService, n: int, stop: asyncio.Event,
                          clicks: list[float], think: float) -> None:
    """One person and three strong computers, deal after deal, until ``stop``."""
    rng = random.Random(100 + n)
    person, channel = 1000 + n, 10_000 + n
    while not stop.is_set():
        state = await svc.create_table(1, channel, person, f"q{n}", players=4, turn_timer=0)
        tid = state.table_id
        for _ in range(3):
            await svc.add_computer(tid, person, "strong")
        await svc.start(tid, person)
        while svc.public_state(tid).status == "playing" and not stop.is_set():
            view, version = svc.hand_view(tid, person)
            # cards only: a knock is always allowed (a wrong one loses double), and the
            # partner (a computer) knocks for the team when it has 101
            plays = [a for a in view.actions if a.do == "play"]
            if not plays:  # the computers' claims still to come
                await asyncio.sleep(0.01)
                continue
            play = rng.choice(plays)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), rng.uniform(0.5, 1.5) * think)
            start = time.perf_counter()  # as the shell does: committed, answered, and
            await svc.act(tid, person, play.do, card=play.card, opening=play.opening,
                          expected_version=version, run_computers=False)
            clicks.append(time.perf_counter() - start)
            await svc.advance(tid)  # then the computers' turns, while nobody waits
        if svc.public_state(tid).status != "over":
            await svc.end(tid, person)
        channel += 100


async def run(hints: int, priority: ThinkingPriority = "low", tables: int = 0,
              think: float = 4.0, coach: int = 1,
              pace: float = 0.0) -> tuple[list[float], list[str]]:
    budget = load_settings().computer_budget_ms
    times: list[float] = []
    """The Hints with a choice of plays: each is a search in the thinking processes."""
    quick = 0
    """The Hints answered without a search: a claim due, or the only card allowed."""
    rng = random.Random(1)
    last = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        svc = await GameService.open(str(Path(tmp) / "hint.sqlite3"), seed=3,
                                     computer_budget_ms=budget,
                                     thinking_priority=priority, coach_workers=coach)
        stop = asyncio.Event()
        clicks: list[float] = []
        """The other tables' people's plays, each timed as the shell answers it."""
        load = [asyncio.create_task(computers_table(svc, n, stop, clicks, think))
                for n in range(tables)]
        await asyncio.sleep(think if tables else 0.0)
        try:
            channel = 100
            while len(times) < hints:
                state = await svc.create_table(1, channel, PEOPLE[0], "p0", players=4,
                                               show_points=True, turn_timer=0)
                tid = state.table_id
                for uid in PEOPLE[1:]:
                    await svc.join(tid, uid, f"p{uid}")
                await svc.start(tid, PEOPLE[0])
                while svc.public_state(tid).status == "playing" and len(times) < hints:
                    who = next(s.user_id for s in svc.public_state(tid).seats if s.to_play)
                    assert who is not None
                    view, version = svc.hand_view(tid, who)
                    plays = [a for a in view.actions if a.do == "play"]
                    if pace:  # at most one Hint every ``pace`` seconds
                        await asyncio.sleep(max(0.0, last + pace - time.perf_counter()))
                    start = last = time.perf_counter()
                    hint = await svc.hint(tid, who)
                    took = time.perf_counter() - start
                    if hint.action.do != "play":
                        # a claim due (knock, marriage, exchange): made as the coach says,
                        # so that the deal goes on as people's deals do; no search behind it
                        quick += 1
                        a = hint.action
                        await svc.act(tid, who, a.do, suit=a.suit, double=a.double,
                                      against=a.against, expected_version=version)
                        continue
                    if len(plays) == 1:
                        quick += 1
                    else:
                        times.append(took)
                    play = rng.choice(plays)
                    await svc.act(tid, who, "play", card=play.card, opening=play.opening,
                                  expected_version=version)
                if svc.public_state(tid).status != "playing":
                    await svc.end(tid, PEOPLE[0])
                channel += 1
        finally:
            stop.set()
            for failed in await asyncio.gather(*load, return_exceptions=True):
                if failed is not None:
                    print(f"  a table of computers stopped: {failed!r}", flush=True)
            thinking = svc.thinking.stats
            await svc.close()
    notes = [f"  {quick} other Hints answered without a search (a claim due, one card)"]
    if tables and clicks:
        clicks.sort()
        notes.append(f"  the other tables: {len(clicks)} people's plays, each answered once "
                     f"committed: median {statistics.median(clicks) * 1000:.1f} ms, p99 "
                     f"{clicks[int(0.99 * (len(clicks) - 1))] * 1000:.1f} ms; the computers' "
                     f"{thinking}")
    return times, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=200)
    parser.add_argument("--busy", type=int, default=0)
    parser.add_argument("--priorities", default="low")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--think", type=float, default=4.0,
                        help="seconds between the other tables' people's plays (mean)")
    parser.add_argument("--tables", default="0",
                        help="other tables of strong computers, a list to alternate: 0,20")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds from one Hint to the next at least (0: at once)")
    parser.add_argument("--coach", default="1",
                        help="the coach's own processes (COACH_WORKERS), a list: 1,0")
    args = parser.parse_args()
    priorities = [cast(ThinkingPriority, p) for p in args.priorities.split(",")]
    if not set(priorities) <= set(get_args(ThinkingPriority)):
        parser.error(f"--priorities: each of {', '.join(get_args(ThinkingPriority))}")
    hogs = [multiprocessing.Process(target=busy, daemon=True) for _ in range(args.busy)]
    for hog in hogs:
        hog.start()
    try:
        for _ in range(args.rounds):
            for priority, tables, coach in itertools.product(
                    priorities, map(int, args.tables.split(",")), map(int, args.coach.split(","))):
                times, notes = asyncio.run(run(args.hints, priority, tables, args.think, coach,
                                               args.pace))
                times.sort()
                p95 = times[int(0.95 * (len(times) - 1))]
                one, _, _ = os.getloadavg()
                print(f"{priority}, coach's processes {coach}: hints with a search "
                      f"{len(times)}; at most {COACH_WORLDS} "
                      f"worlds a search, no clock; {args.busy} busy programs and {tables} "
                      f"tables of strong computers beside, load {one:.1f}: median "
                      f"{statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                      f"max {times[-1] * 1000:.0f} ms", flush=True)
                print("\n".join(notes), flush=True)
    finally:
        for hog in hogs:
            hog.kill()


if __name__ == "__main__":
    main()
