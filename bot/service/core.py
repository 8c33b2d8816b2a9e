"""The one path every change of a table takes: find the table, take its lock, write one
transaction with the table's version bump, release the lock, then tell ``on_outcome``.

``TableChanges`` is that path and the tables in memory; dealing, the computer turns, play and
the lobby each hold it, and nothing else writes a table. The news of a change (its
``Committed`` outcomes) is told after the lock is released, in commit order per table: a
callback may change the same table again, and its news follows the news it was told.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from engine import Deal
from engine.fair import new_server_seed, seed_from_int

from ..storage import queries as q
from ..storage.db import StaleVersion, Statement, Storage
from ..thinking import ThinkingPool, ThinkingPriority, default_workers
from .computer import Computer, make_computer
from .errors import NoTable, NotHost, NotStarted, ServiceError, StaleTable
from .hydrate import build_table
from .models import Committed
from .registry import CLOSED_KEPT, TableRegistry
from .table import LiveTable

log = logging.getLogger("bot.service")

CommittedCallback = Callable[[Committed], Awaitable[None]]


class Change:
    """One change of a table, under its lock: the table and the outcomes committed so far."""

    __slots__ = ("outcomes", "table")

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.outcomes: list[Committed] = []

    def tell(self, outcome: Committed) -> None:
        """A committed outcome, told to ``on_outcome`` once the table's lock is released."""
        self.outcomes.append(outcome)


class _News:
    """A table's committed outcomes not told yet, in commit order, and who is telling them."""

    __slots__ = ("queued", "teller", "told", "waiting", "wake")

    def __init__(self) -> None:
        self.waiting: deque[Committed] = deque()
        self.queued = 0
        self.told = 0
        self.teller: asyncio.Task[Any] | None = None
        """The task handing the news to ``on_outcome`` now: a change it makes from inside
        ``on_outcome`` queues its news behind the current one instead of waiting for it."""
        self.wake = asyncio.Event()
        """Set (and replaced) whenever an outcome has been told or the teller stopped."""


class TableChanges:
    """The tables in memory and the change path over them (see the module text)."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 on_outcome: CommittedCallback | None = None,
                 computer_budget_ms: int | None = None, seed: int | None = None,
                 closed_kept: int = CLOSED_KEPT,
                 shards: tuple[int, tuple[int, ...]] | None = None,
                 computer_workers: int | None = None,
                 thinking_priority: ThinkingPriority = "low") -> None:
        self.db = storage
        self.shards = shards
        """``(shard_count, shard_ids)`` of this process: it recovers, times and drives only
        the tables of guilds on those shards (other processes run the others); None: all."""
        self.clock = clock
        self.on_outcome = on_outcome
        """Awaited with each committed outcome, in commit order per table, after the table's
        lock is released (it may call the service again, also for the same table)."""
        self.computer_budget_ms = computer_budget_ms
        self.thinking = ThinkingPool(computer_workers or default_workers(),
                                     priority=thinking_priority)
        """The processes every search runs in (``GameService.open`` starts them), at
        ``thinking_priority`` (``THINKING_PRIORITY``)."""
        self.rng = random.Random(seed) if seed is not None else None
        """With a seed, the deals' secrets and the computers' seeds are drawn from it."""
        self.tables = TableRegistry(closed_kept)
        self.create_lock = asyncio.Lock()
        """Opening tables one at a time keeps one live table per channel."""
        self.recovered: list[int] = []
        """Tables rebuilt at start."""
        self._news: dict[int, _News] = {}

    async def close(self) -> None:
        try:
            await self.thinking.close()
        finally:
            await self.db.close()

    # ------------------------------------------------------------------ the change path

    @asynccontextmanager
    async def change(self, table_id: int) -> AsyncIterator[Change]:
        """The table under its lock (rebuilt first if an earlier write was interrupted); its
        outcomes are told after the lock is released, also when the change failed later."""
        t = self.tables.need(table_id)
        upto = 0
        try:
            async with t.lock:
                if t.dirty:
                    await self.reload(t)
                if self.tables.get(t.id) is not t:
                    raise NoTable()
                change = Change(t)
                try:
                    yield change
                finally:
                    upto = self._queue(t.id, change.outcomes)
        finally:
            if upto:
                await self._tell(t.id, upto)

    async def commit(self, t: LiveTable, change: Callable[[Any], Any] | None = None, *,
                     now: float | None = None, **columns: Any) -> Any:
        """One transaction: the table's version bump (setting ``columns`` of its row) and
        ``change``; memory's version follows once it is committed. Returns ``change``'s
        answer."""
        at = self.clock() if now is None else now

        def txn(c: Any) -> Any:
            q.bump(c, t.id, t.version, updated_at=at, **columns)
            return None if change is None else change(c)

        answer = await self.write(t, txn)
        t.version += 1
        return answer

    async def write(self, t: LiveTable, work: Callable[[Any], Any] | Statement) -> Any:
        """One transaction: a function of a connection, or one versioned statement (its own
        transaction); on any failure the table is rebuilt from the database."""
        try:
            if isinstance(work, Statement):
                return await self.db.write_one(work)
            return await self.db.write(work)
        except asyncio.CancelledError:
            t.dirty = True
            raise
        except StaleVersion:
            await self.reload(t)
            raise StaleTable() from None
        except BaseException:
            t.dirty = True
            try:
                await self.reload(t)
            except Exception:
                log.exception("table %d: reload after a failed write failed", t.id)
            raise

    # ------------------------------------------------------------------ telling

    def _queue(self, table_id: int, outcomes: list[Committed]) -> int:
        """Queue a change's outcomes (under the table's lock, so in commit order); the count
        queued so far, or 0 when there is nothing to tell."""
        if not outcomes or self.on_outcome is None:
            return 0
        news = self._news.get(table_id)
        if news is None:
            news = self._news[table_id] = _News()
        news.waiting.extend(outcomes)
        news.queued += len(outcomes)
        return news.queued

    async def _tell(self, table_id: int, upto: int) -> None:
        """Tell the table's news until the ``upto``-th outcome has been told: this task tells
        it, or waits while another task tells it. A task inside ``on_outcome`` for this table
        returns at once: the telling around it tells this news next."""
        news = self._news.get(table_id)
        task = asyncio.current_task()
        while news is not None and news.told < upto:
            if news.teller is not None:
                if news.teller is task:
                    return
                await news.wake.wait()
            elif news.waiting:
                await self._tell_all(table_id, news, task)
            else:
                return

    async def _tell_all(self, table_id: int, news: _News, task: asyncio.Task[Any] | None
                        ) -> None:
        on_outcome = self.on_outcome
        assert on_outcome is not None
        news.teller = task
        try:
            while news.waiting:
                outcome = news.waiting.popleft()
                try:
                    await on_outcome(outcome)
                except Exception:
                    log.exception("table %d: on_outcome callback failed", table_id)
                finally:
                    news.told += 1
                    news.wake.set()
                    news.wake = asyncio.Event()
        finally:
            news.teller = None
            news.wake.set()
            news.wake = asyncio.Event()
            if not news.waiting and self._news.get(table_id) is news:
                del self._news[table_id]

    # ------------------------------------------------------------------ memory from the database

    async def recover(self) -> None:
        """Rebuild the live tables of this process's shards (all without shards)."""
        rows = await self.db.read(q.load_live, None, self.shards)
        for row in rows:
            table = self.build(row)
            if table.next_seed is None and table.status in ("open", "waiting"):
                await self.draw_next_seed(table)  # a table from before fair deals
            self.tables.add(table)
            self.recovered.append(table.id)
        if rows:
            log.info("recovered %d live tables", len(rows))

    def build(self, row: dict[str, Any], lock: asyncio.Lock | None = None) -> LiveTable:
        return build_table(row, self.new_brain, lock)

    async def reload(self, t: LiveTable) -> None:
        """Rebuild a table from the database after a failed or interrupted write."""
        rows = await self.db.read(q.load_live, t.id)
        if not rows:
            self.tables.discard(t.id)
            return
        fresh = self.build(rows[0], lock=t.lock)
        for name in LiveTable.__slots__:
            setattr(t, name, getattr(fresh, name))
        t.dirty = False
        if not t.live:
            self.tables.note_closed(t)

    def owns(self, guild_id: int) -> bool:
        """Whether the guild is on this process's shards (Discord's ``(id >> 22) % count``)."""
        if self.shards is None:
            return True
        count, ids = self.shards
        return (guild_id >> 22) % count in ids

    async def load(self, table_id: int) -> bool:
        """Bring a closed table back into memory (see ``GameService.load``)."""
        t = self.tables.get(table_id)
        if t is None:
            rows = await self.db.read(q.load_live, table_id)
            if not rows or not self.owns(int(rows[0]["guild_id"])):
                return False
            t = self.tables.get(table_id)  # another click may have loaded it meanwhile
            if t is None:
                t = self.build(rows[0])
                self.tables.add(t)
        if not t.live:
            self.tables.note_closed(t)
        return True

    def seed_draw(self) -> int | None:
        """With the service's test ``seed``, the next number of its generator for a deal's
        secret (drawn on the event loop, so in a repeatable order); None in play."""
        return self.rng.randrange(2**63) if self.rng is not None else None

    @staticmethod
    def seed_for(draw: int | None, table_id: int, number: int) -> bytes:
        """The secret of deal ``number`` at a table (``engine.fair``): from the operating
        system in play; from ``draw`` with the test seed, so runs repeat (named by the table
        and deal too: a restarted seeded service draws the same numbers again)."""
        if draw is None:
            return new_server_seed()
        return seed_from_int(draw | table_id << 63 | number << 127)

    def new_seed(self, t: LiveTable, number: int) -> bytes:
        return self.seed_for(self.seed_draw(), t.id, number)

    async def draw_next_seed(self, t: LiveTable) -> None:
        """Store a secret for the table's next deal where it has none (never replacing one:
        its commitment may have been shown). No version bump: no hand changes."""
        seed = self.new_seed(t, t.deal_number + 1).hex()
        stored = await self.db.write(lambda c: q.keep_next_seed(c, t.id, seed))
        t.next_seed = bytes.fromhex(stored) if stored else None

    def new_brain(self, t: LiveTable, seat: int) -> Computer:
        """A computer player for ``seat`` of the table's current deal, of its chair's level."""
        c = t.seat_chair(seat)
        level = c.level if c.computer and c.level else t.options.level
        seed = self.rng.randrange(2**32) if self.rng is not None else None
        brain = make_computer(level, seat, t.players, t.rules,
                              budget_ms=self.computer_budget_ms, seed=seed)
        brain.meet(who_sits_where(t))
        return brain


def who_sits_where(t: LiveTable) -> list[str]:
    """Who sits at each seat as the table message shows it: a computer's level, or
    ``"person"`` (also while a computer plays for a person who is away)."""
    out = []
    for seat in range(t.players):
        c = t.seat_chair(seat)
        out.append((c.level or t.options.level) if c.computer else "person")
    return out


# ---------------------------------------------------------------------- guards


def need_host(t: LiveTable, user_id: int) -> None:
    if user_id != t.host_id:
        raise NotHost()


def need_host_before_start(t: LiveTable, user_id: int) -> None:
    """Seating computers and starting are the host's, and only before the match starts."""
    need_host(t, user_id)
    if t.status != "open":
        raise ServiceError("already_started" if t.live else "table_closed")


def need_deal(t: LiveTable) -> Deal:
    """The deal being played; refused before the start, between deals and once closed."""
    if t.status == "open":
        raise NotStarted()
    if not t.live:
        raise ServiceError("table_closed")
    if t.status != "playing" or t.deal is None:
        raise ServiceError("deal_over")
    return t.deal
