"""Per-seat and public views: the only way cards leave the engine (OpenSpiel's observers).

A seat sees its own hand, the trump suit and the indicator while it lies, the current trick
(face-down opening cards hidden until the trick is complete), the last completed trick only,
declared marriages, the talon count, tricks taken per seat, whose turn it is and what it may do.
No view holds running point totals unless the table asked for the beginner option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .deal import Deal, Meld, Result


@dataclass(frozen=True, slots=True)
class TrickView:
    """Cards of a trick in playing order; ``None`` for a card this viewer may not see yet."""

    plays: tuple[tuple[int, str | None], ...]
    winner: int | None = None
    face_down: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"plays": [[s, c] for s, c in self.plays], "winner": self.winner,
                "face_down": self.face_down}


@dataclass(frozen=True, slots=True)
class View:
    """What one seat (or, with ``seat`` None, the public) may know right now."""

    seat: int | None
    players: int
    teams: int
    trump_suit: str
    indicator: str | None
    talon: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    trick: TrickView
    trick_number: int
    opening: str | None
    last_trick: TrickView | None
    marriages: tuple[Meld, ...]
    exchanges: tuple[tuple[int, str, str], ...]
    tricks_taken: tuple[int, ...]
    to_play: int | None
    strict: bool
    actions: tuple[Action, ...]
    result: Result | None
    points: tuple[int, ...] | None
    refusals: tuple[tuple[str, str], ...] = ()
    """The seat's cards it may not play now, each with the engine's reason code (on its turn)."""

    def visible_cards(self) -> list[str]:
        """Every card code this view shows, for leak checks."""
        out = list(self.hand)
        if self.indicator:
            out.append(self.indicator)
        out += [c for _, c in self.trick.plays if c is not None]
        if self.last_trick:
            out += [c for _, c in self.last_trick.plays if c is not None]
        for m in self.marriages:
            out += [m.suit + "K", m.suit + "O"] * (2 if m.double else 1)
        for _, seven, taken in self.exchanges:
            out += [seven, taken]
        out += [a.card for a in self.actions if a.card is not None]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "players": self.players,
            "trump_suit": self.trump_suit,
            "indicator": self.indicator,
            "talon": self.talon,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "trick": self.trick.to_json(),
            "trick_number": self.trick_number,
            "opening": self.opening,
            "last_trick": self.last_trick.to_json() if self.last_trick else None,
            "marriages": [m.to_json() for m in self.marriages],
            "exchanges": [list(e) for e in self.exchanges],
            "tricks_taken": list(self.tricks_taken),
            "to_play": self.to_play,
            "strict": self.strict,
            "actions": [a.to_json() for a in self.actions],
            "result": self.result.to_json() if self.result else None,
            "points": list(self.points) if self.points is not None else None,
        }


def seat_view(deal: Deal, seat: int | None, *, show_points: bool = False) -> View:
    """The view of ``seat``; ``None`` gives the public view (no hand, no actions)."""
    face_down = deal.face_down and not deal.tricks
    plays = tuple(
        (s, c if not face_down or s == seat else None) for s, c in deal.trick
    )
    last = deal.tricks[-1] if deal.tricks else None
    refusals: tuple[tuple[str, str], ...] = ()
    if seat is None:
        hand: tuple[str, ...] = ()
        actions: tuple[Action, ...] = ()
    else:
        hand = tuple(deal.hands[seat])
        actions = tuple(deal.legal_plays(seat)
                        + deal.legal_claims(seat, offer_all_accusations=True))
        refusals = tuple(deal.play_refusals(seat).items())
    return View(
        seat=seat,
        players=deal.players,
        teams=deal.teams,
        trump_suit=deal.trump_suit,
        indicator=deal.indicator,
        talon=deal.talon_count,
        hand=hand,
        hand_sizes=tuple(len(h) for h in deal.hands),
        trick=TrickView(plays, None, face_down),
        trick_number=len(deal.tricks),
        opening=deal.opening,
        last_trick=TrickView(tuple(last.plays), last.winner) if last else None,
        marriages=tuple(deal.melds),
        exchanges=tuple(deal.exchanges),
        tricks_taken=tuple(deal.seat_tricks),
        to_play=deal.to_play,
        strict=deal.strict,
        actions=actions,
        result=deal.result,
        points=tuple(deal.points) if show_points else None,
        refusals=refusals,
    )


def public_view(deal: Deal, *, show_points: bool = False) -> View:
    return seat_view(deal, None, show_points=show_points)
