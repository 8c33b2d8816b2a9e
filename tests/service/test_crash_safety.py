"""Crash safety, for real: a subprocess plays against a database and is SIGKILLed (a SQLite
file, or a PostgreSQL database: the ``db_url`` fixture).

The worker (this file run as a script) plays four tables, a person and computers at each, and
writes every outcome to an acknowledgement log the moment the service hands it out (after its
commit). The test kills it with SIGKILL at random moments, again and again; after each kill the
database must open, hold every acknowledged action exactly as acknowledged, rebuild every open
table by replay, and play on. ``GAIGEL_CRASH_KILLS`` sets the number of kills (default 24); the
``slow`` test (run with ``GAIGEL_SLOW=1``) kills 200 times.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve()
TABLES = 4


# ---------------------------------------------------------------------- the worker


async def _drive(svc, channel: int, rng: random.Random) -> None:  # noqa: ANN001
    from bot.service import ServiceError

    host = 1000 + channel
    while True:
        await asyncio.sleep(0)
        tid = svc.table_in_channel(channel)
        try:
            if tid is None:
                state = await svc.create_table(9, channel, host, f"P{channel}",
                                               players=rng.choice([2, 4]), strokes=3)
                await svc.start(state.table_id, host, fill=True)
                continue
            state = svc.public_state(tid)
            if state.status == "open":
                await svc.start(tid, host, fill=True)
            elif state.status == "waiting":
                if rng.random() < 0.02:
                    await svc.end(tid, host)
                else:
                    await svc.next_deal(tid, host)
            elif any(s.to_play and s.user_id == host and not s.away for s in state.seats):
                view, version = svc.hand_view(tid, host)
                r = rng.random()
                if r < 0.05:
                    await svc.timeout_turn(tid, version)
                    if svc.public_state(tid).status == "playing":
                        seat = svc.seat_of(tid, host)
                        if svc.public_state(tid).seats[seat].away:
                            await svc.back(tid, host)
                    continue
                claims = [a for a in view.actions if a.do in ("declare", "exchange")]
                if claims and r < 0.5:
                    a = rng.choice(claims)
                else:
                    a = rng.choice([a for a in view.actions if a.do == "play"])
                await svc.act(tid, host, a.do, card=a.card, opening=a.opening, suit=a.suit,
                              double=a.double, against=a.against, expected_version=version)
            else:
                await svc.advance(tid)
        except ServiceError as exc:
            if exc.code not in ("stale", "not_your_turn"):
                raise


async def _worker(db: str, acklog: str, seed: int) -> None:
    from bot.service import GameService

    fd = os.open(acklog, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    async def ack(o) -> None:  # noqa: ANN001
        if o.kind == "action":
            # The outcome tells the public form of the action (a face-down card hidden): the
            # action as stored is the engine's, in the table's deal.
            deal = svc.tables[o.table_id].deal
            action = deal.actions[o.index]
            line = (f"A {o.table_id} {o.deal_id} {o.index} {o.version} "
                    f"{json.dumps(action.to_json(), separators=(',', ':'))}\n")
        else:
            line = f"D {o.table_id} {o.deal_id} {o.version}\n"
        os.write(fd, line.encode())

    svc = await GameService.open(db, on_outcome=ack)
    os.write(fd, b"R\n")
    await svc.resume_all()
    rng = random.Random(seed)
    await asyncio.gather(*(_drive(svc, ch, random.Random(rng.random())) for ch in range(TABLES)))


# ---------------------------------------------------------------------- the test


def _acks(acklog: Path) -> tuple[list[tuple[int, int, int, int, str]], list[tuple[int, int, int]],
                                  int]:
    actions, deals, ready = [], [], 0
    if not acklog.exists():
        return actions, deals, ready
    for line in acklog.read_text().splitlines():
        parts = line.split(" ", 5)
        if parts[0] == "A" and len(parts) == 6:
            actions.append((int(parts[1]), int(parts[2]), int(parts[3]), int(parts[4]), parts[5]))
        elif parts[0] == "D" and len(parts) == 4:
            deals.append((int(parts[1]), int(parts[2]), int(parts[3])))
        elif parts[0] == "R":
            ready += 1
    return actions, deals, ready


async def _check(db: str, acklog: Path, caplog: pytest.LogCaptureFixture) -> int:
    """The database after a kill: every acknowledged action is there; tables resume."""
    from bot.service import GameService
    from bot.storage.db import parse_url

    kind, where = parse_url(db)
    if kind == "sqlite":
        with sqlite3.connect(where) as c:
            assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    caplog.clear()
    svc = await GameService.open(db)
    try:
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]

        def stored(c: Any) -> tuple[dict, dict, set]:
            acts = {(r[0], r[1]): r[2] for r in c.execute("SELECT deal_id, idx, action FROM actions")}
            versions = {r[0]: r[1] for r in c.execute("SELECT id, version FROM tables")}
            deal_ids = {r[0] for r in c.execute("SELECT id FROM deals")}
            return acts, versions, deal_ids

        acts, versions, deal_ids = await svc.db.read(stored)
        acked, started, _ = _acks(acklog)
        for table_id, deal_id, idx, version, action in acked:
            assert acts.get((deal_id, idx)) == action, (deal_id, idx)
            assert versions[table_id] >= version
        for table_id, deal_id, version in started:
            assert deal_id in deal_ids and versions[table_id] >= version
        # every live table was rebuilt by replay of all its stored actions, and goes on
        for tid in svc.live_tables():
            t = svc.tables[tid]
            state = svc.public_state(tid)
            assert state.version == versions[tid]
            if t.deal is not None and state.status in ("playing", "waiting"):
                stored_count = sum(1 for (d, _) in acts if d == t.deal_id)
                assert len(t.deal.actions) == stored_count
                assert t.deal.over == (state.status == "waiting")
        for tid, outcomes in (await svc.resume_all()).items():
            assert all(o.table_id == tid for o in outcomes)
        for tid in svc.live_tables():
            state = svc.public_state(tid)
            if state.status == "waiting":
                await svc.next_deal(tid, state.host_id)
            if svc.public_state(tid).status == "playing":
                assert any(s.to_play and not s.computer for s in svc.public_state(tid).seats)
        return len(acked)
    finally:
        await svc.close()


async def _crash_loop(db: str, tmp_path: Path, kills: int,
                      caplog: pytest.LogCaptureFixture) -> None:
    from pg import fetch_all

    acklog = tmp_path / "acks.log"
    rng = random.Random(1234)
    survived = 0
    checked = 0
    for _ in range(kills):
        _, _, ready_before = _acks(acklog)
        with open(tmp_path / "worker.err", "w") as err:
            proc = subprocess.Popen([sys.executable, str(HERE), "worker", db, str(acklog),
                                     str(rng.randrange(10**9))], stdout=subprocess.DEVNULL,
                                    stderr=err)
            try:
                if rng.random() < 0.1:
                    time.sleep(rng.uniform(0.0, 0.4))  # sometimes during start-up or recovery
                else:
                    deadline = time.monotonic() + 20
                    while _acks(acklog)[2] == ready_before:
                        assert proc.poll() is None, (tmp_path / "worker.err").read_text()
                        assert time.monotonic() < deadline, "worker never got ready"
                        time.sleep(0.01)
                    time.sleep(rng.uniform(0.02, 0.5))
                assert proc.poll() is None, (tmp_path / "worker.err").read_text()
                proc.send_signal(signal.SIGKILL)
            finally:
                if proc.poll() is None:
                    proc.kill()  # a failed check above must not leave the suite waiting on it
                proc.wait()
        assert proc.returncode == -signal.SIGKILL
        checked = await _check(db, acklog, caplog)
        survived += 1
    [(actions,)] = await fetch_all(db, "SELECT COUNT(*) FROM actions")
    [(deals,)] = await fetch_all(db, "SELECT COUNT(*) FROM deals WHERE ended_at IS NOT NULL")
    print(f"\ncrash test: {survived} SIGKILLs survived; {checked} acknowledged actions all "
          f"found; {actions} actions and {deals} finished deals stored")
    assert survived == kills and checked > 0 and deals > 0


def test_sigkill_again_and_again(db_url: str, tmp_path: Path,
                                 caplog: pytest.LogCaptureFixture) -> None:
    kills = int(os.environ.get("GAIGEL_CRASH_KILLS", "24"))
    asyncio.run(_crash_loop(db_url, tmp_path, kills, caplog))


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("GAIGEL_SLOW"), reason="set GAIGEL_SLOW=1 (about 9 minutes)")
def test_sigkill_two_hundred_times(db_url: str, tmp_path: Path,
                                   caplog: pytest.LogCaptureFixture) -> None:
    asyncio.run(_crash_loop(db_url, tmp_path, 200, caplog))


if __name__ == "__main__" and len(sys.argv) == 5 and sys.argv[1] == "worker":
    asyncio.run(_worker(sys.argv[2], sys.argv[3], int(sys.argv[4])))
