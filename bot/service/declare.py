"""Which marriage a typed ``/declare <points> [suit]`` means, from the seat's own view: 40 is
the trump pair (or both pairs of a plain suit), 20 a plain pair (the suit may be left out when
only one fits), 80 both trump pairs. The engine then decides whether it may be declared."""

from __future__ import annotations

from engine import View

from .errors import ServiceError

SUIT_WORDS = {
    "E": ("e", "eichel", "acorns", "acorn", "clubs", "club", "kreuz", "♣", "♣️", "🌰"),
    "B": ("b", "blatt", "laub", "grün", "gruen", "leaves", "leaf", "spades", "spade", "pik",
          "♠", "♠️", "🍃"),
    "H": ("h", "herz", "rot", "hearts", "heart", "♥", "♥️", "❤️"),
    "S": ("s", "schellen", "schelle", "bells", "bell", "diamonds", "diamond", "karo", "♦", "♦️",
          "🔔"),
}


def parse_suit(text: str) -> str | None:
    """A suit from a code, a German, English or French name, or a symbol."""
    t = text.strip().lower()
    for suit, words in SUIT_WORDS.items():
        if t in words:
            return suit
    return None


def pair_to_declare(view: View, points: int, suit_text: str | None) -> tuple[str, bool]:
    """The pair (suit, both pairs?) meant by ``points`` and ``suit_text``; refused with
    ``unknown_suit``, ``bad_points``, ``need_suit``, ``trump_pair_40`` or ``no_pairs_now``."""
    trump = view.trump_suit
    suit: str | None = None
    if suit_text:
        suit = parse_suit(suit_text)
        if suit is None:
            raise ServiceError("unknown_suit")
    if points not in (20, 40, 80):
        raise ServiceError("bad_points")
    if points == 80:
        return trump, True
    if points == 40:
        return (trump, False) if suit in (None, trump) else (suit, True)
    if suit is None:
        fits = [a.suit for a in view.actions
                if a.do == "declare" and not a.double and a.suit != trump]
        if len(fits) == 1 and fits[0] is not None:
            suit = fits[0]
        elif len(fits) > 1:
            raise ServiceError("need_suit")
        elif any(a.do == "declare" and a.suit == trump for a in view.actions):
            raise ServiceError("trump_pair_40")
        else:
            raise ServiceError("no_pairs_now")
    if suit == trump:
        raise ServiceError("trump_pair_40")
    return suit, False
