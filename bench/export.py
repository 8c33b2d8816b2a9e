"""The history export's size and time (issue 25, item 12) on a database filled by
``python -m bot simulate``: the command line's one uncompressed file (``export_history``), and
what ``/gaigel export`` sends (``export_files`` at Discord's default upload limit, less the
bot's margin: gzip-compressed, split beyond the limit), for JSON and CSV.

Run: ``python -m bench.export --db FILE [--guild ID] [--limit BYTES] [--memory]``. Times are
wall seconds in-process (reading, encoding, compressing; the bot's upload is not included).
``--memory`` runs each once more under tracemalloc and prints the peak of Python's
allocations (tracemalloc slows it down: those runs are not timed).
"""

from __future__ import annotations

import argparse
import asyncio
import time
import tracemalloc

from bot.service.export import export_files, export_history
from bot.storage import Storage, open_storage

DISCORD_LIMIT = 10 * 1024 * 1024 - 64 * 1024
"""10 MiB (a server without boosts) less the shell's ``UPLOAD_MARGIN``."""


async def plain(storage: Storage, fmt: str, guild: int | None) -> int:
    size = 0
    async for chunk in export_history(storage, fmt=fmt, guild_id=guild):
        size += len(chunk.encode())
    return size


async def files(storage: Storage, fmt: str, guild: int | None, limit: int) -> tuple[int, int, int]:
    export = await export_files(storage, limit=limit, fmt=fmt, guild_id=guild)
    export.close()
    return len(export.files), sum(f.size for f in export.files), export.deals


async def peak(coro_fn: object, *args: object) -> int:
    tracemalloc.start()
    try:
        await coro_fn(*args)  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


async def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--db", required=True)
    p.add_argument("--guild", type=int, default=None)
    p.add_argument("--limit", type=int, default=DISCORD_LIMIT)
    p.add_argument("--memory", action="store_true")
    args = p.parse_args()
    storage = await open_storage(args.db)
    try:
        for fmt in ("json", "csv"):
            t = time.perf_counter()
            size = await plain(storage, fmt, args.guild)
            plain_s = time.perf_counter() - t
            t = time.perf_counter()
            count, packed, deals = await files(storage, fmt, args.guild, args.limit)
            files_s = time.perf_counter() - t
            print(f"{fmt}: {deals} deals; command line: {size / 1e6:.2f} MB in {plain_s:.2f} s;"
                  f" /gaigel export: {count} file(s), {packed / 1e6:.2f} MB"
                  f" ({size / packed:.1f}x smaller) in {files_s:.2f} s", flush=True)
            if args.memory:
                a = await peak(plain, storage, fmt, args.guild)
                b = await peak(files, storage, fmt, args.guild, args.limit)
                print(f"  peak traced memory: command line {a / 1e6:.1f} MB,"
                      f" /gaigel export {b / 1e6:.1f} MB", flush=True)
    finally:
        await storage.close()


if __name__ == "__main__":
    asyncio.run(main())
