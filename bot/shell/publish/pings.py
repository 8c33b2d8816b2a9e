"""Turn pings: when it becomes a person's turn and they have not acted within ten seconds,
one short message mentions them (only them), in the channel, or in their DM when they play
from the DM mirror. It is deleted as soon as the turn passes. At most one live ping per
table, never one for a computer's turn, and none once the table has closed. Who wants pings is
their preference (``/gaigel ping``); unset, tables with a turn timer ping and others do not.

The live ping is kept in the database with the hands (``shown_messages``, kind ``ping``), so
that after a restart it is adopted as the turn's ping when the same person is still to play in
the same deal (nothing can happen at a table while the bot is away), and deleted otherwise:
never two live pings for one turn, never one left behind.

The turns waited on are alarms (``Alarms``): one task sleeps for every table's turn."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import discord

from ...service.errors import ServiceError
from ...service.models import PublicState, ShownMessage
from ...service.service import GameService
from ...texts import say
from ..alarms import Alarms
from ..pacing import Pacing
from .hands import Hands
from .timers import now

log = logging.getLogger("bot.shell")

Turn = tuple[int, int, int, int]
"""(deal number, trick number, cards in the trick, engine seat to play): one turn."""

Message = discord.Message | discord.PartialMessage


def turn_of(state: PublicState) -> Turn | None:
    """The turn being waited for, if a person (not a computer, not away) is to play."""
    view = state.view
    if state.status != "playing" or view is None or view.to_play is None:
        return None
    seat = state.seats[view.to_play]
    if seat.computer or seat.away or seat.user_id is None:
        return None
    return (state.deal_number, view.trick_number, len(view.trick.plays), view.to_play)


class TurnPings:
    def __init__(self, client: discord.Client, service: GameService, hands: Hands,
                 pacing: Pacing) -> None:
        self.client = client
        self.service = service
        self.hands = hands
        self.pacing = pacing
        """``ping_after``: seconds of a person's turn without an action before the ping."""
        self.waiting: Alarms[int] = Alarms(self._ping)
        """The person's turn each table waits on (the alarm's token), not pinged yet."""
        self.sending: dict[int, Turn] = {}
        """The turn whose ping is on its way (so a redraw meanwhile does not arm a second)."""
        self.live: dict[int, tuple[Turn, int, Message]] = {}
        """Each table's posted ping: its turn, the person pinged, the message."""
        self._deleting: set[asyncio.Task[None]] = set()

    def touch(self, table_id: int) -> None:
        """The table changed: a ping of a turn that has passed goes; a new person's turn
        starts its ten seconds."""
        try:
            turn = turn_of(self.service.public_state(table_id))
        except ServiceError:  # no such table (any more): nobody's turn
            turn = None
        except RuntimeError:  # the service is closed: shutting down
            return
        live = self.live.get(table_id)
        if live is not None and live[0] != turn:
            self.live.pop(table_id, None)
            self._retire_soon(table_id, live[1], live[2])
        waiting = self.waiting.get(table_id)
        if waiting is not None and waiting[1] != turn:
            self.waiting.cancel(table_id)
            waiting = None
        if turn is not None and waiting is None and not self._pinged(table_id, turn):
            # time.monotonic: the clock asyncio.sleep uses (simcord's virtual clock in tests)
            self.waiting.set(table_id, time.monotonic() + self.pacing.ping_after, turn)

    def _pinged(self, table_id: int, turn: Turn) -> bool:
        """This turn's ping is on its way or posted already."""
        live = self.live.get(table_id)
        return self.sending.get(table_id) == turn or (live is not None and live[0] == turn)

    async def _ping(self, table_id: int, turn: Turn) -> None:
        if self._pinged(table_id, turn):  # armed again while the first was on its way
            return
        self.sending[table_id] = turn
        try:
            await self._send_ping(table_id, turn)
        finally:
            if self.sending.get(table_id) == turn:
                del self.sending[table_id]

    async def _send_ping(self, table_id: int, turn: Turn) -> None:
        try:
            state = self.service.public_state(table_id)
        except (ServiceError, RuntimeError):
            return
        if turn_of(state) != turn:
            return
        user_id = state.seats[turn[3]].user_id
        assert user_id is not None
        try:
            prefs = await self.service.get_user_prefs(user_id)
        except Exception:
            return
        if not prefs.pinged_at(state.options.turn_timer):
            return
        lang = state.options.language
        try:
            if prefs.dm_mirror and self.hands.has_dm(table_id, user_id):
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                message = await user.send(say(lang, "ping_dm", table=table_id))
            else:
                channel = self.client.get_partial_messageable(state.channel_id,
                                                              guild_id=state.guild_id)
                message = await channel.send(
                    say(lang, "ping", mention=f"<@{user_id}>", table=table_id),
                    allowed_mentions=discord.AllowedMentions(
                        everyone=False, roles=False, users=[discord.Object(user_id)]))
        except discord.HTTPException as exc:
            log.info("table %d: a turn ping failed (%s)", table_id, exc.status)
            return
        try:
            await self.service.remember_message(ShownMessage(
                table_id, "ping", user_id, state.deal_number, message.channel.id, message.id,
                None, now()))
        except Exception:
            log.exception("table %d: keeping a turn ping failed", table_id)
        try:
            current = turn_of(self.service.public_state(table_id))
        except (ServiceError, RuntimeError):
            current = None
        if current != turn:  # the turn passed while the ping was on its way
            await self._retire(table_id, user_id, message)
            return
        self.live[table_id] = (turn, user_id, message)

    def drop_table(self, table_id: int) -> None:
        """A table closed (ended, or its last person left): its ping goes, and no turn of it
        is waited on any more."""
        self.waiting.cancel(table_id)
        live = self.live.pop(table_id, None)
        if live is not None:
            self._retire_soon(table_id, live[1], live[2])

    def _retire_soon(self, table_id: int, user_id: int, message: Message) -> None:
        task = asyncio.create_task(self._retire(table_id, user_id, message))
        self._deleting.add(task)
        task.add_done_callback(self._deleting.discard)

    async def _retire(self, table_id: int, user_id: int, message: Message) -> None:
        """Delete a ping whose turn has passed, then stop keeping it (a ping deleted by
        someone else is gone all the same)."""
        with contextlib.suppress(discord.HTTPException):
            await message.delete()
        try:
            await self.service.forget_message(table_id, "ping", user_id, message.id)
        except Exception:
            log.exception("table %d: forgetting a turn ping failed", table_id)

    # --- after a restart

    async def restore(self) -> None:
        """The pings kept before a restart: one whose person is still to play in the same
        deal becomes that turn's live ping (no second ping for it); any other is deleted."""
        try:
            kept = await self.service.shown_messages()
        except Exception:
            log.exception("reading the kept turn pings failed")
            return
        for m in kept:
            if m.kind != "ping" or m.channel_id is None or m.message_id is None:
                continue
            message = self.client.get_partial_messageable(m.channel_id).get_partial_message(
                m.message_id)
            try:
                state: PublicState | None = self.service.public_state(m.table_id)
            except (ServiceError, RuntimeError):
                state = None
            turn = turn_of(state) if state is not None else None
            if (state is not None and turn is not None and m.table_id not in self.live
                    and state.deal_number == m.deal_number
                    and state.seats[turn[3]].user_id == m.user_id):
                self.live[m.table_id] = (turn, m.user_id, message)
            else:
                await self._retire(m.table_id, m.user_id, message)

    def cancel_all(self) -> None:
        self.waiting.clear()
        for task in list(self._deleting):
            task.cancel()
        self.sending.clear()
