"""The turn timer: one per table; when it runs out, the service lets a computer play that
turn for the absent person."""

from __future__ import annotations

import asyncio
import logging

import discord

from ...service.errors import ServiceError
from ...service.service import GameService

log = logging.getLogger("bot.shell")


def now() -> float:
    """Epoch seconds from discord.py's clock (simulated time under simcord)."""
    return discord.utils.utcnow().timestamp()


class TurnTimers:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.timers: dict[int, tuple[asyncio.Task[None], float, int]] = {}

    def arm(self, table_id: int, deadline: float | None, version: int) -> None:
        """The timer runs to ``deadline`` for the table at ``version``; None stops it."""
        current = self.timers.get(table_id)
        if current is not None:
            task, d, v = current
            if d == deadline and v == version and not task.done():
                return
            task.cancel()
            self.timers.pop(table_id, None)
        if deadline is None:
            return
        task = asyncio.create_task(self._wait(table_id, deadline, version))
        self.timers[table_id] = (task, deadline, version)

    def stop(self, table_id: int) -> None:
        self.arm(table_id, None, 0)

    def running(self, table_id: int) -> bool:
        return table_id in self.timers

    async def _wait(self, table_id: int, deadline: float, version: int) -> None:
        delay = deadline - now()
        if delay > 0:
            await asyncio.sleep(delay)
        entry = self.timers.get(table_id)
        if entry is not None and entry[2] == version:
            self.timers.pop(table_id, None)
        try:
            await self.service.timeout_turn(table_id, version)
        except (ServiceError, RuntimeError):
            pass
        except Exception:
            log.exception("table %d: the turn timer failed", table_id)

    def cancel_all(self) -> None:
        for task, _, _ in self.timers.values():
            task.cancel()
        self.timers.clear()
