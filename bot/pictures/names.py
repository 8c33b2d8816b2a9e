"""Names of the card faces: the files under ``faces/`` and the application's emojis.

Kept apart from the drawing (no Pillow here), so that the shell can name a face cheaply."""

from __future__ import annotations

from engine.cards import CODES

STYLES = ("german", "french")
BACK_NAME = "gg_back"
"""One back for both styles: a face-down card looks the same in either pack."""


def face_name(card: str | None, style: str) -> str:
    """The file and emoji name of a face: ``gg_german_EA``, ``gg_french_H10``, ``gg_back``
    (letters, digits and underscores, as Discord wants an emoji's name)."""
    return BACK_NAME if card is None else f"gg_{style}_{card}"


def all_names() -> list[str]:
    """Every face: the 24 cards in each style, then the back (49)."""
    return [face_name(c, s) for s in STYLES for c in CODES] + [BACK_NAME]


def card_of_name(name: str) -> tuple[str | None, str]:
    """(card code, or None for the back; style) of a face name."""
    if name == BACK_NAME:
        return None, "german"
    _, style, card = name.split("_", 2)
    return card, style
