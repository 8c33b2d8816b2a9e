"""The PostgreSQL back end's own guarantees: the same schema as SQLite's, migrating once when
processes start together, refusing a newer database, append-only actions, foreign keys."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from pg import change, fetch_all

from bot.storage import MIGRATIONS, SCHEMA_VERSION, SchemaTooNew, StorageError, open_storage
from bot.storage.db import parse_url
from bot.storage.migrations_pg import PG_MIGRATIONS
from bot.storage.pg_connection import numbered
from bot.storage.postgres import migrate, redacted


def test_database_urls_and_plain_paths() -> None:
    assert parse_url("gaigel.sqlite3") == ("sqlite", "gaigel.sqlite3")
    assert parse_url("sqlite:///gaigel.sqlite3") == ("sqlite", "gaigel.sqlite3")
    assert parse_url("sqlite:////var/lib/g.sqlite3") == ("sqlite", "/var/lib/g.sqlite3")
    assert parse_url("postgresql://u:p@h/db") == ("postgresql", "postgresql://u:p@h/db")
    with pytest.raises(StorageError, match="unknown database URL"):
        parse_url("mysql://u@h/db")
    assert redacted("postgresql://u:secret@h/db") == "postgresql://u:***@h/db"


def test_placeholders_are_numbered_outside_quotes() -> None:
    assert numbered("UPDATE t SET a = ?, b = '?' WHERE id = ? AND v = ?") == (
        "UPDATE t SET a = $1, b = '?' WHERE id = $2 AND v = $3")


def test_every_migration_has_its_postgresql_form() -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS) == SCHEMA_VERSION


async def test_both_back_ends_have_the_same_tables_and_columns(
        tmp_path: Path, postgres_server: Any) -> None:
    path = tmp_path / "g.sqlite3"
    await (await open_storage(path)).close()
    with sqlite3.connect(path) as c:
        names = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        lite = {n: sorted(r[1] for r in c.execute(f"PRAGMA table_info({n})")) for n in names}
    # SQLite's implicit rowid of results is an explicit column on PostgreSQL (migration 10)
    lite["results"] = sorted([*lite["results"], "rowid"])
    url = postgres_server.new_database()
    rows = await fetch_all(url, "SELECT table_name, column_name FROM information_schema.columns"
                                " WHERE table_schema = 'public' AND table_name <> 'schema_version'")
    pg: dict[str, list[str]] = {}
    for table, column in rows:
        pg.setdefault(table, []).append(column)
    assert {k: sorted(v) for k, v in pg.items()} == lite
    lite_indexes = {r[0] for r in sqlite3.connect(path).execute(
        "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')"
        " AND name NOT LIKE 'sqlite_%'")}
    pg_indexes = {r[0] for r in await fetch_all(
        url, "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'"
             " UNION SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")}
    assert lite_indexes <= pg_indexes


async def test_processes_starting_together_migrate_an_empty_database_once(
        postgres_server: Any, caplog: pytest.LogCaptureFixture) -> None:
    url = postgres_server.new_database()
    with caplog.at_level(logging.INFO, logger="bot.storage.postgres"):
        opened = await asyncio.gather(*(open_storage(url) for _ in range(6)))
    try:
        assert [await s.schema_version() for s in opened] == [SCHEMA_VERSION] * 6
        migrated = [r for r in caplog.records if "migrated to version" in r.getMessage()]
        assert len(migrated) == 1
    finally:
        for s in opened:
            await s.close()


async def test_a_newer_postgresql_database_is_refused_untouched(postgres_server: Any) -> None:
    url = postgres_server.new_database()
    await (await open_storage(url)).close()
    await change(url, "UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(SchemaTooNew, match="newer version"):
        await open_storage(url)
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT version FROM schema_version") == SCHEMA_VERSION + 1
    finally:
        await conn.close()


async def test_a_failing_postgresql_step_leaves_the_previous_version(
        postgres_server: Any) -> None:
    url = postgres_server.new_database()
    conn = await asyncpg.connect(url)
    try:
        steps = ("CREATE TABLE a (x INTEGER)", "CREATE TABLE b (x INTEGER); SELECT nonsense")
        with pytest.raises(asyncpg.PostgresError):
            await migrate(conn, steps)
        assert await conn.fetchval("SELECT version FROM schema_version") == 1
        assert await conn.fetchval("SELECT to_regclass('b') IS NULL")
        assert await migrate(conn, steps[:1]) == []
    finally:
        await conn.close()


async def test_postgresql_foreign_keys_and_append_only_actions(
        new_db_url: Callable[[], str]) -> None:
    """Both back ends refuse an orphan action and any change of a stored action."""
    url = new_db_url()
    storage = await open_storage(url)
    errors = (sqlite3.IntegrityError, asyncpg.PostgresError)
    try:
        def orphan(c: Any) -> None:
            c.execute("INSERT INTO actions (deal_id, idx, seat, action, via, at)"
                      " VALUES (999, 0, 0, '{}', 'human', 0)")

        with pytest.raises(errors):
            await storage.write(orphan)

        from bot.service import GameService
        service = GameService(storage, seed=1)
        state = await service.create_table(1, 1, 5, "Host", players=2)
        await service.start(state.table_id, 5, fill=True)
        view, _ = service.hand_view(state.table_id, 5)
        play = next(a for a in view.actions if a.do == "play")
        await service.act(state.table_id, 5, "play", card=play.card, opening=play.opening)
        for sql in ("UPDATE actions SET seat = 1", "DELETE FROM actions"):
            with pytest.raises(errors, match="append-only"):
                await storage.write(lambda c, sql=sql: c.execute(sql))
        assert (await fetch_all(url, "SELECT COUNT(*) FROM actions"))[0][0] >= 1
    finally:
        await storage.close()


async def test_a_cancelled_postgresql_write_leaves_nothing_and_the_pool_works_on(
        postgres_server: Any) -> None:
    """A transaction cancelled while a statement runs (a shutdown, a timed-out click) is rolled
    back whole, and its connection serves the next write."""
    url = postgres_server.new_database()
    storage = await open_storage(url)
    try:
        await storage.write(lambda c: c.execute("CREATE TABLE t (x INTEGER)"))
        started = asyncio.Event()

        def slow(c: Any) -> None:
            c.execute("INSERT INTO t VALUES (1)")
            asyncio.get_running_loop().call_soon(started.set)
            c.execute("SELECT pg_sleep(30)")

        task = asyncio.create_task(storage.write(slow))
        await asyncio.wait_for(started.wait(), 10)
        await asyncio.sleep(0.1)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert (await fetch_all(url, "SELECT COUNT(*) FROM t"))[0][0] == 0

        def caught(c: Any) -> int:
            # A failing statement inside a savepoint is caught by the function, which goes on.
            c.execute("SAVEPOINT s")
            try:
                c.execute("INSERT INTO t VALUES ('not a number')")
            except asyncpg.PostgresError:
                c.execute("ROLLBACK TO SAVEPOINT s")
            c.execute("INSERT INTO t VALUES (2)")
            return int(c.execute("SELECT COUNT(*) FROM t").fetchone()[0])

        for _ in range(10):  # more than the pool's connections: none was left broken
            assert await storage.write(caught) >= 1
        assert (await fetch_all(url, "SELECT COUNT(*) FROM t"))[0][0] == 10
    finally:
        await storage.close()


async def test_a_turn_ping_is_kept_after_migration_11_on_both_back_ends(
        new_db_url: Callable[[], str]) -> None:
    """A database at step 10 holding a kept hand reaches step 11 with the hand, keeps a table's
    turn ping (kind ``ping``), and forgets a ping only while it is still the one kept."""
    from bot.service import GameService
    from bot.service.models import ShownMessage
    from bot.storage import queries as q
    from engine import Rules
    url = new_db_url()
    old = await open_storage(url, migrate_to=10)
    try:
        service = GameService(old, seed=1)
        # a table as step 10 stores it (the service writes the newest schema's columns)
        tid = await old.write(lambda c: q.insert_table(c, 1, 10, 5, 2, Rules().to_json(),
                                                       {"players": 2}, 1.0))
        hand = ShownMessage(tid, "hand", 5, 1, 10, 900, "tok", 1.0)
        await service.remember_message(hand)
    finally:
        await old.close()
    storage = await open_storage(url)
    try:
        assert await storage.schema_version() == SCHEMA_VERSION >= 11
        service = GameService(storage, seed=1)
        assert await service.shown_messages(tid) == [hand]
        ping = ShownMessage(tid, "ping", 5, 1, 10, 901, None, 2.0)
        await service.remember_message(ping)
        assert sorted(await service.shown_messages(tid), key=lambda m: m.kind) == [hand, ping]
        await service.forget_message(tid, "ping", 5, message_id=999)  # a newer ping is kept
        assert ping in await service.shown_messages(tid)
        await service.forget_message(tid, "ping", 5, message_id=901)
        assert await service.shown_messages(tid) == [hand]
        with pytest.raises((sqlite3.IntegrityError, asyncpg.PostgresError)):
            await storage.write(lambda c: c.execute(
                "INSERT INTO shown_messages (table_id, kind, user_id, deal_number, opened_at)"
                " VALUES (?, 'bogus', 5, 1, 0)", (tid,)))
    finally:
        await storage.close()
