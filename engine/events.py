"""What happened when an action applied, told so that each seat learns only what it may.

An event's ``secret`` fields are known only to its ``seat``; everyone else sees them as
``None``. A face-down opening card and a card drawn from the talon are the secrets.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, get_args

EventKind = Literal[
    "card_played",      # seat, card, face_down, opening
    "trick_taken",      # seat (winner), cards [[seat, card], ...], index
    "card_drawn",       # seat, card (secret unless it is the indicator), indicator
    "marriage_shown",   # seat, suit, double, points, cards
    "seven_exchanged",  # seat, seven, indicator (the card taken)
    "sevens_shown",     # seat, cards
    "knocked",          # seat, team
    "accused",          # seat, against
    "recount",          # team, tricks [[cards]], melds, points, enough
    "deal_over",        # winner, games, reason
]

EVENT_KINDS: tuple[EventKind, ...] = get_args(EventKind)


class Event(NamedTuple):
    kind: EventKind
    seat: int | None
    data: dict[str, Any]
    secret: tuple[str, ...] = ()

    def seen_by(self, viewer: int | None) -> Event:
        """The event as ``viewer`` (a seat, or ``None`` for the public) may know it."""
        if not self.secret or (viewer is not None and viewer == self.seat):
            return self
        data = dict(self.data)
        for key in self.secret:
            data[key] = None
        return self._replace(data=data, secret=())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        return out
