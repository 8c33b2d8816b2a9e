"""The coach's answer time (issue 15): ``GameService.hint`` at beginner tables of four people,
on their turns through whole deals. Since issue 28 the coach's search has no clock: it values
every card in at most ``COACH_WORLDS`` worlds (so that the Review finds the same answer).
Prints the median and the 95th percentile.

``--busy N`` starts N programs that keep a core busy each (at normal priority, as another
program on a shared host would) for the whole run; ``--priorities low,idle`` measures the
thinking processes at each ``THINKING_PRIORITY`` in turn, ``--rounds`` times alternated, in
the same run.

Run: ``python -m bench.hint [--hints 200] [--busy 0] [--priorities low] [--rounds 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.config import load_settings
from bot.service import GameService
from bot.service.coach import COACH_WORLDS

PEOPLE = (11, 12, 13, 14)


def busy() -> None:
    """Keep a core busy until killed."""
    while True:
        pass


async def run(hints: int, idle: bool = False) -> list[float]:
    budget = load_settings().computer_budget_ms
    times: list[float] = []
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        svc = await GameService.open(str(Path(tmp) / "hint.sqlite3"), seed=3,
                                     computer_budget_ms=budget, thinking_idle=idle)
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
                    start = time.perf_counter()
                    await svc.hint(tid, who)
                    times.append(time.perf_counter() - start)
                    view, version = svc.hand_view(tid, who)
                    play = rng.choice([a for a in view.actions if a.do == "play"])
                    await svc.act(tid, who, "play", card=play.card, opening=play.opening,
                                  expected_version=version)
                if svc.public_state(tid).status != "playing":
                    await svc.end(tid, PEOPLE[0])
                channel += 1
        finally:
            await svc.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=200)
    parser.add_argument("--busy", type=int, default=0)
    parser.add_argument("--priorities", default="low")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    hogs = [multiprocessing.Process(target=busy, daemon=True) for _ in range(args.busy)]
    for hog in hogs:
        hog.start()
    try:
        for _ in range(args.rounds):
            for priority in args.priorities.split(","):
                times = sorted(asyncio.run(run(args.hints, idle=priority == "idle")))
                p95 = times[int(0.95 * (len(times) - 1))]
                one, _, _ = os.getloadavg()
                print(f"{priority}: hints {len(times)}; at most {COACH_WORLDS} worlds a search, "
                      f"no clock; {args.busy} busy programs beside, load {one:.1f}: median "
                      f"{statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                      f"max {times[-1] * 1000:.0f} ms", flush=True)
    finally:
        for hog in hogs:
            hog.kill()


if __name__ == "__main__":
    main()
