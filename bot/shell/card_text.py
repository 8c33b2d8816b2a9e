"""How cards, suits and marks look on Discord: German or French suit symbols, per table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.cards import RANK_NAMES_DE, RANK_NAMES_EN, RANKS, SUIT_NAMES_DE, SUIT_NAMES_EN, SUITS
from engine.tricks import marriage_points

from ..pictures.names import face_name

GERMAN_SUITS = {"E": "🌰", "B": "🍃", "H": "❤️", "S": "🔔"}
FRENCH_SUITS = {"E": "♣️", "B": "♠️", "H": "♥️", "S": "♦️"}
GERMAN_RANKS = {"A": "A", "10": "10", "K": "K", "O": "O", "U": "U", "7": "7"}
FRENCH_RANKS = {"A": "A", "10": "10", "K": "K", "O": "Q", "U": "J", "7": "7"}
FRENCH_SUIT_NAMES_EN = {"E": "Clubs", "B": "Spades", "H": "Hearts", "S": "Diamonds"}
FRENCH_SUIT_NAMES_DE = {"E": "Kreuz", "B": "Pik", "H": "Herz", "S": "Karo"}

BACK = "🂠"
"""A face-down card: the only thing shown for a card the viewer may not see."""

Faces = Mapping[str, int] | None
"""The application's card emojis by face name (``bot.pictures.names``) → emoji id; None or
empty: cards are text (not synced, or the table's server has ``pictures: off``)."""


def face_mention(card: str | None, style: str, faces: Faces) -> str | None:
    """The card's face as an emoji in a message (``<:gg_german_EA:id>``), if uploaded."""
    if not faces:
        return None
    name = face_name(card, "french" if style == "french" else "german")
    emoji_id = faces.get(name)
    return None if emoji_id is None else f"<:{name}:{emoji_id}>"


def rank_text(card: str, style: str = "german") -> str:
    """The rank as the face prints it (Q and J for Ober and Unter in the French pack)."""
    return (FRENCH_RANKS if style == "french" else GERMAN_RANKS)[card[1:]]


def suit_symbol(suit: str, style: str = "german") -> str:
    return (FRENCH_SUITS if style == "french" else GERMAN_SUITS)[suit]


def suit_name(suit: str, lang: str = "en", style: str = "german") -> str:
    if style == "french":
        return (FRENCH_SUIT_NAMES_DE if lang == "de" else FRENCH_SUIT_NAMES_EN)[suit]
    return (SUIT_NAMES_DE if lang == "de" else SUIT_NAMES_EN)[suit]


def rank_name(rank: str, lang: str = "en") -> str:
    return (RANK_NAMES_DE if lang == "de" else RANK_NAMES_EN)[rank]


FRENCH_RANK_WORDS_EN = {"O": "Queen", "U": "Jack"}
FRENCH_RANK_WORDS_DE = {"O": "Dame", "U": "Bube"}


def card_words(card: str, lang: str = "en", style: str = "german") -> str:
    """A card in plain words ("Ace of Bells", "Schellen Ass"): a picture's description for
    screen readers, with no emoji markup."""
    suit, rank = card[0], card[1:]
    french = FRENCH_RANK_WORDS_DE if lang == "de" else FRENCH_RANK_WORDS_EN
    rank_word = french[rank] if style == "french" and rank in french else rank_name(rank, lang)
    if lang == "de":
        return f"{suit_name(suit, lang, style)} {rank_word}"
    return f"{rank_word} of {suit_name(suit, lang, style)}"


def card_label(card: str | None, style: str = "german", faces: Faces = None) -> str:
    """A card as a short label (trick line, hand text): its face as an emoji when the
    application has it, else suit symbol and rank."""
    face = face_mention(card, style, faces)
    if face is not None:
        return face
    if card is None:
        return BACK
    ranks = FRENCH_RANKS if style == "french" else GERMAN_RANKS
    return f"{suit_symbol(card[0], style)}{ranks[card[1:]]}"


def hand_order(hand: Sequence[str], trump: str) -> list[int]:
    """The positions of a hand as players hold it: trumps first, then the other suits in a
    fixed order, each from the Ace down (A 10 K O U 7). A card drawn takes its place, not the
    end, so the hand reads the same from one trick to the next."""

    def key(i: int) -> tuple[int, int, int]:
        card = hand[i]
        suit = card[0]
        return (0 if suit == trump else 1, SUITS.index(suit), RANKS.index(card[1:]))

    return sorted(range(len(hand)), key=key)


def sorted_hand(hand: Sequence[str], trump: str) -> list[str]:
    return [hand[i] for i in hand_order(hand, trump)]


def cards_line(cards: Sequence[str | None], style: str = "german", faces: Faces = None) -> str:
    return " ".join(card_label(c, style, faces) for c in cards)


def meld_points(suit: str, double: bool, trump: str) -> int:
    """20 plain, 40 trumps; both pairs of a suit twice that (what /declare's points mean)."""
    return marriage_points(suit, trump, double)


def stroke_marks(marks: Sequence[Sequence[int]]) -> str:
    """A team's stroke line as players draw it: I a stroke, V a double, struck ones crossed.

    Each mark is ``[size, erased]``; an erased stroke is drawn crossed (``~~I~~``), a V with
    one arm erased shows one crossed and one standing stroke.
    """
    out: list[str] = []
    for size, erased in marks:
        if size == 2 and erased == 0:
            out.append("V")
        elif size == 2 and erased == 2:
            out.append("~~V~~")
        elif size == 2:
            out.append("~~I~~I")
        else:
            out.append("~~I~~" if erased else "I")
    return " ".join(out) if out else "–"
