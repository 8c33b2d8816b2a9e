"""The turn timer: one per table; when it runs out, the service lets a computer play that
turn for the absent person."""

from __future__ import annotations

import logging

import discord

from ...service.errors import ServiceError
from ...service.service import GameService
from ..alarms import Alarms

log = logging.getLogger("bot.shell")


def now() -> float:
    """Epoch seconds from discord.py's clock (simulated time under simcord)."""
    return discord.utils.utcnow().timestamp()


class TurnTimers:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.timers: Alarms[int] = Alarms(self._run_out, clock=now)
        """Each table's deadline (epoch seconds, as stored) and the version it was set for."""

    def arm(self, table_id: int, deadline: float | None, version: int) -> None:
        """The timer runs to ``deadline`` for the table at ``version``; None stops it."""
        if deadline is None:
            self.timers.cancel(table_id)
        elif self.timers.get(table_id) != (deadline, version):
            self.timers.set(table_id, deadline, version)

    def stop(self, table_id: int) -> None:
        self.arm(table_id, None, 0)

    def running(self, table_id: int) -> bool:
        return table_id in self.timers

    async def _run_out(self, table_id: int, version: int) -> None:
        try:
            await self.service.timeout_turn(table_id, version)
        except (ServiceError, RuntimeError):
            pass
        except Exception:
            log.exception("table %d: the turn timer failed", table_id)

    def cancel_all(self) -> None:
        self.timers.clear()
