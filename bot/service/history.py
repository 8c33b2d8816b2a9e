"""What happened on a server, read back: stats, ratings by season, the history as a file. Reads
only (the ratings are written with the deal results, ``ratings.rate_safely``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from ..storage import queries as q
from ..storage.db import Storage
from .export import MAX_FILES, Export, export_files, export_history
from .ratings import MIN_MATCHES, board, current_season, player_history
from .ratings import seasons as seasons_rated


class History:
    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.db = storage
        self.clock = clock

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
                          min_matches: int = MIN_MATCHES
                          ) -> tuple[str, list[dict[str, Any]]]:
        """The season (default: the current one) and its best people by rating (ordinal)."""
        def read(c: Any) -> tuple[str, list[dict[str, Any]]]:
            name = season or current_season(c, guild_id, self.clock())
            return name, board(c, guild_id, name, limit, min_matches)
        return await self.db.read(read)

    async def seasons(self, guild_id: int) -> tuple[str, list[str]]:
        """The current season and every season with ratings, newest first."""
        def read(c: Any) -> tuple[str, list[str]]:
            return current_season(c, guild_id, self.clock()), seasons_rated(c, guild_id)
        return await self.db.read(read)

    async def rating_history(self, guild_id: int, user_id: int, last: int = 50
                             ) -> tuple[str, list[dict[str, Any]]]:
        """The current season and a person's rating over their last ``last`` rated matches
        in it, oldest first."""
        def read(c: Any) -> tuple[str, list[dict[str, Any]]]:
            season = current_season(c, guild_id, self.clock())
            return season, player_history(c, guild_id, season, user_id, last)
        return await self.db.read(read)

    def export(self, *, guild_id: int | None = None, table_id: int | None = None,
               fmt: str = "json", since: float | None = None) -> AsyncIterator[str]:
        """The history as text chunks (``json`` or ``csv``), streamed page by page."""
        return export_history(self.db, guild_id=guild_id, table_id=table_id, fmt=fmt,
                              clock=self.clock, since=since)

    async def export_files(self, *, limit: int, guild_id: int | None = None,
                           table_id: int | None = None, fmt: str = "json",
                           since: float | None = None, max_files: int | None = None) -> Export:
        """The history as files of at most ``limit`` bytes for an upload (see
        ``export.export_files``); ``close()`` the answer once the files are sent."""
        return await export_files(self.db, limit=limit, guild_id=guild_id, table_id=table_id,
                                  fmt=fmt, since=since, clock=self.clock,
                                  max_files=MAX_FILES if max_files is None else max_files)
