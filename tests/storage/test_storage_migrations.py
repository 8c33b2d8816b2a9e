"""Schema migrations and database settings, on real SQLite files."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import MIGRATIONS, SCHEMA_VERSION, SchemaTooNew, open_storage
from bot.storage.sqlite import configure, migrate
from engine import Layout, Rules


def _schema(path: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(path) as c:
        names = [r[0] for r in c.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        out = {n: c.execute(f"PRAGMA table_info({n})").fetchall() for n in names}
        out["_indexes"] = sorted(c.execute(
            "SELECT name, tbl_name FROM sqlite_master WHERE type IN ('index', 'trigger')"
            " AND name NOT LIKE 'sqlite_%'").fetchall())
    return out


def _make_at(path: Path, version: int) -> None:
    """A database at ``version`` of the schema holding a little data of that version."""
    c = sqlite3.connect(path, isolation_level=None)
    configure(c)
    migrate(c, MIGRATIONS, upto=version)
    if version >= 1:
        c.execute("INSERT INTO guild_settings (guild_id, preset, rules, language, suit_style,"
                  " strokes, turn_timer, updated_at) VALUES (7, 'classic', '{}', 'de', 'french',"
                  " 12, 60, 0)")
        options = {"players": 4, "scoring": "strokes", "strokes": 12}
        c.execute("INSERT INTO tables (id, guild_id, channel_id, host_id, players, rules, options,"
                  " status, version, created_at, updated_at) VALUES (1, 7, 70, 700, 4, ?, ?,"
                  " 'open', 3, 0, 0)",
                  (json.dumps(Rules.named("classic").to_json()), json.dumps(options)))
        c.execute("INSERT INTO seats (table_id, chair, user_id, name, computer, level)"
                  " VALUES (1, 0, 700, 'Host', 0, NULL)")
        c.execute("INSERT INTO seats (table_id, chair, user_id, name, computer, level)"
                  " VALUES (1, 1, NULL, 'Computer 2', 1, 'random')")
        # an old, finished table with a match and a deal with an action
        c.execute("INSERT INTO tables (id, guild_id, channel_id, host_id, players, rules, options,"
                  " status, version, created_at, updated_at) VALUES (2, 7, 71, 700, 4, ?, ?,"
                  " 'ended', 9, 0, 0)", (json.dumps(Rules().to_json()), json.dumps(options)))
        c.execute("INSERT INTO matches (id, table_id, kind, state, started_at) VALUES"
                  " (1, 2, 'strokes', '{}', 0)")
        c.execute("INSERT INTO deals (id, table_id, match_id, number, shift, players, rules,"
                  " layout, seats, started_at) VALUES (1, 2, 1, 1, 0, 4, '{}', ?, '[]', 0)",
                  (json.dumps(Layout.seeded(4, 3).to_json()),))
        c.execute("INSERT INTO actions (deal_id, idx, seat, action, actor, via, at) VALUES"
                  " (1, 0, 0, '{\"seat\":0,\"do\":\"knock\"}', 700, 'human', 0)")
    if version >= 2:
        c.execute("INSERT INTO user_prefs (user_id, dm_mirror, updated_at) VALUES (700, 1, 0)")
    c.close()


async def test_from_empty(tmp_path: Path) -> None:
    path = tmp_path / "gaigel.sqlite3"
    storage = await open_storage(path)
    assert await storage.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)

    def pragmas(c: sqlite3.Connection) -> tuple:
        return tuple(c.execute(f"PRAGMA {p}").fetchone()[0]
                     for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"))

    assert await storage.run(pragmas) == ("wal", 1, 1, 5000)

    def strict(c: sqlite3.Connection) -> dict[str, int]:
        return {r["name"]: r["strict"] for r in c.execute("PRAGMA table_list")
                if r["schema"] == "main" and not r["name"].startswith("sqlite_")}

    tables = await storage.run(strict)
    assert set(tables) >= {"guild_settings", "tables", "seats", "matches", "deals", "actions",
                           "results", "user_prefs"}
    assert all(tables.values()), tables
    await storage.close()
    # opening again applies nothing and changes nothing
    before = _schema(path)
    storage = await open_storage(path)
    await storage.close()
    assert _schema(path) == before


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
async def test_from_every_earlier_version(tmp_path: Path, version: int) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    storage = await open_storage(fresh)
    await storage.close()
    old = tmp_path / "old.sqlite3"
    _make_at(old, version)
    storage = await open_storage(old)
    assert await storage.schema_version() == SCHEMA_VERSION
    await storage.close()
    assert _schema(old) == _schema(fresh)
    if version == 0:
        return
    # the data of the old version is all there, new columns at their defaults (a seeded
    # service: a shuffled deal could end at once, a computer claiming five Sevens)
    service = await GameService.open(str(old), seed=5)
    try:
        settings = await service.get_settings(7)
        assert (settings.preset, settings.language, settings.suit_style, settings.strokes,
                settings.turn_timer, settings.scoring, settings.level) == (
            "classic", "de", "french", 12, 60, "strokes", "random")
        assert service.recovered == [1]
        state = service.public_state(1)
        assert state.version == 3 and state.status == "open" and state.rules.preset == "classic"
        assert [(s.name, s.computer, s.away) for s in state.seats[:2]] == [
            ("Host", False, False), ("Computer 2", True, False)]
        prefs = await service.get_user_prefs(700)
        assert prefs.dm_mirror == (version >= 2)
        # and the table goes on under the new schema
        await service.join(1, 701, "Guest")
        await service.start(1, 700, fill=True)
        assert service.public_state(1).status == "playing"
    finally:
        await service.close()


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    storage = await open_storage(path)
    await storage.close()
    with sqlite3.connect(path) as c:
        c.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew, match="newer version of the bot"):
        await open_storage(path)
    with pytest.raises(SchemaTooNew):
        await GameService.open(str(path))
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_a_failing_step_leaves_the_previous_version(tmp_path: Path) -> None:
    c = sqlite3.connect(tmp_path / "x.sqlite3", isolation_level=None)
    steps = ("CREATE TABLE a (x INTEGER) STRICT;",
             "CREATE TABLE b (x INTEGER) STRICT; INSERT INTO nowhere VALUES (1);")
    with pytest.raises(sqlite3.OperationalError):
        migrate(c, steps)
    assert c.execute("PRAGMA user_version").fetchone()[0] == 1
    names = {r[0] for r in c.execute("SELECT name FROM sqlite_master")}
    assert "a" in names and "b" not in names
    c.close()


async def test_strict_foreign_keys_and_append_only(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "g.sqlite3")

    def bad_type(c: sqlite3.Connection) -> None:
        c.execute("INSERT INTO user_prefs (user_id, dm_mirror, updated_at) VALUES ('x', 0, 0)")

    def orphan(c: sqlite3.Connection) -> None:
        c.execute("INSERT INTO actions (deal_id, idx, seat, action, via, at)"
                  " VALUES (999, 0, 0, '{}', 'human', 0)")

    with pytest.raises(sqlite3.IntegrityError):
        await storage.write(bad_type)
    with pytest.raises(sqlite3.IntegrityError):
        await storage.write(orphan)

    # Seeded like every other test: a system-random shuffle may deal the computer five Sevens,
    # which ends the deal before the host has a card to play.
    service = GameService(storage, seed=1)
    state = await service.create_table(1, 1, 5, "Host", players=2)
    await service.start(state.table_id, 5, fill=True)
    view, version = service.hand_view(state.table_id, 5)
    play = next(a for a in view.actions if a.do == "play")
    await service.act(state.table_id, 5, "play", card=play.card, opening=play.opening)

    def rewrite(c: sqlite3.Connection) -> None:
        c.execute("UPDATE actions SET seat = 1")

    def forget(c: sqlite3.Connection) -> None:
        c.execute("DELETE FROM actions")

    for fn in (rewrite, forget):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await storage.write(fn)
    await storage.close()


def test_migration_11_keeps_the_shown_messages_and_their_foreign_key_and_allows_pings(
        tmp_path: Path) -> None:
    """Step 11 rebuilds ``shown_messages`` (SQLite cannot change a CHECK in place): the kept
    hands and ceremonies survive, a table's removal still takes its rows along, and a turn
    ping (kind ``ping``) may now be kept; any other kind is still refused."""
    path = tmp_path / "g.sqlite3"
    _make_at(path, 10)
    c = sqlite3.connect(path, isolation_level=None)
    configure(c)
    rows = [(1, "hand", 700, 1, 70, 9001, "tok", 5.0), (1, "dm_hand", 700, 1, 77, 9002, None, 6.0),
            (2, "ceremony", 0, 1, 71, 9003, None, 7.0)]
    c.executemany("INSERT INTO shown_messages VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    with pytest.raises(sqlite3.IntegrityError):
        c.execute("INSERT INTO shown_messages VALUES (1, 'ping', 700, 1, 70, 9004, NULL, 8.0)")
    assert migrate(c, MIGRATIONS, upto=11) == [11]
    assert c.execute("PRAGMA user_version").fetchone()[0] == 11
    assert sorted(tuple(r) for r in c.execute("SELECT * FROM shown_messages")) == sorted(rows)
    c.execute("INSERT INTO shown_messages VALUES (1, 'ping', 700, 1, 70, 9004, NULL, 8.0)")
    with pytest.raises(sqlite3.IntegrityError):
        c.execute("INSERT INTO shown_messages VALUES (1, 'bogus', 700, 1, 70, 9005, NULL, 8.0)")
    with pytest.raises(sqlite3.IntegrityError):  # no table 99
        c.execute("INSERT INTO shown_messages VALUES (99, 'ping', 700, 1, 70, 9006, NULL, 8.0)")
    assert c.execute("PRAGMA foreign_key_check").fetchall() == []
    c.execute("DELETE FROM seats WHERE table_id = 1")
    c.execute("DELETE FROM tables WHERE id = 1")  # ON DELETE CASCADE still holds
    assert [tuple(r) for r in c.execute("SELECT table_id, kind FROM shown_messages")] == [
        (2, "ceremony")]
    c.close()


async def test_migration_12_commits_an_open_table_to_its_first_deal_and_keeps_old_deals_unfair(
        tmp_path: Path) -> None:
    """A table opened before fair deals gets its next deal's secret when it is recovered,
    stored, so its commitment is the same after another restart and is the one the deal is
    dealt from; a deal dealt before keeps no fair-deal line (NULLs)."""
    path = tmp_path / "old.sqlite3"
    _make_at(path, 11)
    service = await GameService.open(str(path), seed=12)
    try:
        commitment = service.public_state(1).commitment
        assert commitment is not None and len(commitment) == 64
    finally:
        await service.close()
    service = await GameService.open(str(path))
    try:
        assert service.public_state(1).commitment == commitment
        await service.join(1, 701, "Guest")
        await service.start(1, 700, fill=True)
        fair = service.tables[1].fair
        assert fair is not None and fair.commitment == commitment and fair.salt == ""
    finally:
        await service.close()
    with sqlite3.connect(path) as c:
        assert c.execute("SELECT fair_commitment, fair_seed, fair_salt FROM deals WHERE id = 1"
                         ).fetchone() == (None, None, None)
        assert c.execute("SELECT next_seed FROM tables WHERE id = 2").fetchone() == (None,)
