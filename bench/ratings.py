"""Ratings (issue 17): the time to rebuild every rating from the stored history, and the
leaderboard's answer time, on a database filled by ``python -m bot simulate``.

    python -m bot simulate --db /tmp/r.sqlite3 --tables 50 --deals 200 --people 200 \\
        --strokes 1 --seed 1                                 # 10,000 one-deal matches
    python -m bench.ratings --db /tmp/r.sqlite3 [--queries 200]

The rebuild is ``python -m bot ratings rebuild``'s work (the same function as live play, one
transaction); it is timed in this process, twice, and checked to give the same numbers as
the live updates. The leaderboard is ``GameService.leaderboard`` (one read on the database
thread: the top 10 of the season by ordinal with each one's trend), asked ``--queries`` times
one after another; the stats picture's history read and drawing are timed the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import sys
import time

from bot.pictures.rating_chart import ChartData, draw
from bot.service import GameService
from bot.service.ratings import rebuild

GUILD = 1


def snapshot(c: sqlite3.Connection) -> list[tuple[object, ...]]:
    return c.execute("SELECT guild_id, season, player, mu, sigma, matches, deals, won"
                      " FROM ratings ORDER BY guild_id, season, player").fetchall()


def timed_rebuild(path: str) -> tuple[float, dict[str, int], bool]:
    c = sqlite3.connect(path, isolation_level=None)
    c.row_factory = sqlite3.Row
    try:
        live = [tuple(r) for r in snapshot(c)]
        started = time.perf_counter()
        c.execute("BEGIN IMMEDIATE")
        out = rebuild(c)
        c.execute("COMMIT")
        seconds = time.perf_counter() - started
        same = [tuple(r) for r in snapshot(c)] == live
        return seconds, out, same
    finally:
        c.close()


def spread(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[max(0, round(0.95 * len(ms)) - 1)]
    return f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms"


async def answers(path: str, queries: int) -> None:
    svc = await GameService.open(path)
    try:
        board: list[float] = []
        for _ in range(queries):
            started = time.perf_counter()
            season, rows = await svc.leaderboard(GUILD)
            board.append(time.perf_counter() - started)
        print(f"leaderboard (season {season}, {len(rows)} rows listed), {queries} queries: "
              f"{spread(board)}")
        if not rows:
            return
        user = rows[0]["user_id"]
        reads: list[float] = []
        drawn: list[float] = []
        for _ in range(max(1, queries // 4)):
            started = time.perf_counter()
            stats = await svc.stats(GUILD, user)
            _, history = await svc.rating_history(GUILD, user)
            reads.append(time.perf_counter() - started)
            started = time.perf_counter()
            draw(ChartData("Player", [h["rating"] for h in history], "Rating", "none",
                           [("Deals won", stats["deals_won"]), ("Marriages", stats["marriages"])]))
            drawn.append(time.perf_counter() - started)
        print(f"stats of the leader ({stats['deals_played']} deals, {len(history)} points):"
              f" reads {spread(reads)}; picture {spread(drawn)}")
    finally:
        await svc.close()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", required=True, help="a database filled by python -m bot simulate")
    p.add_argument("--queries", type=int, default=200)
    args = p.parse_args()
    c = sqlite3.connect(args.db)
    matches = c.execute("SELECT COUNT(*) FROM matches WHERE winner IS NOT NULL").fetchone()[0]
    deals = c.execute("SELECT COUNT(*) FROM deals WHERE ended_at IS NOT NULL").fetchone()[0]
    people = c.execute("SELECT COUNT(DISTINCT user_id) FROM results").fetchone()[0]
    c.close()
    print(f"database: {matches} finished matches, {deals} finished deals, {people} people, "
          f"{os.path.getsize(args.db) / 2**20:.0f} MiB; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for attempt in (1, 2):
        seconds, out, same = timed_rebuild(args.db)
        print(f"rebuild {attempt}: {seconds:.2f} s for {out['deals']} deals, {out['rated']} "
              f"rated results ({seconds / max(1, matches) * 1000:.2f} ms per match); "
              f"same numbers as before: {same}")
    asyncio.run(answers(args.db, args.queries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
