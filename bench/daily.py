"""``python -m bench.daily [--people 2] [--samples N] [--workers 1]``: what the daily deals cost.

Plays whole days through the service (``GameService.daily``, a real SQLite file, the real
thinking processes): each person plays the six deals (the first legal card, a knock at 101),
one after another as people at their own pace would. Prints:

- the time a person waits for the three computers after each of their cards (from the
  call to the answer: the computers' claims and cards, each stored), median / p90 / max, and
  the time of one computer decision;
- the work of one person's day: CPU seconds in the thinking processes (``/proc``) and in
  the bot's own process, storage rows and bytes; scaled to 100 people (one day's set of a
  server at 100 people: 600 plays);
- the load average before and after (the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.service.daily import DEALS, SAMPLES, DailyState

GUILD = 77


def thinking_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) of these processes so far."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def one_day(svc: GameService, user: int, waits: list[float]) -> int:
    """A person's six deals; the waits after each of their actions; the actions stored."""
    actions = 0
    state: DailyState | None = await svc.daily.play(GUILD, user, f"p{user}")
    while state is not None:
        while not state.over:
            live = svc.daily._plays[state.play_id]
            knock = [a for a in state.view.actions if a.do == "knock"]
            start = time.perf_counter()
            if knock and live.deal.points[0] >= 101:
                state = await svc.daily.act(GUILD, user, state.play_id, state.version, "knock")
            else:
                a = next(a for a in state.view.actions if a.do == "play")
                state = await svc.daily.act(GUILD, user, state.play_id, state.version, "play",
                                            card=a.card, opening=a.opening)
            waits.append(time.perf_counter() - start)
        actions += state.version
        state = await svc.daily.play(GUILD, user, f"p{user}")
    return actions


def storage_figures(path: Path) -> dict[str, Any]:
    import sqlite3
    with sqlite3.connect(path) as c:
        out: dict[str, Any] = {t: c.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                               for t in ("daily_deals", "daily_plays", "daily_actions")}
        try:
            rows = c.execute("SELECT name, SUM(pgsize) FROM dbstat WHERE name LIKE 'daily%'"
                             " OR name LIKE 'sqlite_autoindex_daily%' GROUP BY name").fetchall()
            out["bytes"] = sum(int(r[1]) for r in rows)
        except sqlite3.OperationalError:  # no dbstat: the file's size
            out["bytes"] = path.stat().st_size
    return out


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


async def main(args: argparse.Namespace) -> None:
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "daily.sqlite3"
        svc = await GameService.open(str(path), daily_samples=args.samples,
                                     computer_workers=args.workers)
        try:
            decisions: list[float] = []
            real_ask = svc.daily.thinking.ask

            async def timed_ask(question: Any, **kw: Any) -> Any:
                start = time.perf_counter()
                try:
                    return await real_ask(question, **kw)
                finally:
                    decisions.append(time.perf_counter() - start)

            svc.daily.thinking.ask = timed_ask  # type: ignore[method-assign]
            waits: list[float] = []
            pids = svc.thinking.pids
            cpu0, own0, wall0 = thinking_cpu(pids), time.process_time(), time.perf_counter()
            actions = 0
            for person in range(args.people):
                actions += await one_day(svc, 1000 + person, waits)
            cpu = thinking_cpu(svc.thinking.pids) - cpu0
            own = time.process_time() - own0
            wall = time.perf_counter() - wall0
        finally:
            await svc.close()
        stored = storage_figures(path)
    load_after = os.getloadavg()
    n = args.people
    print(f"daily deals: {n} people x {DEALS} deals, {args.samples} worlds a decision, "
          f"{args.workers} thinking process(es), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f}")
    print(f"a person's wait after each action ({len(waits)} actions): median "
          f"{1000 * statistics.median(waits):.0f} ms, p90 {1000 * pct(waits, 0.9):.0f} ms, "
          f"max {1000 * max(waits):.0f} ms")
    print(f"one computer decision ({len(decisions)}): median "
          f"{1000 * statistics.median(decisions):.0f} ms, p90 {1000 * pct(decisions, 0.9):.0f} ms,"
          f" max {1000 * max(decisions):.0f} ms")
    print(f"a person's day: {wall / n:.1f} s of waiting in all, thinking CPU {cpu / n:.1f} s,"
          f" the bot's own CPU {own / n:.2f} s, {actions / n:.0f} actions stored")
    rows = stored["daily_plays"] + stored["daily_actions"]
    print(f"storage for {n} people: {stored['daily_deals']} deal rows, {stored['daily_plays']}"
          f" plays, {stored['daily_actions']} actions, {stored['bytes'] / 1024:.0f} KiB")
    print(f"at 100 people: thinking CPU {100 * cpu / n / 60:.1f} min "
          f"({100 * cpu / n / 3600:.2f} core-hours) a day, bot CPU {100 * own / n:.0f} s, "
          f"{6 + 100 * rows / n:.0f} rows, {100 * stored['bytes'] / n / 1024 / 1024:.1f} MiB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=2)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--workers", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
