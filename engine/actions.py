"""Actions a seat can take, in the deal record's own vocabulary (``do`` and its fields)."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, cast, get_args

ActionKind = Literal["play", "declare", "exchange", "knock", "accuse", "sevens"]
"""What a seat does: play a card, or one of the claims."""

ACTION_KINDS: tuple[ActionKind, ...] = get_args(ActionKind)
OPENINGS: tuple[str, ...] = ("ge-elfen", "hoeher-hat", "zweite-alte", "trumpf")


class Action(NamedTuple):
    """One action by one seat. Only the fields of its kind are set (a tuple: cheap to make)."""

    seat: int
    do: ActionKind
    card: str | None = None
    opening: str | None = None
    suit: str | None = None
    double: bool = False
    against: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "do": self.do}
        if self.card is not None:
            out["card"] = self.card
        if self.opening is not None:
            out["opening"] = self.opening
        if self.suit is not None:
            out["suit"] = self.suit
        if self.double:
            out["double"] = True
        if self.against is not None:
            out["against"] = self.against
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """The inverse of ``to_json`` for a stored, already accepted action (a deal record's
        actions are checked by ``engine.record`` instead)."""
        return cls(int(data["seat"]), cast(ActionKind, str(data["do"])), card=data.get("card"),
                   opening=data.get("opening"), suit=data.get("suit"),
                   double=bool(data.get("double", False)), against=data.get("against"))


def play(seat: int, card: str, opening: str | None = None) -> Action:
    return Action(seat, "play", card=card, opening=opening)


def declare(seat: int, suit: str, double: bool = False) -> Action:
    return Action(seat, "declare", suit=suit, double=double)


def exchange(seat: int) -> Action:
    return Action(seat, "exchange")


def knock(seat: int) -> Action:
    return Action(seat, "knock")


def accuse(seat: int, against: int | None = None) -> Action:
    return Action(seat, "accuse", against=against)


def sevens(seat: int) -> Action:
    return Action(seat, "sevens")
