"""Group commit on PostgreSQL: the cards played at many tables at once share one commit.

A card played is one versioned statement (a ``db.Statement``: the action, whose trigger bumps
its table's version), its own transaction. Up to ``LANES`` of the pool's connections run such
statements at once, each alone. When every lane is busy, the next statements wait; the first
lane to come free takes up to ``GROUP_MAX`` of them and sends those of the same text in one
pipelined, atomic ``executemany``: one commit for all, which the server does far more cheaply
than as many single commits. Each statement in it is wrapped so that it fails unless it
changed exactly one row (``exactly_one_row``), so a stale version, or any other error, undoes
the whole group; then each statement runs again alone and each caller gets its own true
answer, as if there had been no group. The other connections of the pool stay free for the
other writes and the reads.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from .db import Statement
from .pg_connection import numbered, returns_rows, rows_changed

log = logging.getLogger(__name__)

LANES = 4
"""Connections that versioned statements use at once; the rest of them wait and go together."""

GROUP_MAX = 64
"""Statements at most in one group commit."""

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


_Waiting = tuple[Statement, asyncio.Future[int]]
"""A statement waiting for a lane, and its caller's answer: the rows it changed."""


def by_text(group: list[_Waiting]) -> list[list[_Waiting]]:
    """A group's statements that can share one ``executemany``: those of the same text, in the
    order they came."""
    out: dict[str, list[_Waiting]] = {}
    for item in group:
        out.setdefault(item[0].sql, []).append(item)
    return list(out.values())


class Pool(Protocol):
    """What the group commit needs of an asyncpg pool."""

    def acquire(self) -> AbstractAsyncContextManager[Any]: ...


async def _alone(conn: Any, statement: Statement) -> int:
    """``statement`` as its own transaction (autocommit); the rows it changed."""
    return rows_changed(await conn.execute(numbered(statement.sql), *statement.params))


def _answer(future: asyncio.Future[int], outcome: int | BaseException) -> None:
    """Give a waiting caller its answer or its error, unless it stopped waiting."""
    if future.done():
        return
    if isinstance(outcome, int):
        future.set_result(outcome)
    elif isinstance(outcome, Exception):
        future.set_exception(outcome)
    else:  # cancelled with the group
        future.cancel()


class GroupCommit:
    """The versioned statements of one pool (``write``), alone or in groups."""

    def __init__(self, pool: Pool, *, lanes: int = LANES, group_max: int = GROUP_MAX) -> None:
        self._pool = pool
        self.lanes = lanes
        self.group_max = group_max
        self.grouped = 0
        """Statements committed in a group with others (for tests and benchmarks)."""
        self._busy = 0
        self._waiting: list[_Waiting] = []
        self._groups: set[asyncio.Task[None]] = set()

    async def write(self, statement: Statement) -> int:
        """Run ``statement``, committed (alone or in a group) before this returns; the rows it
        changed. On a free lane it runs at once; otherwise it waits for a group."""
        if self._busy < self.lanes and not self._waiting:
            self._busy += 1
            try:
                async with self._pool.acquire() as conn:
                    return await _alone(conn, statement)
            finally:
                self._busy -= 1
                self._start_groups()
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting.append((statement, future))
        self._start_groups()
        return await future

    async def drain(self, timeout: float) -> None:
        """Wait, at most ``timeout`` seconds, for the groups under way to commit."""
        if self._groups:
            await asyncio.wait(set(self._groups), timeout=timeout)

    def _start_groups(self) -> None:
        """Send the waiting statements, up to ``group_max`` at a time, on the free lanes."""
        while self._waiting and self._busy < self.lanes:
            group = self._waiting[:self.group_max]
            del self._waiting[:self.group_max]
            self._busy += 1
            task = asyncio.get_running_loop().create_task(self._group(group))
            self._groups.add(task)
            task.add_done_callback(self._groups.discard)

    async def _group(self, group: list[_Waiting]) -> None:
        """One lane's group: each text's statements together, else one by one."""
        try:
            async with self._pool.acquire() as conn:
                for items in by_text(group):
                    if not await self._together(conn, items):
                        await _one_by_one(conn, items)
        except BaseException as exc:  # the connection failed, or closing cancelled the group
            for _, future in group:
                _answer(future, exc)
            if not isinstance(exc, Exception):
                raise
        finally:
            self._busy -= 1
            self._start_groups()

    async def _together(self, conn: Any, items: list[_Waiting]) -> bool:
        """Statements of one text in one commit, each having changed exactly one row; False
        when that could not be (nothing of them is then stored)."""
        one_row = exactly_one_row(items[0][0].sql)
        if len(items) < 2 or one_row is None:
            return False
        try:
            await conn.executemany(one_row, [statement.params for statement, _ in items])
        except Exception as exc:
            log.debug("group of %d statements undone (%s); one by one", len(items),
                      type(exc).__name__)
            return False
        self.grouped += len(items)
        for _, future in items:
            _answer(future, 1)
        return True


async def _one_by_one(conn: Any, items: list[_Waiting]) -> None:
    """Each statement on its own (its own transaction), each caller its own answer."""
    for statement, future in items:
        try:
            changed = await _alone(conn, statement)
        except Exception as exc:
            _answer(future, exc)
            if conn.is_closed():
                raise
        else:
            _answer(future, changed)
