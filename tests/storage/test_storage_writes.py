"""Writes: each its own transaction, committed before ``write`` returns, even when batched."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import StaleVersion, Storage
from bot.storage import queries as q


async def _table_and_deal(storage: Storage) -> tuple[int, int]:
    def make(c: sqlite3.Connection) -> tuple[int, int]:
        tid = q.insert_table(c, 1, 1, 1, 4, {"preset": "wuerttemberg"}, {}, 0.0)
        mid = q.insert_match(c, tid, "strokes", {}, 0.0)
        did = q.insert_deal(c, tid, mid, 1, 0, 4, {}, {}, [], 0.0)
        return tid, did

    return await storage.write(make)


def _count(path: Path, sql: str) -> int:
    with sqlite3.connect(path) as c:  # another connection: sees only what is committed
        return int(c.execute(sql).fetchone()[0])


async def test_concurrent_writes_each_commit_or_fail_alone(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    storage = await Storage.open(path)
    try:
        await storage.write(lambda c: c.execute("CREATE TABLE t (x INTEGER) STRICT"))

        def insert(c: sqlite3.Connection, x: int) -> int:
            c.execute("INSERT INTO t VALUES (?)", (x,))
            if x == 50:
                raise ValueError("no fifty")
            return x

        async def one(x: int) -> int:
            got = await storage.write(insert, x)
            assert _count(path, f"SELECT COUNT(*) FROM t WHERE x = {x}") == 1  # committed
            return got

        results = await asyncio.gather(*(one(x) for x in range(100)), return_exceptions=True)
        assert [r for r in results if isinstance(r, Exception)][0].args == ("no fifty",)
        assert _count(path, "SELECT COUNT(*) FROM t") == 99
        assert _count(path, "SELECT COUNT(*) FROM t WHERE x = 50") == 0
        assert storage.batches < 100  # they travelled together
    finally:
        await storage.close()


async def test_an_action_goes_with_its_version_bump_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    storage = await Storage.open(path)
    try:
        tid, did = await _table_and_deal(storage)
        action = '{"seat":0,"do":"knock"}'
        version = await storage.write_statement(q.insert_action, tid, 0, did, 0, 0, action, 7,
                                                "human", 1.0)
        assert version == 1
        assert _count(path, f"SELECT version FROM tables WHERE id = {tid}") == 1
        with pytest.raises(StaleVersion):
            await storage.write_statement(q.insert_action, tid, 0, did, 1, 0, action, 7,
                                          "human", 1.0)
        assert _count(path, "SELECT COUNT(*) FROM actions") == 1
        assert _count(path, f"SELECT version FROM tables WHERE id = {tid}") == 1

        def action_then_failure(c: sqlite3.Connection) -> None:
            q.insert_action(c, tid, 1, did, 1, 0, action, None, "computer", 2.0)
            raise RuntimeError("disk on fire")

        with pytest.raises(RuntimeError):
            await storage.write(action_then_failure)
        assert _count(path, "SELECT COUNT(*) FROM actions") == 1
        assert _count(path, f"SELECT version FROM tables WHERE id = {tid}") == 1
    finally:
        await storage.close()
