"""Rules variants as data: one frozen object, named presets, behaviour branches on fields.

Option names and values are exactly those of the deal-record spec, so a record's ``rules``
object maps onto this class one to one.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

MeldWindow = Literal["team_trick", "after_trick"]
SecondPair = Literal["fresh_cards", "never"]
ExchangeNeeds = Literal["team", "self"]
FiveSevens = Literal["off", "win"]
FalseAccusation = Literal["double", "none"]

_CHOICES: dict[str, tuple[Any, ...]] = {
    "openings": (True, False),
    "meld_window": ("team_trick", "after_trick"),
    "meld_after_talon": (True, False),
    "second_pair_same_suit": ("fresh_cards", "never"),
    "exchange_needs": ("team", "self"),
    "beat_when_trumped": (True, False),
    "five_sevens": ("off", "win"),
    "false_accusation": ("double", "none"),
    "gaigel_five_tricks": (True, False),
}
_POINT_OPTIONS = ("exchange_points", "last_trick_bonus")


class RulesError(ValueError):
    """A rules description that cannot be used (unknown preset or option, bad value)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option of the deal-record spec. The defaults are the ``wuerttemberg`` preset."""

    preset: str = "wuerttemberg"
    openings: bool = True
    meld_window: MeldWindow = "team_trick"
    meld_after_talon: bool = True
    second_pair_same_suit: SecondPair = "fresh_cards"
    exchange_needs: ExchangeNeeds = "team"
    beat_when_trumped: bool = False
    exchange_points: int = 0
    last_trick_bonus: int = 0
    five_sevens: FiveSevens = "win"
    false_accusation: FalseAccusation = "double"
    gaigel_five_tricks: bool = False

    @classmethod
    def named(cls, preset: str, **overrides: Any) -> Rules:
        """A preset by name with options overridden; unknown names or values raise RulesError."""
        base = PRESETS.get(preset)
        if base is None:
            raise RulesError(f"unknown preset {preset!r} (known: {', '.join(PRESETS)})")
        return base.with_options(**overrides)

    def with_options(self, **overrides: Any) -> Rules:
        for key, value in overrides.items():
            _check_option(key, value)
        return replace(self, **overrides)

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """Read a record's ``rules``: a preset name, or ``{"preset": …, option: value, …}``."""
        if data is None:
            return PRESETS["wuerttemberg"]
        if isinstance(data, str):
            return cls.named(data)
        if not isinstance(data, dict):
            raise RulesError("rules must be a preset name or an object")
        options = dict(data)
        preset = options.pop("preset", "wuerttemberg")
        if not isinstance(preset, str):
            raise RulesError("rules.preset must be a string")
        return cls.named(preset, **options)

    def to_json(self) -> dict[str, Any]:
        """The preset plus only the options that differ from it: short and exact."""
        base = PRESETS.get(self.preset, PRESETS["wuerttemberg"])
        out: dict[str, Any] = {"preset": self.preset}
        mine, theirs = asdict(self), asdict(base)
        for key in OPTION_NAMES:
            if mine[key] != theirs[key]:
                out[key] = mine[key]
        return out

    def options(self) -> dict[str, Any]:
        """All options with their values (no preset name)."""
        d = asdict(self)
        d.pop("preset")
        return d


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "preset")


def _check_option(key: str, value: Any) -> None:
    if key not in OPTION_NAMES:
        raise RulesError(f"unknown rule option {key!r}")
    if key in _POINT_OPTIONS:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise RulesError(f"rule option {key} must be a whole number from 0 to 1000")
        return
    allowed = _CHOICES[key]
    if isinstance(value, bool) != isinstance(allowed[0], bool) or value not in allowed:
        raise RulesError(f"rule option {key} must be one of {', '.join(map(repr, allowed))}")


WUERTTEMBERG = Rules()
"""pagat.com [004], the authority for the default rules."""

CLASSIC = Rules(
    preset="classic",
    openings=False,
    meld_window="after_trick",
    meld_after_talon=False,
    second_pair_same_suit="never",
    exchange_needs="self",
    beat_when_trumped=True,
    gaigel_five_tricks=True,
)
"""The 1907 U.S. Playing Card Co. rules [000]."""

PRESETS: dict[str, Rules] = {"wuerttemberg": WUERTTEMBERG, "classic": CLASSIC}
