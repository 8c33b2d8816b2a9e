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
        cur = await self.get_user_prefs(user_id)
        if language is not None and language not in ("en", "de"):
            raise BadOption("language must be en or de")
        new = UserPrefs(user_id, cur.dm_mirror if dm_mirror is None else bool(dm_mirror),
                        language or cur.language, cur.ping if ping is None else bool(ping),
                        cur.primer_told if primer_told is None else bool(primer_told))
        await self.db.write(q.put_user_prefs, user_id, new.dm_mirror, new.language, new.ping,
                            new.primer_told, self.clock())
        return new
