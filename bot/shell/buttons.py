"""The bot's five persistent buttons, ``DynamicItem``s whose custom_ids (``custom_ids``) say
what was clicked, so a click works after a restart too: the table message's, a hand's, the
primer's, a replay's and a daily deal's. Their layouts are in ``layouts``.

A callback only hands the click on, to the route the bot gave its class at start-up
(``route_buttons``): the buttons know no handler and no client. Class-level, because discord.py
makes the item from its class when a click comes in; so one bot a process (as ``python -m bot``
runs), a restarted bot routing afresh.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar

import discord

from .custom_ids import (
    DAILY_TEMPLATE,
    HAND_TEMPLATE,
    PRIMER_TEMPLATE,
    REPLAY_TEMPLATE,
    TABLE_TEMPLATE,
    DailyClick,
    HandClick,
    PrimerPage,
    ReplayPage,
    TableClick,
)

Interaction = discord.Interaction[Any]
Click = TypeVar("Click", TableClick, HandClick, PrimerPage, ReplayPage, DailyClick)
Route = Callable[[Interaction, Click | None], Awaitable[None]]
"""A handler of one kind of button: the click as parsed (None: a forged id, out of range)."""


async def follow(route: Route[Click] | None, interaction: Interaction, click: Click | None) -> None:
    if route is None:
        raise RuntimeError("a button was clicked before the bot gave the buttons their routes")
    await route(interaction, click)


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TABLE_TEMPLATE):
    """A button of the public table message."""

    route: ClassVar[Route[TableClick] | None] = None

    def __init__(self, click: TableClick | None, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(
            label=label or (click.act if click else "?"), style=style,
            custom_id=click.custom_id if click else "gg:t:0:0:none"))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> TableButton:
        return cls(TableClick.parse(match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        await follow(TableButton.route, interaction, self.click)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HAND_TEMPLATE):
    """A button of a player's private hand: a card (with its opening), a claim, or refresh."""

    route: ClassVar[Route[HandClick] | None] = None

    def __init__(self, click: HandClick | None, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, emoji: discord.PartialEmoji | None = None,
                 custom_id: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or "?", style=style, disabled=disabled, emoji=emoji,
            custom_id=custom_id or (click.custom_id if click and click.act else "gg:h:0:0:r")))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> HandButton:
        # The clicked id as it came: a forged one may not survive a round trip (NO_VERSION).
        return cls(HandClick.parse(match.group(0)), custom_id=match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        await follow(HandButton.route, interaction, self.click)


class PrimerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PRIMER_TEMPLATE):
    """Previous / Next of the primer's pages."""

    route: ClassVar[Route[PrimerPage] | None] = None

    def __init__(self, click: PrimerPage | None, *, label: str = "",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or "?", style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=click.custom_id if click else "gg:p:0:0"))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> PrimerButton:
        return cls(PrimerPage.parse(match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        await follow(PrimerButton.route, interaction, self.click)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_TEMPLATE):
    """Previous / Next of a replay's pages (a finished deal, trick by trick)."""

    route: ClassVar[Route[ReplayPage] | None] = None

    def __init__(self, click: ReplayPage | None, *, label: str = "",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or "?", style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=click.custom_id if click else "gg:r:0:0:0"))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> ReplayButton:
        return cls(ReplayPage.parse(match.group(0)))

    async def callback(self, interaction: Interaction) -> None:
        await follow(ReplayButton.route, interaction, self.click)


class DailyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=DAILY_TEMPLATE):
    """A button of a person's daily deal: a card, a claim, refresh, or the next deal."""

    route: ClassVar[Route[DailyClick] | None] = None

    def __init__(self, click: DailyClick | None, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, emoji: discord.PartialEmoji | None = None,
                 custom_id: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or "?", style=style, disabled=disabled, emoji=emoji,
            custom_id=custom_id or (click.custom_id if click and (click.act or click.next_deal)
                                    else "gg:d:0:0:r")))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> DailyButton:
        return cls(DailyClick.parse(match.group(0)), custom_id=match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        await follow(DailyButton.route, interaction, self.click)


def route_buttons(*, table: Route[TableClick], hand: Route[HandClick],
                  primer: Route[PrimerPage], replay: Route[ReplayPage],
                  daily: Route[DailyClick] | None = None) -> None:
    """Give the buttons their handlers (the bot, once, at start-up)."""
    TableButton.route = table
    HandButton.route = hand
    PrimerButton.route = primer
    ReplayButton.route = replay
    DailyButton.route = daily
