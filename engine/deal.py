"""One deal of Gaigel: the dealt cards in, actions applied one by one, events and a result out.

``Deal`` is the only place where rules are decided. Every move goes through one refusal routine
per kind (``play_refusal``, ``declare_refusal``, ...): it answers ``None`` for a legal move or the
spec's reason code. ``legal_actions`` lists what those routines accept, ``check`` raises
``IllegalAction`` with what they refuse, and ``apply`` changes the state only after ``check``.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, get_args

from .actions import OPENINGS, Action
from .cards import CANONICAL_PACK, CODES, POINTS, SUITS, shuffled_pack
from .errors import IllegalAction, RefusalCode
from .events import Event
from .rules import Rules
from .tricks import (
    NO_REFUSAL,
    follow_refusals,
    marriage_points,
    openings_for,
    team_count,
    trick_winner,
)

PLAYER_COUNTS = (2, 3, 4, 6)
AUS = 101

EndReason = Literal[
    "aus", "gaigel", "untergaigelt", "uebergaigelt", "false_accusation", "five_tricks",
    "five_sevens", "played_out",
]
"""Why a deal ended: a knock won (``aus``, ``gaigel``: the opponents without a trick) or lost
(``untergaigelt``), an accusation right (``uebergaigelt``) or wrong (``false_accusation``),
five tricks in a row, five Sevens, or the last trick played."""

END_REASONS: tuple[EndReason, ...] = get_args(EndReason)
"""The points a team must reach, and then claim."""

_event = tuple.__new__
"""``_event(Event, (kind, seat, data, secret))``: an ``Event`` made without the named tuple's
Python-level constructor, for the events of every card (played, taken, drawn)."""
_SECRET_CARD = ("card",)
_SORTED_PACK = sorted(CANONICAL_PACK)

_PLAYS: list[dict[str, Action]] = [{c: Action(s, "play", c) for c in CODES} for s in range(6)]
"""Plays without an opening are immutable values: made once, handed out many times."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The cards as dealt: the deal's input. ``talon`` is top card first, indicator excluded."""

    hands: tuple[tuple[str, ...], ...]
    trump: str
    talon: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.hands)

    @classmethod
    def from_pack(cls, pack: Sequence[str], players: int) -> Layout:
        """Seat i gets cards 5i..5i+4, the next card is the indicator, the rest the talon."""
        hands = tuple(tuple(pack[5 * i: 5 * i + 5]) for i in range(players))
        return cls(hands, pack[5 * players], tuple(pack[5 * players + 1:]))

    @classmethod
    def seeded(cls, players: int, seed: int) -> Layout:
        """The spec's seeded deal: ``random.Random(seed).shuffle`` of the canonical pack."""
        return cls.from_pack(shuffled_pack(random.Random(seed)), players)

    @classmethod
    def shuffled(cls, players: int) -> Layout:
        """A deal for play: shuffled by the operating system's randomness, never a seed."""
        return cls.from_pack(shuffled_pack(secrets.SystemRandom()), players)

    def problems(self) -> list[str]:
        """Why this is no valid deal (empty when it is)."""
        out: list[str] = []
        n = self.players
        if n not in PLAYER_COUNTS:
            out.append(f"players must be 2, 3, 4 or 6, not {n}")
            return out
        for i, hand in enumerate(self.hands):
            if len(hand) != 5:
                out.append(f"hand {i} has {len(hand)} cards, not 5")
        want = 48 - 5 * n - 1
        if len(self.talon) != want:
            out.append(f"talon has {len(self.talon)} cards, not {want}")
        every = [c for h in self.hands for c in h] + [self.trump] + list(self.talon)
        if sorted(every) == _SORTED_PACK:
            return out
        for c in every:
            if c not in POINTS:
                out.append(f"{c!r} is no card")
                return out
        counts = Counter(every)
        out += [f"{c} appears {counts[c]} times, not twice" for c in CODES if counts[c] != 2]
        return out

    def to_json(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "trump": self.trump,
                "talon": list(self.talon)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Layout:
        """The inverse of ``to_json``."""
        return cls(tuple(tuple(h) for h in data["hands"]), data["trump"], tuple(data["talon"]))


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended. ``winner`` is a team (a seat with three players)."""

    winner: int
    games: int
    reason: EndReason

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "games": self.games, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared marriage (King and Ober of a suit), or both pairs of a suit at once."""

    seat: int
    suit: str
    double: bool
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "suit": self.suit, "double": self.double,
                "points": self.points}


class Trick(NamedTuple):
    """A completed trick: who played what in order, and who took it."""

    number: int
    plays: tuple[tuple[int, str], ...]
    winner: int

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for _, c in self.plays)


class Deal:
    """The state of one deal, changed only by ``apply``."""

    __slots__ = (
        "rules",
        "layout",
        "teams",
        "total_tricks",
        "hands",
        "trump_suit",
        "indicator",
        "_talon",
        "trick",
        "leader",
        "to_play",
        "tricks",
        "seat_tricks",
        "team_tricks",
        "points",
        "melds",
        "opening",
        "face_down",
        "result",
        "actions",
        "first_101",
        "played_on",
        "shown",
        "declared_suits",
        "exchanges",
        "_window_team",
        "_window_used",
        "_window_talon_before",
        "_window_hands",
        "players",
        "_follow_at",
        "_follow",
    )

    def __init__(self, layout: Layout, rules: Rules | None = None) -> None:
        problems = layout.problems()
        if problems:
            raise ValueError("invalid deal: " + "; ".join(problems))
        self.rules = rules if rules is not None else Rules()
        self.layout = layout
        self.players = n = layout.players
        self.teams = team_count(n)
        self.total_tricks = 48 // n
        self.hands: list[list[str]] = [list(h) for h in layout.hands]
        self.trump_suit = layout.trump[0]
        self.indicator: str | None = layout.trump
        self._talon: list[str] = list(reversed(layout.talon))  # pop() takes the top card
        self.trick: list[tuple[int, str]] = []
        self.leader = 0
        self.to_play: int | None = 0
        self.tricks: list[Trick] = []
        self.seat_tricks = [0] * n
        self.team_tricks = [0] * self.teams
        self.points = [0] * self.teams
        self.melds: list[Meld] = []
        self.opening: str | None = None
        self.face_down = False
        self.result: Result | None = None
        self.actions: list[Action] = []
        self.first_101: int | None = None
        self.played_on = [False] * self.teams
        """Per team: a member played a card while the team had 101 or more (übergaigelt)."""
        self.shown: list[dict[str, int]] = [{} for _ in range(n)]
        self._follow_at = -1
        """How many actions had been applied when ``_follow`` was computed (a cache: the
        same refusals serve the legal plays and the validation of the play made)."""
        self._follow: Mapping[str, RefusalCode] = NO_REFUSAL
        """Per seat: copies of Kings and Obers in hand already used in a declaration."""
        self.declared_suits: set[str] = set()
        self.exchanges: list[tuple[int, str, str]] = []
        # The after_trick meld window: open from a trick's end until the next card is played.
        self._window_team: int | None = None
        self._window_used = False
        self._window_talon_before = 0
        self._window_hands: dict[int, list[str]] = {}

    # ------------------------------------------------------------------ basic facts

    @property
    def talon_count(self) -> int:
        """Cards still to draw, the indicator included (as the spec's state counts them)."""
        return len(self._talon) + (1 if self.indicator is not None else 0)

    @property
    def strict(self) -> bool:
        """Once the talon is empty: follow, beat, trump, overtrump."""
        return self.indicator is None

    @property
    def first_trick(self) -> bool:
        return not self.tricks

    @property
    def over(self) -> bool:
        return self.result is not None

    def team(self, seat: int) -> int:
        return seat % self.teams

    def seats_of(self, team: int) -> list[int]:
        return [s for s in range(self.players) if s % self.teams == team]

    def opponents_have_no_trick(self, team: int) -> bool:
        return all(self.team_tricks[t] == 0 for t in range(self.teams) if t != team)

    # ------------------------------------------------------------------ refusal routines

    def play_refusal(self, seat: int, card: str, opening: str | None = None) -> RefusalCode | None:
        """Why ``seat`` may not play ``card`` now (a spec error code), or None when it may."""
        if self.result is not None:
            return "deal_over"
        if seat != self.to_play:
            return "not_your_turn"
        hand = self.hands[seat]
        if card not in hand:
            return "not_in_hand"
        if not self.tricks and not self.trick and self.rules.openings:
            return self._opening_refusal(hand, card, opening)
        if opening is not None:
            return "bad_opening"
        refused = (self._follow if self._follow_at == len(self.actions)
                   else self._follow_refusals(hand))
        return refused.get(card)

    def _opening_refusal(self, hand: list[str], card: str, opening: str | None) -> RefusalCode | None:
        ok = opening is not None and opening in openings_for(card, hand, self.trump_suit)
        return None if ok else "bad_opening"

    def _follow_refusals(self, hand: list[str]) -> Mapping[str, RefusalCode]:
        """The cards of the hand to play that may not follow to the current trick, with the
        reason (``engine.tricks.follow_refusals``). Computed for the whole hand once per
        position: the same answer serves the legal plays, the validation of the play made
        and the enabling of every card button."""
        done = len(self.actions)
        if self._follow_at != done:
            rules = self.rules
            self._follow = follow_refusals(hand, self.trick, self.trump_suit,
                                           not self.tricks and rules.openings,
                                           self.indicator is None, rules.beat_when_trumped)
            self._follow_at = done
        return self._follow

    def declare_refusal(self, seat: int, suit: str, double: bool = False) -> RefusalCode | None:
        """Why ``seat`` may not show the King-Ober pair (or both pairs) of ``suit`` now."""
        if self.result is not None:
            return "deal_over"
        if suit not in SUITS:
            return "no_marriage"
        rules = self.rules
        team = seat % self.teams
        window_open = self._window_team == team and not self._window_used
        if rules.meld_window == "after_trick" and window_open:
            hand = self._window_hands[seat]
        else:
            hand = self.hands[seat]
        king, ober = suit + "K", suit + "O"
        need = 2 if double else 1
        if hand.count(king) < need or hand.count(ober) < need:
            return "no_marriage"
        if self.team_tricks[team] == 0:
            return "no_trick_yet"
        if rules.meld_window == "after_trick":
            if not window_open:
                return "meld_closed"
            if not rules.meld_after_talon and self._window_talon_before == 0:
                return "meld_closed"
        elif not rules.meld_after_talon and self.indicator is None:
            return "meld_closed"
        if rules.second_pair_same_suit == "never":
            if suit in self.declared_suits:
                return "already_declared"
        else:
            shown = self.shown[seat]
            if (hand.count(king) - shown.get(king, 0) < need
                    or hand.count(ober) - shown.get(ober, 0) < need):
                return "already_declared"
        return None

    def exchange_refusal(self, seat: int) -> RefusalCode | None:
        """Why ``seat`` may not swap the trump Seven for the indicator now."""
        if self.result is not None:
            return "deal_over"
        seven = self.trump_suit + "7"
        if seven not in self.hands[seat]:
            return "no_seven"
        if self.indicator is None or self.indicator == seven:
            return "not_allowed"
        if self.rules.exchange_needs == "self":
            if self.seat_tricks[seat] == 0:
                return "no_trick_yet"
        elif self.team_tricks[seat % self.teams] == 0:
            return "no_trick_yet"
        return None

    def accuse_refusal(self, seat: int, against: int | None = None) -> RefusalCode | None:
        """Why ``seat`` may not accuse ``against`` of having played on past 101 now."""
        if self.result is not None:
            return "deal_over"
        target = self._accused_team(seat, against)
        if target is None:
            return "not_allowed"
        if not self.played_on[target] and self.rules.false_accusation == "none":
            return "not_allowed"
        return None

    def _accused_team(self, seat: int, against: int | None) -> int | None:
        own = seat % self.teams
        if against is None:
            return 1 - own if self.teams == 2 else None
        if not 0 <= against < self.teams or against == own:
            return None
        return against

    def sevens_refusal(self, seat: int) -> RefusalCode | None:
        if self.result is not None:
            return "deal_over"
        hand = self.hands[seat]
        if self.rules.five_sevens != "win" or len(hand) != 5 or any(c[1:] != "7" for c in hand):
            return "not_allowed"
        return None

    def refusal(self, action: Action) -> RefusalCode | None:
        """The one answer to 'may this action apply now?': None, or the reason code."""
        seat, do, card, opening, suit, double, against = action
        if not 0 <= seat < self.players:
            return "not_allowed"
        if do == "play":
            if card is None:
                return "not_in_hand"
            return self.play_refusal(seat, card, opening)
        if do == "declare":
            return self.declare_refusal(seat, suit or "", double)
        if do == "exchange":
            return self.exchange_refusal(seat)
        if do == "knock":
            return "deal_over" if self.result is not None else None
        if do == "accuse":
            return self.accuse_refusal(seat, against)
        if do == "sevens":
            return self.sevens_refusal(seat)
        return "not_allowed"

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` when ``action`` may not apply now (pokerkit's verify)."""
        code = self.refusal(action)
        if code is not None:
            raise IllegalAction(code)

    def can(self, action: Action) -> bool:
        return self.refusal(action) is None

    # ------------------------------------------------------------------ what may be done

    def legal_cards(self, seat: int) -> list[str]:
        """Distinct cards ``seat`` may play now (openings aside), via ``play_refusal``."""
        if seat != self.to_play or self.result is not None:
            return []
        out: list[str] = []
        first = not self.tricks and not self.trick and self.rules.openings
        for card in dict.fromkeys(self.hands[seat]):
            if first:
                if any(self.play_refusal(seat, card, o) is None for o in OPENINGS):
                    out.append(card)
            elif self.play_refusal(seat, card) is None:
                out.append(card)
        return out

    def play_refusals(self, seat: int) -> dict[str, RefusalCode]:
        """Why each card of ``seat``'s hand may not be played now (cards it may play are
        absent): the routine that validates a play, so that a hand can say why a card is
        disabled. Empty when it is not ``seat``'s turn."""
        if seat != self.to_play or self.result is not None:
            return {}
        hand = self.hands[seat]
        if not self.tricks and not self.trick and self.rules.openings:
            return {c: "bad_opening" for c in dict.fromkeys(hand)
                    if all(self._opening_refusal(hand, c, o) is not None for o in OPENINGS)}
        return dict(self._follow_refusals(hand))

    def legal_plays(self, seat: int) -> list[Action]:
        """Every play ``seat`` may make now, with its opening on the deal's first card."""
        if seat != self.to_play or self.result is not None:
            return []
        hand = self.hands[seat]
        if not self.trick and not self.tricks and self.rules.openings:
            trump = self.trump_suit
            return [Action(seat, "play", card, o) for card in dict.fromkeys(hand)
                    for o in openings_for(card, hand, trump)]
        refused = (self._follow if self._follow_at == len(self.actions)
                   else self._follow_refusals(hand))
        plays = _PLAYS[seat]
        if not refused:
            return [plays[card] for card in dict.fromkeys(hand)]
        return [plays[card] for card in dict.fromkeys(hand) if card not in refused]

    def legal_claims(self, seat: int, *, offer_all_accusations: bool = False) -> list[Action]:
        """Declarations, exchange, knock, accusations and five Sevens ``seat`` may make now.

        With ``offer_all_accusations`` every accusation is listed whether or not it would be
        accepted: that is what a seat may *attempt* without learning anything hidden.
        """
        if self.result is not None:
            return []
        out = self.shows(seat)
        out.append(Action(seat, "knock"))
        team = seat % self.teams
        for t in range(self.teams):
            if t == team:
                continue
            against = None if self.teams == 2 else t
            if offer_all_accusations or self.accuse_refusal(seat, against) is None:
                out.append(Action(seat, "accuse", against=against))
        return out

    def shows(self, seat: int) -> list[Action]:
        """The declarations, Seven exchange and five-Sevens show ``seat`` may make now.

        Only candidates that can pass are put to the refusal routines (a King and an Ober at
        hand, a trick for the team, five cards all Sevens): the routines still decide.
        """
        out: list[Action] = []
        if self.result is not None:
            return out
        hand = self.hands[seat]
        team = seat % self.teams
        if self.team_tricks[team]:
            meld_hand = hand
            if self._window_team == team and seat in self._window_hands:
                meld_hand = self._window_hands[seat]
            for card in meld_hand:
                if card[1] == "K":
                    suits: tuple[str, ...] = SUITS  # a King at hand: look for its Ober
                    break
            else:
                suits = ()
            for suit in suits:
                king = suit + "K"
                if king in meld_hand and suit + "O" in meld_hand:
                    if self.declare_refusal(seat, suit, False) is None:
                        out.append(Action(seat, "declare", suit=suit, double=False))
                    if (meld_hand.count(king) == 2 and meld_hand.count(suit + "O") == 2
                            and self.declare_refusal(seat, suit, True) is None):
                        out.append(Action(seat, "declare", suit=suit, double=True))
            if (self.indicator is not None and self.trump_suit + "7" in hand
                    and self.exchange_refusal(seat) is None):
                out.append(Action(seat, "exchange"))
        if len(hand) == 5 and hand[0][-1] == "7" and self.sevens_refusal(seat) is None:
            out.append(Action(seat, "sevens"))
        return out

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now that the engine would accept."""
        return self.legal_plays(seat) + self.legal_claims(seat)

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and tell what happened; refuse an illegal one unchanged."""
        seat, do, card, opening = action[:4]
        if do == "play" and card is not None and 0 <= seat < self.players:
            code = self.play_refusal(seat, card, opening)  # what ``refusal`` asks for a play
        else:
            code = self.refusal(action)
        if code is not None:
            raise IllegalAction(code)
        events: list[Event] = []
        if do == "play":
            assert card is not None
            self._play(seat, card, opening, events)
        elif do == "declare":
            assert action.suit is not None
            self._declare(seat, action.suit, action.double, events)
        elif do == "exchange":
            self._exchange(seat, events)
        elif do == "knock":
            self._knock(seat, events)
        elif do == "accuse":
            self._accuse(seat, action.against, events)
        else:
            hand = list(self.hands[seat])
            events.append(Event("sevens_shown", seat, {"cards": hand}))
            self._finish(seat % self.teams, 1, "five_sevens", events)
        self.actions.append(action)
        return events

    def _play(self, seat: int, card: str, opening: str | None, events: list[Event]) -> None:
        team = seat % self.teams
        if self.points[team] >= AUS:
            self.played_on[team] = True
        self.hands[seat].remove(card)
        shown = self.shown[seat]
        if shown and shown.get(card):
            shown[card] -= 1  # the shown copy is the one played (see docs/RULES.md)
        self._window_team = None
        trick, tricks = self.trick, self.tricks
        if opening is not None and not trick and not tricks:
            self.opening = opening
            self.face_down = opening in ("hoeher-hat", "zweite-alte")
        trick.append((seat, card))
        face_down = self.face_down and not tricks
        data: dict[str, Any] = {"card": card, "face_down": face_down}
        if opening is not None:
            data["opening"] = opening
        events.append(_event(Event, ("card_played", seat, data, _SECRET_CARD if face_down else ())))
        if len(trick) == self.players:
            self._complete_trick(events)
        else:
            self.to_play = (seat + 1) % self.players

    def _trick_winner(self) -> int:
        first = not self.tricks and self.rules.openings
        return trick_winner(self.trick, self.trump_suit, self.opening if first else None)

    def _complete_trick(self, events: list[Event]) -> None:
        winner = self._trick_winner()
        plays = tuple(self.trick)
        trick = _event(Trick, (len(self.tricks), plays, winner))
        self.tricks.append(trick)
        self.trick = []
        self.face_down = False
        team = winner % self.teams
        self.seat_tricks[winner] += 1
        self.team_tricks[team] += 1
        points = 0
        for _, c in plays:
            points += POINTS[c]
        events.append(_event(Event, ("trick_taken", winner, {
            "index": trick.number, "cards": [list(p) for p in plays]}, ())))
        self._add_points(team, points)
        self.leader = self.to_play = winner
        rules = self.rules
        done = len(self.tricks)
        if rules.gaigel_five_tricks and done == 5 and self.team_tricks[team] == 5:
            self._finish(team, 2, "five_tricks", events)
            return
        if done == self.total_tricks:
            self._played_out(team, events)
            return
        talon_before = len(self._talon) + (self.indicator is not None)
        if rules.meld_window == "after_trick":
            self._window_team = team
            self._window_used = False
            self._window_talon_before = talon_before
            self._window_hands = {s: list(self.hands[s]) for s in self.seats_of(team)}
        if talon_before:
            self._draw(winner, events)

    def _draw(self, winner: int, events: list[Event]) -> None:
        n = self.players
        talon, hands, tell = self._talon, self.hands, events.append
        for k in range(n):
            seat = (winner + k) % n
            if talon:
                card = talon.pop()
                tell(_event(Event, ("card_drawn", seat, {"card": card, "indicator": False},
                                    _SECRET_CARD)))
            else:
                assert self.indicator is not None
                card, self.indicator = self.indicator, None
                tell(_event(Event, ("card_drawn", seat, {"card": card, "indicator": True}, ())))
            hands[seat].append(card)

    def _add_points(self, team: int, points: int) -> None:
        self.points[team] += points
        if self.first_101 is None and self.points[team] >= AUS:
            self.first_101 = team

    def _declare(self, seat: int, suit: str, double: bool, events: list[Event]) -> None:
        points = marriage_points(suit, self.trump_suit, double)
        need = 2 if double else 1
        shown = self.shown[seat]
        for card in (suit + "K", suit + "O"):
            shown[card] = shown.get(card, 0) + need
        self.declared_suits.add(suit)
        if self.rules.meld_window == "after_trick":
            self._window_used = True
        self.melds.append(Meld(seat, suit, double, points))
        cards = [suit + "K", suit + "O"] * need
        events.append(Event("marriage_shown", seat, {
            "suit": suit, "double": double, "points": points, "cards": cards}))
        self._add_points(seat % self.teams, points)

    def _exchange(self, seat: int, events: list[Event]) -> None:
        seven = self.trump_suit + "7"
        taken = self.indicator
        assert taken is not None
        hand = self.hands[seat]
        hand.remove(seven)
        hand.append(taken)
        self.indicator = seven
        self.exchanges.append((seat, seven, taken))
        events.append(Event("seven_exchanged", seat, {"seven": seven, "indicator": taken}))
        if self.rules.exchange_points:
            self._add_points(seat % self.teams, self.rules.exchange_points)

    def recount(self, team: int) -> dict[str, Any]:
        """The team's tricks turned over and counted: what a knock or an accusation shows."""
        tricks = [list(t.cards) for t in self.tricks if t.winner % self.teams == team]
        melds = [m.to_json() for m in self.melds if m.seat % self.teams == team]
        exchanges = sum(1 for s, _, _ in self.exchanges if s % self.teams == team)
        return {
            "team": team,
            "tricks": tricks,
            "card_points": sum(POINTS[c] for t in tricks for c in t),
            "melds": melds,
            "exchange_points": exchanges * self.rules.exchange_points,
            "points": self.points[team],
        }

    def _knock(self, seat: int, events: list[Event]) -> None:
        team = seat % self.teams
        events.append(Event("knocked", seat, {"team": team}))
        events.append(Event("recount", None, self.recount(team)))
        if self.points[team] >= AUS:
            if self.opponents_have_no_trick(team):
                self._finish(team, 2, "gaigel", events)
            else:
                self._finish(team, 1, "aus", events)
        else:
            self._finish(self._best_opponent(team, seat), 2, "untergaigelt", events)

    def _accuse(self, seat: int, against: int | None, events: list[Event]) -> None:
        accuser = seat % self.teams
        target = self._accused_team(seat, against)
        assert target is not None
        events.append(Event("accused", seat, {"against": target}))
        events.append(Event("recount", None, self.recount(target)))
        if self.played_on[target]:
            self._finish(accuser, 2, "uebergaigelt", events)
        else:
            self._finish(target, 2, "false_accusation", events)

    def _best_opponent(self, team: int, after_seat: int) -> int:
        """The opposing team that takes the game; with three players the one with more points,
        ties to the first in playing order after ``after_seat``."""
        if self.teams == 2:
            return 1 - team
        order = [(after_seat + k) % self.players for k in range(1, self.players)]
        candidates = [t for t in order if t != team]
        return max(candidates, key=lambda t: (self.points[t], -candidates.index(t)))

    def _played_out(self, last_team: int, events: list[Event]) -> None:
        """Nobody claimed before the last trick: score as if the first team over 101 knocked."""
        if self.rules.last_trick_bonus:
            self._add_points(last_team, self.rules.last_trick_bonus)
        first = self.first_101
        if first is None:
            best = max(range(self.teams), key=lambda t: (self.points[t], -t))
            self._finish(best, 1, "played_out", events)
        elif self.played_on[first]:
            self._finish(self._best_opponent(first, first), 2, "uebergaigelt", events)
        else:
            games = 2 if self.opponents_have_no_trick(first) else 1
            self._finish(first, games, "played_out", events)

    def _finish(self, winner: int, games: int, reason: EndReason, events: list[Event]) -> None:
        self.result = Result(winner, games, reason)
        self.to_play = None
        self._window_team = None
        events.append(Event("deal_over", None, self.result.to_json()))

    # ------------------------------------------------------------------ records and copies

    def state_json(self) -> dict[str, Any]:
        """The omniscient state, exactly as the replay contract prints it."""
        return {
            "trump_suit": self.trump_suit,
            "indicator": self.indicator,
            "talon": self.talon_count,
            "hands": [list(h) for h in self.hands],
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "leader": self.leader,
            "to_play": self.to_play,
            "tricks": list(self.seat_tricks),
            "points": list(self.points),
            "melds": [m.to_json() for m in self.melds],
        }

    def record(self) -> dict[str, Any]:
        """The deal record (spec ``gaigel-deal/1``) of the accepted actions so far."""
        return {
            "format": "gaigel-deal/1",
            "rules": self.rules.to_json(),
            "players": self.players,
            "deal": self.layout.to_json(),
            "actions": [a.to_json() for a in self.actions],
        }

    def copy(self) -> Deal:
        """An independent copy, cheaper than deepcopy (for search and what-if checks)."""
        new = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = [list(h) for h in self.hands]
        new._talon = list(self._talon)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.seat_tricks = list(self.seat_tricks)
        new.team_tricks = list(self.team_tricks)
        new.points = list(self.points)
        new.melds = list(self.melds)
        new.actions = list(self.actions)
        new.played_on = list(self.played_on)
        new.shown = [dict(s) for s in self.shown]
        new.declared_suits = set(self.declared_suits)
        new.exchanges = list(self.exchanges)
        new._window_hands = {s: list(h) for s, h in self._window_hands.items()}
        return new


def conserved(deal: Deal) -> bool:
    """Every card exactly twice across hands, trick, tricks, talon and indicator."""
    every = [c for h in deal.hands for c in h] + [c for _, c in deal.trick]
    every += [c for t in deal.tricks for c in t.cards] + list(deal._talon)
    if deal.indicator is not None:
        every.append(deal.indicator)
    return sorted(every) == sorted(CANONICAL_PACK)
