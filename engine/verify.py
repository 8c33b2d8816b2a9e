"""``python -m engine verify``: does each deal's revealed seed match its commitment and deal
exactly the cards the record says were dealt (``engine.fair`` has the scheme)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .fair import FairDeal, FairError
from .record import RecordError, parse_layout


@dataclass(frozen=True, slots=True)
class Verdict:
    """One deal of a file checked: where it stands in the file, and why it fails (None: holds)."""

    place: int
    """1 for the file's first deal."""
    label: str
    commitment: str | None
    problem: str | None

    @property
    def holds(self) -> bool:
        return self.problem is None


PROBLEMS = {
    "no_fair": "no fair-deal line (dealt before fair deals, or not by the bot)",
    "seed_hidden": "the seed is not revealed (the deal is not over)",
    "commitment_mismatch": "the seed does not hash to the commitment",
    "layout_mismatch": "the seed and salt do not deal these cards",
    "no_layout": "the record has no dealt cards to compare",
}


def deals_of(data: Any) -> list[Any]:
    """The deal records of a file: a deal record itself, or a history export's ``deals``."""
    if isinstance(data, dict) and data.get("format") == "gaigel-history/1":
        deals = data.get("deals")
        if not isinstance(deals, list):
            raise FairError("a history export needs a list of deals")
        return deals
    if isinstance(data, dict) and data.get("format") == "gaigel-deal/1":
        return [data]
    raise FairError("not a deal record (gaigel-deal/1) or a history export (gaigel-history/1)")


def verify_deal(raw: Any, place: int) -> Verdict:
    """Check one deal record's fair-deal line against the cards it records as dealt."""
    label = f"deal {place}"
    if isinstance(raw, dict):
        if "table" in raw and "number" in raw:
            label += f" (table {raw['table']}, deal {raw['number']})"
        if "fair" not in raw:
            return Verdict(place, label, None, "no_fair")
        try:
            fair = FairDeal.from_json(raw["fair"])
            players = raw.get("players")
            if not isinstance(players, int) or isinstance(players, bool):
                raise FairError("players must be a whole number")
            layout = parse_layout(raw["deal"], players) if "deal" in raw else None
        except (FairError, RecordError) as exc:
            return Verdict(place, label, None, f"malformed: {exc}")
        if layout is None:
            return Verdict(place, label, fair.commitment, "no_layout")
        return Verdict(place, label, fair.commitment, fair.check(layout))
    return Verdict(place, label, None, "malformed: a deal must be an object")


def verify(data: Any) -> list[Verdict]:
    """Every deal of a decoded file, checked (FairError when the file is no record at all)."""
    return [verify_deal(raw, i) for i, raw in enumerate(deals_of(data), 1)]


def verdict_line(v: Verdict) -> str:
    if v.holds:
        return f"{v.label}: ok, commitment {v.commitment}"
    why = PROBLEMS.get(v.problem or "", v.problem or "")
    return f"{v.label}: FAILED, {why}"
