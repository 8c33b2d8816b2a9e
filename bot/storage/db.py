"""The storage the service uses: one interface (``Storage``), two back ends (``sqlite.py``,
``postgres.py``); ``bot.storage.open_storage(target)`` picks one.

A transaction is a plain function of a connection, ``fn(c, *args)``, written once for both
back ends against a small protocol (``Connection``): ``c.execute(sql, params)`` returns a
cursor with ``rowcount``, ``fetchone()``, ``fetchall()`` and iteration over rows that answer
``row[0]``, ``row["name"]`` and ``dict(row)``; ``c.executemany(sql, rows)``. SQL is written
with ``?`` placeholders in the dialect both databases share (``INSERT … RETURNING``,
``ON CONFLICT … DO UPDATE``, no ``INSERT OR REPLACE``, sums of ``CASE`` rather than of
comparisons); the PostgreSQL back end numbers the placeholders (``$1``, ``$2``, …).

- ``write(fn, *args)``: one transaction, committed before it returns.
- ``write_statement(fn, *args)``: ``fn`` executes exactly one writing statement, which is its
  own transaction, and does nothing else with effects (PostgreSQL calls it twice: to learn
  the statement, then with its result).
- ``read(fn, *args)``: one consistent snapshot.
- ``run(fn, *args)``: no transaction (configuration, single reads).

Both back ends migrate to the newest schema on open (``migrations.py``, ``migrations_pg.py``:
the same numbering) and refuse a newer database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .errors import SchemaTooNew, StaleVersion, StorageError

__all__ = ["Connection", "SchemaTooNew", "StaleVersion", "Storage", "StorageError",
           "parse_url"]

T = TypeVar("T")

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """What a transaction function may call (``sqlite3.Connection`` is one)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...
    def executemany(self, sql: str, parameters: Any, /) -> Any: ...


def parse_url(target: str | Path) -> tuple[str, str]:
    """``("sqlite", path)`` or ``("postgresql", dsn)`` for a database URL or a plain path."""
    text = str(target).strip()
    if text.startswith(POSTGRES_PREFIXES):
        return "postgresql", text
    if text.startswith(SQLITE_PREFIX):
        path = text[len(SQLITE_PREFIX):]
        if not path:
            raise StorageError(f"no file in the database URL {text!r}")
        return "sqlite", path
    if "://" in text:
        raise StorageError(f"unknown database URL {text!r}: use sqlite:///FILE or "
                           "postgresql://user:password@host/database")
    return "sqlite", text


class Storage:
    """A database the service writes through. Open one with ``bot.storage.open_storage``."""

    dialect = ""
    url = ""
    path = ""
    closed = False
    batches = 0
    """Batches of writes sent to the database (for the benchmark)."""

    async def close(self) -> None:
        raise NotImplementedError

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        raise NotImplementedError

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        raise NotImplementedError

    async def write_statement(self, fn: Callable[..., T], *args: Any) -> T:
        raise NotImplementedError

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

