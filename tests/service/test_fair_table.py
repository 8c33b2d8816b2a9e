"""Fair deals at a table (issue 30 part 1, ``docs/FAIRNESS.md``): the service commits to each
deal's secret before the click that starts it, deals from that secret and the click's id, and
reveals and exports both when the deal is over. On both back ends, real databases."""

from __future__ import annotations

import hashlib
import json
import logging
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.service import Committed, GameService, ServiceError
from bot.service.computer_matches import play_table
from engine.fair import fair_layout

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
HEX64 = re.compile(r"[0-9a-f]{64}")


async def seat_four(svc: GameService, channel: int = 100, **options: Any) -> int:
    state = await svc.create_table(1, channel, ALICE, "Alice", players=4, **options)
    for uid, name in ((BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")):
        await svc.join(state.table_id, uid, name)
    return state.table_id


async def play_out(svc: GameService, tid: int, rng: random.Random) -> list[Committed]:
    """The deal played to its end by its four people (random legal cards, knocks at 101)."""
    outcomes: list[Committed] = []
    while svc.public_state(tid).status == "playing":
        state = svc.public_state(tid)
        uid = next(s.user_id for s in state.seats if s.to_play)
        assert uid is not None
        view, version = svc.hand_view(tid, uid)
        knock = [a for a in view.actions if a.do == "knock"]
        if knock:
            outcomes += await svc.act(tid, uid, "knock", expected_version=version)
            continue
        play = rng.choice([a for a in view.actions if a.do == "play"])
        outcomes += await svc.act(tid, uid, "play", card=play.card, opening=play.opening,
                                  expected_version=version)
    return outcomes


def dealt_layout(svc: GameService, tid: int) -> Any:
    deal = svc.tables[tid].deal
    assert deal is not None
    return deal.layout


async def test_the_commitment_shown_before_the_start_is_the_sha256_of_the_seed_revealed_after(
        db_url: str) -> None:
    """The first deal's commitment exists when the table opens and does not change when
    people join or the host changes an option; the deal is ``fair_layout(seed, salt)`` with
    the Start click's id as salt; at the end the seed and salt are revealed, and the next
    deal's commitment is shown, which the next deal then keeps."""
    svc = await GameService.open(db_url)
    try:
        opened = await svc.create_table(1, 100, ALICE, "Alice", players=4)
        tid = opened.table_id
        first = opened.commitment
        assert first is not None and HEX64.fullmatch(first)
        for uid, name in ((BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")):
            assert (await svc.join(tid, uid, name)).commitment == first
        assert (await svc.configure(tid, ALICE, turn_timer=60)).commitment == first
        await svc.start(tid, ALICE, salt="1234567890123456789")
        playing = svc.public_state(tid)
        assert playing.status == "playing" and playing.commitment == first
        layout = dealt_layout(svc, tid)
        outcomes = await play_out(svc, tid, random.Random(1))
        end = outcomes[-1].deal_end
        assert end is not None and end.fair is not None and end.fair.seed is not None
        assert end.fair.commitment == first
        assert hashlib.sha256(bytes.fromhex(end.fair.seed)).hexdigest() == first
        assert end.fair.salt == "1234567890123456789"
        assert fair_layout(bytes.fromhex(end.fair.seed), end.fair.salt, 4) == layout
        assert end.fair.check(layout) is None
        between = svc.public_state(tid)
        assert between.status == "waiting" and between.last_result == end
        second = between.commitment
        assert second is not None and HEX64.fullmatch(second) and second != first
        # Votes that do not complete the vote do not salt the deal; the host's click deals.
        assert await svc.next_deal(tid, BOB, salt="111") == []
        assert await svc.next_deal(tid, CAROL, salt="222") == []
        assert svc.public_state(tid).commitment == second
        await svc.next_deal(tid, ALICE, salt="444")
        assert svc.public_state(tid).commitment == second
        layout = dealt_layout(svc, tid)
        end = (await play_out(svc, tid, random.Random(2)))[-1].deal_end
        assert end is not None and end.fair is not None and end.fair.seed is not None
        assert (end.fair.commitment, end.fair.salt) == (second, "444")
        assert end.fair.check(layout) is None
    finally:
        await svc.close()


async def test_the_commitment_survives_a_restart_before_the_start_mid_deal_and_between_deals(
        db_url: str) -> None:
    svc = await GameService.open(db_url)
    tid = await seat_four(svc)
    first = svc.public_state(tid).commitment
    await svc.close()
    svc = await GameService.open(db_url)
    try:
        assert svc.public_state(tid).commitment == first
        await svc.start(tid, ALICE, salt="42")
        layout = dealt_layout(svc, tid)
    finally:
        await svc.close()
    svc = await GameService.open(db_url)  # mid-deal
    try:
        assert svc.public_state(tid).commitment == first
        end = (await play_out(svc, tid, random.Random(3)))[-1].deal_end
        assert end is not None and end.fair is not None
        assert (end.fair.commitment, end.fair.salt) == (first, "42")
        assert end.fair.check(layout) is None
        second = svc.public_state(tid).commitment
    finally:
        await svc.close()
    svc = await GameService.open(db_url)  # between deals: the revealed line and the next
    try:
        state = svc.public_state(tid)
        assert state.commitment == second and second != first
        assert state.last_result is not None and state.last_result.fair == end.fair
        await svc.next_deal(tid, ALICE, salt="43")
        end = (await play_out(svc, tid, random.Random(4)))[-1].deal_end
        assert end is not None and end.fair is not None
        assert (end.fair.commitment, end.fair.salt) == (second, "43")
    finally:
        await svc.close()


async def test_deals_no_click_starts_have_the_empty_salt_and_a_bad_salt_changes_nothing(
        db_url: str) -> None:
    svc = await GameService.open(db_url)
    try:
        await play_table(svc, 0, 3)  # a table of computers only, as `python -m bot simulate`
        data = json.loads("".join([c async for c in svc.export(fmt="json")]))
        fair = [d["fair"] for d in data["deals"]]
        assert len(fair) == 3 and all(f["salt"] == "" for f in fair)
        tid = await seat_four(svc, channel=200)
        before = svc.public_state(tid)
        for salt in ("12a", "-1", " 7", "１２"):
            with pytest.raises(ServiceError, match="bad_option"):
                await svc.start(tid, ALICE, salt=salt)
        after = svc.public_state(tid)
        assert (after.status, after.version, after.commitment) == (
            "open", before.version, before.commitment)
    finally:
        await svc.close()


async def test_a_seeded_service_draws_the_same_secrets_and_play_draws_fresh_ones(
        new_db_url: Any) -> None:
    """``GameService(seed=...)`` (tests, ``python -m bot simulate --seed``) repeats its deals;
    without a seed every table's secret is new."""
    commitments = []
    for seed in (9, 9, None, None):
        svc = await GameService.open(new_db_url(), seed=seed)
        try:
            commitments.append((await svc.create_table(1, 100, ALICE, "Alice")).commitment)
        finally:
            await svc.close()
    assert commitments[0] == commitments[1]
    assert len({commitments[1], commitments[2], commitments[3]}) == 3


async def test_no_export_and_no_log_line_holds_a_secret_seed(
        db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """While a deal runs its seed and the next deal's are in no export (only finished deals
    are exported, each with its revealed line) and in no log line at all."""
    caplog.set_level(logging.DEBUG, logger="bot")
    svc = await GameService.open(db_url)
    try:
        tid = await seat_four(svc)
        await svc.start(tid, ALICE, salt="5")
        await play_out(svc, tid, random.Random(5))
        await svc.next_deal(tid, ALICE, salt="6")
        running = svc.tables[tid].fair
        assert running is not None and running.seed is not None
        other = await seat_four(svc, channel=101)  # a table before its start: its next seed
        waiting = svc.tables[other].next_seed
        assert waiting is not None
        secrets = {running.seed, waiting.hex()}
        for fmt in ("json", "csv"):
            text = "".join([c async for c in svc.export(fmt=fmt)])
            assert not any(x in text for x in secrets)
        data = json.loads("".join([c async for c in svc.export(fmt="json")]))
        (record,) = data["deals"]
        assert record["fair"]["salt"] == "5" and HEX64.fullmatch(record["fair"]["seed"])

        def stored(c: Any) -> set[str]:
            return {r[0] for r in c.execute("SELECT fair_seed FROM deals") if r[0]}

        every = await svc.db.read(stored) | secrets
        assert len(every) == 3
        logged = [r.getMessage() for r in caplog.records]
        assert logged and not [m for m in logged if any(x in m for x in every)]
    finally:
        await svc.close()


def test_python_m_engine_verify_passes_on_an_export_of_simulated_and_clicked_deals(
        tmp_path: Path) -> None:
    """The whole way round on the command line: deals played by `python -m bot simulate`,
    exported by `python -m bot export`, checked by `python -m engine verify`; and a history
    with a changed card fails."""
    db = tmp_path / "gaigel.sqlite3"
    run = [sys.executable, "-m"]
    subprocess.run([*run, "bot", "simulate", "--db", str(db), "--tables", "2", "--deals", "3",
                    "--seed", "4"], cwd=ROOT, check=True, capture_output=True)
    out = tmp_path / "history.json"
    subprocess.run([*run, "bot", "export", "--db", str(db), "--out", str(out)], cwd=ROOT,
                   check=True)
    proc = subprocess.run([*run, "engine", "verify", str(out)], cwd=ROOT, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "6 deals: 6 verified, 0 failed"
    data = json.loads(out.read_text(encoding="utf-8"))
    dealt = data["deals"][0]["deal"]
    hand, talon = dealt["hands"][0], dealt["talon"]
    i = next(i for i, card in enumerate(talon) if card != hand[0])
    hand[0], talon[i] = talon[i], hand[0]  # a card of the talon dealt into a hand
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data), encoding="utf-8")
    proc = subprocess.run([*run, "engine", "verify", str(forged)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "deals: 5 verified, 1 failed" in proc.stdout


async def test_an_export_of_deals_started_by_clicks_verifies(tmp_path: Path) -> None:
    db = str(tmp_path / "gaigel.sqlite3")
    svc = await GameService.open(db)
    try:
        tid = await seat_four(svc, strokes=50)
        await svc.start(tid, ALICE, salt="1146744073709551615")
        for n in range(3):
            await play_out(svc, tid, random.Random(n))
            await svc.next_deal(tid, ALICE, salt=str(1246744073709551615 + n))
        out = tmp_path / "history.json"
        out.write_text("".join([c async for c in svc.export(fmt="json")]), encoding="utf-8")
    finally:
        await svc.close()
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [d["fair"]["salt"] for d in data["deals"]] == [
        "1146744073709551615", "1246744073709551615", "1246744073709551616"]
    proc = subprocess.run([sys.executable, "-m", "engine", "verify", str(out)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "3 deals: 3 verified, 0 failed"


async def test_a_deal_dealt_before_fair_deals_is_exported_without_a_fair_line(
        tmp_path: Path) -> None:
    """Deals stored before migration 12 have no fair-deal line (NULL columns): their records
    carry no ``"fair"``, their CSV cell is empty, and `verify` says so instead of passing."""
    db = str(tmp_path / "gaigel.sqlite3")
    svc = await GameService.open(db, seed=3)
    try:
        await play_table(svc, 0, 2)

        def unfair(c: Any) -> None:
            c.execute("UPDATE deals SET fair_commitment = NULL, fair_seed = NULL,"
                      " fair_salt = NULL WHERE number = 1")

        await svc.db.write(unfair)
        data = json.loads("".join([c async for c in svc.export(fmt="json")]))
        assert ["fair" in d for d in data["deals"]] == [False, True]
        rows = "".join([c async for c in svc.export(fmt="csv")]).splitlines()
        assert rows[0].endswith(",fair") and rows[1].endswith(',""')
        assert re.search(r',"[0-9a-f]{64}:[0-9a-f]{64}:"$', rows[2])
    finally:
        await svc.close()
    out = tmp_path / "history.json"
    out.write_text(json.dumps(data), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "engine", "verify", str(out)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "no fair-deal line" in proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "2 deals: 1 verified, 1 failed"
