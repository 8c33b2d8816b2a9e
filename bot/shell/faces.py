"""The card faces as the application's emojis (``bot/pictures/faces/emoji/``).

``python -m bot sync`` uploads the faces the application lacks (``upload_faces``: looked up
first, never uploaded twice; 49 of Discord's 2,000 application emojis, and one more, the
*mark* ``gg_faces_<hash>``, naming the drawing they were uploaded from: when the committed
faces are redrawn, the next sync replaces the old ones, which Discord would otherwise keep). At start-up the bot
looks them up (``CardFaces.load``) and, when they are there, shows a hand's cards as their
faces and names cards in the table message and the ceremony as ``<:name:id>``. Without them
(not synced yet, or Discord refused), cards stay text and one log line says why.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping
from typing import Any

import discord

from ..pictures.names import BACK_NAME, all_names, face_name
from ..service.models import PublicState
from .card_text import Faces

log = logging.getLogger("bot.shell")


class CardFaces:
    """Face name → emoji id of the application's card emojis (empty: text cards)."""

    def __init__(self, ids: Mapping[str, int] | None = None) -> None:
        self.ids: dict[str, int] = dict(ids or {})

    def __bool__(self) -> bool:
        return bool(self.ids)

    def for_table(self, state: PublicState | None) -> Faces:
        """The faces a table shows: none where the server chose ``pictures: off``."""
        if not self.ids or (state is not None and not state.options.pictures):
            return None
        return self.ids

    async def load(self, client: discord.Client) -> None:
        """Look the faces up (at start-up); on any failure, text cards and one log line."""
        try:
            emojis = await client.fetch_application_emojis()
        except Exception as exc:  # faces are a nicety: never keep the bot from starting
            self.ids = {}
            log.warning("card faces: the application's emojis could not be read (%s); "
                        "cards are shown as text", getattr(exc, "status", None) or repr(exc))
            return
        self.ids = found(emojis)
        missing = len(all_names()) - len(self.ids)
        if not self.ids:
            log.info("card faces: not uploaded yet (run python -m bot sync); "
                     "cards are shown as text")
        elif missing:
            log.info("card faces: %d of %d missing (run python -m bot sync); those cards are "
                     "shown as text", missing, len(all_names()))
        else:
            log.info("card faces: %d application emojis in use", len(self.ids))


def face_emoji(card: str | None, style: str, faces: Faces) -> discord.PartialEmoji | None:
    """A card's face for a button, if the application has it."""
    if not faces:
        return None
    name = face_name(card, "french" if style == "french" else "german")
    emoji_id = faces.get(name)
    return None if emoji_id is None else discord.PartialEmoji(name=name, id=emoji_id)


def found(emojis: list[Any]) -> dict[str, int]:
    """The card faces among the application's emojis, by name."""
    names = set(all_names())
    return {e.name: e.id for e in emojis if e.name in names}


def faces_mark() -> str:
    """The name of the emoji that marks which drawing of the faces the application holds: a
    hash of every committed face picture, so a redrawn face changes it."""
    from ..pictures.faces import face_png
    digest = hashlib.sha256()
    for name in all_names():
        digest.update(name.encode() + face_png("emoji", name))
    return "gg_faces_" + digest.hexdigest()[:8]


async def upload_faces(client: discord.Client) -> tuple[int, int]:
    """Upload the faces the application lacks; (uploaded, already there). Never uploads a
    face twice: the application's emojis are looked up first, by name. Faces uploaded from
    another drawing (their mark is not this drawing's) are deleted and uploaded again; the
    mark goes last, so a sync cut short is finished by the next one."""
    from ..pictures.faces import face_png
    emojis = await client.fetch_application_emojis()
    mark = faces_mark()
    ours = [e for e in emojis if e.name in set(all_names()) or e.name.startswith("gg_faces_")]
    if ours and not any(e.name == mark for e in ours):
        for emoji in ours:  # an older drawing: Discord keeps a picture under its name
            await emoji.delete()
        emojis = [e for e in emojis if e not in ours]
    have = found(emojis)
    uploaded = 0
    for name in all_names():
        if name in have:
            continue
        emoji = await client.create_application_emoji(name=name, image=face_png("emoji", name))
        have[emoji.name] = emoji.id
        uploaded += 1
    if not any(e.name == mark for e in emojis):
        await client.create_application_emoji(name=mark, image=face_png("emoji", BACK_NAME))
    return uploaded, len(have) - uploaded
