"""The coach's answer time (issue 15): ``GameService.hint`` at beginner tables of four people,
on their turns through whole deals. Since issue 28 the coach's search has no clock: it values
every card in at most ``COACH_WORLDS`` worlds (so that the Review finds the same answer).
Prints the median and the 95th percentile.

Run: ``python -m bench.hint [--hints 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.config import load_settings
from bot.service import GameService
from bot.service.coach import COACH_WORLDS

PEOPLE = (11, 12, 13, 14)


async def run(hints: int) -> list[float]:
    budget = load_settings().computer_budget_ms
    times: list[float] = []
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        svc = await GameService.open(str(Path(tmp) / "hint.sqlite3"), seed=3,
                                     computer_budget_ms=budget)
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
    args = parser.parse_args()
    times = sorted(asyncio.run(run(args.hints)))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"hints: {len(times)}; at most {COACH_WORLDS} worlds a search, no clock")
    print(f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
          f"max {times[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
