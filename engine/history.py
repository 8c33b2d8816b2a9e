"""A finished deal told trick by trick: the frames a replay steps through, one after another.

Built by applying a record's actions to the engine's ``Deal`` and sorting the events each
action tells into frames, so nothing here decides a rule. The deal is over, so nothing is
secret any more: every hand, every card drawn and the face-down cards of the first trick
are shown (those marked ``face_down``, as they were played). A deal that is not over is
refused (``NotOver``): its cards are still private.

The frames, in order: one ``deal`` frame (the cards as dealt, before the first card), one
``trick`` frame per trick begun (the last one unfinished when a claim ended the deal in the
middle of a trick), and one ``end`` frame (the claim that ended the deal, its recount, the
result and the fair-deal line). A frame's hands, talon and indicator are those at its start;
what happened from its first card up to the next frame's first card (the trick, the draws,
declarations and exchanges) belongs to it, and ``points`` are the teams' points after it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from .actions import Action
from .cards import POINTS
from .deal import Deal, Layout, Meld, Result
from .events import Event
from .record import DealRecord
from .rules import Rules
from .tricks import team_count

FrameKind = Literal["deal", "trick", "end"]
ClaimKind = Literal["knock", "accuse", "sevens"]


class NotOver(ValueError):
    """The deal has no result: it can never be replayed (its hands are still secret)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One card of a trick. ``face_down``: played face down (the first trick's hidden
    openings), shown now that the deal is over; ``opening``: on the deal's first card."""

    seat: int
    card: str
    face_down: bool = False
    opening: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """A card drawn after a trick; ``indicator``: the face-up trump card, drawn last."""

    seat: int
    card: str
    indicator: bool = False


@dataclass(frozen=True, slots=True)
class Exchange:
    """The trump Seven swapped for the indicator (``taken``); ``points`` it earned."""

    seat: int
    seven: str
    taken: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class Recount:
    """A team's tricks turned over and counted, as the engine told it at the knock or the
    accusation: ``points`` = ``card_points`` + the melds' points + ``exchange_points``."""

    team: int
    tricks: tuple[tuple[str, ...], ...]
    card_points: int
    melds: tuple[Meld, ...]
    exchange_points: int
    points: int


@dataclass(frozen=True, slots=True)
class Claim:
    """The claim that ended the deal, and when: a knock, an accusation (``against``: the team
    accused) or five Sevens shown (``cards``). ``tricks_done``: tricks complete when it was
    made; ``cards_on_table``: cards of the next trick already played then (0: between
    tricks)."""

    kind: ClaimKind
    seat: int
    tricks_done: int
    cards_on_table: int
    against: int | None = None
    recount: Recount | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a replay (see the module's docstring for what belongs to which).

    ``number``: 0 for the deal frame, the trick's number from 1, and for the end frame the
    number of tricks complete. ``hands`` (every seat's, in the engine's order), ``talon``
    (cards still to draw, the indicator included) and ``indicator`` (None once drawn) are
    those at the frame's start; ``points`` the teams' points after it.
    """

    kind: FrameKind
    number: int
    hands: tuple[tuple[str, ...], ...]
    trump_suit: str
    indicator: str | None
    talon: int
    points: tuple[int, ...]
    plays: tuple[Play, ...] = ()
    winner: int | None = None
    """The seat that took the trick; None for an unfinished trick and the other frames."""
    trick_points: int = 0
    bonus: int = 0
    """Points given with the trick beyond its cards: the last trick's bonus."""
    drawn: tuple[Draw, ...] = ()
    melds: tuple[Meld, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    claim: Claim | None = None
    result: Result | None = None
    fair: dict[str, Any] | None = None
    """The record's fair-deal line (commitment, seed, salt), on the end frame."""

    @property
    def complete(self) -> bool:
        """A trick all seats played to (not one a claim cut short)."""
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class DealHistory:
    """A finished deal as frames: ``frames[0]`` the deal, ``frames[-1]`` the end."""

    players: int
    rules: Rules
    frames: tuple[Frame, ...]

    @property
    def teams(self) -> int:
        return team_count(self.players)

    def team(self, seat: int) -> int:
        return seat % self.teams

    def seats_of(self, team: int) -> list[int]:
        return [s for s in range(self.players) if s % self.teams == team]

    @property
    def end(self) -> Frame:
        return self.frames[-1]

    @property
    def result(self) -> Result:
        result = self.frames[-1].result
        assert result is not None
        return result

    @property
    def tricks(self) -> tuple[Frame, ...]:
        return self.frames[1:-1]


class _Builder:
    """The frame being filled while actions apply (mutable until ``close``)."""

    def __init__(self, kind: FrameKind, number: int, deal: Deal) -> None:
        self.kind: FrameKind = kind
        self.number = number
        self.hands = tuple(tuple(h) for h in deal.hands)
        self.indicator = deal.indicator
        self.talon = deal.talon_count
        self.plays: list[Play] = []
        self.winner: int | None = None
        self.trick_points = 0
        self.bonus = 0
        self.drawn: list[Draw] = []
        self.melds: list[Meld] = []
        self.exchanges: list[Exchange] = []

    def close(self, deal: Deal) -> Frame:
        return Frame(self.kind, self.number, self.hands, deal.trump_suit, self.indicator,
                     self.talon, tuple(deal.points), tuple(self.plays), self.winner,
                     self.trick_points, self.bonus, tuple(self.drawn), tuple(self.melds),
                     tuple(self.exchanges))


def deal_history(layout: Layout, rules: Rules, actions: Iterable[Action],
                 fair: dict[str, Any] | None = None) -> DealHistory:
    """The frames of a finished deal. Refused actions are skipped, as a replay does (a
    record may hold them); raises ``NotOver`` when the actions do not end the deal."""
    deal = Deal(layout, rules)
    frames: list[Frame] = []
    current = _Builder("deal", 0, deal)
    claim: Claim | None = None
    for action in actions:
        if deal.over:
            break
        if not deal.can(action):
            continue
        if action.do == "play" and not deal.trick:
            frames.append(current.close(deal))
            current = _Builder("trick", len(deal.tricks) + 1, deal)
        before = list(deal.points)
        tricks_done, on_table = len(deal.tricks), len(deal.trick)
        events = deal.apply(action)
        for event in events:
            found = _take(event, current, deal, before, tricks_done, on_table)
            if found is not None:
                claim = found
            elif event.kind == "recount" and claim is not None:
                claim = _with_recount(claim, event.data)
    if deal.result is None:
        raise NotOver("the deal is not over")
    frames.append(current.close(deal))
    end = _Builder("end", len(deal.tricks), deal).close(deal)
    frames.append(Frame(end.kind, end.number, end.hands, end.trump_suit, end.indicator,
                        end.talon, end.points, claim=claim, result=deal.result,
                        fair=dict(fair) if fair is not None else None))
    return DealHistory(layout.players, rules, tuple(frames))


def _take(event: Event, frame: _Builder, deal: Deal, before: list[int], tricks_done: int,
          on_table: int) -> Claim | None:
    """Put one event where it belongs in ``frame``; a claim that ends the deal is returned."""
    kind, seat, data = event.kind, event.seat, event.data
    if kind == "card_played":
        assert seat is not None
        frame.plays.append(Play(seat, data["card"], bool(data.get("face_down")),
                                data.get("opening")))
    elif kind == "trick_taken":
        assert seat is not None
        frame.winner = seat
        frame.trick_points = sum(POINTS[c] for _, c in data["cards"])
        team = deal.team(seat)
        frame.bonus = deal.points[team] - before[team] - frame.trick_points
    elif kind == "card_drawn":
        assert seat is not None
        frame.drawn.append(Draw(seat, data["card"], bool(data.get("indicator"))))
    elif kind == "marriage_shown":
        assert seat is not None
        frame.melds.append(Meld(seat, data["suit"], bool(data["double"]), data["points"]))
    elif kind == "seven_exchanged":
        assert seat is not None
        team = deal.team(seat)
        frame.exchanges.append(Exchange(seat, data["seven"], data["indicator"],
                                        deal.points[team] - before[team]))
    elif kind in ("knocked", "accused", "sevens_shown"):
        assert seat is not None
        name: ClaimKind = ("knock" if kind == "knocked"
                           else "accuse" if kind == "accused" else "sevens")
        return Claim(name, seat, tricks_done, on_table, against=data.get("against"),
                     cards=tuple(data.get("cards", ())))
    return None


def _with_recount(claim: Claim, data: dict[str, Any]) -> Claim:
    melds = tuple(Meld(m["seat"], m["suit"], bool(m["double"]), m["points"])
                  for m in data["melds"])
    recount = Recount(data["team"], tuple(tuple(t) for t in data["tricks"]),
                      data["card_points"], melds, data["exchange_points"], data["points"])
    return Claim(claim.kind, claim.seat, claim.tricks_done, claim.cards_on_table,
                 claim.against, recount, claim.cards)


def fair_line(record: DealRecord) -> dict[str, Any] | None:
    """The record's fair-deal line as a plain object: ``record.fair`` where the engine reads
    it (``engine.fair``), else the record's raw ``"fair"`` field, passed through."""
    fair = getattr(record, "fair", None)
    if fair is not None and hasattr(fair, "to_json"):
        out: dict[str, Any] = fair.to_json()
        return out
    raw = record.extra.get("fair")
    return dict(raw) if isinstance(raw, dict) else None


def record_history(record: DealRecord) -> DealHistory:
    """The frames of a deal record (``engine.record``); ``NotOver`` unless it is finished."""
    return deal_history(record.layout, record.rules, record.actions, fair_line(record))
