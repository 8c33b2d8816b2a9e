"""The PostgreSQL back end, on an asyncpg pool: the same transactions as SQLite's.

A transaction function runs on a connection taken from the pool, over ``pg_connection``'s
synchronous ``db.Connection`` (a greenlet on the event loop's thread). ``write`` is ``BEGIN``,
the function, ``COMMIT`` (``ROLLBACK`` on any failure), committed before it returns, as with
SQLite; the version check is the same ``UPDATE tables SET version = version + 1 WHERE id = ?
AND version = ?`` (``StaleVersion`` when no row changed). A card played (``write_one``: one
versioned statement) may share its commit with other tables' (``group_commit.py``).

Several processes may share one database: migrating takes a PostgreSQL advisory lock, so that
processes starting at once on an empty database migrate it exactly once, and each step is one
transaction together with its version bump (the one-row table ``schema_version``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg  # type: ignore[import-untyped]

from .db import Statement, Storage
from .errors import stale_unless_one, too_new
from .group_commit import GroupCommit
from .migrations_pg import PG_MIGRATIONS
from .pg_connection import PgConnection, in_greenlet

log = logging.getLogger(__name__)

T = TypeVar("T")

POOL_SIZE = 8
"""Connections per process: transactions of different tables at once (``group_commit.LANES``
of them at most for cards played)."""

MIGRATION_LOCK = 0x6761696765
"""The advisory lock key held while migrating ("gaige" in ASCII)."""


def redacted(url: str) -> str:
    """The URL without its password (for logs and messages)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


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
        self.group_commit = GroupCommit(pool)

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
            await self.group_commit.drain(CLOSE_TIMEOUT)  # waiting statements commit first
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
        """Run ``fn(connection, *args)`` on a connection of the pool (no transaction)."""
        return await self._on_connection(fn, args, None)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` as one transaction, committed before this returns."""
        self.batches += 1
        return await self._on_connection(fn, args, "BEGIN")

    async def write_one(self, statement: Statement) -> None:
        """Run one versioned statement, committed (alone or with other tables') before this
        returns; StaleVersion when it changed no row."""
        self.batches += 1
        stale_unless_one(await self.group_commit.write(statement))

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(connection, *args)`` in one read transaction (a consistent snapshot)."""
        return await self._on_connection(fn, args,
                                         "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await schema_version(conn)
