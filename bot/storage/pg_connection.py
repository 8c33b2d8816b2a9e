"""A transaction function's connection on PostgreSQL: the synchronous ``db.Connection`` over
an asyncpg connection, as ``sqlite3.Connection`` is on SQLite.

A transaction function is synchronous, written once for both back ends. ``in_greenlet`` runs it
in a greenlet on the event loop's own thread, as SQLAlchemy runs its synchronous code over
asyncpg: each ``c.execute`` hands its statement (``?`` placeholders numbered ``$1``, ``$2``, …)
to the coroutine that started the function, which awaits it on the asyncpg connection and
switches back with the answer, a cursor like ``sqlite3.Cursor``. No worker thread, no hop
between threads per statement, and other tables' coroutines run while a statement waits.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import Any, TypeVar

import asyncpg  # type: ignore[import-untyped]
import greenlet  # type: ignore[import-untyped]

from .errors import StorageError

T = TypeVar("T")


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


def rows_changed(status: str) -> int:
    """Rows changed, from a command tag such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


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


async def execute(conn: asyncpg.Connection, sql: str, parameters: Sequence[Any]) -> PgCursor:
    """One statement (``?`` placeholders) on an asyncpg connection, as a cursor."""
    text = numbered(sql)
    if returns_rows(text):
        rows = await conn.fetch(text, *parameters)
        return PgCursor(rows, len(rows))
    return PgCursor([], rows_changed(await conn.execute(text, *parameters)))


class _Awaiting:
    """What a transaction function's greenlet hands to its coroutine: await this."""

    __slots__ = ("awaitable",)

    def __init__(self, awaitable: Awaitable[Any]) -> None:
        self.awaitable = awaitable


def _await(awaitable: Awaitable[T]) -> T:
    """Inside a transaction function: the awaitable's result, awaited by ``in_greenlet``."""
    parent = greenlet.getcurrent().parent
    if parent is None:
        raise StorageError("a PostgreSQL connection is used outside its transaction")
    return parent.switch(_Awaiting(awaitable))  # type: ignore[no-any-return]


async def in_greenlet(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, synchronous, whose ``_await`` calls this coroutine awaits for it."""
    child = greenlet.greenlet(fn)
    answer = child.switch(*args)
    while isinstance(answer, _Awaiting):
        try:
            value = await answer.awaitable
        except BaseException as exc:  # into the function, which may catch it (a savepoint)
            answer = child.throw(exc)
        else:
            answer = child.switch(value)
    return answer  # type: ignore[no-any-return]


class PgConnection:
    """One asyncpg connection seen from a transaction function (run by ``in_greenlet``) as a
    ``db.Connection``."""

    dialect = "postgresql"

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> PgCursor:
        return _await(execute(self._conn, sql, parameters))

    def executemany(self, sql: str, parameters: Any, /) -> PgCursor:
        rows = [tuple(r) for r in parameters]
        if rows:
            _await(self._conn.executemany(numbered(sql), rows))
        return PgCursor([], len(rows))
