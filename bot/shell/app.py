"""The Discord client: opens the game service and wires the parts that keep Discord in step
with what the service commits (``publish/``) and the handlers of commands and buttons
(``handlers/``).

The service calls ``on_outcome`` after every committed change; everything shown on Discord is
rendered from the service's state after that commit (render after commit). Discord calls that
fail are logged and the game goes on: the database, not Discord, is the truth.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any

import discord
from discord import app_commands

from ..config import Settings
from ..service.errors import ServiceError
from ..service.models import Committed
from ..service.service import GameService
from ..texts import say
from ..thinking import ThinkingClosed
from .buttons import (
    DailyButton,
    HandButton,
    PrimerButton,
    ReplayButton,
    TableButton,
    route_buttons,
)
from .commands import register
from .faces import CardFaces
from .handlers.context import Parts, answer
from .handlers.daily import DailyHandlers
from .handlers.info import InfoHandlers
from .handlers.lobby import LobbyHandlers
from .handlers.play import PlayHandlers
from .pacing import Pacing
from .publish.ceremony import Ceremonies
from .publish.hands import Hands
from .publish.pings import TurnPings
from .publish.table_message import TableMessages
from .publish.timers import TurnTimers, now
from .render import seat_name

log = logging.getLogger("bot.shell")

__all__ = ["GaigelBot", "Pacing"]


_START_UP_FROZEN = False


def freeze_start_up() -> None:
    """Once a process, when the bot is set up: what is alive then (modules, classes, functions,
    the wired parts, the tables loaded; some 76,000 objects) goes to the collector's permanent
    generation, so that the full collections while tables are played, which stop the event
    loop, scan only what came later (``bench/README.md``: the slowest clicks were full
    collections; ``python -m bench.start_up_gc``). A frozen object is still freed when nothing
    refers to it; only a cycle among frozen objects would stay. Once: a harness that builds
    many bots in one process would otherwise keep each one's leftovers for ever."""
    global _START_UP_FROZEN
    if _START_UP_FROZEN:
        return
    _START_UP_FROZEN = True
    gc.collect()
    gc.freeze()


class GaigelBot(discord.Client):
    """Guilds intent only: slash commands and buttons need no privileged intents. The parts
    (``tables``, ``hands``, ``timers``, ``ceremonies``, ``lobby``, ``play``, ``info``) are made
    in ``setup_hook``, once the service is open."""

    tables: TableMessages
    hands: Hands
    timers: TurnTimers
    ceremonies: Ceremonies
    pings: TurnPings
    lobby: LobbyHandlers
    play: PlayHandlers
    info: InfoHandlers

    def __init__(self, settings: Settings, *, pacing: Pacing | None = None,
                 service_options: dict[str, Any] | None = None, offline: bool = False) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        shards: dict[str, Any] = {}
        if isinstance(self, discord.AutoShardedClient) and settings.shards is not None:
            count, ids = settings.shards
            shards = {"shard_count": count, "shard_ids": list(ids)}
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(),
                         **shards)
        self.settings = settings
        self.pacing = pacing or Pacing()
        self.service_options = dict(service_options or {})
        self.service: GameService | None = None
        self.tree = GaigelTree(self)
        self._advancing: dict[int, asyncio.Task[None]] = {}
        self._advance_again: set[int] = set()
        self._resumed = False
        self.versions: dict[int, int] = {}
        """The latest version of each table the shell has heard of."""
        self.faces = CardFaces()
        """The card faces among the application's emojis (looked up in ``setup_hook``)."""
        self.offline = offline
        """Running in the offline mode's simulated Discord (``bot/offline.py``): it starts
        without the application's emojis, so the faces are uploaded at start-up, and its page
        cannot open discord.com, so no answer links there."""

    # ------------------------------------------------------------------ life cycle

    async def setup_hook(self) -> None:
        from .translator import GaigelTranslator
        if self.service is None:
            options = {"computer_budget_ms": self.settings.computer_budget_ms,
                       "computer_workers": self.settings.computer_workers,
                       "thinking_priority": self.settings.thinking_priority,
                       "coach_workers": self.settings.coach_workers,
                       "shards": self.settings.shards, **self.service_options}
            self.service = await GameService.open(
                self.settings.database, clock=now, on_outcome=self.on_outcome, **options)
        self.wire(self.service)
        # The faces are looked up before anything is drawn: on_ready (resume, which redraws
        # the recovered tables) comes only after setup_hook, and login has set the
        # application_id the lookup needs by now.
        if self.offline:
            await self._upload_faces()
        await self.faces.load(self)
        self.add_dynamic_items(TableButton, HandButton, PrimerButton, ReplayButton, DailyButton)
        await self.tree.set_translator(GaigelTranslator())
        freeze_start_up()

    async def _upload_faces(self) -> None:
        """As ``python -m bot sync`` does on Discord (offline: a new simulated Discord has
        none); on failure, text cards and one log line."""
        from .faces import upload_faces
        try:
            await upload_faces(self)
        except Exception as exc:
            log.warning("card faces: uploading failed (%s); cards are shown as text",
                        getattr(exc, "status", None) or repr(exc))

    def wire(self, service: GameService) -> None:
        """Make the parts, each given what it uses; give the buttons their routes and add the
        commands, built with the handlers they call, to the tree (nothing looks a handler up
        on the client)."""
        self.timers = TurnTimers(service)
        self.hands = Hands(self, service, self.versions, faces=self.faces)
        self.tables = TableMessages(self, service, self.pacing,
                                    timers=self.timers, hands=self.hands,
                                    versions=self.versions, faces=self.faces)
        self.ceremonies = Ceremonies(self, service, self.pacing,
                                     on_done=self.tables.touch, faces=self.faces)
        self.tables.ceremonies = self.ceremonies
        self.pings = TurnPings(self, service, self.hands, self.pacing)
        self.tables.pings = self.pings
        parts = Parts(service, self.tables, self.hands, self.timers, self.advance, self.faces,
                      links=not self.offline)
        self.play = PlayHandlers(parts)
        self.lobby = LobbyHandlers(parts, self.play)
        self.info = InfoHandlers(parts)
        self.daily = DailyHandlers(parts)
        route_buttons(table=self.lobby.table_click, hand=self.play.hand_click,
                      primer=self.info.primer_click, replay=self.info.replay_click,
                      daily=self.daily.daily_click)
        register(self.tree, lobby=self.lobby, play=self.play, info=self.info, daily=self.daily)

    async def on_ready(self) -> None:
        if self._resumed:
            return
        self._resumed = True
        await self.resume()

    async def resume(self) -> None:
        """After a (re)start: computers take their pending turns, every live table message is
        redrawn (so its buttons carry the current version) and the timers are armed again."""
        service = self.svc
        try:
            await service.resume_all()
        except Exception:
            log.exception("resuming tables failed")
        await self.hands.restore()
        await self.ceremonies.restore()
        await self.pings.restore()
        for tid in service.live_tables():
            self.tables.touch(tid)
            self.pings.touch(tid)

    async def close(self) -> None:
        await super().close()
        await self.close_service()

    async def close_service(self) -> None:
        """Stop timers and close the database (simcord never calls ``close()``)."""
        if hasattr(self, "timers"):
            self.timers.cancel_all()
            self.hands.cancel_all()
            self.pings.cancel_all()
        if self.service is not None:
            service, self.service = self.service, None
            await service.close()

    @property
    def svc(self) -> GameService:
        if self.service is None:
            raise RuntimeError("the game service is not open")
        return self.service

    # ------------------------------------------------------------------ committed changes

    async def on_outcome(self, outcome: Committed) -> None:
        """Called by the service with each committed outcome, in commit order, after the
        table's lock is released: schedule the redraws."""
        tid = outcome.table_id
        self.versions[tid] = outcome.version
        if outcome.kind == "deal_started":
            self.ceremonies.retire(tid, outcome.deal_number)
            self.tables.clear_notices(tid)
        action = outcome.action
        if action is not None and (outcome.via in ("timeout", "skip")
                                   or action.do in ("knock", "accuse", "sevens")):
            try:
                state = self.svc.public_state(tid)
            except ServiceError:
                return
            lang = state.options.language
            if outcome.via in ("timeout", "skip"):
                name = seat_name(state, outcome.seat)
                self.tables.notice(tid, say(lang, "timeout_played" if outcome.via == "timeout"
                                            else "skipped", name=name))
                if (outcome.via == "timeout" and outcome.seat is not None
                        and state.seats[outcome.seat].away):
                    self.tables.notice(tid, say(lang, "now_away", name=name))
            if action.do in ("knock", "accuse", "sevens"):
                self.ceremonies.start(state, outcome)
        self.tables.touch(tid, deadline=outcome.deadline, version=outcome.version)
        self.hands.touch(tid)
        self.pings.touch(tid)

    def advance(self, table_id: int) -> None:
        """Let computer players take their turns, in the background, one run per table."""
        task = self._advancing.get(table_id)
        if task is not None and not task.done():
            self._advance_again.add(table_id)
            return
        self._advancing[table_id] = asyncio.create_task(self._advance(table_id))

    async def _advance(self, table_id: int) -> None:
        try:
            while True:
                self._advance_again.discard(table_id)
                try:
                    await self.svc.advance(table_id)
                except (ServiceError, ThinkingClosed):  # closing: they play after the restart
                    pass
                except Exception:
                    log.exception("table %d: computer turns failed", table_id)
                if table_id not in self._advance_again:
                    break
        finally:
            self._advancing.pop(table_id, None)


class ShardedGaigelBot(GaigelBot, discord.AutoShardedClient):
    """The bot with ``SHARD_COUNT`` (and ``SHARD_IDS``): an ``AutoShardedClient`` running those
    gateway shards in this process; its service drives only the tables of their guilds."""


class GaigelTree(app_commands.CommandTree[GaigelBot]):
    """Unexpected errors of a command get a short apology instead of silence."""

    async def on_error(self, interaction: discord.Interaction[GaigelBot],
                       error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.CheckFailure):
            text = str(error) or say("en", "error")
        else:
            log.error("command failed: %r", error, exc_info=error)
            text = say("en", "error")
        await answer(interaction, text)
