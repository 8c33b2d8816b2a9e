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
- ``write_one(statement)``: one versioned statement (a ``Statement``, a value, such as
  ``queries.insert_action(...)``), its own transaction, committed before it returns;
  ``StaleVersion`` when it changed no row. A card played takes this way, so that PostgreSQL
  may commit the cards of several tables together (``group_commit.py``).
- ``read(fn, *args)``: one consistent snapshot.
- ``run(fn, *args)``: no transaction (configuration, single reads).

Both back ends migrate to the newest schema on open (``migrations.py``, ``migrations_pg.py``:
the same numbering) and refuse a newer database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .errors import SchemaTooNew, StaleVersion, StorageError

__all__ = ["Connection", "SchemaTooNew", "StaleVersion", "Statement", "Storage", "StorageError",
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


@dataclass(frozen=True, slots=True)
class Statement:
    """One writing statement and its parameters, as a value: a change that touches exactly
    one row, or none when its table is no longer at the version it expects (``Storage.write_one``
    then raises ``StaleVersion``). Being a value, not a function that runs it, it can wait in a
    queue and go to the database together with other tables' statements."""

    sql: str
    params: tuple[Any, ...]


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

    async def write_one(self, statement: Statement) -> None:
        raise NotImplementedError

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

