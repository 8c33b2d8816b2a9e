"""Deal records (``gaigel-deal/1``): reading, checking and replaying them exactly per the spec.

A record that cannot be read raises ``RecordError`` (the replay command exits 2 with its
reason); a rejected action is part of a normal replay and is reported step by step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import ACTION_KINDS, Action
from .cards import SUITS, parse_card
from .deal import PLAYER_COUNTS, Deal, Layout
from .errors import IllegalAction
from .fair import FairDeal, FairError
from .rules import Rules, RulesError

FORMAT = "gaigel-deal/1"
_TOP_KEYS = {"format", "rules", "players", "deal", "seed", "fair", "actions", "result"}


class RecordError(ValueError):
    """A record that is unreadable or invalid: the one-line reason is the message."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A parsed record: everything needed to rebuild the deal and its actions."""

    rules: Rules
    layout: Layout
    actions: tuple[Action, ...]
    extra: dict[str, Any]
    fair: FairDeal | None = None
    """The fair-deal line (``engine.fair``): the commitment, and the seed and salt once
    revealed."""

    @property
    def players(self) -> int:
        return self.layout.players

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "players": self.players,
            "deal": self.layout.to_json(),
            "actions": [a.to_json() for a in self.actions],
        }
        if self.fair is not None:
            out["fair"] = self.fair.to_json()
        out.update(self.extra)
        return out


def _card(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where}: a card must be a string")
    card = parse_card(value)
    if card is None:
        raise RecordError(f"{where}: {value!r} is no card")
    return card


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where} must be a whole number")
    return value


def parse_record(data: Any) -> DealRecord:
    """Check a decoded JSON record and build it; raise RecordError with a reason otherwise."""
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}")
    try:
        rules = Rules.from_json(data.get("rules"))
    except RulesError as exc:
        raise RecordError(str(exc)) from None
    players = _int(data.get("players"), "players")
    if players not in PLAYER_COUNTS:
        raise RecordError("players must be 2, 3, 4 or 6")
    if "deal" in data and "seed" in data:
        raise RecordError("give either deal or seed, not both")
    fair = None
    if "fair" in data:
        try:
            fair = FairDeal.from_json(data["fair"])
        except FairError as exc:
            raise RecordError(str(exc)) from None
    if "seed" in data:
        layout = Layout.seeded(players, _int(data["seed"], "seed"))
    elif "deal" in data:
        layout = parse_layout(data["deal"], players)
    elif fair is not None and fair.seed is not None:
        layout = fair.layout(players)  # a revealed fair seed names the deal, as a seed does
    else:
        raise RecordError("the record needs deal or seed")
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise RecordError("actions must be a list")
    actions = tuple(_action(a, i, players) for i, a in enumerate(raw_actions))
    # Fields this version does not know (an exporter's extensions) travel along untouched;
    # only unknown *rule options* are refused, because rules must never be silently ignored.
    extra = {k: v for k, v in data.items() if k not in _TOP_KEYS or k == "result"}
    return DealRecord(rules, layout, actions, extra, fair)


def parse_layout(deal: Any, players: int) -> Layout:
    """A record's ``deal`` object as a Layout (RecordError when it is no valid deal)."""
    if not isinstance(deal, dict):
        raise RecordError("deal must be an object")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise RecordError(f"deal.hands must be a list of {players} hands")
    parsed: list[tuple[str, ...]] = []
    for i, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise RecordError(f"deal.hands[{i}] must be a list")
        parsed.append(tuple(_card(c, f"deal.hands[{i}]") for c in hand))
    trump = _card(deal.get("trump"), "deal.trump")
    talon = deal.get("talon")
    if not isinstance(talon, list):
        raise RecordError("deal.talon must be a list")
    layout = Layout(tuple(parsed), trump, tuple(_card(c, "deal.talon") for c in talon))
    problems = layout.problems()
    if problems:
        raise RecordError("deal: " + problems[0])
    return layout


def _action(raw: Any, i: int, players: int) -> Action:
    where = f"actions[{i}]"
    if not isinstance(raw, dict):
        raise RecordError(f"{where} must be an object")
    seat = _int(raw.get("seat"), f"{where}.seat")
    if not 0 <= seat < players:
        raise RecordError(f"{where}.seat must be from 0 to {players - 1}")
    do = raw.get("do")
    if do not in ACTION_KINDS:
        raise RecordError(f"{where}.do must be one of {', '.join(ACTION_KINDS)}")
    card = opening = suit = None
    double = False
    against = None
    if do == "play":
        card = _card(raw.get("card"), f"{where}.card")
        if "opening" in raw:
            opening = raw["opening"]
            if not isinstance(opening, str):
                raise RecordError(f"{where}.opening must be a string")
    elif do == "declare":
        suit = raw.get("suit")
        if not isinstance(suit, str) or suit.upper() not in SUITS:
            raise RecordError(f"{where}.suit must be one of {', '.join(SUITS)}")
        suit = suit.upper()
        double = raw.get("double", False)
        if not isinstance(double, bool):
            raise RecordError(f"{where}.double must be true or false")
    elif do == "accuse" and raw.get("against") is not None:
        against = _int(raw["against"], f"{where}.against")
    return Action(seat, do, card=card, opening=opening, suit=suit, double=double,
                  against=against)


def replay(record: DealRecord) -> dict[str, Any]:
    """Replay a record: one step per action (rejected ones leave the deal unchanged)."""
    deal = Deal(record.layout, record.rules)
    steps: list[dict[str, Any]] = []
    for i, action in enumerate(record.actions):
        try:
            deal.apply(action)
        except IllegalAction as exc:
            steps.append({"i": i, "ok": False, "error": exc.code, "message": exc.message_en})
        else:
            steps.append({"i": i, "ok": True})
    return {
        "steps": steps,
        "state": deal.state_json(),
        "result": deal.result.to_json() if deal.result else None,
    }


def replay_deal(record: DealRecord) -> Deal:
    """The deal after applying a record's actions, skipping rejected ones as a replay does."""
    deal = Deal(record.layout, record.rules)
    for action in record.actions:
        if deal.can(action):
            deal.apply(action)
    return deal

