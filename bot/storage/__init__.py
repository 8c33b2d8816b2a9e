"""Storage of tables, deals, actions, matches and results (no Discord): SQLite or PostgreSQL.

``open_storage(target)`` is the one place that knows both back ends; the rest of the bot holds
a ``Storage`` (the interface, ``db.py``) and the transactions of ``queries.py``.
"""

from __future__ import annotations

from pathlib import Path

from .db import Statement, Storage, parse_url
from .errors import SchemaTooNew, StaleVersion, StorageError
from .migrations import MIGRATIONS, SCHEMA_VERSION
from .postgres import PostgresStorage
from .sqlite import SqliteStorage

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "SchemaTooNew", "StaleVersion", "Statement",
           "Storage", "StorageError", "open_storage"]


async def open_storage(target: str | Path, *, migrate_to: int | None = None) -> Storage:
    """Open (creating if needed) and migrate the database that ``target`` names: a path or
    ``sqlite:///path`` (SQLite, the embedded default), or ``postgresql://user:pass@host/db``."""
    kind, where = parse_url(target)
    if kind == "postgresql":
        return await PostgresStorage.open_dsn(where, migrate_to=migrate_to)
    return await SqliteStorage.open_file(where, migrate_to=migrate_to)
