"""``python -m bot migrate``: a SQLite database copied whole into another database (PostgreSQL
or SQLite: the ``db_url`` fixture), checked, and refused when the target holds anything."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pg import fetch_all

from bot.service import GameService
from bot.service.computer_matches import play_table
from bot.service.models import ShownMessage
from bot.service.transfer import COPY_ORDER
from bot.storage import open_storage
from bot.storage.queries import RESULT_COLUMNS

ROOT = Path(__file__).resolve().parents[2]
DEE = 88


async def _server_history(url: str) -> int:
    """Finished matches in two guilds, settings, a preference, a kept message, a table left
    mid-deal with a person to play, and a daily deal under way (Dee's, in guild 1). Returns
    that table's id."""
    svc = await GameService.open(url, seed=5)
    try:
        await play_table(svc, 0, 3, guild_id=1)
        await play_table(svc, 1, 2, guild_id=2)
        await svc.set_settings(1, language="de", turn_timer=30)
        await svc.set_user_prefs(77, dm_mirror=True)
        state = await svc.create_table(1, 600, 77, "Pat", players=4)
        await svc.start(state.table_id, 77, fill=True)
        await svc.remember_message(ShownMessage(state.table_id, "hand", 77, 1, 600, 9, None,
                                                1.0))
        assert svc.public_state(state.table_id).status == "playing"
        svc.daily.samples = 4
        daily = await svc.daily.play(1, DEE, "Dee")
        assert daily is not None
        card = next(a for a in daily.view.actions if a.do == "play")
        await svc.daily.act(1, DEE, daily.play_id, daily.version, "play", card=card.card,
                            opening=card.opening)
        return state.table_id
    finally:
        await svc.close()


def _migrate(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", "migrate", "--from", source, "--to",
                           target], cwd=ROOT, capture_output=True, text=True)


async def test_migrate_copies_everything_checks_it_and_the_copy_plays_on(
        db_url: str, tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    live = await _server_history(source)
    proc = _migrate(source, db_url)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    counts = {t: (await fetch_all(source, f"SELECT COUNT(*) FROM {t}"))[0][0] for t in COPY_ORDER}
    assert report["rows"] == counts and counts["actions"] > 100 and counts["shown_messages"] == 1
    assert report["deals_replayed"] == counts["deals"] - 1  # all but the one being played
    for table in COPY_ORDER:
        # results with their rowid (SQLite's implicit one is a column on PostgreSQL)
        select = (f"SELECT {', '.join(RESULT_COLUMNS)}, rowid FROM results ORDER BY rowid"
                  if table == "results" else f"SELECT * FROM {table}")
        assert await fetch_all(db_url, select) == await fetch_all(source, select), table

    before = await GameService.open(source)
    after = await GameService.open(db_url)
    try:
        assert after.recovered == before.recovered and live in after.recovered
        for tid in after.recovered:
            assert after.public_state(tid) == before.public_state(tid)
        assert await after.stats(1) == await before.stats(1)
        assert await after.leaderboard(2) == await before.leaderboard(2)
        # new tables get new ids in the copy, and the copied table plays on
        state = await after.create_table(3, 700, 5, "New", players=2)
        assert state.table_id > max(r[0] for r in await fetch_all(source, "SELECT id FROM tables"))
        await after.start(state.table_id, 5, fill=True)
        view, version = after.hand_view(live, 77)
        play = next(a for a in view.actions if a.do == "play")
        await after.act(live, 77, "play", card=play.card, opening=play.opening,
                        expected_version=version)
        assert after.public_state(live).version > version
        # Dee's daily deal goes on in the copy where it stopped
        after.daily.samples = before.daily.samples = 4
        was = await before.daily.play(1, DEE, "Dee")
        now = await after.daily.play(1, DEE, "Dee")
        assert was is not None and now is not None
        assert (now.play_id, now.version, now.view) == (was.play_id, was.version, was.view)
    finally:
        await before.close()
        await after.close()


async def test_migrate_refuses_a_target_that_holds_anything(db_url: str, tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    await _server_history(source)
    svc = await GameService.open(db_url)
    await svc.set_user_prefs(1, dm_mirror=True)
    await svc.close()
    proc = _migrate(source, db_url)
    assert proc.returncode == 2 and "not empty (user_prefs: 1 rows)" in proc.stderr
    assert (await fetch_all(db_url, "SELECT COUNT(*) FROM tables"))[0][0] == 0


async def test_the_copy_covers_every_table_of_the_schema(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "g.sqlite3")
    try:
        names = await storage.run(lambda c: {r[0] for r in c.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")})
    finally:
        await storage.close()
    assert names == set(COPY_ORDER)
