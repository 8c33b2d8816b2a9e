"""What the start-up freeze saves every full garbage collection of the bot's process.

    python -m bench.start_up_gc [--repeat 7]

The real bot (``build_bot()``, an empty SQLite file) started in simcord, as
the tests run it. Once set up it moves everything alive to the collector's permanent
generation (``bot.shell.app.freeze_start_up``). Side by side in one run: a full collection
(``gc.collect()``) as the bot leaves the process, and the same after ``gc.unfreeze()`` (as it
was before), each ``--repeat`` times (median and range), with the objects each scans. A full
collection stops the event loop; while tables are played it also scans what they made (about
60,000 objects of the bot's own at 200 tables, ``python -m bench.bot``), which the freeze
leaves alone. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
from pathlib import Path

import simcord

from bot import build_bot
from bot.config import Settings


def collections(repeat: int) -> list[float]:
    """The wall time of ``repeat`` full collections, in milliseconds."""
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        gc.collect()
        out.append((time.perf_counter() - started) * 1000.0)
    return out


def line(name: str, times: list[float], scanned: int) -> str:
    return (f"{name:<40} {scanned:>8,} objects scanned  median {statistics.median(times):6.2f} ms"
            f"  ({min(times):.2f}–{max(times):.2f})")


async def run(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_path=str(Path(tmp) / "bench.sqlite3"))
        bot = build_bot(settings)
        async with simcord.run(bot):
            await bot.tree.sync()
            frozen = gc.get_freeze_count()
            as_left = collections(repeat)
            scanned = len(gc.get_objects())
            gc.unfreeze()
            unfrozen = collections(repeat)
            everything = len(gc.get_objects())
            gc.freeze()
            print(f"the bot set up in simcord (empty database): {frozen:,} objects frozen at "
                  f"start-up")
            print(line("full collection, start-up frozen (now)", as_left, scanned))
            print(line("full collection, nothing frozen (before)", unfrozen, everything))
            await bot.close_service()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    asyncio.run(run(args.repeat))


if __name__ == "__main__":
    main()
