"""Writes: each its own transaction, committed before ``write`` returns, even when batched
(on SQLite and on PostgreSQL: the ``db_url`` fixture)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.storage import StaleVersion, Storage, open_storage
from bot.storage import queries as q
from bot.storage.group_commit import LANES


async def _table_and_deal(storage: Storage, channel: int = 1) -> tuple[int, int]:
    def make(c: Any) -> tuple[int, int]:
        tid = q.insert_table(c, 1, channel, 1, 4, {"preset": "wuerttemberg"}, {}, 0.0)
        mid = q.insert_match(c, tid, "strokes", {}, 0.0)
        did = q.insert_deal(c, tid, mid, 1, 0, 4, {}, {}, [], 0.0)
        return tid, did

    return await storage.write(make)


class Other:
    """Another connection to the same database: it sees only what is committed."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def count(self, sql: str) -> int:
        return int(await self.storage.run(lambda c: c.execute(sql).fetchone()[0]))


async def test_concurrent_writes_each_commit_or_fail_alone(db_url: str) -> None:
    storage = await open_storage(db_url)
    other = Other(await open_storage(db_url))
    try:
        strict = " STRICT" if storage.dialect == "sqlite" else ""
        await storage.write(lambda c: c.execute("CREATE TABLE t (x INTEGER)" + strict))

        def insert(c: Any, x: int) -> int:
            c.execute("INSERT INTO t VALUES (?)", (x,))
            if x == 50:
                raise ValueError("no fifty")
            return x

        async def one(x: int) -> int:
            got = await storage.write(insert, x)
            assert await other.count(f"SELECT COUNT(*) FROM t WHERE x = {x}") == 1  # committed
            return got

        results = await asyncio.gather(*(one(x) for x in range(100)), return_exceptions=True)
        assert [r for r in results if isinstance(r, Exception)][0].args == ("no fifty",)
        assert await other.count("SELECT COUNT(*) FROM t") == 99
        assert await other.count("SELECT COUNT(*) FROM t WHERE x = 50") == 0
        if storage.dialect == "sqlite":
            assert storage.batches < 100  # they travelled together to the thread
    finally:
        await other.storage.close()
        await storage.close()


async def test_an_action_goes_with_its_version_bump_or_not_at_all(db_url: str) -> None:
    storage = await open_storage(db_url)
    other = Other(await open_storage(db_url))
    try:
        tid, did = await _table_and_deal(storage)
        action = '{"seat":0,"do":"knock"}'
        await storage.write_one(q.insert_action(tid, 0, did, 0, 0, action, 7, "human", 1.0))
        assert await other.count(f"SELECT version FROM tables WHERE id = {tid}") == 1
        with pytest.raises(StaleVersion):
            await storage.write_one(q.insert_action(tid, 0, did, 1, 0, action, 7, "human", 1.0))
        assert await other.count("SELECT COUNT(*) FROM actions") == 1
        assert await other.count(f"SELECT version FROM tables WHERE id = {tid}") == 1

        def action_then_failure(c: Any) -> None:
            q.write_one(c, q.insert_action(tid, 1, did, 1, 0, action, None, "computer", 2.0))
            raise RuntimeError("disk on fire")

        with pytest.raises(RuntimeError):
            await storage.write(action_then_failure)
        assert await other.count("SELECT COUNT(*) FROM actions") == 1
        assert await other.count(f"SELECT version FROM tables WHERE id = {tid}") == 1
    finally:
        await other.storage.close()
        await storage.close()


async def _tables_with_deals(storage: Storage, n: int) -> list[tuple[int, int]]:
    return [await _table_and_deal(storage, channel) for channel in range(1, n + 1)]


async def test_cards_played_at_many_tables_at_once_commit_together_each_with_its_bump(
        db_url: str) -> None:
    """Many tables' one-statement actions at once: each committed with its own version bump
    before its write returns; on PostgreSQL those that waited for a connection share one
    commit (a group commit), which must not blur whose action is whose."""
    storage = await open_storage(db_url)
    other = Other(await open_storage(db_url))
    try:
        tables = await _tables_with_deals(storage, 40)
        action = '{"seat":0,"do":"knock"}'

        async def play(tid: int, did: int, version: int, idx: int) -> int:
            await storage.write_one(q.insert_action(tid, version, did, idx, 0, action, 7,
                                                    "human", 1.0))
            got = version + 1
            assert await other.count(f"SELECT version FROM tables WHERE id = {tid}") == got
            return got

        assert await asyncio.gather(*(play(t, d, 0, 0) for t, d in tables)) == [1] * 40
        if storage.dialect == "postgresql":
            # The first LANES went alone; the other 36 waited and shared one commit.
            assert storage.group_commit.grouped == 40 - LANES  # type: ignore[attr-defined]

        # One stale version among them: only that one is refused; the rest still commit.
        stale_tid, _ = tables[17]
        results = await asyncio.gather(
            *(play(t, d, 0 if t == stale_tid else 1, 1) for t, d in tables),
            return_exceptions=True)
        refused = [i for i, r in enumerate(results) if isinstance(r, Exception)]
        assert refused == [17] and isinstance(results[17], StaleVersion)
        assert [r for i, r in enumerate(results) if i != 17] == [2] * 39
        assert await other.count("SELECT COUNT(*) FROM actions") == 40 + 39
        assert await other.count(f"SELECT version FROM tables WHERE id = {stale_tid}") == 1
        assert await other.count(
            f"SELECT COUNT(*) FROM actions a JOIN deals d ON d.id = a.deal_id"
            f" WHERE d.table_id = {stale_tid}") == 1
        if storage.dialect == "postgresql":  # the group with the stale one went one by one
            assert storage.group_commit.grouped == 40 - LANES  # type: ignore[attr-defined]
    finally:
        await other.storage.close()
        await storage.close()
