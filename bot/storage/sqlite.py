"""The SQLite back end: settings, migrations, and transactions run whole on aiosqlite's thread.

One ``aiosqlite`` connection per process (the embedded default: nothing to set up). A transaction is a plain function of a
``sqlite3.Connection`` handed to the connection's own worker thread in one piece (``write``):
``BEGIN IMMEDIATE``, the function, ``COMMIT`` — so statements of different tables can never
interleave inside one transaction.

Writes that arrive while the thread is busy wait in a queue and travel to it together, in
arrival order, each still its own transaction, committed before its ``write`` returns: many
tables acting at once cost one hop to the thread and one wake-up of the event loop per batch
instead of one per action, and none of them is acknowledged before its commit.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .db import Statement, Storage
from .errors import StorageError, stale_unless_one, too_new
from .migrations import MIGRATIONS

log = logging.getLogger(__name__)

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000


def _statements(script: str) -> list[str]:
    """Split a migration script into complete statements (triggers keep their inner ``;``)."""
    out: list[str] = []
    buf = ""
    for piece in script.split(";"):
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            if buf.strip(" \n\t;"):
                out.append(buf.strip())
            buf = ""
    if buf.strip(" \n\t;"):
        raise StorageError("a migration ends with an incomplete statement")
    return out


def schema_version(c: sqlite3.Connection) -> int:
    return int(c.execute("PRAGMA user_version").fetchone()[0])


def migrate(c: sqlite3.Connection, migrations: Sequence[str] = MIGRATIONS,
            upto: int | None = None) -> list[int]:
    """Apply the missing steps (up to ``upto``), each in its own transaction. Return them."""
    target = len(migrations) if upto is None else upto
    current = schema_version(c)
    if current > len(migrations):
        raise too_new(current, len(migrations))
    applied = []
    for step in range(current, target):
        c.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(migrations[step]):
                c.execute(statement)
            c.execute(f"PRAGMA user_version = {step + 1}")
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise
        applied.append(step + 1)
    return applied


def configure(c: sqlite3.Connection) -> None:
    """WAL, synchronous=NORMAL, foreign keys, a busy timeout (outside any transaction)."""
    c.row_factory = sqlite3.Row
    c.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    mode = c.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        log.warning("journal_mode is %s, not WAL", mode)
    c.execute("PRAGMA synchronous = NORMAL")
    c.execute("PRAGMA foreign_keys = ON")


class SqliteStorage(Storage):
    """The process's SQLite connection. Open with ``await open_storage(path_or_url)``."""

    MAX_BATCH = 256
    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self.url = "sqlite:///" + path
        self.closed = False
        self._queue: list[tuple[Callable[..., Any], tuple[Any, ...], bool,
                                asyncio.Future[Any]]] = []
        self._flushing = False
        self.batches = 0
        """Batches of writes sent to the database thread (for the benchmark)."""

    @classmethod
    async def open_file(cls, path: str | Path, *, migrate_to: int | None = None
                        ) -> SqliteStorage:
        """Open (creating the file), configure, and migrate to the newest schema."""
        path = str(path)
        db = await aiosqlite.connect(path, isolation_level=None)
        storage = cls(db, path)
        try:
            await storage.run(configure)
            applied = await storage.run(migrate, MIGRATIONS, migrate_to)
        except BaseException:
            await db.close()
            raise
        if applied:
            log.info("database %s migrated to version %d", path, applied[-1])
        return storage

    async def close(self) -> None:
        if not self.closed:
            while self._flushing or self._queue:  # let queued writes commit first
                await asyncio.sleep(0.001)
            self.closed = True
            await self._db.close()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` on the connection's thread (no transaction)."""
        db = self._db
        # aiosqlite's own hop to its worker thread: the one way to run several statements
        # without another coroutine's statements slipping in between (aiosqlite is pinned).
        return await db._execute(lambda: fn(db._conn, *args))  # type: ignore[no-untyped-call, no-any-return]

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` as one transaction, committed before this returns."""
        return await self._enqueue(fn, args, True)

    async def write_one(self, statement: Statement) -> None:
        """Run one versioned statement, which SQLite makes its own transaction, committed
        before this returns; StaleVersion when it changed no row."""
        stale_unless_one(await self._enqueue(_rows_changed, (statement,), False))

    async def _enqueue(self, fn: Callable[..., T], args: tuple[Any, ...], wrap: bool) -> T:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((fn, args, wrap, future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        """Send queued writes to the thread, a batch at a time, until the queue is empty."""
        try:
            while self._queue:
                batch = self._queue[:self.MAX_BATCH]
                del self._queue[:self.MAX_BATCH]
                try:
                    outcomes = await self.run(_batch, [(fn, args, wrap)
                                                       for fn, args, wrap, _ in batch])
                except asyncio.CancelledError:  # shutting down: the batch may or may not commit
                    for *_, future in batch + self._queue:
                        future.cancel()
                    self._queue.clear()
                    raise
                except Exception as exc:  # the connection itself failed
                    outcomes = [(False, exc)] * len(batch)
                self.batches += 1
                for (_, _, _, future), (ok, value) in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if ok:
                        future.set_result(value)
                    else:
                        future.set_exception(value)
        finally:
            self._flushing = False

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` in one read transaction (a consistent snapshot)."""
        return await self.run(_read_transaction, fn, args)

    async def schema_version(self) -> int:
        return await self.run(schema_version)


def _rows_changed(c: sqlite3.Connection, statement: Statement) -> int:
    return c.execute(statement.sql, statement.params).rowcount


def _transaction(c: sqlite3.Connection, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    c.execute("BEGIN IMMEDIATE")
    try:
        out = fn(c, *args)
        c.execute("COMMIT")
    except BaseException:
        if c.in_transaction:
            c.execute("ROLLBACK")
        raise
    return out


def _batch(c: sqlite3.Connection, batch: list[tuple[Callable[..., Any], tuple[Any, ...], bool]]
           ) -> list[tuple[bool, Any]]:
    """Several transactions in a row on the thread; each commits or rolls back on its own."""
    out: list[tuple[bool, Any]] = []
    for fn, args, wrap in batch:
        try:
            out.append((True, _transaction(c, fn, args) if wrap else fn(c, *args)))
        except Exception as exc:
            if c.in_transaction:  # never expected: a single statement commits or undoes itself
                c.execute("ROLLBACK")
            out.append((False, exc))
    return out


def _read_transaction(c: sqlite3.Connection, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    c.execute("BEGIN")
    try:
        return fn(c, *args)
    finally:
        if c.in_transaction:
            c.execute("COMMIT")
