"""What every handler shares: the request (who asks, in which language, at which table) and
one decorator that answers a refusal (``ServiceError``) ephemerally, so no handler repeats the
"no table here" check or its ``except``. The service changes nothing when it refuses."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from ...service.errors import ServiceError
from ...service.models import PublicState
from ...service.service import GameService
from ...texts import lang_of, refusal, refusal_text, say
from ..decide import Clicked, computers_may_think
from ..faces import CardFaces
from ..publish.hands import Hands
from ..publish.table_message import TableMessages
from ..publish.timers import TurnTimers

log = logging.getLogger("bot.shell")

Interaction = discord.Interaction[Any]


@dataclass
class Parts:
    """The bot's parts a handler may use (wired by the bot, never reached through the client)."""

    service: GameService
    tables: TableMessages
    hands: Hands
    timers: TurnTimers
    advance: Callable[[int], None]
    """Let computer players take their turns at a table, in the background."""
    faces: CardFaces = field(default_factory=CardFaces)
    """The card faces (the application's emojis), if any."""
    links: bool = True
    """Answers may link to messages on discord.com (not offline: the page cannot open it)."""


@dataclass
class Request:
    interaction: Interaction
    lang: str
    state: PublicState | None
    """The table the request is about (the channel's, or the clicked message's), if any."""

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def name(self) -> str:
        return self.interaction.user.display_name

    @property
    def caller_lang(self) -> str:
        """The caller's own language (their Discord locale), whatever the table's."""
        return lang_of(str(self.interaction.locale))

    @property
    def in_dm(self) -> bool:
        return self.interaction.guild_id is None

    def at_table(self, state: PublicState) -> bool:
        """Whether the interaction comes from the table's own server and channel (a forged
        button from elsewhere must not act on it)."""
        return (self.interaction.guild_id == state.guild_id
                and self.interaction.channel_id == state.channel_id)

    @property
    def clicked(self) -> Clicked:
        """The message the button was clicked on, for the decisions (``bot.shell.decide``)."""
        interaction = self.interaction
        message = interaction.message
        if message is None:
            return Clicked(None)
        asked = message.interaction_metadata
        return Clicked(message.id, ephemeral=bool(message.flags.ephemeral),
                       dm=self.in_dm and isinstance(interaction.channel, discord.DMChannel),
                       asked_by=asked.user.id if asked is not None else None,
                       content=message.content)

    @property
    def table(self) -> PublicState:
        assert self.state is not None, "a handler for a table was called without one"
        return self.state

    async def answer(self, text: str, **kwargs: Any) -> None:
        await answer(self.interaction, text, **kwargs)


THINKING = "gaigel_thinking"
"""The key in ``Interaction.extras`` marking a deferred "thinking" response whose original
has not been written yet (see ``think`` and ``send``)."""


async def think(interaction: Interaction, *, ephemeral: bool = True) -> None:
    """Defer the response: Discord shows "thinking…" while the bot works (computers playing,
    the coach searching, an export). The defer decides who sees the first message that follows
    (``ephemeral``); ``send`` writes that message into the deferred original."""
    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    interaction.extras[THINKING] = True


async def send(interaction: Interaction, content: str, *, ephemeral: bool = True,
               view: discord.ui.View | None = None, file: discord.File | None = None,
               wait: bool = False) -> int | None:
    """Answer an interaction with a message and return its id (when known): as the response
    if none was given; as an edit of the original after ``think`` (Discord documents a
    follow-up straight after a deferred response as deprecated, "use Edit Original
    Interaction Response"); else, once the original is written, as a follow-up.
    ``ephemeral`` takes effect for the response and follow-ups; an edited original keeps the
    visibility its defer gave it."""
    extra: dict[str, Any] = {}
    if view is not None:
        extra["view"] = view
    if not interaction.response.is_done():
        if file is not None:
            extra["file"] = file
        callback = await interaction.response.send_message(content, ephemeral=ephemeral, **extra)
        return callback.message_id
    if interaction.extras.get(THINKING):
        if file is not None:
            extra["attachments"] = [file]
        message = await interaction.edit_original_response(content=content, **extra)
        interaction.extras.pop(THINKING, None)
        return message.id
    if file is not None:
        extra["file"] = file
    if wait:
        sent = await interaction.followup.send(content, ephemeral=ephemeral, wait=True, **extra)
        return sent.id
    await interaction.followup.send(content, ephemeral=ephemeral, **extra)
    return None


async def answer(interaction: Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer: the response, the deferred original, or a follow-up (``send``)."""
    try:
        await send(interaction, text, **kwargs)
    except discord.HTTPException as exc:
        log.info("an answer could not be sent (%s)", exc.status)


class HandlerBase:
    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self.svc = parts.service

    def state(self, table_id: int | None) -> PublicState | None:
        if table_id is None:
            return None
        try:
            return self.svc.public_state(table_id)
        except ServiceError:
            return None

    async def defer_for_computers(self, req: Request) -> None:
        """Before a service call that lets computer players think (start, next deal, skip,
        kick, leave): take Discord's 3-second deadline off the table by deferring."""
        state, interaction = req.state, req.interaction
        if state is None or interaction.response.is_done():
            return
        if computers_may_think(state):
            await think(interaction)

    async def table_request(self, interaction: Interaction,
                            table_id: int | None) -> Request | None:
        """The request of a click on a table's (or a replay's) button, or None once answered:
        an id out of range (a forged one), a table that is no more, a click from another
        channel."""
        if table_id is None:
            req = self.request(interaction, table_id=None)
            await req.answer(refusal(req.lang, "bad_action"))
            return None
        await self.svc.load(table_id)
        req = self.request(interaction, table_id)
        if req.state is None:
            await req.answer(refusal(req.lang, "no_table"))
            return None
        if not req.at_table(req.state):
            await req.answer(refusal(req.lang, "other_table"))
            return None
        return req

    def request(self, interaction: Interaction, table_id: int | None = None) -> Request:
        """The request; without ``table_id``, about the channel's live table."""
        if table_id is None and interaction.channel_id is not None:
            table_id = self.svc.table_in_channel(interaction.channel_id)
        state = self.state(table_id)
        lang = state.options.language if state is not None else lang_of(str(interaction.locale))
        return Request(interaction, lang, state)


Handler = Callable[..., Awaitable[None]]
"""``fn(self, request, ...)``; the decorated method is called ``fn(self, interaction, ...)``."""


def handler(*, table: bool = False) -> Callable[[Handler], Handler]:
    """Turn ``fn(self, request, ...)`` into ``fn(self, interaction, ...)``: build the request
    (``table``: the channel must have a live table, else "There is no table in this channel"),
    answer a ``ServiceError`` with its sentence in the request's language, and log and answer
    anything unexpected instead of leaving the user without a word."""

    def wrap(fn: Handler) -> Handler:
        @functools.wraps(fn)
        async def run(self: HandlerBase, interaction: Interaction, /, *args: Any,
                      **kwargs: Any) -> None:
            req = self.request(interaction)
            if table and req.state is None:
                await req.answer(say(req.lang, "no_table_here"))
                return
            await guard(req, fn(self, req, *args, **kwargs))

        return run

    return wrap


async def guard(req: Request, work: Awaitable[None]) -> None:
    """Await ``work``; a refusal becomes its ephemeral sentence, an error an apology."""
    try:
        await work
    except ServiceError as exc:
        await req.answer(refusal_text(req.lang, exc))
    except Exception:
        log.exception("handling an interaction failed")
        await req.answer(say(req.lang, "error"))
