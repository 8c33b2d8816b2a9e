"""Turn pings: when it becomes a person's turn and they have not acted within ten seconds,
one short message mentions them (only them), in the channel, or in their DM when they play
from the DM mirror. It is deleted as soon as the turn passes. At most one live ping per
table, never one for a computer's turn. Who wants pings is their preference (``/gaigel ping``);
unset, tables with a turn timer ping and others do not.

The turns waited on are alarms (``Alarms``): one task sleeps for every table's turn."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import discord

from ...service.errors import ServiceError
from ...service.models import PublicState
from ...service.service import GameService
from ...texts import say
from ..alarms import Alarms
from ..pacing import Pacing
from .hands import Hands

log = logging.getLogger("bot.shell")

Turn = tuple[int, int, int, int]
"""(deal number, trick number, cards in the trick, engine seat to play): one turn."""


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
        self.live: dict[int, tuple[Turn, discord.Message]] = {}
        self._deleting: set[asyncio.Task[None]] = set()

    def touch(self, table_id: int) -> None:
        """The table changed: a ping of a turn that has passed goes; a new person's turn
        starts its ten seconds."""
        try:
            state = self.service.public_state(table_id)
        except (ServiceError, RuntimeError):
            return
        turn = turn_of(state)
        live = self.live.get(table_id)
        if live is not None and live[0] != turn:
            self.live.pop(table_id, None)
            task = asyncio.create_task(self._delete(live[1]))
            self._deleting.add(task)
            task.add_done_callback(self._deleting.discard)
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
            now = turn_of(self.service.public_state(table_id))
        except (ServiceError, RuntimeError):
            now = None
        if now != turn:  # the turn passed while the ping was on its way
            await self._delete(message)
            return
        self.live[table_id] = (turn, message)

    @staticmethod
    async def _delete(message: discord.Message) -> None:
        with contextlib.suppress(discord.HTTPException):
            await message.delete()

    def cancel_all(self) -> None:
        self.waiting.clear()
        for task in list(self._deleting):
            task.cancel()
        self.sending.clear()
