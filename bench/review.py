"""The coach's review time (issue 15): ``GameService.review`` of one person's plays in a
finished deal at beginner tables of four people who play random legal cards (and knock when
their team has 101); each play valued in at most ``COACH_WORLDS`` worlds, no clock. Prints the median and the 95th
percentile over the deals, and how many plays each review names.

Run: ``python -m bench.review [--deals 20]``.
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


async def play_deal(svc: GameService, tid: int, rng: random.Random) -> None:
    while svc.public_state(tid).status == "playing":
        who = next(s.user_id for s in svc.public_state(tid).seats if s.to_play)
        assert who is not None
        view, version = svc.hand_view(tid, who)
        if view.points is not None and view.seat is not None and any(
                a.do == "knock" for a in view.actions) and view.points[
                view.seat % view.teams] >= 101:
            await svc.act(tid, who, "knock", expected_version=version)
            continue
        play = rng.choice([a for a in view.actions if a.do == "play"])
        await svc.act(tid, who, "play", card=play.card, opening=play.opening,
                      expected_version=version)


async def run(deals: int) -> tuple[list[float], list[int]]:
    budget = load_settings().computer_budget_ms
    times: list[float] = []
    named: list[int] = []
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        svc = await GameService.open(str(Path(tmp) / "review.sqlite3"), seed=3,
                                     computer_budget_ms=budget)
        try:
            state = await svc.create_table(1, 100, PEOPLE[0], "p0", players=4,
                                           show_points=True, turn_timer=0, strokes=50)
            tid = state.table_id
            for uid in PEOPLE[1:]:
                await svc.join(tid, uid, f"p{uid}")
            await svc.start(tid, PEOPLE[0])
            for k in range(deals):
                if k:
                    if svc.public_state(tid).status == "over":  # a match won: a new one
                        await svc.end(tid, PEOPLE[0])
                        state = await svc.create_table(1, 100 + k, PEOPLE[0], "p0", players=4,
                                                       show_points=True, turn_timer=0)
                        tid = state.table_id
                        for uid in PEOPLE[1:]:
                            await svc.join(tid, uid, f"p{uid}")
                        await svc.start(tid, PEOPLE[0])
                    else:
                        await svc.next_deal(tid, PEOPLE[0])  # the host deals at once
                await play_deal(svc, tid, rng)
                who = PEOPLE[k % len(PEOPLE)]
                start = time.perf_counter()
                review = await svc.review(tid, who)
                times.append(time.perf_counter() - start)
                named.append(len(review.plays))
        finally:
            await svc.close()
    return times, named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    times, named = asyncio.run(run(args.deals))
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"reviews: {len(times)} (one person's, one per deal); at most {COACH_WORLDS} worlds"
          " a play, no clock")
    print(f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
          f"max {times[-1] * 1000:.0f} ms; plays named per review: "
          f"{statistics.mean(named):.1f} on average")


if __name__ == "__main__":
    main()
