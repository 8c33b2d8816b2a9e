"""Plain data the service hands out: options, seats, table state, outcomes. No Discord types."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

from engine import Action, Event, Result, Rules, RulesError, View
from engine.deal import EndReason
from engine.fair import FairDeal
from engine.match import KINDS, MatchChange

from .errors import BadOption, ServiceError

PLAYER_COUNTS = (2, 3, 4, 6)
LANGUAGES = ("en", "de")
SUIT_STYLES = ("german", "french")
COMPUTER_KNOCKS = ("at_once", "own_turn")
SEASONS = ("none", "monthly", "quarterly")
RATING_STEPS = ("match", "deal")
STATUSES = ("open", "playing", "waiting", "over", "ended")
"""open: seats being taken; playing: a deal is on; waiting: between deals; over: the match
has a winner; ended: closed by the host. The first three are live."""
LIVE = ("open", "playing", "waiting")


@dataclass(frozen=True)
class TableOptions:
    """A table's options; a guild's settings are the defaults for new tables."""

    players: int = 4
    preset: str = "wuerttemberg"
    rules: dict[str, Any] = field(default_factory=dict)
    """Rule options overriding the preset (deal-record option names)."""
    scoring: str = "strokes"
    strokes: int = 10
    """Strokes (or tokens) per match."""
    target: int = 7
    """Game points to win (``points``)."""
    deals: int = 10
    """Deals per match (``three``)."""
    turn_timer: int = 90
    """Seconds per turn; 0: no timer. When it runs out, a computer plays that turn."""
    level: str = "heuristic"
    """Default computer level: a partner that counts and plays sensibly, and answers at once."""
    show_points: bool = False
    """Beginner option: show running points in the views."""
    language: str = "en"
    suit_style: str = "german"
    computer_knock: str = "own_turn"
    """When a computer claims "Aus!" for its team: ``own_turn`` (the default), a computer whose
    team has a person at the table knocks only when it is to play, so that the person, counting
    in their head, may knock first on their own turn (and bears the fault if they play on);
    ``at_once``, the moment the team has 101. A team of computers only knocks at once."""
    season: str = "none"
    """A server's rating seasons: ``none`` (one everlasting season), ``monthly``, ``quarterly``."""
    rating: str = "match"
    """Ratings move after every finished ``match`` or after every finished ``deal``; kept with
    each table, so a rebuild rates its matches exactly as they were rated live."""
    pictures: bool = True
    """Cards as their faces (the application's emojis) and pictures of the table, the recount
    and the score; off: text only."""

    def engine_rules(self) -> Rules:
        return Rules.named(self.preset, **self.rules)

    @property
    def limit(self) -> int:
        """The match length for ``engine.match.MatchScore``."""
        if self.scoring in ("strokes", "tokens"):
            return self.strokes
        return self.target if self.scoring == "points" else self.deals

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableOptions:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def changed(self, levels: tuple[str, ...] | None = None, **changes: Any) -> TableOptions:
        """A copy with ``changes`` applied and checked (ServiceError ``bad_option``)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise BadOption(f"unknown option {sorted(unknown)[0]}")
        changes = {k: v for k, v in changes.items() if v is not None}
        out = replace(self, **changes)
        out.check(levels)
        return out

    def check(self, levels: tuple[str, ...] | None = None) -> None:
        def bad(detail: str) -> ServiceError:
            return BadOption(detail)

        def whole(name: str, lo: int, hi: int) -> None:
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise bad(f"{name} must be a whole number from {lo} to {hi}")

        if self.players not in PLAYER_COUNTS:
            raise bad("players must be 2, 3, 4 or 6")
        if not isinstance(self.rules, dict):
            raise bad("rules must be an object of rule options")
        try:
            self.engine_rules()
        except RulesError as exc:
            raise bad(str(exc)) from None
        if self.scoring not in KINDS:
            raise bad(f"scoring must be one of {', '.join(KINDS)}")
        if self.scoring == "three" and self.players != 3:
            raise bad("the 5/3/1 scoring is for three players")
        whole("strokes", 1, 50)
        whole("target", 1, 100)
        whole("deals", 1, 100)
        whole("turn_timer", 0, 86400)
        if 0 < self.turn_timer < 10:
            raise bad("turn_timer must be 0 (off) or at least 10 seconds")
        if levels is not None and self.level not in levels:
            raise ServiceError("unknown_level", level=self.level)
        if not isinstance(self.show_points, bool):
            raise bad("show_points must be true or false")
        if not isinstance(self.pictures, bool):
            raise bad("pictures must be true or false")
        if self.language not in LANGUAGES:
            raise bad(f"language must be one of {', '.join(LANGUAGES)}")
        if self.suit_style not in SUIT_STYLES:
            raise bad(f"suit_style must be one of {', '.join(SUIT_STYLES)}")
        if self.computer_knock not in COMPUTER_KNOCKS:
            raise bad(f"computer_knock must be one of {', '.join(COMPUTER_KNOCKS)}")
        if self.season not in SEASONS:
            raise bad(f"season must be one of {', '.join(SEASONS)}")
        if self.rating not in RATING_STEPS:
            raise bad(f"rating must be one of {', '.join(RATING_STEPS)}")


@dataclass(frozen=True)
class UserPrefs:
    user_id: int
    dm_mirror: bool = False
    language: str | None = None
    ping: bool | None = None
    """Turn pings: on, off, or None (on at tables with a turn timer, off at others)."""
    primer_told: bool = False
    """Their first hand has pointed them to the primer."""

    def pinged_at(self, turn_timer: int) -> bool:
        return self.ping if self.ping is not None else turn_timer > 0


@dataclass(frozen=True)
class ShownMessage:
    """A message the shell must still reach after a restart (ids and a token, no Discord
    types): a person's live hand (``hand``: ephemeral, edited through ``token`` while it lives;
    ``dm_hand``: the DM mirror), the table's latest knock ceremony (``ceremony``) or its live
    turn ping (``ping``: ``user_id`` is the person pinged, in the channel or their DM)."""

    table_id: int
    kind: str
    user_id: int
    deal_number: int
    channel_id: int | None
    message_id: int | None
    token: str | None
    opened_at: float


@dataclass(frozen=True)
class SeatState:
    """One seat as the table message shows it."""

    seat: int
    """Engine seat in the current deal (0 = Vorhand, players-1 = dealer); the chair before."""
    chair: int
    """Fixed place at the table for the whole match; teams are chairs modulo the team count."""
    user_id: int | None
    name: str
    computer: bool
    level: str | None
    away: bool
    missed: int
    team: int
    """Table team (what the match is scored by)."""
    ready: bool
    dealer: bool
    to_play: bool
    empty: bool = False
    """No one sits here yet (before the start)."""


@dataclass(frozen=True)
class DealEnd:
    """A finished deal and what it did to the match."""

    deal_id: int
    number: int
    result: Result
    """In engine terms (``winner`` an engine team, as in the deal record)."""
    winner_team: int
    """The winning table team."""
    games: int
    reason: EndReason
    points: tuple[int, ...]
    """Per table team."""
    change: MatchChange
    score: dict[str, Any]
    """``MatchScore.display()`` after this deal."""
    caller: int | None = None
    """The chair whose knock or accusation ended the deal (None: no call ended it)."""
    accused: int | None = None
    """The table team an accusation that ended the deal was against."""
    fair: FairDeal | None = None
    """The deal's fair-deal line, revealed (the deal is over): commitment, seed and salt;
    None for a deal dealt before fair deals."""

    @property
    def match_over(self) -> bool:
        return self.change.match_over

    @property
    def match_winner(self) -> int | None:
        return self.change.match_winner


OutcomeKind = Literal["deal_started", "action"]
Via = Literal["human", "computer", "away", "timeout", "skip"]
"""Who made an action: the person, a computer player, a computer for an away person, a
computer for a person whose turn timed out, or one the host let play (``skip``)."""


@dataclass(frozen=True)
class Committed:
    """A change committed at a table, told in order: a deal started, or an action applied.

    Public news only: what every viewer of the table may know at that moment. No field holds
    a card the public has not seen (``public_news``), so nothing made from it can leak one;
    a seat's own cards are read with ``GameService.hand_view``."""

    table_id: int
    version: int
    """The table's version after this outcome."""
    kind: OutcomeKind
    deal_id: int
    deal_number: int
    index: int | None = None
    """The action's index within its deal."""
    seat: int | None = None
    """Engine seat that acted."""
    chair: int | None = None
    actor: int | None = None
    """Discord user id of the person who acted; None for a computer."""
    via: Via | None = None
    action: Action | None = None
    """The action as the public knows it: a card played face down has no ``card``."""
    events: tuple[Event, ...] = ()
    """Its events as the public sees them (``event.seen_by(None)``): no drawn card, no
    face-down card."""
    deal_end: DealEnd | None = None
    to_play: int | None = None
    deadline: float | None = None


def public_news(action: Action, events: list[Event]) -> tuple[Action, tuple[Event, ...]]:
    """An applied action and its events as the public may know them: each event as
    ``seen_by(None)`` shows it, and a card played face down hidden from the action just as its
    event hides it."""
    shown = tuple(e.seen_by(None) for e in events)
    if action.card is not None and any(
            e.kind == "card_played" and e.data.get("card") is None for e in shown):
        action = action._replace(card=None)
    return action, shown


@dataclass(frozen=True)
class PublicState:
    """Everything the public table message shows. Never a hidden card."""

    table_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    status: str
    version: int
    options: TableOptions
    rules: Rules
    seats: tuple[SeatState, ...]
    """In engine-seat order of the current deal (before the first deal: chair order)."""
    teams: int
    deal_number: int
    """Deals started in this match (the current or last one)."""
    dealer: int | None
    """Engine seat of the dealer (players-1) while a match runs."""
    view: View | None
    """``engine.public_view`` of the current (or just finished) deal."""
    score: dict[str, Any] | None
    """``MatchScore.display()``: per team strokes/erased/V marks, pool, totals."""
    deadline: float | None
    """Epoch seconds when the current human turn times out (None: no timer or no such turn)."""
    last_result: DealEnd | None
    match_over: bool
    match_winner: int | None
    """Winning table team."""
    hints: tuple[tuple[int, int], ...] = ()
    """(chair, hints asked) in the current or just finished deal (beginner tables)."""
    commitment: str | None = None
    """The fair-deal commitment (``engine.fair``) of the deal being played, or, before the
    start and between deals, of the next deal; None when no deal is to come. Never the seed
    of a deal that is not over: a finished deal's seed is in ``last_result.fair``."""
