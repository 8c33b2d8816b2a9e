"""History export, streamed page by page: JSON deal records or one CSV row per deal.

JSON: ``{"format": "gaigel-history/1", ..., "deals": [record, ...], "count": N}``. Each record is
a deal record (``gaigel-deal/1``) that ``python -m engine replay`` reads as it is: the rules,
the cards dealt and every accepted action, with the stored ``result`` and, as extra fields a
replay carries along, the table, seats, times and the match scoring after the deal. Only
finished deals are exported: the cards of a deal in play stay private.

Ratings (added fields; nothing renamed): a deal record whose end moved ratings has
``"ratings"``, one entry per player rated (season, player key, mu, sigma, the rating mu - 3
sigma, deals played and won in the rated part); a server or full JSON export ends with
``"ratings"``, the stored ratings per season. CSV adds a last column ``ratings``:
``name=rating`` for the players rated at that deal, separated by ``; ``.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any

from ..storage import queries as q
from ..storage.db import Storage
from .errors import BadOption
from .ratings import current_ratings, history_for_deals

FORMATS = ("json", "csv")
PAGE = 200
CSV_COLUMNS = ("time", "table", "match", "deal", "players", "teams", "preset", "trump",
               "winner", "games", "reason", "scoring", "strokes_after", "ratings")


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds")


def deal_record(d: dict[str, Any]) -> dict[str, Any]:
    """A stored finished deal as a deal record with its result and scoring."""
    n, shift = d["players"], d["shift"]
    score = json.loads(d["score"])
    return {
        "format": "gaigel-deal/1",
        "rules": json.loads(d["rules"]),
        "players": n,
        "deal": json.loads(d["layout"]),
        "actions": [json.loads(a) for a in d["actions"]],
        "result": json.loads(d["result"]),
        "guild": d["guild_id"],
        "table": d["table_id"],
        "match": d["match_id"],
        "number": d["number"],
        "deal_id": d["id"],
        "started_at": iso(d["started_at"]),
        "ended_at": iso(d["ended_at"]),
        "seats": json.loads(d["seats"]),
        "dealer_chair": (n - 1 + shift) % n,
        "scoring": {"kind": d["match_kind"], "winner_team": d["winner_team"],
                    "points": score.get("points"), "change": score["change"],
                    "after": score["after"]},
        **({"ratings": d["ratings"]} if d.get("ratings") else {}),
    }


def csv_row(d: dict[str, Any]) -> list[Any]:
    seats = json.loads(d["seats"])
    score = json.loads(d["score"])
    after = score["after"]
    teams: dict[int, list[str]] = {}
    for s in seats:
        teams.setdefault(s["team"], []).append(s["name"])
    if after["kind"] in ("strokes", "tokens"):
        standing = "/".join(str(t["held"]) for t in after["teams"])
    else:
        standing = "/".join(str(t["total"]) for t in after["teams"])
    layout = json.loads(d["layout"])
    return [
        iso(d["ended_at"]), d["table_id"], d["match_id"], d["number"],
        "; ".join(s["name"] for s in seats),
        " vs ".join("+".join(teams[t]) for t in sorted(teams)),
        json.loads(d["rules"]).get("preset", ""), layout["trump"][0],
        "+".join(teams.get(d["winner_team"], [])), d["games"], d["reason"], after["kind"],
        standing,
        "; ".join(f"{r['name']}={r['rating']:.2f}" for r in d.get("ratings", [])),
    ]


async def export_history(storage: Storage, *, guild_id: int | None = None,
                         table_id: int | None = None, fmt: str = "json", page: int = PAGE,
                         clock: Callable[[], float] = time.time) -> AsyncIterator[str]:
    """Text chunks of the export; never more than one page of deals in memory."""
    if fmt not in FORMATS:
        raise BadOption(f"format must be one of {', '.join(FORMATS)}")
    after = 0
    count = 0
    if fmt == "json":
        head = {"format": "gaigel-history/1", "exported_at": iso(clock()), "guild": guild_id,
                "table": table_id}
        yield json.dumps(head, ensure_ascii=False)[:-1] + ', "deals": [\n'
    else:
        buf = io.StringIO()
        csv.writer(buf).writerow(CSV_COLUMNS)
        yield buf.getvalue()
    while True:
        rows = await storage.read(_page, after, page, guild_id, table_id)
        if not rows:
            break
        after = rows[-1]["id"]
        if fmt == "json":
            parts = [json.dumps(deal_record(d), ensure_ascii=False, separators=(",", ":"))
                     for d in rows]
            yield (",\n" if count else "") + ",\n".join(parts)
        else:
            buf = io.StringIO()
            writer = csv.writer(buf)
            for d in rows:
                writer.writerow(csv_row(d))
            yield buf.getvalue()
        count += len(rows)
        if len(rows) < page:
            break
    if fmt == "json":
        tail = ""
        if table_id is None:
            rated = await storage.read(current_ratings, guild_id)
            tail = ', "ratings": ' + json.dumps(rated, ensure_ascii=False)
        yield f'\n], "count": {count}{tail}}}\n'


def _page(c: Any, after: int, page: int, guild_id: int | None,
          table_id: int | None) -> list[dict[str, Any]]:
    """A page of finished deals, each with the ratings its end moved."""
    rows = q.finished_deals_page(c, after, page, guild_id, table_id)
    moved = history_for_deals(c, [r["id"] for r in rows])
    for r in rows:
        if r["id"] in moved:
            r["ratings"] = moved[r["id"]]
    return rows
