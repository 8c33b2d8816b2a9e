"""The Gaigel pack: 48 cards, A 10 K O U 7 twice in four suits.

Cards are their spec codes (``"EA"``, ``"H10"``, ``"S7"``): a code names the card everywhere,
in records, views, events and buttons, so nothing ever has to translate between two spellings.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

SUITS: tuple[str, ...] = ("E", "B", "H", "S")
"""Eichel, Blatt, Herz, Schellen: the canonical suit order of the spec."""

RANKS: tuple[str, ...] = ("A", "10", "K", "O", "U", "7")
"""High to low."""

SUIT_NAMES_DE = {"E": "Eichel", "B": "Blatt", "H": "Herz", "S": "Schellen"}
SUIT_NAMES_EN = {"E": "Acorns", "B": "Leaves", "H": "Hearts", "S": "Bells"}
RANK_NAMES_DE = {"A": "Ass", "10": "Zehner", "K": "König", "O": "Ober", "U": "Unter", "7": "Siebener"}
RANK_NAMES_EN = {"A": "Ace", "10": "Ten", "K": "King", "O": "Ober", "U": "Unter", "7": "Seven"}

CODES: tuple[str, ...] = tuple(s + r for s in SUITS for r in RANKS)
"""The 24 distinct cards, canonical order."""

CANONICAL_PACK: tuple[str, ...] = tuple(c for c in CODES for _ in range(2))
"""The 48 cards in the spec's canonical order: each code twice in a row."""

_POINTS_BY_RANK = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "7": 0}
_STRENGTH_BY_RANK = {"A": 5, "10": 4, "K": 3, "O": 2, "U": 1, "7": 0}

SUIT_OF: dict[str, str] = {c: c[0] for c in CODES}
RANK_OF: dict[str, str] = {c: c[1:] for c in CODES}
POINTS: dict[str, int] = {c: _POINTS_BY_RANK[c[1:]] for c in CODES}
STRENGTH: dict[str, int] = {c: _STRENGTH_BY_RANK[c[1:]] for c in CODES}
"""Rank strength within a suit: A=5 … 7=0."""

PACK_POINTS = sum(POINTS[c] for c in CANONICAL_PACK)  # 240

_SUIT_ALIASES = {
    "E": "E", "B": "B", "H": "H", "S": "S",
    "\u2663": "E", "\u2660": "B", "\u2665": "H", "\u2666": "S",
    "C": "E", "D": "S",
}
_RANK_ALIASES = {"A": "A", "10": "10", "K": "K", "O": "O", "U": "U", "7": "7", "Q": "O", "J": "U"}


def parse_card(text: str) -> str | None:
    """Read a card in any accepted spelling; ``None`` when it is no card.

    Lower case, suit symbols, the French letters C and D, and the ranks Q and J are accepted
    on input (the spec allows it); "S" is always Schellen because the German code wins.
    """
    t = text.strip().upper()
    if len(t) < 2:
        return None
    suit = _SUIT_ALIASES.get(t[0])
    rank = _RANK_ALIASES.get(t[1:])
    if suit is None or rank is None:
        return None
    return suit + rank


def card_name(card: str, lang: str = "en") -> str:
    """A card in words, for messages: "Herz Ober" / "Ober of Hearts"."""
    s, r = card[0], card[1:]
    if lang == "de":
        return f"{SUIT_NAMES_DE[s]} {RANK_NAMES_DE[r]}"
    return f"{RANK_NAMES_EN[r]} of {SUIT_NAMES_EN[s]}"


def card_points(cards: Iterable[str]) -> int:
    return sum(POINTS[c] for c in cards)


def shuffled_pack(rng: random.Random) -> list[str]:
    """The canonical pack shuffled by ``rng.shuffle`` (the spec's seeded deal when seeded)."""
    pack = list(CANONICAL_PACK)
    rng.shuffle(pack)
    return pack
