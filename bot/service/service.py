"""The game service: tables, seats, deals and matches, durable before anything is acknowledged.

Every change of a table is one database transaction together with the table's version bump,
committed before the method returns (or the ``on_outcome`` callback hears of it). One
``asyncio.Lock`` per table serializes its changes; different tables never wait for each other's
lock. Reads (``public_state``, ``hand_view``) take no lock: they read memory between awaits.

No Discord types: users are ints, names are strings; the Discord shell, the command line and the
benchmarks all drive this same class.

The class is built in layers, one file each, read from the bottom up: ``core`` (the change
path: lock, transaction with the version bump, tell), ``deals`` (dealing and applying an
action), ``computer_seats``, ``play`` (a person's action, timer, skip),
``lobby`` (seats, start, next deal, end); ``views`` and ``hydrate`` are plain functions.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

from engine import View

from ..storage import queries as q
from ..storage.db import Storage
from . import ratings
from .coach import Hint, Review, ReviewCache, hint_for, review_for
from .lobby import Lobby
from .models import Committed, PublicState, ShownMessage
from .views import hand_view, public_state

log = logging.getLogger("bot.service")


class GameService(Lobby):
    """Create with ``await GameService.open(path)``; ``await close()`` when done."""

    def __init__(self, storage: Storage, **kwargs: Any) -> None:
        super().__init__(storage, **kwargs)
        self.reviews = ReviewCache()
        """The coach's reviews of finished deals, by (table, deal, seat)."""

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> GameService:
        """Open the database (migrating it), rebuild every live table by replay and start the
        thinking processes (ready before the first computer's turn)."""
        storage = await Storage.open(path)
        service = cls(storage, **kwargs)
        try:
            await service._recover()
            await service.thinking.start()
        except BaseException:
            await service.close()
            raise
        return service

    async def _recover(self) -> None:
        """Rebuild the live tables of this process's shards (all without shards)."""
        rows = await self.db.read(q.load_live, None, self.shards)
        for row in rows:
            table = self._build(row)
            self.tables.add(table)
            self.recovered.append(table.id)
        if rows:
            log.info("recovered %d live tables", len(rows))

    async def resume_all(self) -> dict[int, list[Committed]]:
        """Let computers take the turns that were theirs when the process stopped."""
        out: dict[int, list[Committed]] = {}
        for table_id in self.tables:
            t = self.tables.get(table_id)
            if t is not None and t.status == "playing":
                outcomes = await self.advance(table_id)
                if outcomes:
                    out[table_id] = outcomes
        return out

    # ------------------------------------------------------------------ the coach

    async def hint(self, table_id: int, user_id: int) -> Hint:
        """What the coach would play from the user's seat now (beginner tables)."""
        return await hint_for(self.tables.need(table_id), user_id, self.computer_budget_ms,
                              self.thinking)

    async def review(self, table_id: int, user_id: int) -> Review:
        """The coach's review of the user's plays in the table's last finished deal (beginner
        tables): up to three plays where the strong player's choice scores best against
        theirs, from what their seat knew then. Changes nothing."""
        return await review_for(self.db, self.tables.need(table_id), user_id,
                                self.computer_budget_ms, self.reviews, self.thinking)

    # ------------------------------------------------------------------ views

    def hand_view(self, table_id: int, user_id: int) -> tuple[View, int]:
        """The seat's engine View of the current (or just finished) deal, and the version."""
        return hand_view(self.tables.need(table_id), user_id)

    def public_state(self, table_id: int) -> PublicState:
        return public_state(self.tables.need(table_id))

    # ------------------------------------------------------------------ messages to reach again

    async def remember_message(self, shown: ShownMessage) -> None:
        """Keep ``shown`` as the live message of its kind for that person at that table (no
        version bump: the game does not change)."""
        await self.db.write(q.put_shown_message, shown.table_id, shown.kind, shown.user_id,
                            shown.deal_number, shown.channel_id, shown.message_id, shown.token,
                            shown.opened_at)

    async def forget_message(self, table_id: int, kind: str, user_id: int = 0) -> None:
        await self.db.write(q.delete_shown_message, table_id, kind, user_id)

    async def shown_messages(self, table_id: int | None = None) -> list[ShownMessage]:
        rows = await self.db.read(q.shown_messages, table_id)
        if self.shards is not None and table_id is None:  # another process's are not ours
            rows = [row for row in rows if row["table_id"] in self.tables]
        return [ShownMessage(**row) for row in rows]

    # ------------------------------------------------------------------ history and stats

    async def last_table_in_channel(self, channel_id: int) -> dict[str, int] | None:
        """The channel's newest table, live or finished, with its host (for exports)."""
        return await self.db.read(q.last_table_in_channel, channel_id)

    async def stats(self, guild_id: int, user_id: int | None = None) -> dict[str, Any]:
        """A player's stats in a guild, or the guild's when ``user_id`` is None."""
        if user_id is None:
            return await self.db.read(q.guild_stats, guild_id)
        out = await self.db.read(q.player_stats, guild_id, user_id)
        out["user_id"] = user_id
        return out

    async def leaderboard(self, guild_id: int, limit: int = 10, season: str | None = None,
                          min_matches: int = ratings.MIN_MATCHES
                          ) -> tuple[str, list[dict[str, Any]]]:
        """The season (default: the current one) and its best people by rating (ordinal)."""
        def read(c: Any) -> tuple[str, list[dict[str, Any]]]:
            name = season or ratings.current_season(c, guild_id, self.clock())
            return name, ratings.board(c, guild_id, name, limit, min_matches)
        return await self.db.read(read)

    async def seasons(self, guild_id: int) -> tuple[str, list[str]]:
        """The current season and every season with ratings, newest first."""
        def read(c: Any) -> tuple[str, list[str]]:
            return ratings.current_season(c, guild_id, self.clock()), ratings.seasons(c, guild_id)
        return await self.db.read(read)

    async def rating_history(self, guild_id: int, user_id: int, last: int = 50
                             ) -> tuple[str, list[dict[str, Any]]]:
        """The current season and a person's rating over their last ``last`` rated matches
        in it, oldest first."""
        def read(c: Any) -> tuple[str, list[dict[str, Any]]]:
            season = ratings.current_season(c, guild_id, self.clock())
            return season, ratings.player_history(c, guild_id, season, user_id, last)
        return await self.db.read(read)

    def export(self, *, guild_id: int | None = None, table_id: int | None = None,
               fmt: str = "json") -> AsyncIterator[str]:
        """The history as text chunks (``json`` or ``csv``), streamed page by page."""
        from .export import export_history
        return export_history(self.db, guild_id=guild_id, table_id=table_id, fmt=fmt,
                              clock=self.clock)
