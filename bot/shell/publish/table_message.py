"""The public table message: one per table, edited in place at most once per interval, with
the last few notices ("a computer played for X"). Only what the table may see."""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import deque
from typing import Any

import discord

from ...pictures.table import TableScene, render_table, table_scene
from ...service.errors import ServiceError
from ...service.models import LIVE, PublicState
from ...service.service import GameService
from ..faces import CardFaces
from ..layouts import table_buttons
from ..pacing import Pacing
from ..render import table_content, table_picture_text
from .ceremony import Ceremonies
from .hands import Hands
from .pings import TurnPings
from .timers import TurnTimers, now

log = logging.getLogger("bot.shell")

RENEW_AFTER = 50 * 60
"""Seconds: a live table's message this old is replaced by a fresh one at its next change,
before Discord limits its edits (messages older than an hour, error 30046)."""
EDITS_LIMITED = 30046
"""Discord's error code: "Maximum number of edits to messages older than 1 hour reached"."""


def message_age(message_id: int) -> float:
    """Seconds since Discord created the message (its snowflake's time; the bot's clock, so
    simulated time under simcord)."""
    return now() - discord.utils.snowflake_time(message_id).timestamp()


class _TableSlot:
    __slots__ = ("dirty", "task", "last_edit", "notices", "failures", "scene")

    def __init__(self) -> None:
        self.scene: TableScene | None = None
        """What the picture attached to the table message shows (None: no picture)."""
        self.dirty = False
        self.task: asyncio.Task[None] | None = None
        self.last_edit = -1e9
        self.notices: deque[str] = deque(maxlen=3)
        self.failures = 0


class TableMessages:
    MAX_FAILURES = 5

    def __init__(self, client: discord.Client, service: GameService, pacing: Pacing, *,
                 timers: TurnTimers, hands: Hands, versions: dict[int, int],
                 faces: CardFaces | None = None) -> None:
        self.client = client
        self.faces = faces if faces is not None else CardFaces()
        self.service = service
        self.pacing = pacing
        """At most one edit per table per ``table_edit_interval`` seconds."""
        self.timers = timers
        self.hands = hands
        self.versions = versions
        self.ceremonies: Ceremonies | None = None
        """Set by the bot once made (a ceremony tells the table when it is done)."""
        self.pings: TurnPings | None = None
        """Set by the bot once made (a closed table's ping goes with it)."""
        self.slots: dict[int, _TableSlot] = {}

    def slot(self, table_id: int) -> _TableSlot:
        s = self.slots.get(table_id)
        if s is None:
            s = self.slots[table_id] = _TableSlot()
        return s

    def notice(self, table_id: int, text: str) -> None:
        self.slot(table_id).notices.append(text)

    def clear_notices(self, table_id: int) -> None:
        self.slot(table_id).notices.clear()

    def touch(self, table_id: int, *, deadline: float | None = None,
              version: int | None = None) -> None:
        """The table changed: arm its timer now, redraw its message soon. ``deadline`` and
        ``version`` come with a committed change; without them they are read from the
        service."""
        if version is None:
            try:
                state = self.service.public_state(table_id)
            except (ServiceError, RuntimeError):
                return
            deadline, version = state.deadline, state.version
            self.versions[table_id] = version
        self.timers.arm(table_id, deadline, version)
        s = self.slot(table_id)
        s.dirty = True
        if s.task is None or s.task.done():
            s.task = asyncio.create_task(self._run(table_id, s))

    def _recounting(self, table_id: int) -> bool:
        return self.ceremonies is not None and self.ceremonies.busy(table_id)

    async def _run(self, table_id: int, s: _TableSlot) -> None:
        interval = self.pacing.table_edit_interval
        while s.dirty:
            # While a ceremony tells the result, the table only says that the recount is under
            # way (no turn, no timer); the ceremony touches the table again when it is done.
            wait = s.last_edit + interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            recount = self._recounting(table_id)
            s.dirty = False
            s.last_edit = time.monotonic()
            ok = await self.redraw(table_id, recount=recount)
            if recount and self._recounting(table_id):
                return
            if not ok:
                # Try again later (the next change of the table also retries at once).
                s.failures += 1
                if s.failures < self.MAX_FAILURES:
                    asyncio.get_running_loop().call_later(
                        max(interval, 1.0) * 2 ** s.failures, self.touch, table_id)
            else:
                s.failures = 0
        try:
            state = self.service.public_state(table_id)
        except (ServiceError, RuntimeError):
            return
        if state.status not in ("open", "playing", "waiting"):
            self.slots.pop(table_id, None)
            self.hands.drop_table(table_id)
            if self.pings is not None:
                self.pings.drop_table(table_id)
            self.versions.pop(table_id, None)

    def scene(self, state: PublicState) -> TableScene | None:
        """What the table's picture would show (None: no deal, or ``pictures: off``)."""
        return table_scene(state) if state.options.pictures else None

    async def picture(self, scene: TableScene, state: PublicState) -> discord.File:
        """The table's picture as a file, drawn in a thread (cached by the scene); its
        description names the public cards it shows (screen readers)."""
        data, fmt = await asyncio.to_thread(render_table, scene)
        return discord.File(io.BytesIO(data), filename=f"table.{fmt}",
                            description=table_picture_text(state))

    async def redraw(self, table_id: int, *, recount: bool = False) -> bool:
        """Edit the table message to the service's current state; False on a failed edit.
        The picture is sent again only when what it shows has changed."""
        try:
            state = self.service.public_state(table_id)
        except (ServiceError, RuntimeError):
            return True
        if state.message_id is None:
            return True
        if state.status in LIVE and message_age(state.message_id) >= RENEW_AFTER:
            return await self.renew(state, recount=recount)
        s = self.slot(table_id)
        scene = self.scene(state)
        content = table_content(state, tuple(s.notices), recount=recount,
                                faces=self.faces.for_table(state), picture=scene is not None)
        kwargs: dict[str, Any] = {"content": content}
        if scene != s.scene or (scene is None and state.status == "open"):
            # (open again after a match: the finished match's picture goes, also when this
            # slot is new and does not know it is there)
            kwargs["attachments"] = [await self.picture(scene, state)] if scene is not None else []
        view = table_buttons(state, recount=recount)
        kwargs["view"] = view
        channel = self.client.get_partial_messageable(state.channel_id, guild_id=state.guild_id)
        try:
            await channel.get_partial_message(state.message_id).edit(**kwargs)
            s.scene = scene
        except discord.NotFound:
            return await self.repost(state, recount=recount)
        except discord.HTTPException as exc:
            if exc.code == EDITS_LIMITED:
                log.info("table %d: Discord refuses more edits of the table message (%s)",
                         table_id, exc.code)
                return await self.renew(state, recount=recount)
            log.warning("table %d: editing the table message failed (%s)", table_id, exc.status)
            return False
        finally:
            if view is not None:
                view.stop()
        return True

    async def repost(self, state: PublicState, *, recount: bool = False) -> bool:
        """The table message is gone (deleted): post a new one."""
        if state.status not in LIVE:
            return True
        return await self._replace(state, recount)

    async def renew(self, state: PublicState, *, recount: bool = False) -> bool:
        """Replace a table message Discord limits (or is about to limit) the edits of: post a
        fresh one with the current state and buttons, make it the table's (in the database,
        so a restart edits it), then delete the old one. Deleted rather than edited into a
        pointer: a refused message cannot be edited even once more, a deletion is not an
        edit, and no retired buttons are left to click (a click on them is refused anyway:
        ``LobbyHandlers.table_click`` acts only on the table's current message)."""
        old = state.message_id
        if not await self._replace(state, recount):
            return False
        if old is not None:
            channel = self.client.get_partial_messageable(state.channel_id,
                                                          guild_id=state.guild_id)
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException as exc:
                log.info("table %d: deleting the old table message failed (%s)",
                         state.table_id, exc.status)
        log.info("table %d: the table message was posted afresh", state.table_id)
        return True

    async def _replace(self, state: PublicState, recount: bool) -> bool:
        """Post a new table message and make it the table's."""
        channel = self.client.get_partial_messageable(state.channel_id, guild_id=state.guild_id)
        try:
            msg = await self.post(channel, state, recount=recount)
        except discord.HTTPException as exc:
            log.warning("table %d: posting the table message failed (%s)", state.table_id,
                        exc.status)
            return False
        await self.service.set_message(state.table_id, msg.id)
        return True

    async def post(self, channel: Any, state: PublicState, *,
                   recount: bool = False) -> discord.Message:
        s = self.slot(state.table_id)
        scene = self.scene(state)
        kwargs: dict[str, Any] = {"content": table_content(
            state, tuple(s.notices), recount=recount, faces=self.faces.for_table(state),
            picture=scene is not None)}
        if scene is not None:
            kwargs["file"] = await self.picture(scene, state)
        view = table_buttons(state, recount=recount)
        if view is not None:
            kwargs["view"] = view
        try:
            msg = await channel.send(**kwargs)
            s.scene = scene
            return msg  # type: ignore[no-any-return]
        finally:
            if view is not None:
                view.stop()
