"""What happened on a server, read back: stats, ratings by season, the history as a file, a
finished deal for its replay. Reads only (the ratings are written with the deal results,
``ratings.rate_safely``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from ..storage import queries as q
from ..storage.db import Storage
from .errors import ServiceError
from .export import MAX_FILES, Export, deal_record, export_files, export_history
from .ratings import MIN_MATCHES, board, current_season, player_history
from .ratings import seasons as seasons_rated


@dataclass(frozen=True)
class FinishedDeal:
    """A finished deal of a table, read back for its replay."""

    record: dict[str, Any]
    """The deal record as the export writes it (``export.deal_record``): rules, layout,
    actions, the seats' names, the result and, where stored, the fair-deal line."""
    place: int
    """Its place in the table's history, the first deal being 1."""
    deals: int
    """The deals the table has had so far, a running one included."""

    @property
    def deal_id(self) -> int:
        return int(self.record["deal_id"])


class History:
    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.db = storage
        self.clock = clock

    async def last_table_in_channel(self, channel_id: int) -> dict[str, int] | None:
        """The channel's newest table, live or finished, with its host (for exports)."""
        return await self.db.read(q.last_table_in_channel, channel_id)

    async def finished_deal(self, table_id: int, number: int | None = None, *,
                            deal_id: int | None = None) -> FinishedDeal:
        """A finished deal of the table: the ``number``th of its history (from 1), the deal
        ``deal_id``, or else the last one that ended. Only a deal that is over: the cards of
        a running (or abandoned) deal stay private, so asking for one is refused
        (``deal_not_over``), as are a number the table has not reached (``no_such_deal``), a
        table where no deal has ended yet (``no_finished_deal``) and a ``deal_id`` of another
        table (``bad_action``: a forged button)."""
        def read(c: Any) -> tuple[list[tuple[int, bool]], dict[str, Any] | None, int]:
            deals = q.table_deals(c, table_id)
            place = _place(deals, number, deal_id)
            if place is None or not deals[place - 1][1]:
                return deals, None, place or 0
            did = deals[place - 1][0]
            rows = q.finished_deals_page(c, did - 1, 1, None, table_id)
            return deals, (rows[0] if rows and rows[0]["id"] == did else None), place

        deals, row, place = await self.db.read(read)
        if not place:
            if deal_id is not None:
                raise ServiceError("bad_action")  # a button naming another table's deal
            if number is None or not deals:
                raise ServiceError("no_finished_deal")
            raise ServiceError("no_such_deal", number=number, deals=len(deals))
        if row is None:
            raise ServiceError("deal_not_over", number=place)
        return FinishedDeal(deal_record(row), place, len(deals))

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


def _place(deals: list[tuple[int, bool]], number: int | None, deal_id: int | None) -> int | None:
    """The asked deal's place in ``deals`` (from 1), or None when the table has no such deal;
    without ``number`` and ``deal_id``, the last deal that ended."""
    if deal_id is not None:
        return next((i for i, (d, _) in enumerate(deals, 1) if d == deal_id), None)
    if number is None:
        return next((i for i in range(len(deals), 0, -1) if deals[i - 1][1]), None)
    return number if 1 <= number <= len(deals) else None
