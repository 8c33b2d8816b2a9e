"""``python -m bot migrate --from URL --to URL``: a server's whole database into another one
(typically a SQLite file into PostgreSQL), checked before it is called done.

The source is read in one snapshot and written to the target in one transaction, so a failed
copy leaves the target empty. Then: every table's row count must match, the target's history
export must equal the source's, and every exported deal must replay to its stored result.
A target that holds any row is refused untouched. Everything is held in memory once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.record import parse_record, replay

from ..storage import open_storage
from ..storage.db import Connection, Storage
from ..storage.errors import StorageError
from .export import export_history

COPY_ORDER = ("guild_settings", "user_prefs", "tables", "seats", "matches", "deals", "actions",
              "results", "shown_messages", "season_modes", "ratings", "rating_history",
              "daily_deals", "daily_plays", "daily_actions")
"""Every table of the schema, parents before children. A migration that adds a table adds
it here (a test checks that this covers the schema)."""

NUMBERED = ("tables", "matches", "deals", "season_modes", "rating_history", "daily_plays")
"""Tables whose ids the database numbers itself: PostgreSQL's counters move past the copy."""


class TransferError(StorageError):
    """The copy was refused or did not check out."""


def _counts(c: Connection) -> dict[str, int]:
    return {t: int(c.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]) for t in COPY_ORDER}


def _rows(c: Connection) -> dict[str, list[dict[str, Any]]]:
    # results are copied with their rowid (SQLite's implicit one, PostgreSQL's column): the
    # ratings and the season changes refer to it
    return {t: [dict(r) for r in c.execute(
        f"SELECT *, rowid AS rowid FROM {t} ORDER BY rowid" if t == "results"
        else f"SELECT * FROM {t}")] for t in COPY_ORDER}


def _write_all(dialect: str, data: dict[str, list[dict[str, Any]]]) -> Callable[[Any], None]:
    def txn(c: Any) -> None:
        for table in COPY_ORDER:
            rows = data[table]
            if not rows:
                continue
            columns = list(rows[0])
            c.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES"
                          f" ({', '.join('?' * len(columns))})",
                          [tuple(r[k] for k in columns) for r in rows])
        # storing the actions bumped the versions (the trigger): put back the source's
        c.executemany("UPDATE tables SET version = ? WHERE id = ?",
                      [(r["version"], r["id"]) for r in data["tables"]])
        if dialect == "postgresql":
            for table in NUMBERED:
                c.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                          f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
            c.execute("SELECT setval(pg_get_serial_sequence('results', 'rowid'),"
                      " COALESCE((SELECT MAX(rowid) FROM results), 0) + 1, false)")
    return txn


async def _history(storage: Storage) -> list[dict[str, Any]]:
    text = "".join([chunk async for chunk in export_history(storage, fmt="json",
                                                            clock=lambda: 0.0)])
    return list(json.loads(text)["deals"])


async def copy_database(source: str, target: str) -> dict[str, Any]:
    """Copy ``source`` into the empty ``target``; the counts and the replayed deals."""
    src = await open_storage(source)
    try:
        dst = await open_storage(target)
        try:
            existing = await dst.read(_counts)
            full = {t: n for t, n in existing.items() if n}
            if full:
                raise TransferError(
                    "the target database is not empty ("
                    + ", ".join(f"{t}: {n} rows" for t, n in full.items())
                    + "): refusing to copy into it")
            data = await src.read(_rows)
            await dst.write(_write_all(dst.dialect, data))
            counts = {t: len(rows) for t, rows in data.items()}
            copied = await dst.read(_counts)
            if copied != counts:
                raise TransferError(f"row counts differ after the copy: source {counts}, "
                                    f"target {copied}")
            deals = await _history(dst)
            if deals != await _history(src):
                raise TransferError("the target's history export differs from the source's")
            for record in deals:
                out = replay(parse_record(record))
                if out["result"] != record["result"] or not all(s["ok"] for s in out["steps"]):
                    raise TransferError(f"deal {record.get('deal_id')} of table "
                                        f"{record.get('table')} does not replay to its result")
            return {"from": src.path, "to": dst.path, "rows": counts,
                    "deals_replayed": len(deals)}
        finally:
            await dst.close()
    finally:
        await src.close()
