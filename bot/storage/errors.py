"""What the storage raises, the same for every back end."""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database cannot be used (for example: it is newer than this code)."""


class SchemaTooNew(StorageError):
    pass


class StaleVersion(StorageError):
    """A table's version was not the expected one: someone else changed it first."""


def is_duplicate(exc: BaseException) -> bool:
    """A unique constraint refused a row: SQLite's ``UNIQUE constraint failed`` or
    PostgreSQL's SQLSTATE 23505 (``unique_violation``)."""
    return "UNIQUE constraint failed" in str(exc) or getattr(exc, "sqlstate", None) == "23505"


def too_new(current: int, known: int) -> SchemaTooNew:
    return SchemaTooNew(
        f"the database is at schema version {current}, but this code knows only versions "
        f"up to {known}: it was written by a newer version of the bot. "
        "Upgrade the bot (or use a copy of an older database); refusing to touch it.")


def stale_unless_one(rowcount: int) -> None:
    """A versioned statement (``db.Statement``) changes its one row; when it changed none, its
    table was no longer at the version it expected."""
    if rowcount != 1:
        raise StaleVersion(f"a versioned write changed {rowcount} rows, not 1: its table is no "
                           "longer at the version it expected")
