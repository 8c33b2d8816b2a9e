"""The players' hands: each person's private message (ephemeral, and the DM mirror for those
who opted in) kept up to date, best effort, also across a restart.

The player's own click answers by editing the same message (a fresh token each time). Other
players' hands are pushed through the interaction token of their hand while it lives (15
minutes), and through the DM mirror. Each live hand is kept in the database (the token of an
ephemeral hand, the ids of a DM hand), so that after a restart the same message is updated
instead of a second one being posted. A hand that can no longer be updated is marked out of
date first (how to get a fresh one); a DM hand of a finished deal is retired ("Deal N is over").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from ...service.errors import ServiceError
from ...service.models import PublicState, ShownMessage
from ...service.service import GameService
from ...texts import say
from ..alarms import Alarms
from ..faces import CardFaces
from ..layouts import hand_buttons
from ..render import hand_content
from .timers import now

log = logging.getLogger("bot.shell")

HAND_TOKEN_LIFETIME = 14.5 * 60
"""Interaction tokens die after 15 minutes; stop pushing to a hand a little before that."""

Edit = Callable[..., Awaitable[Any]]


class _Hand:
    """A player's open hand: how to edit it (its interaction's token) while that lives."""

    __slots__ = ("edit", "opened", "version", "busy")

    def __init__(self, edit: Edit, version: int, opened: float | None = None) -> None:
        self.edit = edit
        self.opened = time.monotonic() if opened is None else opened
        self.version = version
        self.busy = True


class Hands:
    def __init__(self, client: discord.Client, service: GameService,
                 versions: dict[int, int], faces: CardFaces | None = None) -> None:
        self.client = client
        self.faces = faces if faces is not None else CardFaces()
        """The card faces (the application's emojis), if any."""
        self.service = service
        self.versions = versions
        """The latest version of each table the shell has heard of (shared with the bot)."""
        self.open: dict[tuple[int, int], _Hand] = {}
        self.expiry: Alarms[tuple[int, int]] = Alarms(self._expire)
        """Each open hand's token expiry (the alarm's token is the hand)."""
        self.dms: dict[tuple[int, int], discord.Message | discord.PartialMessage] = {}
        self.dm_deal: dict[tuple[int, int], int] = {}
        """The deal number each DM hand shows."""
        self.dm_wanted: dict[int, bool] = {}
        self.dm_failed: set[int] = set()
        self.dm_tell: set[int] = set()
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.dirty: set[int] = set()

    # --- the player's own interaction

    def claim(self, table_id: int, user_id: int, interaction: discord.Interaction[Any],
              version: int) -> None:
        """This interaction now owns the user's hand message; pushes wait until it answered."""
        self._set(table_id, user_id, _Hand(interaction.edit_original_response, version))

    def _set(self, table_id: int, user_id: int, hand: _Hand) -> None:
        self.open[(table_id, user_id)] = hand
        self.expiry.set((table_id, user_id), hand.opened + HAND_TOKEN_LIFETIME, hand)

    async def opened(self, table_id: int, user_id: int, interaction: discord.Interaction[Any],
                     message_id: int | None, deal_number: int) -> None:
        """A new hand message was sent in answer to ``interaction``: kept in the database, so
        that a restart within its token's life updates this message, not a new one."""
        if message_id is None:
            return
        shown = ShownMessage(table_id, "hand", user_id, deal_number, interaction.channel_id,
                             message_id, interaction.token, now())
        try:
            await self.service.remember_message(shown)
        except Exception:
            log.exception("table %d: keeping a hand failed", table_id)

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
        self.expiry.cancel((table_id, user_id))

    def drop_table(self, table_id: int) -> None:
        """A table closed: its hands are history."""
        for key in [k for k in self.open if k[0] == table_id]:
            self.forget(*key)
        for key in [k for k in self.dms if k[0] == table_id]:
            self.dms.pop(key, None)

    def cancel_all(self) -> None:
        self.expiry.clear()

    async def _expire(self, key: tuple[int, int], hand: _Hand) -> None:
        """Just before its token dies, a hand says it is out of date and how to get a fresh
        one (its cards greyed), then it is no longer pushed to."""
        table_id, user_id = key
        if self.open.get(key) is not hand:
            return
        self.open.pop(key, None)
        try:
            state = self.service.public_state(table_id)
            view, version = self.service.hand_view(table_id, user_id)
        except ServiceError:
            return
        lang = state.options.language
        faces = self.faces.for_table(state)
        buttons = hand_buttons(state, view, version, lang, retired=True, faces=faces)
        note = say(lang, "hand_out_of_date")
        try:
            await hand.edit(content=hand_content(state, view, lang, note, faces), view=buttons)
        except discord.HTTPException as exc:
            log.info("table %d: marking a hand out of date failed (%s)", table_id, exc.status)
        finally:
            buttons.stop()

    # --- after a restart

    async def restore(self) -> None:
        """Hands kept before a restart whose tokens still live are pushed to again; a DM hand
        is found again by its ids (so no second DM is posted)."""
        try:
            shown = await self.service.shown_messages()
        except Exception:
            log.exception("reading the kept hands failed")
            return
        application_id = self.client.application_id
        for m in shown:
            if m.kind == "dm_hand" and m.channel_id and m.message_id:
                channel = self.client.get_partial_messageable(m.channel_id)
                self.dms[(m.table_id, m.user_id)] = channel.get_partial_message(m.message_id)
                self.dm_deal[(m.table_id, m.user_id)] = m.deal_number
            elif m.kind == "hand" and m.token and m.message_id and application_id is not None:
                age = now() - m.opened_at
                if age >= HAND_TOKEN_LIFETIME or (m.table_id, m.user_id) in self.open:
                    continue
                webhook = discord.Webhook.partial(application_id, m.token, client=self.client)

                async def edit(*, _webhook: discord.Webhook = webhook,
                               _message_id: int = m.message_id, **kwargs: Any) -> Any:
                    # The interaction's response message, edited through its token.
                    return await _webhook.edit_message(_message_id, **kwargs)

                hand = _Hand(edit, -1, time.monotonic() - age)
                hand.busy = False
                self._set(m.table_id, m.user_id, hand)

    # --- pushes

    def touch(self, table_id: int) -> None:
        self.dirty.add(table_id)
        task = self.tasks.get(table_id)
        if task is None or task.done():
            self.tasks[table_id] = asyncio.create_task(self._run(table_id))

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
                    self.forget(*key)
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
            self.forget(state.table_id, user_id)
            return
        lang = state.options.language
        faces = self.faces.for_table(state)
        buttons = hand_buttons(state, view, version, lang, faces=faces)
        h.version = version
        try:
            await h.edit(content=hand_content(state, view, lang, faces=faces), view=buttons)
        except discord.HTTPException as exc:
            log.info("table %d: a hand push failed (%s); the player can reopen it",
                     state.table_id, exc.status)
            if self.open.get((state.table_id, user_id)) is h:
                self.forget(state.table_id, user_id)
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
        """Edit the user's DM hand, or post it (retiring the last deal's); False when their
        DMs are closed. One live DM hand per person and table, also across restarts."""
        key = (state.table_id, user_id)
        try:
            view, version = self.service.hand_view(state.table_id, user_id)
        except ServiceError:
            return True
        lang = state.options.language
        msg = self.dms.get(key)
        shown_deal = self.dm_deal.get(key)
        if msg is not None and shown_deal is not None and shown_deal != state.deal_number:
            await self._retire_dm(msg, lang, shown_deal)
            self.dms.pop(key, None)
            msg = None
        faces = self.faces.for_table(state)
        content = hand_content(state, view, lang, faces=faces)
        buttons = hand_buttons(state, view, version, lang, faces=faces)
        try:
            if msg is None:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                sent = await user.send(content=content, view=buttons)
                self.dms[key] = sent
                self.dm_deal[key] = state.deal_number
                await self.service.remember_message(ShownMessage(
                    state.table_id, "dm_hand", user_id, state.deal_number, sent.channel.id,
                    sent.id, None, now()))
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

    @staticmethod
    async def _retire_dm(msg: discord.Message | discord.PartialMessage, lang: str,
                         number: int) -> None:
        """A DM hand of a finished deal: no buttons, and it says so."""
        with contextlib.suppress(discord.HTTPException):
            await msg.edit(content=say(lang, "hand_retired", number=number), view=None)

    def dm_adopt(self, table_id: int, user_id: int, message: discord.Message | None,
                 deal_number: int) -> None:
        """A click in the DM answered by editing that message: it is the mirror now."""
        if message is not None:
            self.dms[(table_id, user_id)] = message
            self.dm_deal[(table_id, user_id)] = deal_number
