"""What one seat remembers of a deal: everything it saw, nothing else.

A view holds no point totals and only the last trick, so a computer player keeps its own
count, as a person at the table must. ``SeatMemory`` is fed the events as the seat saw them
(``Event.seen_by(seat)``) and keeps:

- the points of every team (card points of each trick taken, marriages, exchange points), which
  it can count exactly because every completed trick is shown to everyone;
- every card played, so the cards still unseen are known;
- cards known to be in another seat's hand: declared King and Ober still held, the indicator
  taken by the Seven exchange or drawn last;
- what strict play revealed (talon empty): a seat that did not follow suit is void in it, one
  that did not trump is void in trumps, one that did not beat or overtrump holds nothing higher;
- whether an opposing team played a card while it had 101 or more (übergaigelt).

It can be rebuilt from the deal's seen events alone (``SeatMemory.from_events``), so a restarted
bot loses nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple

from ..cards import POINTS, STRENGTH, SUITS
from ..deal import AUS
from ..events import Event
from ..rules import Rules
from ..tricks import team_count

UNLIMITED = 5
"""A suit cap meaning "may hold any card of the suit" (Ace strength)."""

VOID = -1
"""A suit cap meaning "holds no card of the suit"."""


class PlayRecord(NamedTuple):
    """A card seen played, with the public facts of that moment (for inference)."""

    seat: int
    card: str
    trick: tuple[tuple[int, str], ...]
    """The cards already in the trick."""
    points: tuple[int, ...]
    team_tricks: tuple[int, ...]
    talon: int
    indicator: str | None
    played: dict[str, int]
    """Every card played before this one, the trick's included."""
    epoch: int
    """Draw rounds completed before this card."""
    tricks_done: int
    shown: dict[str, int]
    """The player's declared cards still in hand then."""
    melded: frozenset[str]
    """Suits declared by anyone before this card."""


class SeatMemory:
    """The running knowledge of one seat. Not thread-safe: feed it from one thread."""

    __slots__ = (
        "seat", "players", "teams", "rules", "points", "team_tricks", "played", "trick",
        "strict", "trump", "indicator", "shown", "known_cards", "caps", "played_on", "tricks_done",
        "opening", "events_seen", "melded_suits", "talon", "epoch", "history", "_drawing",
    )

    def __init__(self, seat: int, players: int, rules: Rules | None = None,
                 trump_suit: str | None = None) -> None:
        self.seat = seat
        self.players = players
        self.teams = team_count(players)
        self.rules = rules if rules is not None else Rules()
        self.points = [0] * self.teams
        self.team_tricks = [0] * self.teams
        self.played: Counter[str] = Counter()
        """Every card seen played, the current trick's face-up cards included."""
        self.trick: list[tuple[int, str | None]] = []
        self.strict = False
        self.trump = trump_suit
        self.indicator: str | None = None
        self.shown: list[Counter[str]] = [Counter() for _ in range(players)]
        """Per seat: declared copies of Kings and Obers still in that hand (the engine's own
        bookkeeping, which decides whether a second pair is made of fresh cards)."""
        self.known_cards: list[Counter[str]] = [Counter() for _ in range(players)]
        """Per seat: cards certainly in that hand, as a lower bound of each card's count
        (declared cards, the indicator taken by exchange or drawn last)."""
        self.caps: list[dict[str, int]] = [dict.fromkeys(SUITS, UNLIMITED)
                                           for _ in range(players)]
        """Per seat and suit: the strongest card that seat can still hold (VOID: none)."""
        self.played_on = [False] * self.teams
        self.tricks_done = 0
        self.opening: str | None = None
        self.events_seen = 0
        self.melded_suits: set[str] = set()
        self.talon = 48 - 5 * players
        """Cards still to draw, the indicator included."""
        self.epoch = 0
        """Draw rounds completed."""
        self.history: list[PlayRecord] = []
        """Every card seen played (face-down first-trick cards not), in order."""
        self._drawing = False

    @classmethod
    def from_events(cls, seat: int, players: int, rules: Rules | None,
                    events: Iterable[Event], trump_suit: str | None = None) -> SeatMemory:
        """Rebuild the memory from the deal's events as ``seat`` saw them, in order."""
        memory = cls(seat, players, rules, trump_suit)
        memory.observe(events)
        return memory

    def team(self, seat: int) -> int:
        return seat % self.teams

    @property
    def own_points(self) -> int:
        return self.points[self.seat % self.teams]

    def known(self, seat: int) -> Counter[str]:
        """Cards known to be in ``seat``'s hand (a lower bound of its hand)."""
        return +self.known_cards[seat]

    def note_view(self, trump_suit: str, indicator: str | None) -> None:
        """Facts a view states that events do not: the trump suit and the indicator lying."""
        self.trump = trump_suit
        self.indicator = indicator

    # ------------------------------------------------------------------ events

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            self.events_seen += 1
            handler = _HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event.seat, event.data)

    def _card_played(self, seat: int | None, data: dict[str, Any]) -> None:
        assert seat is not None
        team = seat % self.teams
        if self.points[team] >= AUS:
            self.played_on[team] = True
        card: str | None = data.get("card")
        if data.get("opening") is not None:
            self.opening = data["opening"]
        self._drawing = False
        if card is not None:
            if all(c is not None for _, c in self.trick):
                self.history.append(PlayRecord(
                    seat, card, tuple((s, c) for s, c in self.trick if c is not None),
                    tuple(self.points), tuple(self.team_tricks), self.talon, self.indicator,
                    dict(self.played), self.epoch, self.tricks_done, dict(+self.shown[seat]),
                    frozenset(self.melded_suits)))
            if self.strict and self.trick and self.trump is not None:
                self._infer(seat, card)
            self.played[card] += 1
            self._forget(seat, card)
        self.trick.append((seat, card))

    def _infer(self, seat: int, card: str) -> None:
        """What a legal card in strict play tells of the hand that played it."""
        trump = self.trump
        cards = [c for _, c in self.trick if c is not None]
        if len(cards) != len(self.trick):
            return
        led = cards[0][0]
        caps = self.caps[seat]
        suit = card[0]
        if suit == led:
            if led != trump and not self.rules.beat_when_trumped and any(
                    c[0] == trump for c in cards):
                return
            best = max(STRENGTH[c] for c in cards if c[0] == led)
            if STRENGTH[card] <= best:
                caps[led] = min(caps[led], best)
            return
        caps[led] = VOID
        if suit == trump:
            best_trump = max((STRENGTH[c] for c in cards if c[0] == trump), default=-1)
            if STRENGTH[card] <= best_trump:
                caps[suit] = min(caps[suit], best_trump)
        elif trump is not None:
            caps[trump] = VOID

    def _forget(self, seat: int, card: str) -> None:
        if self.shown[seat][card] > 0:
            self.shown[seat][card] -= 1
        if self.known_cards[seat][card] > 0:
            self.known_cards[seat][card] -= 1

    def _trick_taken(self, seat: int | None, data: dict[str, Any]) -> None:
        assert seat is not None
        cards = [(int(s), str(c)) for s, c in data["cards"]]
        for i, (s, c) in enumerate(cards):
            if i >= len(self.trick) or self.trick[i][1] is None:
                self.played[c] += 1
                self._forget(s, c)
        team = seat % self.teams
        self.points[team] += sum(POINTS[c] for _, c in cards)
        self.team_tricks[team] += 1
        self.tricks_done += 1
        self.trick = []

    def _card_drawn(self, seat: int | None, data: dict[str, Any]) -> None:
        assert seat is not None
        if not self._drawing:
            self._drawing = True
            self.epoch += 1
        self.talon -= 1
        if data.get("indicator"):
            card = data.get("card")
            if card is not None:
                self.known_cards[seat][card] += 1
                self.trump = card[0]
            self.indicator = None
            self.strict = True

    def _marriage(self, seat: int | None, data: dict[str, Any]) -> None:
        assert seat is not None
        shown, known = self.shown[seat], self.known_cards[seat]
        for card in data["cards"]:
            shown[card] += 1
        for card in set(data["cards"]):
            # the hand holds at least the copies shown now and earlier (the engine's rule)
            known[card] = max(known[card], shown[card])
        self.points[seat % self.teams] += int(data["points"])
        self.melded_suits.add(str(data["suit"]))

    def _exchange(self, seat: int | None, data: dict[str, Any]) -> None:
        assert seat is not None
        seven, taken = str(data["seven"]), str(data["indicator"])
        self.trump = seven[0]
        known = self.known_cards[seat]
        known[taken] += 1
        if known[seven] > 0:
            known[seven] -= 1
        self.indicator = seven
        self.points[seat % self.teams] += self.rules.exchange_points

    # ------------------------------------------------------------------ questions

    def opponents_played_on(self) -> list[int]:
        """Opposing teams this seat saw play a card while they had 101 or more."""
        own = self.seat % self.teams
        return [t for t in range(self.teams) if t != own and self.played_on[t]]

    def copy(self) -> SeatMemory:
        new = SeatMemory.__new__(SeatMemory)
        for name in SeatMemory.__slots__:
            setattr(new, name, getattr(self, name))
        new.points = list(self.points)
        new.team_tricks = list(self.team_tricks)
        new.played = Counter(self.played)
        new.trick = list(self.trick)
        new.shown = [Counter(c) for c in self.shown]
        new.known_cards = [Counter(c) for c in self.known_cards]
        new.caps = [dict(c) for c in self.caps]
        new.played_on = list(self.played_on)
        new.melded_suits = set(self.melded_suits)
        new.history = list(self.history)
        return new


_HANDLERS = {
    "card_played": SeatMemory._card_played,
    "trick_taken": SeatMemory._trick_taken,
    "card_drawn": SeatMemory._card_drawn,
    "marriage_shown": SeatMemory._marriage,
    "seven_exchanged": SeatMemory._exchange,
}
