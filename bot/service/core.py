"""The one path every change of a table takes: find the table, take its lock, write one
transaction with the table's version bump, then tell ``on_outcome``. Lobby, play and the
computer seats are built on these few methods; nothing else writes a table."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from engine import Deal

from ..storage import queries as q
from ..storage.db import StaleVersion, Storage
from ..thinking import ThinkingPool, default_workers
from .computer import Computer, levels, make_computer
from .errors import ServiceError
from .hydrate import build_table
from .models import Committed
from .registry import CLOSED_KEPT, TableRegistry
from .table import LiveTable

log = logging.getLogger("bot.service")

CommittedCallback = Callable[[Committed], Awaitable[None]]


class ServiceCore:
    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 on_outcome: CommittedCallback | None = None,
                 computer_budget_ms: int | None = None, seed: int | None = None,
                 closed_kept: int = CLOSED_KEPT,
                 shards: tuple[int, tuple[int, ...]] | None = None,
                 computer_workers: int | None = None) -> None:
        self.db = storage
        self.shards = shards
        """``(shard_count, shard_ids)`` of this process: it recovers, times and drives only
        the tables of guilds on those shards (other processes run the others); None: all."""
        self.clock = clock
        self.on_outcome = on_outcome
        """Awaited after each change is committed, in order, under the table's lock: the shell
        may render there, but must not call this service's changing methods for that table."""
        self.computer_budget_ms = computer_budget_ms
        self.thinking = ThinkingPool(computer_workers or default_workers())
        """The processes every search runs in (``GameService.open`` starts them)."""
        self._rng = random.Random(seed) if seed is not None else None
        self.tables = TableRegistry(closed_kept)
        self._create_lock = asyncio.Lock()
        """Opening tables one at a time keeps one live table per channel."""
        self.recovered: list[int] = []
        """Tables rebuilt at start."""

    async def close(self) -> None:
        try:
            await self.thinking.close()
        finally:
            await self.db.close()

    # ------------------------------------------------------------------ the change path

    @asynccontextmanager
    async def _changing(self, table_id: int) -> AsyncIterator[LiveTable]:
        """The table under its lock, rebuilt first if an earlier write was interrupted."""
        t = self.tables.need(table_id)
        async with t.lock:
            if t.dirty:
                await self._reload(t)
            if self.tables.get(t.id) is not t:
                raise ServiceError("no_table")
            yield t

    async def _commit(self, t: LiveTable, change: Callable[[Any], Any] | None = None, *,
                      now: float | None = None, **columns: Any) -> Any:
        """One transaction: the table's version bump (setting ``columns`` of its row) and
        ``change``; memory's version follows once it is committed. Returns ``change``'s
        answer."""
        at = self.clock() if now is None else now

        def txn(c: Any) -> Any:
            q.bump(c, t.id, t.version, updated_at=at, **columns)
            return None if change is None else change(c)

        answer = await self._write(t, txn)
        t.version += 1
        return answer

    async def _write(self, t: LiveTable, fn: Callable[[Any], Any], *, single: bool = False) -> Any:
        """One transaction (``single``: ``fn`` is one statement, its own transaction); on any
        failure the table is rebuilt from the database."""
        try:
            if single:
                return await self.db.write_statement(fn)
            return await self.db.write(fn)
        except asyncio.CancelledError:
            t.dirty = True
            raise
        except StaleVersion:
            await self._reload(t)
            raise ServiceError("stale") from None
        except BaseException:
            t.dirty = True
            try:
                await self._reload(t)
            except Exception:
                log.exception("table %d: reload after a failed write failed", t.id)
            raise

    async def _emit(self, t: LiveTable, outcome: Committed, outcomes: list[Committed]) -> None:
        outcomes.append(outcome)
        if self.on_outcome is not None:
            try:
                await self.on_outcome(outcome)
            except Exception:
                log.exception("table %d: on_outcome callback failed", t.id)

    # ------------------------------------------------------------------ memory from the database

    def _build(self, row: dict[str, Any], lock: asyncio.Lock | None = None) -> LiveTable:
        return build_table(row, self._new_brain, lock)

    async def _reload(self, t: LiveTable) -> None:
        """Rebuild a table from the database after a failed or interrupted write."""
        rows = await self.db.read(q.load_live, t.id)
        if not rows:
            self.tables.discard(t.id)
            return
        fresh = self._build(rows[0], lock=t.lock)
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
        """Bring a closed table back into memory, so that the buttons of its old messages answer
        after a restart as they did before (a start recovers only live tables). False when
        there is no such table, or when it belongs to a guild of another process's shards."""
        t = self.tables.get(table_id)
        if t is None:
            rows = await self.db.read(q.load_live, table_id)
            if not rows or not self.owns(int(rows[0]["guild_id"])):
                return False
            t = self.tables.get(table_id)  # another click may have loaded it meanwhile
            if t is None:
                t = self._build(rows[0])
                self.tables.add(t)
        if not t.live:
            self.tables.note_closed(t)
        return True

    def _new_brain(self, t: LiveTable, seat: int) -> Computer:
        c = t.seat_chair(seat)
        level = c.level if c.computer and c.level else t.options.level
        seed = self._rng.randrange(2**32) if self._rng is not None else None
        return make_computer(level, seat, t.players, t.rules,
                             budget_ms=self.computer_budget_ms, seed=seed)

    # ------------------------------------------------------------------ lookups and guards

    def table_in_channel(self, channel_id: int) -> int | None:
        """The live (open, playing or waiting) table of a channel."""
        return self.tables.in_channel(channel_id)

    def live_tables(self) -> list[int]:
        return self.tables.live_ids()

    def seat_of(self, table_id: int, user_id: int) -> int | None:
        """The user's engine seat in the current deal (their chair before the first deal)."""
        t = self.tables.need(table_id)
        chair = t.chair_of_user(user_id)
        return None if chair is None else t.seat_of_chair(chair)

    def is_host(self, table_id: int, user_id: int) -> bool:
        return self.tables.need(table_id).host_id == user_id

    @staticmethod
    def computer_levels() -> tuple[str, ...]:
        return levels()

    @staticmethod
    def _need_host(t: LiveTable, user_id: int) -> None:
        if user_id != t.host_id:
            raise ServiceError("not_host")

    def _need_host_before_start(self, t: LiveTable, user_id: int) -> None:
        """Seating computers and starting are the host's, and only before the match starts."""
        self._need_host(t, user_id)
        if t.status != "open":
            raise ServiceError("already_started" if t.live else "table_closed")

    @staticmethod
    def _need_deal(t: LiveTable) -> Deal:
        if t.status == "open":
            raise ServiceError("not_started")
        if not t.live:
            raise ServiceError("table_closed")
        if t.status != "playing" or t.deal is None:
            raise ServiceError("deal_over")
        return t.deal
