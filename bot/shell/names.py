"""People's names as the bot prints them: always as plain text, never as markdown, a mention
or a masked link, without the marks that reorder text (``plain_name``: a right-to-left override
in a name reversed the rest of its line), and a right-to-left name kept from reordering the
line around it."""

from __future__ import annotations

import unicodedata

import discord

from ..service.names import plain_name

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def shown(name: str) -> str:
    """``name`` escaped for a Discord message (not for button labels: those are plain)."""
    name = plain_name(name)
    text = discord.utils.escape_markdown(name).replace("<", "\\<")
    text = discord.utils.escape_mentions(text)
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in name):
        text = FIRST_STRONG_ISOLATE + text + POP_DIRECTIONAL_ISOLATE
    return text
