"""The group commit of cards played on PostgreSQL (``bot/storage/group_commit.py``): statements
wait only when every lane is busy; those that waited share one commit, at most ``group_max``
at a time, each having changed exactly one row; anything else undoes the group and each runs
alone, its caller getting its own answer. Rows changed in one transaction share their
``xmin`` (the transaction's id): that is how these tests see which statements committed
together."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import pytest

from bot.storage.db import Statement
from bot.storage.group_commit import GroupCommit, by_text, exactly_one_row

ROWS = 100


def bump(row_id: int) -> Statement:
    return Statement("UPDATE t SET v = v + 1 WHERE id = ?", (row_id,))


def bump_key(key: int) -> Statement:
    """Changes every row with this key: none, one, or (key 500) two."""
    return Statement("UPDATE t SET v = v + 1 WHERE k = ?", (key,))


# ---------------------------------------------------------------------- without a server


def test_a_grouped_statement_fails_unless_it_changes_exactly_one_row() -> None:
    assert exactly_one_row("UPDATE t SET v = v + 1 WHERE id = ? AND version = ?") == (
        "WITH changed AS (UPDATE t SET v = v + 1 WHERE id = $1 AND version = $2 RETURNING 1)"
        " SELECT 1 / (COUNT(*) = 1)::int FROM changed")
    assert exactly_one_row("INSERT INTO a (x) SELECT ? FROM t WHERE id = ?") is not None
    assert exactly_one_row("DELETE FROM a WHERE x = ?") is not None


def test_statements_that_read_or_return_rows_are_never_grouped() -> None:
    assert exactly_one_row("SELECT * FROM t WHERE id = ?") is None
    assert exactly_one_row("INSERT INTO t (x) VALUES (?) RETURNING id") is None
    assert exactly_one_row("WITH x AS (SELECT 1) UPDATE t SET v = 1") is None


def test_only_statements_of_the_same_text_share_an_executemany_in_arrival_order() -> None:
    loop = asyncio.new_event_loop()
    try:
        items = [(s, loop.create_future()) for s in (bump(1), bump_key(2), bump(3), bump_key(4))]
        assert [[s for s, _ in same] for same in by_text(items)] == [
            [bump(1), bump(3)], [bump_key(2), bump_key(4)]]
    finally:
        loop.close()


# ---------------------------------------------------------------------- on PostgreSQL


@pytest.fixture
async def pg(postgres_server: Any) -> AsyncIterator[tuple[str, Any]]:
    """A database with the table ``t``: rows 0..99, keys equal to ids but two rows of key 500;
    and a pool of four connections to it."""
    url = postgres_server.new_database()
    pool = await asyncpg.create_pool(url, min_size=1, max_size=4)
    async with pool.acquire() as c:
        await c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k INTEGER NOT NULL,"
                        " v INTEGER NOT NULL DEFAULT 0)")
        await c.execute(f"INSERT INTO t (id, k) SELECT g, g FROM generate_series(0, {ROWS - 1}) g")
        await c.execute("UPDATE t SET k = 500 WHERE id IN (98, 99)")
    try:
        yield url, pool
    finally:
        await pool.close()


@asynccontextmanager
async def lanes_held(url: str, commits: GroupCommit) -> AsyncIterator[list[asyncio.Task[int]]]:
    """Every lane busy with a statement on row 0, which another transaction holds locked until
    the block ends."""
    blocker = await asyncpg.connect(url)
    await blocker.execute("BEGIN")
    await blocker.execute("SELECT v FROM t WHERE id = 0 FOR UPDATE")
    held = [asyncio.create_task(commits.write(bump(0))) for _ in range(commits.lanes)]
    await asyncio.sleep(0)  # each has taken its lane
    try:
        yield held
    finally:
        await blocker.execute("COMMIT")
        await blocker.close()


async def commits_of(pool: Any, ids: list[int]) -> list[int]:
    """How many of these rows each transaction changed last, largest first."""
    async with pool.acquire() as c:
        xmins = [r[0] for r in await c.fetch("SELECT xmin::text FROM t WHERE id = ANY($1)", ids)]
    return sorted(Counter(xmins).values(), reverse=True)


async def values(pool: Any, ids: list[int]) -> list[int]:
    async with pool.acquire() as c:
        return [r[0] for r in await c.fetch("SELECT v FROM t WHERE id = ANY($1) ORDER BY id",
                                            ids)]


async def test_on_a_free_lane_a_statement_commits_at_once_alone(pg: tuple[str, Any]) -> None:
    _, pool = pg
    commits = GroupCommit(pool, lanes=2)
    assert [await commits.write(bump(i)) for i in (1, 2, 3)] == [1, 1, 1]
    assert commits.grouped == 0
    assert await commits_of(pool, [1, 2, 3]) == [1, 1, 1]


async def test_statements_that_waited_for_a_lane_share_one_commit(pg: tuple[str, Any]) -> None:
    url, pool = pg
    commits = GroupCommit(pool, lanes=2)
    ids = list(range(1, 11))
    async with lanes_held(url, commits) as held:
        waiting = [asyncio.create_task(commits.write(bump(i))) for i in ids]
        await asyncio.sleep(0.2)
        assert not any(task.done() for task in held + waiting)  # all wait for the lock
    assert await asyncio.gather(*held, *waiting) == [1] * (2 + 10)
    assert commits.grouped == 10
    assert await commits_of(pool, ids) == [10]
    assert await values(pool, [0, *ids]) == [2] + [1] * 10


async def test_a_group_holds_at_most_group_max_statements(pg: tuple[str, Any]) -> None:
    url, pool = pg
    commits = GroupCommit(pool, lanes=1, group_max=4)
    ids = list(range(1, 11))
    async with lanes_held(url, commits):
        waiting = [asyncio.create_task(commits.write(bump(i))) for i in ids]
    assert await asyncio.gather(*waiting) == [1] * 10
    assert await commits_of(pool, ids) == [4, 4, 2]


async def test_statements_of_different_texts_commit_apart(pg: tuple[str, Any]) -> None:
    url, pool = pg
    commits = GroupCommit(pool, lanes=1)
    async with lanes_held(url, commits):
        waiting = [asyncio.create_task(commits.write(bump(i) if i % 2 else bump_key(i)))
                   for i in range(1, 11)]
    assert await asyncio.gather(*waiting) == [1] * 10
    assert commits.grouped == 10
    assert await commits_of(pool, [1, 3, 5, 7, 9]) == [5]
    assert await commits_of(pool, list(range(1, 11))) == [5, 5]


@pytest.mark.parametrize(("odd_key", "its_answer"), [(77_777, 0), (500, 2)],
                         ids=["a stale one changes no row", "one changes two rows"])
async def test_a_statement_that_does_not_change_exactly_one_row_undoes_its_group(
        pg: tuple[str, Any], odd_key: int, its_answer: int) -> None:
    """The group is undone whole, then each runs alone: every caller gets its own true
    answer and every row is changed once."""
    url, pool = pg
    commits = GroupCommit(pool, lanes=1)
    keys = [1, 2, odd_key, 3, 4]
    async with lanes_held(url, commits):
        waiting = [asyncio.create_task(commits.write(bump_key(k))) for k in keys]
    assert await asyncio.gather(*waiting) == [1, 1, its_answer, 1, 1]
    assert commits.grouped == 0
    assert await values(pool, [1, 2, 3, 4, 98, 99]) == [1, 1, 1, 1] + [int(odd_key == 500)] * 2
    assert await commits_of(pool, [1, 2, 3, 4]) == [1, 1, 1, 1]


async def test_an_error_in_a_group_reaches_only_its_caller(pg: tuple[str, Any]) -> None:
    url, pool = pg
    commits = GroupCommit(pool, lanes=1)
    move = "UPDATE t SET id = ? WHERE id = ?"
    moves = [(201, 1), (202, 2), (3, 4), (204, 5)]  # 4 -> 3: row 3 is there
    async with lanes_held(url, commits):
        waiting = [asyncio.create_task(commits.write(Statement(move, m))) for m in moves]
    answers = await asyncio.gather(*waiting, return_exceptions=True)
    assert answers[:2] == [1, 1] and answers[3] == 1
    assert isinstance(answers[2], asyncpg.UniqueViolationError)
    async with pool.acquire() as c:
        assert [r[0] for r in await c.fetch("SELECT id FROM t WHERE id IN (1, 2, 3, 4, 5, 201,"
                                            " 202, 204) ORDER BY id")] == [3, 4, 201, 202, 204]
