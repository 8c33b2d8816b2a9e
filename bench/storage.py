"""Storage speed: durable actions per second with 200 tables playing at once, beside a bare loop.

The bare loop is aiosqlite at its simplest: ``INSERT`` one row and ``commit``, again and again,
on a file with the same settings (WAL, synchronous=NORMAL). The service figure counts actions
that were committed (with their version bump) before they were acknowledged, with every table
of computer players going through the same ``GameService`` and storage code the Discord shell
uses. Goal: a ratio of at least 0.5. Then the memory a live table holds mid-deal (one person,
three computers, tracemalloc; goal at most 100 KB).

For context it also plays the same tables with the writes short-circuited (``NullStorage``: the
transaction functions run against a stand-in connection, nothing is stored): the speed of the
engine and the computer players alone, and so the cost of durable storage per action.

The bare loop's speed is mostly the time aiosqlite takes to hand work to its thread and back,
which on a small VM varies several-fold with how busy the machine is; the service is mostly
CPU-bound (engine, views, computer players). Compare figures from the same run only.

Run: ``python -m bench.storage [--tables 200] [--deals 3] [--bare-seconds 3] [--level random]
[--db URL]``. With ``--db postgresql://…`` the bare loop is asyncpg's: one ``INSERT``, committed
(autocommit), again and again.

Several processes on one database: ``--shard K --shard-count N`` plays only the service run,
with the tables in a guild of shard K and the shards' filter, and prints its actions per
second with its start and end (Unix time): start N of them at once and add them up.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import tempfile
import time
import tracemalloc
from pathlib import Path

import aiosqlite

from bot.service import GameService
from bot.service.computer_matches import play_table
from bot.storage import Statement, Storage, open_storage
from bot.storage.db import parse_url


async def bare_pg_loop(url: str, seconds: float) -> float:
    """Inserts committed one by one per second (autocommit): the bare asyncpg figure."""
    import asyncpg
    db = await asyncpg.connect(url)
    await db.execute("DROP TABLE IF EXISTS bench_bare")
    await db.execute("CREATE TABLE bench_bare (a BIGINT, b INTEGER, c TEXT)")
    payload = '{"seat":1,"do":"play","card":"H10"}'
    count = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        await db.execute("INSERT INTO bench_bare (a, b, c) VALUES ($1, $2, $3)",
                         count, count % 48, payload)
        count += 1
        if count % 64 == 0 and time.perf_counter() >= end:
            break
    elapsed = time.perf_counter() - start
    await db.execute("DROP TABLE bench_bare")
    await db.close()
    return count / elapsed


async def bare_loop(path: str, seconds: float) -> float:
    """Inserts committed one by one per second: the bare aiosqlite figure."""
    db = await aiosqlite.connect(path)
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute("PRAGMA synchronous = NORMAL")
    await db.execute("CREATE TABLE IF NOT EXISTS t (a INTEGER, b INTEGER, c TEXT) STRICT")
    await db.commit()
    payload = '{"seat":1,"do":"play","card":"H10"}'
    count = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        await db.execute("INSERT INTO t (a, b, c) VALUES (?, ?, ?)", (count, count % 48, payload))
        await db.commit()
        count += 1
        if count % 64 == 0 and time.perf_counter() >= end:
            break
    elapsed = time.perf_counter() - start
    await db.close()
    return count / elapsed


class _NullRow(tuple):  # type: ignore[type-arg]
    """A row of nothing: the new id by position, every named column empty (so the ratings'
    reads find no finished deal and rate nothing, instead of failing)."""

    def __getitem__(self, key):  # type: ignore[no-untyped-def, override]
        return None if isinstance(key, str) else tuple.__getitem__(self, key)


class _NullConnection:
    rowcount = 1

    def __init__(self) -> None:
        self.lastrowid = 0

    def execute(self, *args: object) -> _NullConnection:
        self.lastrowid += 1
        return self

    def fetchone(self) -> _NullRow:
        return _NullRow((self.lastrowid,))

    def fetchall(self) -> list[_NullRow]:
        return []

    executemany = execute


class NullStorage(Storage):
    """Writes that store nothing: the service's speed without the database (reads go to
    the real one)."""

    def __init__(self, real: Storage) -> None:
        self.real = real
        self.read = real.read  # type: ignore[method-assign]
        self.run = real.run  # type: ignore[method-assign]

    async def write(self, fn, *args):  # type: ignore[no-untyped-def]
        await asyncio.sleep(0)
        return fn(self._null, *args)

    async def write_one(self, statement: Statement) -> None:
        await asyncio.sleep(0)

    _null = _NullConnection()


async def service_run(path: str, tables: int, deals: int, level: str,
                      null: bool = False, shard: tuple[int, int] | None = None
                      ) -> dict[str, float]:
    guild, offset, shards = 1, 0, None
    if shard is not None:
        k, count = shard
        guild, offset, shards = ((1000 * count + k) << 22), 100_000 * (k + 1), (count, (k,))
    service = await GameService.open(path, shards=shards)
    if null:
        real = service.db
        service.db = NullStorage(real)
    start = time.perf_counter()
    results = await asyncio.gather(*(play_table(service, offset + i, deals, level=level,
                                                guild_id=guild)
                                     for i in range(tables)))
    elapsed = time.perf_counter() - start
    if null:
        service.db = real
    await service.close()
    actions = sum(r["actions"] for r in results)
    return {"actions": actions, "deals": sum(r["deals"] for r in results), "seconds": elapsed,
            "actions_per_second": actions / elapsed}


async def memory_per_table(path: str, tables: int, level: str) -> float:
    """Bytes held per live table in mid-deal (a person to play, three computers)."""
    service = await GameService.open(path)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for i in range(tables):
        state = await service.create_table(2, 50_000 + i, 1000 + i, f"Player {i}", level=level)
        await service.start(state.table_id, 1000 + i, fill=True)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    live = sum(1 for tid in service.live_tables()
               if service.public_state(tid).status == "playing")
    await service.close()
    assert live == tables, f"only {live} of {tables} tables are mid-deal"
    return used / tables


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--bare-seconds", type=float, default=3.0)
    parser.add_argument("--level", default="random")
    parser.add_argument("--db", default=None,
                        help="postgresql://… (an empty database: the service's tables go there "
                             "and stay); default: SQLite files in a temporary folder")
    parser.add_argument("--shard", type=int, default=None)
    parser.add_argument("--shard-count", type=int, default=2)
    args = parser.parse_args()
    if args.shard is not None:
        begin = time.time()
        run = await service_run(args.db, args.tables, args.deals, args.level,
                                shard=(args.shard, args.shard_count))
        print(json.dumps({"shard": args.shard, "durable_actions": run["actions"],
                          "durable_actions_per_second": round(run["actions_per_second"], 1),
                          "start": round(begin, 2), "end": round(time.time(), 2)}))
        return
    if args.db and parse_url(args.db)[0] == "postgresql":
        bare = await bare_pg_loop(args.db, args.bare_seconds)
        run = await service_run(args.db, args.tables, args.deals, args.level)
        null = await service_run(args.db, args.tables, args.deals, args.level, null=True)
        mem = await memory_per_table(args.db, args.tables, args.level)
        storage = await open_storage(args.db)
        size = await storage.run(
            lambda c: c.execute("SELECT pg_database_size(current_database())").fetchone()[0])
        await storage.close()
    else:
        with tempfile.TemporaryDirectory() as tmp:
            bare = await bare_loop(str(Path(tmp) / "bare.sqlite3"), args.bare_seconds)
            run = await service_run(str(Path(tmp) / "service.sqlite3"), args.tables,
                                    args.deals, args.level)
            null = await service_run(str(Path(tmp) / "null.sqlite3"), args.tables, args.deals,
                                     args.level, null=True)
            mem = await memory_per_table(str(Path(tmp) / "memory.sqlite3"), args.tables,
                                         args.level)
            size = (Path(tmp) / "service.sqlite3").stat().st_size
    print(json.dumps({
        "database": "postgresql" if args.db else "sqlite",
        "tables": args.tables,
        "deals": run["deals"],
        "level": args.level,
        "durable_actions": run["actions"],
        "seconds": round(run["seconds"], 2),
        "durable_actions_per_second": round(run["actions_per_second"], 1),
        "bare_inserts_per_second": round(bare, 1),
        "ratio": round(run["actions_per_second"] / bare, 3),
        "ratio_goal": 0.5,
        "without_storage_actions_per_second": round(null["actions_per_second"], 1),
        "storage_cost_us_per_action": round(
            1e6 / run["actions_per_second"] - 1e6 / null["actions_per_second"], 1),
        "memory_per_live_table_kb": round(mem / 1024, 1),
        "memory_goal_kb": 100,
        "database_bytes_per_action": round(size / max(run["actions"], 1), 1),
    }, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
