"""The PostgreSQL back end, on an asyncpg pool: the same transactions as SQLite's.

A transaction function runs on a connection taken from the pool, over ``pg_connection``'s
synchronous ``db.Connection`` (a greenlet on the event loop's thread). ``write`` is
``BEGIN``, the function, ``COMMIT`` (``ROLLBACK`` on any failure), committed before it returns,
as with SQLite; the version check is the same ``UPDATE tables SET version = version + 1 WHERE
id = ? AND version = ?`` (``StaleVersion`` when no row changed). The one-statement write of a
card played may share its commit with other tables' (``write_statement``: a group commit).

Several processes may share one database: migrating takes a PostgreSQL advisory lock, so that
processes starting at once on an empty database migrate it exactly once, and each step is one
transaction together with its version bump (the one-row table ``schema_version``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg  # type: ignore[import-untyped]

from .db import Storage
from .errors import StorageError, too_new
from .migrations_pg import PG_MIGRATIONS
from .pg_connection import PgConnection, PgCursor, in_greenlet, numbered, returns_rows
from .pg_connection import execute as _execute

log = logging.getLogger(__name__)

T = TypeVar("T")

POOL_SIZE = 8
"""Connections per process: transactions of different tables at once."""

LANES = 4
"""Connections the one-statement writes (cards played) use at once; the rest wait and go
together, one commit for a group (``PostgresStorage._group``), which the server does far more
cheaply than as many single commits. The other connections stay free for the other writes and
the reads."""

GROUP_MAX = 64
"""Statements at most in one group commit."""

MIGRATION_LOCK = 0x6761696765
"""The advisory lock key held while migrating ("gaige" in ASCII)."""


def redacted(url: str) -> str:
    """The URL without its password (for logs and messages)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


_CHANGES = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=256)
def exactly_one_row(sql: str) -> str | None:
    """``sql`` (``?`` placeholders) as a PostgreSQL statement that fails unless it changes
    exactly one row (a division by zero otherwise), for a group commit that must be all or
    nothing; None for a statement that cannot be put so (one that reads or returns rows)."""
    if returns_rows(sql) or not _CHANGES.match(sql):
        return None
    return (f"WITH changed AS ({numbered(sql)} RETURNING 1)"
            " SELECT 1 / (COUNT(*) = 1)::int FROM changed")


class _Statement(Exception):
    """The statement a one-statement function asked for (``write_statement``)."""

    def __init__(self, sql: str, parameters: Sequence[Any]) -> None:
        super().__init__(sql)
        self.sql = sql
        self.parameters = tuple(parameters)


class _Recorder:
    """A connection that only asks which statement ``fn`` runs."""

    dialect = "postgresql"

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> PgCursor:
        raise _Statement(sql, parameters)

    def executemany(self, sql: str, parameters: Any, /) -> PgCursor:
        raise StorageError("write_statement runs one statement, not executemany")


class _Replay:
    """A connection that gives ``fn`` its one statement's result, already executed."""

    dialect = "postgresql"

    def __init__(self, cursor: PgCursor) -> None:
        self._cursor: PgCursor | None = cursor

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> PgCursor:
        cursor, self._cursor = self._cursor, None
        if cursor is None:
            raise StorageError("write_statement runs exactly one statement")
        return cursor

    def executemany(self, sql: str, parameters: Any, /) -> PgCursor:
        raise StorageError("write_statement runs one statement, not executemany")


_Waiting = tuple[_Statement, asyncio.Future[PgCursor]]
"""A one-statement write waiting for a lane: its statement and its caller's future."""


def _answer(future: asyncio.Future[PgCursor], outcome: PgCursor | BaseException) -> None:
    """Give a waiting caller its cursor or its error, unless it stopped waiting."""
    if future.done():
        return
    if isinstance(outcome, PgCursor):
        future.set_result(outcome)
    elif isinstance(outcome, Exception):
        future.set_exception(outcome)
    else:  # cancelled with the group
        future.cancel()


async def _one_by_one(conn: asyncpg.Connection, items: list[_Waiting]) -> None:
    """Each statement on its own (its own transaction), each caller its own answer."""
    for st, future in items:
        try:
            cursor = await _execute(conn, st.sql, st.parameters)
        except Exception as exc:
            _answer(future, exc)
            if conn.is_closed():
                raise
        else:
            _answer(future, cursor)


async def _no_session_state(conn: asyncpg.Connection) -> None:
    """What a connection given back to the pool needs beyond asyncpg's own rollback of an open
    transaction: nothing. The bot sets no session state (no ``SET``, ``LISTEN``, cursors, and
    the migration's advisory lock is let go in a ``finally``), so asyncpg's default reset
    query, a round trip to the server on every release, that is after every action, is
    skipped."""


async def _setup(conn: asyncpg.Connection) -> None:
    """``numeric`` (what ``AVG`` and ``SUM`` of ``BIGINT`` give) read as a float."""
    await conn.set_type_codec("numeric", encoder=str, decoder=float, schema="pg_catalog",
                              format="text")


async def schema_version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT version FROM schema_version") or 0)


async def migrate(conn: asyncpg.Connection, migrations: Sequence[str] = PG_MIGRATIONS,
                  upto: int | None = None) -> list[int]:
    """Apply the missing steps under the advisory lock, each with its version bump in one
    transaction. Return them (empty when another process had already migrated)."""
    target = len(migrations) if upto is None else upto
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        current = await schema_version(conn)
        if current > len(migrations):
            raise too_new(current, len(migrations))
        if not await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL"):
            async with conn.transaction():
                await conn.execute(
                    "CREATE TABLE schema_version (one INTEGER PRIMARY KEY DEFAULT 1"
                    " CHECK (one = 1), version INTEGER NOT NULL)")
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
        applied = []
        for step in range(current, target):
            async with conn.transaction():
                await conn.execute(migrations[step])
                await conn.execute("UPDATE schema_version SET version = $1", step + 1)
            applied.append(step + 1)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


CLOSE_TIMEOUT = 10.0
"""Seconds ``close`` waits for the connections in use to be given back."""


class PostgresStorage(Storage):
    """A pool of connections to one PostgreSQL database, shared with other processes."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self.path = redacted(url)
        self.closed = False
        self.batches = 0
        self.grouped = 0
        """One-statement writes committed in a group with others (for tests and benchmarks)."""
        self._lanes_busy = 0
        self._waiting: list[_Waiting] = []
        self._groups: set[asyncio.Task[None]] = set()

    @classmethod
    async def open_dsn(cls, dsn: str, *, migrate_to: int | None = None) -> PostgresStorage:
        """Connect, and migrate to the newest schema (once, whoever else starts now)."""
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=POOL_SIZE, init=_setup,
                                         reset=_no_session_state)
        storage = cls(pool, dsn)
        try:
            async with pool.acquire() as conn:
                applied = await migrate(conn, PG_MIGRATIONS, migrate_to)
        except BaseException:
            await storage.close()
            raise
        if applied:
            log.info("database %s migrated to version %d", storage.path, applied[-1])
        return storage

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            if self._groups:  # let waiting statements commit first
                await asyncio.wait(set(self._groups), timeout=CLOSE_TIMEOUT)
            try:
                # A connection a cancelled task never gave back would hold close() forever
                # (asyncpg waits for every connection): wait a while, then cut them.
                await asyncio.wait_for(self._pool.close(), CLOSE_TIMEOUT)
            except TimeoutError:
                log.warning("database %s: connections still in use after %g s; closing them",
                            self.path, CLOSE_TIMEOUT)
                self._pool.terminate()

    async def _on_connection(self, fn: Callable[..., T], args: tuple[Any, ...],
                             begin: str | None) -> T:
        async with self._pool.acquire() as conn:
            if begin is not None:
                await conn.execute(begin)
            try:
                out = await in_greenlet(fn, PgConnection(conn), *args)
            except BaseException:
                if conn.is_in_transaction():
                    await conn.execute("ROLLBACK")
                raise
            if begin is not None:
                await conn.execute("COMMIT")
            return out

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._on_connection(fn, args, None)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        self.batches += 1
        return await self._on_connection(fn, args, "BEGIN")

    async def write_statement(self, fn: Callable[..., T], *args: Any) -> T:
        """The path of every card played. ``fn`` is called once to learn its statement and
        once more with the statement's result (it does nothing but that statement, as the
        interface says), so that the statement can wait in a queue: on a free lane it runs at
        once, on its own; when every lane is busy, the waiting statements commit together
        (``_group``)."""
        self.batches += 1
        try:
            return fn(_Recorder(), *args)  # it ran no statement: nothing to store
        except _Statement as asked:
            statement = asked
        if self._lanes_busy < LANES and not self._waiting:
            self._lanes_busy += 1
            try:
                async with self._pool.acquire() as conn:
                    cursor = await _execute(conn, statement.sql, statement.parameters)
            finally:
                self._lanes_busy -= 1
                self._start_groups()
        else:
            future: asyncio.Future[PgCursor] = asyncio.get_running_loop().create_future()
            self._waiting.append((statement, future))
            self._start_groups()
            cursor = await future
        return fn(_Replay(cursor), *args)

    def _start_groups(self) -> None:
        """Send the waiting statements, up to ``GROUP_MAX`` at a time, on the free lanes."""
        while self._waiting and self._lanes_busy < LANES:
            group = self._waiting[:GROUP_MAX]
            del self._waiting[:GROUP_MAX]
            self._lanes_busy += 1
            task = asyncio.get_running_loop().create_task(self._group(group))
            self._groups.add(task)
            task.add_done_callback(self._groups.discard)

    async def _group(self, group: list[_Waiting]) -> None:
        """Group commit: statements of the same text that each change exactly one row (an
        action with its version bump) go in one pipelined, atomic ``executemany``, one commit
        for all. Any surprise (a stale version changes no row, any error) undoes the whole
        group, and then each statement runs again on its own, so that each caller gets its
        own true result, as if there had been no group."""
        try:
            async with self._pool.acquire() as conn:
                by_text: dict[str, list[_Waiting]] = {}
                for item in group:
                    by_text.setdefault(item[0].sql, []).append(item)
                for sql, items in by_text.items():
                    if not await self._together(conn, sql, items):
                        await _one_by_one(conn, items)
        except BaseException as exc:  # the connection failed, or closing cancelled the group
            for _, future in group:
                _answer(future, exc)
            if not isinstance(exc, Exception):
                raise
        finally:
            self._lanes_busy -= 1
            self._start_groups()

    async def _together(self, conn: asyncpg.Connection, sql: str, items: list[_Waiting]
                        ) -> bool:
        """The statements in one commit, each having changed exactly one row; False when
        that could not be (nothing of them is then stored)."""
        one_row = exactly_one_row(sql)
        if len(items) < 2 or one_row is None:
            return False
        try:
            await conn.executemany(one_row, [st.parameters for st, _ in items])
        except Exception as exc:
            log.debug("group of %d statements undone (%s); one by one", len(items),
                      type(exc).__name__)
            return False
        self.grouped += len(items)
        for _, future in items:
            _answer(future, PgCursor([], 1))
        return True

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._on_connection(fn, args,
                                         "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await schema_version(conn)
