"""The Discord client: owns the game service and keeps the table messages, the open hands,
the turn timers and the knock ceremonies in step with what the service commits.

The service calls ``on_outcome`` after every committed change; everything shown on Discord is
rendered from the service's state after that commit (render after commit). Discord calls that
fail are logged and the game goes on: the database, not Discord, is the truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from ..config import Settings
from ..service.errors import ServiceError
from ..service.models import Committed, PublicState
from ..service.service import GameService
from .cards import cards_line
from .components import hand_buttons, next_deal_button, table_buttons
from .items import HandButton, TableButton
from .render import (
    ceremony_frames,
    hand_content,
    seat_name,
    table_content,
    team_label,
    verdict_lines,
)
from .texts import say

log = logging.getLogger("bot.shell")

HAND_TOKEN_LIFETIME = 14.5 * 60
"""Interaction tokens die after 15 minutes; stop pushing to a hand a little before that."""


@dataclass
class Pacing:
    """How fast the bot shows things. Tests and benchmarks use ``Pacing.instant()``."""

    table_edit_interval: float = 1.0
    """At most one edit of a table message per this many seconds (coalesced)."""
    ceremony_step: float = 1.5
    """Pause between the edits of a knock ceremony."""

    @classmethod
    def instant(cls) -> Pacing:
        return cls(0.0, 0.0)


def now() -> float:
    """Epoch seconds from discord.py's clock (simulated time under simcord)."""
    return discord.utils.utcnow().timestamp()


class GaigelBot(discord.Client):
    """Guilds intent only: slash commands and buttons need no privileged intents."""

    def __init__(self, settings: Settings, *, pacing: Pacing | None = None,
                 service_options: dict[str, Any] | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.pacing = pacing or Pacing()
        self.service_options = dict(service_options or {})
        self.service: GameService | None = None
        self.tree = GaigelTree(self)
        from .handlers import Handlers
        self.handlers = Handlers(self)
        self.tables = TableMessages(self)
        self.hands = Hands(self)
        self.timers = TurnTimers(self)
        self.ceremonies = Ceremonies(self)
        self._advancing: dict[int, asyncio.Task[None]] = {}
        self._advance_again: set[int] = set()
        self._resumed = False
        self.versions: dict[int, int] = {}
        """The latest version of each table the shell has heard of."""
        from .commands import register
        register(self.tree)

    # ------------------------------------------------------------------ life cycle

    async def setup_hook(self) -> None:
        from .translator import GaigelTranslator
        if self.service is None:
            options = {"computer_budget_ms": self.settings.computer_budget_ms,
                       **self.service_options}
            self.service = await GameService.open(
                self.settings.database_path, clock=now, on_outcome=self.on_outcome, **options)
        self.add_dynamic_items(TableButton, HandButton)
        await self.tree.set_translator(GaigelTranslator())

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
        for tid in service.live_tables():
            self.tables.touch(tid)

    async def close(self) -> None:
        await super().close()
        await self.close_service()

    async def close_service(self) -> None:
        """Stop timers and close the database (simcord never calls ``close()``)."""
        self.timers.cancel_all()
        if self.service is not None:
            service, self.service = self.service, None
            await service.close()

    @property
    def svc(self) -> GameService:
        if self.service is None:
            raise RuntimeError("the game service is not open")
        return self.service

    # ------------------------------------------------------------------ outcomes

    async def on_outcome(self, outcome: Committed) -> None:
        """Called by the service after each commit, under the table's lock: schedule the
        redraws, never call back into the service's changing methods for this table here."""
        tid = outcome.table_id
        self.versions[tid] = outcome.version
        if outcome.kind == "deal_started":
            self.ceremonies.retire(tid)
            self.hands.deal_started(tid)
            self.tables.slot(tid).notices.clear()
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
                except ServiceError:
                    pass
                except Exception:
                    log.exception("table %d: computer turns failed", table_id)
                if table_id not in self._advance_again:
                    break
        finally:
            self._advancing.pop(table_id, None)


class GaigelTree(app_commands.CommandTree[GaigelBot]):
    """Unexpected errors of a command get a short apology instead of silence."""

    async def on_error(self, interaction: discord.Interaction[GaigelBot],
                       error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.CheckFailure):
            text = str(error) or say("en", "error")
        else:
            log.error("command failed: %r", error, exc_info=error)
            text = say("en", "error")
        await self.client.handlers.answer(interaction, text)


# ---------------------------------------------------------------------- table messages


class _TableSlot:
    __slots__ = ("dirty", "task", "last_edit", "notices", "failures")

    def __init__(self) -> None:
        self.dirty = False
        self.task: asyncio.Task[None] | None = None
        self.last_edit = -1e9
        self.notices: deque[str] = deque(maxlen=3)
        self.failures = 0


class TableMessages:
    """One public message per table, edited in place, at most once per interval."""

    MAX_FAILURES = 5

    def __init__(self, bot: GaigelBot) -> None:
        self.bot = bot
        self.slots: dict[int, _TableSlot] = {}

    def slot(self, table_id: int) -> _TableSlot:
        s = self.slots.get(table_id)
        if s is None:
            s = self.slots[table_id] = _TableSlot()
        return s

    def notice(self, table_id: int, text: str) -> None:
        self.slot(table_id).notices.append(text)

    def touch(self, table_id: int, *, deadline: float | None = None,
              version: int | None = None) -> None:
        """The table changed: arm its timer now, redraw its message soon. ``deadline`` and
        ``version`` come with an outcome; without them they are read from the service."""
        if version is None:
            try:
                state = self.bot.svc.public_state(table_id)
            except (ServiceError, RuntimeError):
                return
            deadline, version = state.deadline, state.version
            self.bot.versions[table_id] = version
        self.bot.timers.arm(table_id, deadline, version)
        s = self.slot(table_id)
        s.dirty = True
        if s.task is None or s.task.done():
            s.task = asyncio.create_task(self._run(table_id, s))

    async def _run(self, table_id: int, s: _TableSlot) -> None:
        interval = self.bot.pacing.table_edit_interval
        while s.dirty:
            # While a ceremony tells the result, the table only says that the recount is under
            # way (no turn, no timer); the ceremony touches the table again when it is done.
            wait = s.last_edit + interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            recount = self.bot.ceremonies.busy(table_id)
            s.dirty = False
            s.last_edit = time.monotonic()
            ok = await self.redraw(table_id, recount=recount)
            if recount and self.bot.ceremonies.busy(table_id):
                return
            if not ok:
                # Try again later (the next change of the table also retries at once).
                s.failures += 1
                if s.failures < self.MAX_FAILURES:
                    asyncio.get_running_loop().call_later(
                        max(interval, 1.0) * 2 ** s.failures, self.touch, table_id)
            else:
                s.failures = 0
        if self.bot.service is not None:
            try:
                state = self.bot.svc.public_state(table_id)
            except ServiceError:
                return
            if state.status not in ("open", "playing", "waiting"):
                self.slots.pop(table_id, None)
                self.bot.hands.drop_table(table_id)
                self.bot.versions.pop(table_id, None)

    async def redraw(self, table_id: int, *, recount: bool = False) -> bool:
        """Edit the table message to the service's current state; False on a failed edit."""
        try:
            state = self.bot.svc.public_state(table_id)
        except (ServiceError, RuntimeError):
            return True
        if state.message_id is None:
            return True
        content = table_content(state, tuple(self.slot(table_id).notices), recount=recount)
        view = table_buttons(state, recount=recount)
        channel = self.bot.get_partial_messageable(state.channel_id, guild_id=state.guild_id)
        try:
            await channel.get_partial_message(state.message_id).edit(content=content, view=view)
        except discord.NotFound:
            return await self.repost(state)
        except discord.HTTPException as exc:
            log.warning("table %d: editing the table message failed (%s)", table_id, exc.status)
            return False
        finally:
            if view is not None:
                view.stop()
        return True

    async def repost(self, state: PublicState) -> bool:
        """The table message is gone (deleted): post a new one."""
        if state.status not in ("open", "playing", "waiting"):
            return True
        channel = self.bot.get_partial_messageable(state.channel_id, guild_id=state.guild_id)
        try:
            msg = await self.post(channel, state)
        except discord.HTTPException as exc:
            log.warning("table %d: posting the table message failed (%s)", state.table_id, exc.status)
            return False
        await self.bot.svc.set_message(state.table_id, msg.id)
        return True

    async def post(self, channel: Any, state: PublicState) -> discord.Message:
        view = table_buttons(state)
        kwargs: dict[str, Any] = {"content": table_content(state, tuple(self.slot(state.table_id).notices))}
        if view is not None:
            kwargs["view"] = view
        try:
            return await channel.send(**kwargs)  # type: ignore[no-any-return]
        finally:
            if view is not None:
                view.stop()


# ---------------------------------------------------------------------- hands


class _Hand:
    """A player's open hand: the interaction whose token can still edit it."""

    __slots__ = ("interaction", "opened", "version", "busy")

    def __init__(self, interaction: discord.Interaction[Any], version: int) -> None:
        self.interaction = interaction
        self.opened = time.monotonic()
        self.version = version
        self.busy = True


class Hands:
    """Open hands (ephemeral messages and DM mirrors) kept up to date, best effort.

    The player's own click answers by editing the same message (a fresh token each time).
    Other players' hands are pushed through their last interaction's token while it lives,
    and through the DM mirror for those who opted in.
    """

    def __init__(self, bot: GaigelBot) -> None:
        self.bot = bot
        self.open: dict[tuple[int, int], _Hand] = {}
        self.dms: dict[tuple[int, int], discord.Message] = {}
        self.dm_wanted: dict[int, bool] = {}
        self.dm_failed: set[int] = set()
        self.dm_tell: set[int] = set()
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.dirty: set[int] = set()

    # --- the player's own interaction

    def claim(self, table_id: int, user_id: int, interaction: discord.Interaction[Any],
              version: int) -> None:
        """This interaction now owns the user's hand message; pushes wait until it answered."""
        self.open[(table_id, user_id)] = _Hand(interaction, version)

    def answered(self, table_id: int, user_id: int, version: int) -> None:
        h = self.open.get((table_id, user_id))
        if h is None:
            return
        h.busy = False
        h.version = version
        if self.bot.versions.get(table_id, version) != version:
            self.touch(table_id)

    def forget(self, table_id: int, user_id: int) -> None:
        self.open.pop((table_id, user_id), None)

    def drop_table(self, table_id: int) -> None:
        """A table closed: its hands are history."""
        for key in [k for k in self.open if k[0] == table_id]:
            self.open.pop(key, None)
        for key in [k for k in self.dms if k[0] == table_id]:
            self.dms.pop(key, None)

    # --- pushes

    def touch(self, table_id: int) -> None:
        self.dirty.add(table_id)
        task = self.tasks.get(table_id)
        if task is None or task.done():
            self.tasks[table_id] = asyncio.create_task(self._run(table_id))

    def deal_started(self, table_id: int) -> None:
        """DM mirrors of the last deal are done; the new deal gets fresh DMs."""
        for key in [k for k in self.dms if k[0] == table_id]:
            self.dms.pop(key, None)

    async def _run(self, table_id: int) -> None:
        try:
            while table_id in self.dirty:
                self.dirty.discard(table_id)
                await self.push(table_id)
        finally:
            self.tasks.pop(table_id, None)

    async def push(self, table_id: int) -> None:
        service = self.bot.service
        if service is None:
            return
        try:
            state = service.public_state(table_id)
        except ServiceError:
            return
        if state.view is None:
            return
        jobs = []
        for s in state.seats:
            if s.user_id is None or s.computer:
                continue
            key = (table_id, s.user_id)
            h = self.open.get(key)
            if h is not None and not h.busy and h.version != state.version:
                if time.monotonic() - h.opened > HAND_TOKEN_LIFETIME:
                    self.open.pop(key, None)
                else:
                    jobs.append(self._push_one(state, s.user_id, h))
            if await self.wants_dm(s.user_id):
                jobs.append(self._push_dm(state, s.user_id))
        if jobs:
            await asyncio.gather(*jobs)

    async def _push_one(self, state: PublicState, user_id: int, h: _Hand) -> None:
        try:
            view, version = self.bot.svc.hand_view(state.table_id, user_id)
        except ServiceError:
            self.open.pop((state.table_id, user_id), None)
            return
        lang = state.options.language
        buttons = hand_buttons(state, view, version, lang)
        h.version = version
        try:
            await h.interaction.edit_original_response(
                content=hand_content(state, view, lang), view=buttons)
        except discord.HTTPException as exc:
            log.info("table %d: a hand push failed (%s); the player can reopen it",
                     state.table_id, exc.status)
            if self.open.get((state.table_id, user_id)) is h:
                self.open.pop((state.table_id, user_id), None)
        finally:
            buttons.stop()

    # --- DM mirror

    async def wants_dm(self, user_id: int) -> bool:
        wanted = self.dm_wanted.get(user_id)
        if wanted is None:
            try:
                wanted = (await self.bot.svc.get_user_prefs(user_id)).dm_mirror
            except Exception:
                wanted = False
            self.dm_wanted[user_id] = wanted
        return wanted and user_id not in self.dm_failed

    def set_dm(self, user_id: int, on: bool) -> None:
        self.dm_wanted[user_id] = on
        self.dm_failed.discard(user_id)
        self.dm_tell.discard(user_id)

    async def _push_dm(self, state: PublicState, user_id: int) -> None:
        key = (state.table_id, user_id)
        try:
            view, version = self.bot.svc.hand_view(state.table_id, user_id)
        except ServiceError:
            return
        lang = state.options.language
        content = hand_content(state, view, lang)
        buttons = hand_buttons(state, view, version, lang)
        msg = self.dms.get(key)
        try:
            if msg is None:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                msg = await user.send(content=content, view=buttons)
                self.dms[key] = msg
            else:
                await msg.edit(content=content, view=buttons)
        except discord.Forbidden:
            log.info("table %d: DMs closed for a player; mirror off for them", state.table_id)
            self.dm_failed.add(user_id)
            self.dm_tell.add(user_id)
            self.dms.pop(key, None)
        except discord.NotFound:
            self.dms.pop(key, None)
        except discord.HTTPException as exc:
            log.info("table %d: a DM push failed (%s)", state.table_id, exc.status)
        finally:
            buttons.stop()

    def dm_adopt(self, table_id: int, user_id: int, message: discord.Message | None) -> None:
        """A click in the DM answered by editing that message: it is the mirror now."""
        if message is not None:
            self.dms[(table_id, user_id)] = message


# ---------------------------------------------------------------------- turn timers


class TurnTimers:
    """One timer per table: when it runs out, the service lets a computer play that turn."""

    def __init__(self, bot: GaigelBot) -> None:
        self.bot = bot
        self.timers: dict[int, tuple[asyncio.Task[None], float, int]] = {}

    def arm(self, table_id: int, deadline: float | None, version: int) -> None:
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

    async def _wait(self, table_id: int, deadline: float, version: int) -> None:
        delay = deadline - now()
        if delay > 0:
            await asyncio.sleep(delay)
        entry = self.timers.get(table_id)
        if entry is not None and entry[2] == version:
            self.timers.pop(table_id, None)
        try:
            await self.bot.svc.timeout_turn(table_id, version)
        except ServiceError:
            pass
        except RuntimeError:
            pass
        except Exception:
            log.exception("table %d: the turn timer failed", table_id)

    def cancel_all(self) -> None:
        for task, _, _ in self.timers.values():
            task.cancel()
        self.timers.clear()


# ---------------------------------------------------------------------- the knock ceremony


class Ceremonies:
    """A knock or an accusation told in one public message edited a few times."""

    def __init__(self, bot: GaigelBot) -> None:
        self.bot = bot
        self.messages: dict[int, discord.Message] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}

    def start(self, state: PublicState, outcome: Committed) -> None:
        action = outcome.action
        assert action is not None
        lang = state.options.language
        name = seat_name(state, outcome.seat)
        recount: dict[str, Any] = {}
        for e in outcome.events:
            if e.kind == "recount":
                recount = e.seen_by(None).data
        teams = state.teams
        if action.do == "sevens":
            cards: list[str] = next((list(e.data.get("cards") or []) for e in outcome.events
                                     if e.kind == "sevens_shown"), [])
            call = say(lang, "sevens_call", name=name,
                       cards=cards_line(cards, state.options.suit_style))
            frames = [call]
            if outcome.deal_end is not None:
                frames.append("\n".join([call, *verdict_lines(state, outcome.deal_end)]))
        else:
            team = state.seats[recount.get("team", 0) % len(state.seats)].team if recount else 0
            label = team_label(state, team) if teams == 3 else "ABC"[team]
            key = "knock_call" if action.do == "knock" else "accuse_call"
            call = say(lang, key, name=name, team=label)
            frames = ceremony_frames(state, call, recount, outcome.deal_end)
        self.tasks[state.table_id] = asyncio.create_task(self._run(state, frames))

    def busy(self, table_id: int) -> bool:
        task = self.tasks.get(table_id)
        return task is not None and not task.done()

    async def _run(self, state: PublicState, frames: list[str]) -> None:
        try:
            await self._tell(state, frames)
        finally:
            self.tasks.pop(state.table_id, None)
            self.bot.tables.touch(state.table_id)

    async def _tell(self, state: PublicState, frames: list[str]) -> None:
        channel = self.bot.get_partial_messageable(state.channel_id, guild_id=state.guild_id)
        step = self.bot.pacing.ceremony_step
        try:
            msg = await channel.send(content=frames[0])
        except discord.HTTPException as exc:
            log.warning("table %d: posting the knock failed (%s)", state.table_id, exc.status)
            return
        self.messages[state.table_id] = msg
        for i, frame in enumerate(frames[1:], 1):
            if step:
                await asyncio.sleep(step)
            view = None
            if i == len(frames) - 1:
                try:
                    view = next_deal_button(self.bot.svc.public_state(state.table_id))
                except (ServiceError, RuntimeError):
                    view = None
            try:
                if view is not None:
                    await msg.edit(content=frame, view=view)
                else:
                    await msg.edit(content=frame)
            except discord.HTTPException as exc:
                log.warning("table %d: a ceremony edit failed (%s)", state.table_id, exc.status)
            finally:
                if view is not None:
                    view.stop()

    def retire(self, table_id: int) -> None:
        """A new deal began: the old ceremony's Next deal button goes."""
        msg = self.messages.pop(table_id, None)
        if msg is None:
            return

        async def strip() -> None:
            task = self.tasks.pop(table_id, None)
            if task is not None and not task.done():
                with contextlib.suppress(Exception):
                    await task
            with contextlib.suppress(discord.HTTPException):
                await msg.edit(view=None)

        asyncio.create_task(strip())
