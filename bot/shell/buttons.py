"""The bot's three persistent buttons, ``DynamicItem``s whose custom_ids (``custom_ids``) say
what was clicked, so a click works after a restart too: the table message's, a hand's and the
primer's. Their layouts are in ``layouts``. Callbacks only hand the click on to the handlers.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from .custom_ids import (
    HAND_TEMPLATE,
    PRIMER_TEMPLATE,
    TABLE_TEMPLATE,
    HandClick,
    PrimerPage,
    TableClick,
)

if TYPE_CHECKING:
    from .app import GaigelBot


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TABLE_TEMPLATE):
    """A button of the public table message."""

    def __init__(self, click: TableClick | None, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(
            label=label or (click.act if click else "?"), style=style,
            custom_id=click.custom_id if click else "gg:t:0:0:none"))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> TableButton:
        return cls(TableClick.parse(match.group(0)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GaigelBot = interaction.client
        await bot.lobby.table_click(interaction, self.click)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HAND_TEMPLATE):
    """A button of a player's private hand: a card (with its opening), a claim, or refresh."""

    def __init__(self, click: HandClick | None, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, emoji: discord.PartialEmoji | None = None,
                 custom_id: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or "?", style=style, disabled=disabled, emoji=emoji,
            custom_id=custom_id or (click.custom_id if click and click.act else "gg:h:0:0:r")))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> HandButton:
        # The clicked id as it came: a forged one may not survive a round trip (NO_VERSION).
        return cls(HandClick.parse(match.group(0)), custom_id=match.group(0))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GaigelBot = interaction.client
        await bot.play.hand_click(interaction, self.click)


class PrimerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PRIMER_TEMPLATE):
    """Previous / Next of the primer's pages."""

    def __init__(self, click: PrimerPage | None, *, label: str = "",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or "?", style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=click.custom_id if click else "gg:p:0:0"))
        self.click = click

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> PrimerButton:
        return cls(PrimerPage.parse(match.group(0)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GaigelBot = interaction.client
        await bot.info.primer_click(interaction, self.click)
