"""A server's settings (the defaults of its new tables) and a person's preferences: plain rows,
no table and no lock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..storage import queries as q
from ..storage.db import Storage
from .computer import levels
from .errors import BadOption
from .models import TableOptions, UserPrefs


class Settings:
    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self.db = storage
        self.clock = clock

    async def get_settings(self, guild_id: int) -> TableOptions:
        row = await self.db.run(q.get_guild_settings, guild_id)
        return TableOptions() if row is None else TableOptions.from_json(row)

    async def settings_stored(self, guild_id: int) -> bool:
        """Whether the server has settings of its own (else the defaults apply)."""
        return await self.db.run(q.get_guild_settings, guild_id) is not None

    async def set_settings(self, guild_id: int, **changes: Any) -> TableOptions:
        old = await self.get_settings(guild_id)
        new = old.changed(levels(), **changes)
        now = self.clock()

        def txn(c: Any) -> None:
            q.put_guild_settings(c, guild_id, new.to_json(), now)
            if new.season != old.season:
                q.put_season_mode(c, guild_id, new.season, now)

        await self.db.write(txn)
        return new

    async def get_user_prefs(self, user_id: int) -> UserPrefs:
        row = await self.db.run(q.get_user_prefs, user_id)
        return UserPrefs(user_id) if row is None else UserPrefs(user_id, **row)

    async def set_user_prefs(self, user_id: int, *, dm_mirror: bool | None = None,
                             language: str | None = None, ping: bool | None = None,
                             primer_told: bool | None = None) -> UserPrefs:
        """Change the given preferences (None: leave it) and answer all of them as stored.
        Only the changed columns are written, in one transaction with the read: the row is
        never read, then written back whole, which lost a preference changed in between."""
        if language is not None and language not in ("en", "de"):
            raise BadOption("language must be en or de")
        changes: dict[str, Any] = {k: v for k, v in (
            ("dm_mirror", dm_mirror), ("language", language), ("ping", ping),
            ("primer_told", primer_told)) if v is not None}
        now = self.clock()

        def txn(c: Any) -> dict[str, Any] | None:
            if changes:
                q.put_user_prefs(c, user_id, changes, now)
            return q.get_user_prefs(c, user_id)

        row = await self.db.write(txn)
        return UserPrefs(user_id) if row is None else UserPrefs(user_id, **row)
