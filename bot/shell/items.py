"""Persistent buttons: ``DynamicItem``s whose custom_id carries the table id, its version and
the action, so a click works after a restart and a click on an old hand is recognised.

Two kinds:

- ``TableButton`` on the public table message: ``gg:t:<table>:<version>:<act>``. Never a card.
- ``HandButton`` on a player's own (ephemeral or DM) hand: ``gg:h:<table>:<version>:<act>``
  where ``act`` may name one of that player's cards: only the owner ever sees it.

Callbacks only hand the click to the bot's handlers (``bot.shell.handlers``): no rules here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .app import GaigelBot

TABLE_ACTS = ("join", "leave", "add", "start", "hand", "next", "back", "last")

OPENING_CODES = {"ge-elfen": "g", "hoeher-hat": "h", "zweite-alte": "z", "trumpf": "t"}
OPENINGS_BY_CODE = {v: k for k, v in OPENING_CODES.items()}


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"gg:t:(?P<table>\d+):(?P<version>\d+):(?P<act>[a-z]+)"):
    """A button of the public table message."""

    def __init__(self, table_id: int, version: int, act: str, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or act, style=style, disabled=disabled, row=row,
            custom_id=f"gg:t:{table_id}:{version}:{act}"))
        self.table_id = table_id
        self.version = version
        self.act = act

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> TableButton:
        return cls(int(match["table"]), int(match["version"]), match["act"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GaigelBot = interaction.client
        await bot.handlers.table_click(interaction, self.table_id, self.version, self.act)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"gg:h:(?P<table>\d+):(?P<version>\d+):(?P<act>[a-z])(?P<arg>[A-Za-z0-9.-]*)"):
    """A button of a player's private hand: a card (with its opening), a claim, or refresh.

    ``act``: ``p`` play (``arg`` = ``<index>.<card>.<opening code or ->``), ``d`` declare
    (``arg`` = suit, ``2`` appended for both pairs), ``x`` exchange, ``k`` knock, ``a`` accuse
    (``arg`` = the accused engine team where there are several), ``s`` five Sevens,
    ``r`` refresh.
    """

    def __init__(self, table_id: int, version: int, act: str, arg: str = "", *,
                 label: str = "", emoji: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or act, style=style, disabled=disabled, row=row, emoji=emoji,
            custom_id=f"gg:h:{table_id}:{version}:{act}{arg}"))
        self.table_id = table_id
        self.version = version
        self.act = act
        self.arg = arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> HandButton:
        return cls(int(match["table"]), int(match["version"]), match["act"], match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: GaigelBot = interaction.client
        await bot.handlers.hand_click(interaction, self.table_id, self.version, self.act,
                                      self.arg)


def hand_action(act: str, arg: str) -> dict[str, Any] | None:
    """The service call a hand button stands for (``do`` and its fields), None if malformed."""
    if act == "p":
        parts = arg.split(".")
        if len(parts) != 3:
            return None
        _index, card, code = parts
        opening = None if code == "-" else OPENINGS_BY_CODE.get(code)
        if code != "-" and opening is None:
            return None
        return {"do": "play", "card": card, "opening": opening}
    if act == "d":
        if not arg or arg[0] not in "EBHS" or arg[1:] not in ("", "2"):
            return None
        return {"do": "declare", "suit": arg[0], "double": arg[1:] == "2"}
    if act == "x":
        return {"do": "exchange"}
    if act == "k":
        return {"do": "knock"}
    if act == "a":
        return {"do": "accuse", "against": int(arg) if arg.isdigit() else None}
    if act == "s":
        return {"do": "sevens"}
    return None
