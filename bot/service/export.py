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

Fair deals (issue 30, ``docs/FAIRNESS.md``; added fields): a deal dealt from a committed
secret has ``"fair": {"commitment", "seed", "salt"}``, which ``python -m engine verify``
checks; CSV adds a last column ``fair``: ``commitment:seed:salt`` (empty for older deals).

Daily deals (issue 31; added records): a server's (or a full) export ends its ``deals`` with
the finished daily plays of the days that are over (never of today: the seeds are secret
until the day ends, and someone may still be playing). Each is a deal record (``gaigel-deal/1``,
replayable and with its ``"fair"`` line, so ``python -m engine verify`` checks it) with a
``"daily"`` field: day, deal, user id, name, score, points, and the play's matchpoints on
that deal (``matchpoints``, of ``most``). CSV: one row each, ``table`` ``daily <day>``,
``scoring`` ``daily``, ``strokes_after`` the score.

CSV is for spreadsheets, so no cell may start a formula (OWASP, "CSV Injection"): a text cell
beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``
(``=HYPERLINK(...)`` is written ``'=HYPERLINK(...)``), and every text cell is quoted, so a
spreadsheet that splits at ``;`` keeps ``"alice; bob"`` in one cell. Numbers the bot wrote
(table, match, deal, games: ints, never a person's words) stay bare numbers, a negative one
too: a spreadsheet reads ``-1`` as the number, there is no formula in it, and a quote would
turn a number into text. Text that merely looks numeric is still text (the standing
``-2/5`` is prefixed: unquoted, a spreadsheet would compute it). JSON stays exact: the names
there are what the people called themselves.

Two ways out: ``export_history``, text chunks of one document of any size (the command line
writes it to one file); ``export_files``, the same documents as files for an upload of at
most ``limit`` bytes each (``/gaigel export``): gzip (a ``.json.gz`` is still the one JSON
document, which any unzip tool, ``gunzip`` or Python's ``gzip`` opens, and streams with an
exact size at each flush; a zip would be an archive of one file and needs its directory at
the end), and beyond the limit several files, each a whole document. ``since`` keeps the deals
that ended at that moment or later (a JSON head then says ``"since"``).
"""

from __future__ import annotations

import asyncio
import csv
import gzip
import io
import json
import tempfile
import time
import zlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any

from engine.fair import FairDeal

from ..storage import queries as q
from ..storage.db import Storage
from .daily import matchpoints, play_record, utc_day
from .errors import BadOption
from .ratings import current_ratings, history_for_deals

FORMATS = ("json", "csv")
PAGE = 200
CSV_COLUMNS = ("time", "table", "match", "deal", "players", "teams", "preset", "trump",
               "winner", "games", "reason", "scoring", "strokes_after", "ratings", "fair")


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
        **({"fair": fair.to_json()} if (fair := fair_line(d)) is not None else {}),
    }


def fair_line(d: dict[str, Any]) -> FairDeal | None:
    """A stored deal's fair-deal line; its seed only once the deal has ended (only finished
    deals are exported; a running deal's seed is as secret as its hands). None for a deal
    dealt before fair deals."""
    if d.get("fair_commitment") is None:
        return None
    fair = FairDeal(d["fair_commitment"], d["fair_seed"], d["fair_salt"] or "")
    return fair if d.get("ended_at") is not None else fair.hidden()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What may begin a formula in a spreadsheet cell (OWASP's list for CSV injection)."""


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet cannot run: text that could start a formula gets a leading
    ``'``; numbers (the bot's own) and empty cells stay as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_row(d: dict[str, Any]) -> list[Any]:
    """One deal as a CSV row, every cell safe for a spreadsheet (``csv_cell``)."""
    return [csv_cell(v) for v in _csv_values(d)]


def _csv_values(d: dict[str, Any]) -> list[Any]:
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
        "" if (fair := fair_line(d)) is None
        else f"{fair.commitment}:{fair.seed or ''}:{fair.salt}",
    ]


def daily_csv_row(record: dict[str, Any]) -> list[Any]:
    """A daily play (its record) as a CSV row in the history's columns."""
    seats = record["seats"]
    teams: dict[int, list[str]] = {}
    for seat in seats:
        teams.setdefault(seat["team"], []).append(seat["name"])
    info, result, fair = record["daily"], record["result"], record["fair"]
    values = [record["ended_at"], f"daily {info['day']}", "", info["deal"],
              "; ".join(seat["name"] for seat in seats),
              " vs ".join("+".join(teams[t]) for t in sorted(teams)),
              record["rules"].get("preset", ""), record["deal"]["trump"][0],
              "+".join(teams.get(result["winner"], [])), result["games"], result["reason"],
              "daily", str(info["score"]), "",
              f"{fair['commitment']}:{fair['seed']}:{fair['salt']}"]
    return [csv_cell(v) for v in values]


def _daily_page(c: Any, after: int, page: int, guild_id: int | None, since: float | None,
                before_day: str) -> list[dict[str, Any]]:
    """A page of finished daily plays of days that are over, as records with their
    matchpoints (against everyone who finished the same deal)."""
    rows = q.daily_days(c, guild_id, before_day, after, page, since)
    days: dict[tuple[int, str], list[dict[str, Any]]] = {}
    out = []
    for row in rows:
        key = (row["guild_id"], row["day"])
        if key not in days:
            days[key] = q.daily_scores(c, key[0], [key[1]])
        scores = {r["user_id"]: r["score"] for r in days[key] if r["number"] == row["number"]}
        record = play_record(row)
        record["daily"]["matchpoints"] = matchpoints(scores).get(row["user_id"], 0.0)
        record["daily"]["most"] = len(scores) - 1
        out.append({"id": row["id"], "ended_at": row["ended_at"], "record": record})
    return out


def _daily_encoded(fmt: str, rows: list[dict[str, Any]]) -> list[str]:
    if fmt == "json":
        return [json.dumps(r["record"], ensure_ascii=False, separators=(",", ":"))
                for r in rows]
    out = []
    for r in rows:
        buf = io.StringIO()
        csv.writer(buf, quoting=csv.QUOTE_NONNUMERIC).writerow(daily_csv_row(r["record"]))
        out.append(buf.getvalue())
    return out


def _head(fmt: str, guild_id: int | None, table_id: int | None, since: float | None,
          now: float) -> str:
    """The opening of an export file: the JSON document up to its deals, or the CSV header."""
    if fmt == "csv":
        buf = io.StringIO()
        csv.writer(buf).writerow(CSV_COLUMNS)
        return buf.getvalue()
    head: dict[str, Any] = {"format": "gaigel-history/1", "exported_at": iso(now),
                            "guild": guild_id, "table": table_id}
    if since is not None:
        head["since"] = iso(since)
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "deals": [\n'


def _tail(fmt: str, count: int, rated: list[dict[str, Any]] | None) -> str:
    """The end of an export file (JSON: the count of its deals, and the stored ratings if
    ``rated`` is given)."""
    if fmt == "csv":
        return ""
    extra = "" if rated is None else ', "ratings": ' + json.dumps(rated, ensure_ascii=False)
    return f'\n], "count": {count}{extra}}}\n'


def _encoded(fmt: str, rows: list[dict[str, Any]]) -> list[str]:
    """Each deal of a page as its text in the file (JSON without the separator; a CSV line)."""
    if fmt == "json":
        return [json.dumps(deal_record(d), ensure_ascii=False, separators=(",", ":"))
                for d in rows]
    out = []
    for d in rows:
        buf = io.StringIO()
        csv.writer(buf, quoting=csv.QUOTE_NONNUMERIC).writerow(csv_row(d))
        out.append(buf.getvalue())
    return out


def _separator(fmt: str) -> str:
    return ",\n" if fmt == "json" else ""


def _check(fmt: str) -> None:
    if fmt not in FORMATS:
        raise BadOption(f"format must be one of {', '.join(FORMATS)}")



async def _pages(storage: Storage, query: Callable[..., Any], page: int,
                 *args: Any) -> AsyncIterator[list[dict[str, Any]]]:
    """The rows of a paged ``query`` (``query(c, after, page, *args)``, by rising id), one
    page at a time: never more than one page in memory."""
    after = 0
    while True:
        rows = await storage.read(query, after, page, *args)
        if not rows:
            return
        yield rows
        after = rows[-1]["id"]
        if len(rows) < page:
            return


async def export_history(storage: Storage, *, guild_id: int | None = None,
                         table_id: int | None = None, fmt: str = "json", page: int = PAGE,
                         clock: Callable[[], float] = time.time,
                         since: float | None = None) -> AsyncIterator[str]:
    """Text chunks of the export; never more than one page of deals in memory. ``since``:
    only the deals that ended then or later."""
    _check(fmt)
    count = 0
    yield _head(fmt, guild_id, table_id, since, clock())
    sep = _separator(fmt)
    async for rows in _pages(storage, _page, page, guild_id, table_id, since):
        yield (sep if count else "") + sep.join(_encoded(fmt, rows))
        count += len(rows)
    if table_id is None:
        today = utc_day(clock())
        async for daily in _pages(storage, _daily_page, page, guild_id, since, today):
            yield (sep if count else "") + sep.join(_daily_encoded(fmt, daily))
            count += len(daily)
    if fmt == "json":
        rated = (await storage.read(current_ratings, guild_id)
                 if table_id is None else None)
        yield _tail(fmt, count, rated)


def _page(c: Any, after: int, page: int, guild_id: int | None,
          table_id: int | None, since: float | None = None) -> list[dict[str, Any]]:
    """A page of finished deals, each with the ratings its end moved."""
    rows = q.finished_deals_page(c, after, page, guild_id, table_id, since)
    moved = history_for_deals(c, [r["id"] for r in rows])
    for r in rows:
        if r["id"] in moved:
            r["ratings"] = moved[r["id"]]
    return rows


# ---------------------------------------------------------------------- files for an upload

MAX_FILES = 10
"""Files one export sends at most (Discord takes up to 10 attachments in a message); beyond,
the answer names the ``since`` that fetches the rest."""
PLAIN_MAX = 1 << 20
"""An export of at most this many bytes goes as it is (a .json or .csv anyone opens, and
Discord shows); a larger one is compressed."""
SPOOL_MEMORY = 1 << 20
"""A compressed file is held in memory up to this size, beyond in a temporary file."""
FLUSH_EVERY = 256 << 10
"""Uncompressed bytes after which the compressor is flushed, so that a file's size is known
exactly at least this often (a sync flush costs a few bytes); at most a sixteenth of the
limit."""
LEVEL = 6
"""zlib's default level: as small as 9 within a few per cent, at about twice the speed."""
MIN_LIMIT = 64 << 10


@dataclass
class ExportFile:
    """One file of an export: a whole JSON document or CSV table of its own."""

    data: IO[bytes]
    """Its bytes, read from the start (a temporary file: ``Export.close()`` drops it)."""
    size: int
    deals: int
    compressed: bool
    """gzip (``.json.gz``, ``.csv.gz``), else plain text."""


@dataclass
class Export:
    files: list[ExportFile]
    deals: int
    first_ended: float | None
    last_ended: float | None
    rest_since: float | None = None
    """The export stopped at ``MAX_FILES`` files: every deal it left out ended at this moment
    or later (``since`` for the rest; a deal of that moment already sent may come again)."""

    def close(self) -> None:
        for f in self.files:
            f.data.close()


def compressed_bound(n: int) -> int:
    """At most what ``n`` bytes become in deflate after a flush (zlib's own worst case is
    about n + n/4096 + 13: stored blocks and the flush marker)."""
    return n + (n >> 10) + 64


class _Files:
    """Writes deals into gzip files of at most ``limit`` bytes each, cutting between deals.

    Each file is a whole document (JSON with its head and tail, or CSV with its header). The
    compressed size is known exactly at each flush; a deal goes into the current file only
    if the file stays under ``limit`` even if everything since the flush and the file's end
    did not compress at all, so a file never outgrows the limit. A plain copy is kept while
    the whole export is at most ``plain_max`` bytes: a small export goes as it is."""

    def __init__(self, fmt: str, head: str, tail: Callable[[int, bool], str], limit: int,
                 max_files: int, plain_max: int) -> None:
        self.head, self.tail, self.sep = head.encode(), tail, _separator(fmt).encode()
        self.limit, self.max_files = limit, max_files
        self.flush_every = min(FLUSH_EVERY, limit // 16)
        self.reserve = max(len(tail(10**12, True).encode()), len(tail(10**12, False).encode()))
        self.files: list[ExportFile] = []
        self.plain: io.BytesIO | None = io.BytesIO()
        self.plain_max = min(plain_max, limit)
        self.deals = 0
        self.first: float | None = None
        self.last: float | None = None
        self._open()

    def _open(self) -> None:
        self.spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY)  # noqa: SIM115
        self.gz = gzip.GzipFile(filename="", mode="wb", fileobj=self.spool, mtime=0,
                                compresslevel=LEVEL)
        self.flushed = self.spool.tell()
        self.pending = 0
        self.in_file = 0
        self._write(self.head)

    def _write(self, data: bytes) -> None:
        self.gz.write(data)
        self.pending += len(data)
        if self.plain is not None:
            if self.files or self.plain.tell() + len(data) > self.plain_max:
                self.plain = None
            else:
                self.plain.write(data)
        if self.pending >= self.flush_every:
            self._flush()

    def _flush(self) -> None:
        self.gz.flush(zlib.Z_SYNC_FLUSH)
        self.flushed, self.pending = self.spool.tell(), 0

    def _fits(self, n: int) -> bool:
        """Whether ``n`` more bytes (and the file's end) surely fit: flushed first when the
        unflushed bytes alone might not (so a file is cut only when it is really full)."""
        if self._bound(n) <= self.limit:
            return True
        if self.pending:
            self._flush()
        return self._bound(n) <= self.limit

    def _bound(self, n: int) -> int:
        return self.flushed + compressed_bound(self.pending + n + self.reserve) + 8

    def add(self, texts: list[str], ended: list[float]) -> int | None:
        """Write these deals; the index of the first one left out when ``max_files`` files
        are full, else None."""
        for i, text in enumerate(texts):
            data = text.encode()
            if self.in_file and not self._fits(len(self.sep) + len(data)):
                if len(self.files) + 1 >= self.max_files:
                    return i
                self._close(last=False)
                self._open()
            self._write((self.sep if self.in_file else b"") + data)
            self.in_file += 1
            self.deals += 1
            self.first = ended[i] if self.first is None else min(self.first, ended[i])
            self.last = ended[i] if self.last is None else max(self.last, ended[i])
        return None

    def _close(self, last: bool) -> None:
        self._write(self.tail(self.in_file, last).encode())
        self.gz.close()
        size = self.spool.tell()
        self.spool.seek(0)
        self.files.append(ExportFile(self.spool, size, self.in_file, True))

    def finish(self, last: bool) -> list[ExportFile]:
        self._close(last)
        if len(self.files) == 1 and self.plain is not None:
            self.files[0].data.close()
            size = self.plain.tell()
            self.plain.seek(0)
            self.files = [ExportFile(self.plain, size, self.deals, False)]
        return self.files

    def discard(self) -> None:
        self.gz.close()
        self.spool.close()
        for f in self.files:
            f.data.close()


async def export_files(storage: Storage, *, limit: int, guild_id: int | None = None,
                       table_id: int | None = None, fmt: str = "json",
                       since: float | None = None, max_files: int = MAX_FILES,
                       page: int = PAGE, plain_max: int = PLAIN_MAX,
                       clock: Callable[[], float] = time.time) -> Export:
    """The export as files for an upload, each at most ``limit`` bytes: plain when the whole
    export is small, else gzip-compressed (streamed: one page of deals and the compressor's
    state in memory, the compressed bytes beyond ``SPOOL_MEMORY`` in temporary files), in as
    many files as needed up to ``max_files``; ``rest_since`` says where the rest begins.

    The ratings a server export ends with are read first (their size is kept free in every
    file, any of which may turn out to be the last). Encoding and compressing run in a
    thread: the bot's event loop is not held up."""
    _check(fmt)
    if limit < MIN_LIMIT:
        raise BadOption(f"limit must be at least {MIN_LIMIT} bytes")
    rated = (await storage.read(current_ratings, guild_id)
             if fmt == "json" and table_id is None else None)
    writer = _Files(fmt, _head(fmt, guild_id, table_id, since, clock()),
                    lambda count, last: _tail(fmt, count, rated if last else None),
                    limit, max_files, plain_max)
    rest: float | None = None
    after = 0
    try:
        while True:
            rows = await storage.read(_page, after, page, guild_id, table_id, since)
            if not rows:
                break
            left_out = await asyncio.to_thread(_add_page, writer, fmt, rows)
            if left_out is not None:
                rest = await storage.read(q.first_end_from, rows[left_out]["id"], guild_id,
                                          table_id, since)
                break
            after = rows[-1]["id"]
            if len(rows) < page:
                break
        after = 0
        while rest is None and table_id is None:
            daily = await storage.read(_daily_page, after, page, guild_id, since,
                                       utc_day(clock()))
            if not daily:
                break
            left_out = await asyncio.to_thread(_add_daily, writer, fmt, daily)
            if left_out is not None:
                rest = daily[left_out]["ended_at"]
                break
            after = daily[-1]["id"]
            if len(daily) < page:
                break
        files = await asyncio.to_thread(writer.finish, rest is None)
    except BaseException:
        writer.discard()
        raise
    return Export(files, writer.deals, writer.first, writer.last, rest)


def _add_daily(writer: _Files, fmt: str, rows: list[dict[str, Any]]) -> int | None:
    return writer.add(_daily_encoded(fmt, rows), [r["ended_at"] for r in rows])


def _add_page(writer: _Files, fmt: str, rows: list[dict[str, Any]]) -> int | None:
    return writer.add(_encoded(fmt, rows), [r["ended_at"] for r in rows])


def parse_since(text: str) -> float:
    """A ``since`` as people type it: a day (``2025-03-01``) or a moment
    (``2025-03-01T18:30``, ``2025-03-01 18:30:05``), in UTC unless it names its offset.
    ValueError for anything else."""
    text = text.strip()
    if not 10 <= len(text) <= 32:
        raise ValueError(text)
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()
