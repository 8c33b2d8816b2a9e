"""The players' hands: each person's private message (ephemeral, and the DM mirror for those
who opted in) kept up to date, best effort.

The player's own click answers by editing the same message (a fresh token each time). Other
players' hands are pushed through their last interaction's token while it lives, and through
the DM mirror.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import Any

import discord

from ...service.errors import ServiceError
from ...service.models import PublicState
from ...service.service import GameService
from ..buttons import hand_buttons
from ..render import hand_content

log = logging.getLogger("bot.shell")

HAND_TOKEN_LIFETIME = 14.5 * 60
"""Interaction tokens die after 15 minutes; stop pushing to a hand a little before that."""


class _Hand:
    """A player's open hand: the interaction whose token can still edit it."""

    __slots__ = ("interaction", "opened", "version", "busy")

    def __init__(self, interaction: discord.Interaction[Any], version: int) -> None:
        self.interaction = interaction
        self.opened = time.monotonic()
        self.version = version
        self.busy = True


class Hands:
    def __init__(self, client: discord.Client, service: GameService,
                 versions: dict[int, int]) -> None:
        self.client = client
        self.service = service
        self.versions = versions
        """The latest version of each table the shell has heard of (shared with the bot)."""
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
        if self.versions.get(table_id, version) != version:
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
        try:
            state = self.service.public_state(table_id)
        except ServiceError:
            return
        if state.view is None:
            return
        jobs: list[Awaitable[object]] = []
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
                jobs.append(self.push_dm(state, s.user_id))
        if jobs:
            await asyncio.gather(*jobs)

    async def _push_one(self, state: PublicState, user_id: int, h: _Hand) -> None:
        try:
            view, version = self.service.hand_view(state.table_id, user_id)
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
                wanted = (await self.service.get_user_prefs(user_id)).dm_mirror
            except Exception:
                wanted = False
            self.dm_wanted[user_id] = wanted
        return wanted and user_id not in self.dm_failed

    def set_dm(self, user_id: int, on: bool) -> None:
        self.dm_wanted[user_id] = on
        self.dm_failed.discard(user_id)
        self.dm_tell.discard(user_id)

    def has_dm(self, table_id: int, user_id: int) -> bool:
        return (table_id, user_id) in self.dms

    def dm_closed_news(self, user_id: int) -> bool:
        """True once after the DM mirror found the user's DMs closed (to tell them so)."""
        if user_id in self.dm_tell:
            self.dm_tell.discard(user_id)
            return True
        return False

    async def push_dm(self, state: PublicState, user_id: int) -> bool:
        """Post or edit the user's DM hand; False when their DMs are closed."""
        key = (state.table_id, user_id)
        try:
            view, version = self.service.hand_view(state.table_id, user_id)
        except ServiceError:
            return True
        lang = state.options.language
        content = hand_content(state, view, lang)
        buttons = hand_buttons(state, view, version, lang)
        msg = self.dms.get(key)
        try:
            if msg is None:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                msg = await user.send(content=content, view=buttons)
                self.dms[key] = msg
            else:
                await msg.edit(content=content, view=buttons)
        except discord.Forbidden:
            log.info("table %d: DMs closed for a player; mirror off for them", state.table_id)
            self.dm_failed.add(user_id)
            self.dm_tell.add(user_id)
            self.dms.pop(key, None)
            return False
        except discord.NotFound:
            self.dms.pop(key, None)
        except discord.HTTPException as exc:
            log.info("table %d: a DM push failed (%s)", state.table_id, exc.status)
        finally:
            buttons.stop()
        return True

    def dm_adopt(self, table_id: int, user_id: int, message: discord.Message | None) -> None:
        """A click in the DM answered by editing that message: it is the mirror now."""
        if message is not None:
            self.dms[(table_id, user_id)] = message
