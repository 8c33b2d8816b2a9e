"""The PostgreSQL back end, on an asyncpg pool: the same transactions as SQLite's.

A transaction function (``db.Connection``) is synchronous, written once for both back ends.
Here it runs on a worker thread while its connection, taken from the asyncpg pool, stays on
the event loop: each ``c.execute`` sends one statement to the loop and waits for its answer
(``?`` placeholders numbered ``$1``, ``$2``, …). ``write`` is ``BEGIN``, the function,
``COMMIT`` (``ROLLBACK`` on any failure), committed before it returns, as with SQLite; the
version check is the same ``UPDATE tables SET version = version + 1 WHERE id = ? AND
version = ?`` (``StaleVersion`` when no row changed).

Several processes may share one database: migrating takes a PostgreSQL advisory lock, so that
processes starting at once on an empty database migrate it exactly once, and each step is one
transaction together with its version bump (the one-row table ``schema_version``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Callable, Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg  # type: ignore[import-untyped]

from .db import Storage
from .errors import StorageError, too_new
from .migrations_pg import PG_MIGRATIONS

log = logging.getLogger(__name__)

T = TypeVar("T")

POOL_SIZE = 8
"""Connections (and worker threads) per process: transactions of different tables at once."""

MIGRATION_LOCK = 0x6761696765
"""The advisory lock key held while migrating ("gaige" in ASCII)."""


def redacted(url: str) -> str:
    """The URL without its password (for logs and messages)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@functools.lru_cache(maxsize=4096)
def numbered(sql: str) -> str:
    """SQLite's ``?`` placeholders as PostgreSQL's ``$1``, ``$2``, … (not inside quotes)."""
    out: list[str] = []
    n = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)


_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES)\b|\bRETURNING\b", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def returns_rows(sql: str) -> bool:
    return _ROWS.search(sql) is not None


class PgCursor:
    """The part of ``sqlite3.Cursor`` the queries use."""

    lastrowid = None

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount

    def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[Any]:
        rest = self._rows[self._next:]
        self._next = len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


def _count(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


async def _execute(conn: asyncpg.Connection, sql: str, parameters: Sequence[Any]) -> PgCursor:
    """One statement (``?`` placeholders) on an asyncpg connection, as a cursor."""
    text = numbered(sql)
    if returns_rows(text):
        rows = await conn.fetch(text, *parameters)
        return PgCursor(rows, len(rows))
    return PgCursor([], _count(await conn.execute(text, *parameters)))


class PgConnection:
    """One asyncpg connection seen from a worker thread as a ``db.Connection``."""

    dialect = "postgresql"

    def __init__(self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._loop = loop

    def _call(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> PgCursor:
        return self._call(_execute(self._conn, sql, parameters))

    def executemany(self, sql: str, parameters: Any, /) -> PgCursor:
        rows = [tuple(r) for r in parameters]
        if rows:
            self._call(self._conn.executemany(numbered(sql), rows))
        return PgCursor([], len(rows))


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


def _call(fn: Callable[..., T], c: PgConnection, args: tuple[Any, ...]) -> T:
    return fn(c, *args)


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
        self._threads = ThreadPoolExecutor(POOL_SIZE, thread_name_prefix="gaigel-pg")

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
            try:
                # A connection a cancelled task never gave back would hold close() forever
                # (asyncpg waits for every connection): wait a while, then cut them.
                await asyncio.wait_for(self._pool.close(), CLOSE_TIMEOUT)
            except TimeoutError:
                log.warning("database %s: connections still in use after %g s; closing them",
                            self.path, CLOSE_TIMEOUT)
                self._pool.terminate()
            self._threads.shutdown(wait=False)

    async def _on_connection(self, fn: Callable[..., T], args: tuple[Any, ...],
                             begin: str | None) -> T:
        loop = asyncio.get_running_loop()
        async with self._pool.acquire() as conn:
            if begin is not None:
                await conn.execute(begin)
            job = loop.run_in_executor(self._threads, _call, fn, PgConnection(conn, loop), args)
            try:
                out = await asyncio.shield(job)
            except BaseException:
                await asyncio.wait({job})  # the thread's statements are over before rollback
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
        """The one statement straight on the event loop's connection, no worker thread: ``fn``
        is called once to learn its statement and once more with the statement's result (it
        does nothing but that statement, as the interface says). This is the path of every
        card played, so it is the hop to the thread and back saved on every action."""
        self.batches += 1
        try:
            return fn(_Recorder(), *args)  # it ran no statement: nothing to store
        except _Statement as asked:
            statement = asked
        async with self._pool.acquire() as conn:
            cursor = await _execute(conn, statement.sql, statement.parameters)
        return fn(_Replay(cursor), *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        return await self._on_connection(fn, args,
                                         "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await schema_version(conn)
