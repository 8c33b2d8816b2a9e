"""The SQL, as plain functions of a connection (``db.Connection``), written once for SQLite
and PostgreSQL: ``?`` placeholders, ``RETURNING`` for new ids, ``ON CONFLICT`` for upserts.

Writers are composed into one transaction by the service (``Storage.write``); every change of
a table goes with its version bump (``bump``: ``WHERE version = ?``), so a change made from a
stale picture of the table is refused as a whole. A card played is one statement, given as a
value (``insert_action``: a ``Statement``) for ``Storage.write_one``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from .db import Connection, Statement
from .errors import StaleVersion, stale_unless_one

LIVE_STATUSES = ("open", "playing", "waiting")


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------------- tables and seats


def bump(c: Connection, table_id: int, version: int, **columns: Any) -> int:
    """Bump a table's version from ``version`` (else StaleVersion), setting ``columns``."""
    sets = "".join(f", {name} = ?" for name in columns)
    cur = c.execute(f"UPDATE tables SET version = version + 1{sets} WHERE id = ? AND version = ?",
                    (*columns.values(), table_id, version))
    if cur.rowcount != 1:
        raise StaleVersion(f"table {table_id} is no longer at version {version}")
    return version + 1


def insert_table(c: Connection, guild_id: int, channel_id: int, host_id: int,
                 players: int, rules: dict[str, Any], options: dict[str, Any], now: float) -> int:
    cur = c.execute(
        "INSERT INTO tables (guild_id, channel_id, host_id, players, rules, options, status,"
        " version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'open', 0, ?, ?)"
        " RETURNING id",
        (guild_id, channel_id, host_id, players, dumps(rules), dumps(options), now, now))
    return int(cur.fetchone()[0])


def set_next_seed(c: Connection, table_id: int, next_seed: str | None) -> None:
    """The secret of the table's next deal (hex; None: no deal to come)."""
    c.execute("UPDATE tables SET next_seed = ? WHERE id = ?", (next_seed, table_id))


def keep_next_seed(c: Connection, table_id: int, next_seed: str) -> str | None:
    """``next_seed`` for a table that has none (one already drawn is never replaced: its
    commitment may have been shown); the table's secret as stored now."""
    c.execute("UPDATE tables SET next_seed = ? WHERE id = ? AND next_seed IS NULL",
              (next_seed, table_id))
    row = c.execute("SELECT next_seed FROM tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None else row[0]


def put_seat(c: Connection, table_id: int, chair: int, user_id: int | None, name: str,
             computer: bool, level: str | None, away: bool = False, missed: int = 0) -> None:
    c.execute(
        "INSERT INTO seats (table_id, chair, user_id, name, computer, level, away, missed, ready)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0) ON CONFLICT (table_id, chair) DO UPDATE SET"
        " user_id = excluded.user_id, name = excluded.name, computer = excluded.computer,"
        " level = excluded.level, away = excluded.away, missed = excluded.missed, ready = 0",
        (table_id, chair, user_id, name, int(computer), level, int(away), missed))


def delete_seat(c: Connection, table_id: int, chair: int) -> None:
    c.execute("DELETE FROM seats WHERE table_id = ? AND chair = ?", (table_id, chair))


def set_ready(c: Connection, table_id: int, chair: int) -> None:
    """The person in ``chair`` is ready for the next deal."""
    c.execute("UPDATE seats SET ready = 1 WHERE table_id = ? AND chair = ?", (table_id, chair))


def clear_ready(c: Connection, table_id: int) -> None:
    """A deal starts: every vote for it is spent."""
    c.execute("UPDATE seats SET ready = 0 WHERE table_id = ? AND ready = 1", (table_id,))


def set_away(c: Connection, table_id: int, chair: int, away: bool, missed: int) -> None:
    c.execute("UPDATE seats SET away = ?, missed = ? WHERE table_id = ? AND chair = ?",
              (int(away), missed, table_id, chair))


def live_table_in_channel(c: Connection, channel_id: int) -> int | None:
    row = c.execute("SELECT id FROM tables WHERE channel_id = ? AND status IN"
                    " ('open', 'playing', 'waiting')", (channel_id,)).fetchone()
    return None if row is None else int(row[0])


def last_table_in_channel(c: Connection, channel_id: int) -> dict[str, int] | None:
    """The channel's most recent table in any status: what a host exports after a match."""
    row = c.execute("SELECT id, host_id FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                    (channel_id,)).fetchone()
    return None if row is None else {"table_id": int(row[0]), "host_id": int(row[1])}


# ---------------------------------------------------------------------- matches, deals, actions


def insert_match(c: Connection, table_id: int, kind: str, state: dict[str, Any],
                 now: float) -> int:
    cur = c.execute("INSERT INTO matches (table_id, kind, state, started_at) VALUES (?, ?, ?, ?)"
                    " RETURNING id", (table_id, kind, dumps(state), now))
    return int(cur.fetchone()[0])


def update_match(c: Connection, match_id: int, state: dict[str, Any],
                 winner: int | None, ended_at: float | None) -> None:
    c.execute("UPDATE matches SET state = ?, winner = ?, ended_at = ? WHERE id = ?",
              (dumps(state), winner, ended_at, match_id))


def end_match(c: Connection, match_id: int, now: float) -> None:
    c.execute("UPDATE matches SET ended_at = ? WHERE id = ? AND ended_at IS NULL", (now, match_id))


def insert_deal(c: Connection, table_id: int, match_id: int, number: int, shift: int,
                players: int, rules: dict[str, Any], layout: dict[str, Any],
                seats: list[dict[str, Any]], now: float,
                fair: tuple[str, str, str] | None = None) -> int:
    """A deal dealt; ``fair``: its (commitment, seed, salt), the seed as secret as the
    layout until the deal has ended."""
    commitment, seed, salt = fair if fair is not None else (None, None, None)
    cur = c.execute(
        "INSERT INTO deals (table_id, match_id, number, shift, players, rules, layout, seats,"
        " started_at, fair_commitment, fair_seed, fair_salt)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (table_id, match_id, number, shift, players, dumps(rules), dumps(layout), dumps(seats),
         now, commitment, seed, salt))
    return int(cur.fetchone()[0])


def insert_action(table_id: int, version: int, deal_id: int, idx: int, seat: int,
                  action: str, actor: int | None, via: str, at: float) -> Statement:
    """The statement that stores an accepted action if the table is still at ``version``.

    The row is inserted only while the table is at the expected version, and the
    ``actions_bump_version`` trigger bumps the version in the same statement, so on its own
    it is one transaction: ``Storage.write_one`` (a card played), or ``write_one`` inside a
    larger transaction (an action that ends a deal).
    """
    return Statement(
        "INSERT INTO actions (deal_id, idx, seat, action, actor, via, at)"
        " SELECT ?, ?, ?, ?, ?, ?, ? FROM tables WHERE id = ? AND version = ?",
        (deal_id, idx, seat, action, actor, via, at, table_id, version))


def write_one(c: Connection, statement: Statement) -> None:
    """A versioned statement inside a transaction (StaleVersion when it changed no row)."""
    stale_unless_one(c.execute(statement.sql, statement.params).rowcount)


def set_status(c: Connection, table_id: int, status: str, now: float) -> None:
    """A table's status, changed together with an action (which bumps the version)."""
    c.execute("UPDATE tables SET status = ?, updated_at = ? WHERE id = ?", (status, now, table_id))


def finish_deal(c: Connection, deal_id: int, now: float, result: dict[str, Any],
                winner_team: int, games: int, reason: str, score: dict[str, Any]) -> None:
    c.execute("UPDATE deals SET ended_at = ?, result = ?, winner_team = ?, games = ?, reason = ?,"
              " score = ? WHERE id = ? AND ended_at IS NULL",
              (now, dumps(result), winner_team, games, reason, dumps(score), deal_id))


RESULT_COLUMNS = ("deal_id", "chair", "seat", "guild_id", "table_id", "match_id", "user_id",
                  "name", "computer", "team", "won", "points", "gaigel_won", "gaigel_suffered",
                  "knock_right", "knock_wrong", "uebergaigelt", "at")


def insert_results(c: Connection, rows: Iterable[Sequence[Any]]) -> None:
    """A deal's results. Ratings are moved in the order results are stored (their rowid); on
    PostgreSQL, where several transactions of a guild may run at once, the guild's results and
    ratings are written under the guild's transaction lock, so that order is the commit order."""
    rows = list(rows)
    if getattr(c, "dialect", "sqlite") == "postgresql" and rows:
        c.execute("SELECT pg_advisory_xact_lock(?)",
                  (rows[0][RESULT_COLUMNS.index("guild_id")],))
    marks = ", ".join("?" * len(RESULT_COLUMNS))
    c.executemany(f"INSERT INTO results ({', '.join(RESULT_COLUMNS)}) VALUES ({marks})", rows)


# ---------------------------------------------------------------------- settings and prefs

GUILD_COLUMNS = ("preset", "rules", "language", "suit_style", "strokes", "turn_timer", "players",
                 "scoring", "target", "deals", "level", "show_points", "computer_knock",
                 "season", "rating", "pictures")


def get_guild_settings(c: Connection, guild_id: int) -> dict[str, Any] | None:
    row = c.execute(f"SELECT {', '.join(GUILD_COLUMNS)} FROM guild_settings WHERE guild_id = ?",
                    (guild_id,)).fetchone()
    if row is None:
        return None
    out = dict(zip(GUILD_COLUMNS, row, strict=True))
    out["rules"] = json.loads(out["rules"])
    out["show_points"] = bool(out["show_points"])
    out["pictures"] = bool(out["pictures"])
    return out


def put_guild_settings(c: Connection, guild_id: int, values: dict[str, Any],
                       now: float) -> None:
    row = [values[k] for k in GUILD_COLUMNS]
    row[GUILD_COLUMNS.index("rules")] = dumps(values["rules"])
    row[GUILD_COLUMNS.index("show_points")] = int(values["show_points"])
    row[GUILD_COLUMNS.index("pictures")] = int(values["pictures"])
    updates = ", ".join(f"{k} = excluded.{k}" for k in (*GUILD_COLUMNS, "updated_at"))
    c.execute(f"INSERT INTO guild_settings (guild_id, {', '.join(GUILD_COLUMNS)},"
              f" updated_at) VALUES (?, {', '.join('?' * len(GUILD_COLUMNS))}, ?)"
              f" ON CONFLICT (guild_id) DO UPDATE SET {updates}",
              (guild_id, *row, now))


def put_season_mode(c: Connection, guild_id: int, mode: str, now: float) -> None:
    """From now on the guild's results are rated in ``mode``'s seasons. Kept with the highest
    results rowid, so a rebuild knows exactly which results came after the change."""
    c.execute("INSERT INTO season_modes (guild_id, since, mode, results_before)"
              " VALUES (?, ?, ?, (SELECT COALESCE(MAX(rowid), 0) FROM results))",
              (guild_id, now, mode))


def get_user_prefs(c: Connection, user_id: int) -> dict[str, Any] | None:
    row = c.execute("SELECT dm_mirror, language, ping, primer_told FROM user_prefs"
                    " WHERE user_id = ?", (user_id,)).fetchone()
    if row is None:
        return None
    return {"dm_mirror": bool(row[0]), "language": row[1],
            "ping": None if row[2] is None else bool(row[2]), "primer_told": bool(row[3])}


PREF_COLUMNS = ("dm_mirror", "language", "ping", "primer_told")


def put_user_prefs(c: Connection, user_id: int, changes: dict[str, Any], now: float) -> None:
    """Store only the preferences in ``changes`` (column: value), each as its own column: two
    commands at once (``/gaigel ping`` and ``/gaigel dm``) must not write back each other's
    old value. A new row takes the columns' defaults for the rest."""
    unknown = set(changes) - set(PREF_COLUMNS)
    if unknown or not changes:
        raise ValueError(f"no such preferences: {sorted(unknown) or 'none given'}")
    names = [k for k in PREF_COLUMNS if k in changes]
    values = [None if changes[k] is None else changes[k] if k == "language"
              else int(changes[k]) for k in names]
    updates = ", ".join(f"{k} = excluded.{k}" for k in (*names, "updated_at"))
    c.execute(f"INSERT INTO user_prefs (user_id, {', '.join(names)}, updated_at)"
              f" VALUES (?, {', '.join('?' * len(names))}, ?)"
              f" ON CONFLICT (user_id) DO UPDATE SET {updates}",
              (user_id, *values, now))


# ---------------------------------------------------------------------- recovery


SHARD_OF_GUILD = "((guild_id >> 22) % ?)"
"""Discord's shard of a guild: ``(guild_id >> 22) % shard_count``."""


def load_live(c: Connection, table_id: int | None = None,
              shards: tuple[int, Sequence[int]] | None = None) -> list[dict[str, Any]]:
    """Every live table (or just ``table_id``) with its seats, latest match and latest deal;
    with ``shards`` (count, ids), only the tables of guilds on those shards."""
    out = []
    if table_id is None:
        where = ""
        args: tuple[int, ...] = ()
        if shards is not None:
            count, ids = shards
            where = f" AND {SHARD_OF_GUILD} IN ({', '.join('?' * len(ids))})"
            args = (count, *ids)
        rows = c.execute("SELECT * FROM tables WHERE status IN ('open', 'playing', 'waiting')"
                         f"{where} ORDER BY id", args).fetchall()
    else:
        rows = c.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchall()
    for t in rows:
        table = dict(t)
        table["seats"] = [dict(s) for s in c.execute(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY chair", (t["id"],))]
        m = c.execute("SELECT * FROM matches WHERE table_id = ? ORDER BY id DESC LIMIT 1",
                      (t["id"],)).fetchone()
        table["match"] = dict(m) if m else None
        table["deal"] = None
        if m is not None:
            d = c.execute("SELECT * FROM deals WHERE match_id = ? ORDER BY number DESC LIMIT 1",
                          (m["id"],)).fetchone()
            if d is not None:
                deal = dict(d)
                deal["actions"] = [dict(a) for a in c.execute(
                    "SELECT idx, seat, action, actor, via, at FROM actions WHERE deal_id = ?"
                    " ORDER BY idx", (d["id"],))]
                table["deal"] = deal
        out.append(table)
    return out


def last_finished_deal(c: Connection, table_id: int) -> dict[str, Any] | None:
    """A table's newest finished deal (its record: rules, layout, seats) with its actions and
    who made each (actor, via), for the coach's review; None before any deal has ended."""
    d = c.execute("SELECT id, number, shift, players, rules, layout, seats FROM deals"
                  " WHERE table_id = ? AND ended_at IS NOT NULL ORDER BY id DESC LIMIT 1",
                  (table_id,)).fetchone()
    if d is None:
        return None
    deal = dict(d)
    deal["actions"] = [dict(a) for a in c.execute(
        "SELECT idx, seat, action, actor, via FROM actions WHERE deal_id = ? ORDER BY idx",
        (d["id"],))]
    return deal


# ---------------------------------------------------------------------- history


def table_deals(c: Connection, table_id: int) -> list[tuple[int, bool]]:
    """Every deal of a table in the order dealt, its matches one after another: the deal's id
    and whether it has ended (a replay names a deal by its place here, from 1)."""
    return [(int(r[0]), r[1] is not None) for r in c.execute(
        "SELECT id, ended_at FROM deals WHERE table_id = ? ORDER BY id", (table_id,))]


def _finished_where(after_id: int, guild_id: int | None, table_id: int | None,
                    since: float | None) -> tuple[str, list[Any]]:
    where = ["d.ended_at IS NOT NULL", "d.id > ?"]
    args: list[Any] = [after_id]
    if table_id is not None:
        where.append("d.table_id = ?")
        args.append(table_id)
    if guild_id is not None:
        where.append("t.guild_id = ?")
        args.append(guild_id)
    if since is not None:
        where.append("d.ended_at >= ?")
        args.append(since)
    return " AND ".join(where), args


def finished_deals_page(c: Connection, after_id: int, limit: int,
                        guild_id: int | None, table_id: int | None,
                        since: float | None = None) -> list[dict[str, Any]]:
    """Up to ``limit`` finished deals with id > ``after_id`` (that ended at ``since`` or later),
    with their actions, oldest first."""
    where, args = _finished_where(after_id, guild_id, table_id, since)
    rows = [dict(r) for r in c.execute(
        "SELECT d.*, t.guild_id AS guild_id, m.kind AS match_kind FROM deals d"
        " JOIN tables t ON t.id = d.table_id JOIN matches m ON m.id = d.match_id"
        f" WHERE {where} ORDER BY d.id LIMIT ?", (*args, limit))]
    if rows:
        by_id = {r["id"]: r for r in rows}
        for r in rows:
            r["actions"] = []
        marks = ", ".join("?" * len(rows))
        for a in c.execute(f"SELECT deal_id, action FROM actions WHERE deal_id IN ({marks})"
                           " ORDER BY deal_id, idx", tuple(by_id)):
            by_id[a[0]]["actions"].append(a[1])
    return rows


def first_end_from(c: Connection, deal_id: int, guild_id: int | None, table_id: int | None,
                   since: float | None) -> float | None:
    """The earliest end of the finished deals from ``deal_id`` on (an export that stopped
    there: every deal it left out ended then or later)."""
    where, args = _finished_where(deal_id - 1, guild_id, table_id, since)
    row = c.execute("SELECT MIN(d.ended_at) FROM deals d JOIN tables t ON t.id = d.table_id"
                    f" WHERE {where}", tuple(args)).fetchone()
    return None if row is None or row[0] is None else float(row[0])


# ---------------------------------------------------------------------- stats

_PLAYER_SUMS = """
    COUNT(*) AS deals_played,
    COALESCE(SUM(r.won), 0) AS deals_won,
    COUNT(DISTINCT r.match_id) AS matches_played,
    COUNT(DISTINCT CASE WHEN m.winner = r.team THEN r.match_id END) AS matches_won,
    COALESCE(SUM(r.gaigel_won), 0) AS gaigels_won,
    COALESCE(SUM(r.gaigel_suffered), 0) AS gaigels_suffered,
    COALESCE(SUM(r.knock_right), 0) AS knocks_right,
    COALESCE(SUM(r.knock_wrong), 0) AS knocks_wrong,
    COALESCE(SUM(r.uebergaigelt), 0) AS uebergaigelt,
    AVG(r.points) AS average_points
"""


def player_stats(c: Connection, guild_id: int, user_id: int) -> dict[str, Any]:
    row = c.execute(f"SELECT {_PLAYER_SUMS} FROM results r JOIN matches m ON m.id = r.match_id"
                    " WHERE r.guild_id = ? AND r.user_id = ?", (guild_id, user_id)).fetchone()
    out = dict(row)
    out["average_points"] = round(out["average_points"] or 0.0, 1)
    out["marriages"] = c.execute(
        "SELECT COUNT(*) FROM results r JOIN actions a ON a.deal_id = r.deal_id"
        " AND a.seat = r.seat WHERE r.guild_id = ? AND r.user_id = ?"
        # actions are stored as compact JSON (``dumps``) with the key "do" once: a LIKE on it is
        # exact, works on both back ends and needs no JSON function
        " AND a.action LIKE '%\"do\":\"declare\"%'",
        (guild_id, user_id)).fetchone()[0]
    return out


def finished_matches(c: Connection, guild_id: int, user_id: int) -> int:
    """How many matches a person has played to their end (a winner) on this server."""
    return int(c.execute(
        "SELECT COUNT(DISTINCT r.match_id) FROM results r JOIN matches m ON m.id = r.match_id"
        " WHERE r.guild_id = ? AND r.user_id = ? AND m.winner IS NOT NULL",
        (guild_id, user_id)).fetchone()[0])


def guild_stats(c: Connection, guild_id: int) -> dict[str, Any]:
    deals = c.execute(
        "SELECT COUNT(*) AS deals,"
        " COALESCE(SUM(CASE WHEN d.games = 2 THEN 1 ELSE 0 END), 0) AS double_games,"
        " COALESCE(SUM(CASE WHEN d.reason = 'gaigel' THEN 1 ELSE 0 END), 0) AS gaigels,"
        " COALESCE(SUM(CASE WHEN d.reason = 'untergaigelt' THEN 1 ELSE 0 END), 0)"
        " AS wrong_knocks,"
        " COALESCE(SUM(CASE WHEN d.reason = 'uebergaigelt' THEN 1 ELSE 0 END), 0)"
        " AS uebergaigelt"
        " FROM deals d JOIN tables t ON t.id = d.table_id"
        " WHERE t.guild_id = ? AND d.ended_at IS NOT NULL", (guild_id,)).fetchone()
    matches = c.execute(
        "SELECT COUNT(*) AS matches,"
        " COALESCE(SUM(CASE WHEN m.winner IS NOT NULL THEN 1 ELSE 0 END), 0) AS finished"
        " FROM matches m JOIN tables t ON t.id = m.table_id WHERE t.guild_id = ?",
        (guild_id,)).fetchone()
    players = c.execute("SELECT COUNT(DISTINCT user_id) FROM results WHERE guild_id = ?"
                        " AND user_id IS NOT NULL", (guild_id,)).fetchone()[0]
    points = c.execute("SELECT AVG(points) FROM results WHERE guild_id = ?",
                       (guild_id,)).fetchone()[0]
    tables = c.execute("SELECT COUNT(*) FROM tables WHERE guild_id = ?", (guild_id,)).fetchone()[0]
    return {
        "tables": tables,
        "deals_played": deals["deals"],
        "double_games": deals["double_games"],
        "gaigels": deals["gaigels"],
        "wrong_knocks": deals["wrong_knocks"],
        "uebergaigelt": deals["uebergaigelt"],
        "matches_played": matches["matches"],
        "matches_finished": matches["finished"],
        "players": players,
        "average_points": round(points or 0.0, 1),
    }


# ---------------------------------------------------------------------- shown messages


def put_shown_message(c: Connection, table_id: int, kind: str, user_id: int,
                      deal_number: int, channel_id: int | None, message_id: int | None,
                      token: str | None, at: float) -> None:
    """The live message of this kind for this person at this table (replacing the last)."""
    c.execute("INSERT INTO shown_messages (table_id, kind, user_id, deal_number, channel_id,"
              " message_id, token, opened_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
              " ON CONFLICT (table_id, kind, user_id) DO UPDATE SET"
              " deal_number = excluded.deal_number, channel_id = excluded.channel_id,"
              " message_id = excluded.message_id, token = excluded.token,"
              " opened_at = excluded.opened_at",
              (table_id, kind, user_id, deal_number, channel_id, message_id, token, at))


def delete_shown_message(c: Connection, table_id: int, kind: str, user_id: int,
                         message_id: int | None = None) -> None:
    """Forget the live message of this kind for this person (with ``message_id``: only if
    it is still that message, not a newer one kept since)."""
    if message_id is None:
        c.execute("DELETE FROM shown_messages WHERE table_id = ? AND kind = ? AND user_id = ?",
                  (table_id, kind, user_id))
    else:
        c.execute("DELETE FROM shown_messages WHERE table_id = ? AND kind = ? AND user_id = ?"
                  " AND message_id = ?", (table_id, kind, user_id, message_id))


def shown_messages(c: Connection, table_id: int | None = None) -> list[dict[str, Any]]:
    sql = ("SELECT table_id, kind, user_id, deal_number, channel_id, message_id, token,"
           " opened_at FROM shown_messages")
    rows = (c.execute(sql + " WHERE table_id = ?", (table_id,)) if table_id is not None
            else c.execute(sql))
    names = ("table_id", "kind", "user_id", "deal_number", "channel_id", "message_id", "token",
             "opened_at")
    return [dict(zip(names, row, strict=True)) for row in rows]


# ---------------------------------------------------------------------- the daily deals


def insert_daily_deals(c: Connection, guild_id: int, day: str,
                       rows: Sequence[tuple[int, int, str, str, str, str]], now: float) -> None:
    """The day's set of a server (``(number, players, rules, options, commitment, seed)`` a
    deal); a set made meanwhile by another request stays as it is (its commitments may have
    been shown)."""
    c.executemany(
        "INSERT INTO daily_deals (guild_id, day, number, players, rules, options,"
        " fair_commitment, fair_seed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, day, number) DO NOTHING",
        [(guild_id, day, *r, now) for r in rows])


def daily_deals(c: Connection, guild_id: int, day: str) -> list[dict[str, Any]]:
    return [dict(r) for r in c.execute(
        "SELECT number, players, rules, options, fair_commitment, fair_seed, created_at"
        " FROM daily_deals WHERE guild_id = ? AND day = ? ORDER BY number", (guild_id, day))]


_PLAY_COLUMNS = ("id, guild_id, day, number, user_id, name, version, started_at, ended_at,"
                 " result, score")


def daily_plays_of(c: Connection, guild_id: int, day: str, user_id: int) -> list[dict[str, Any]]:
    """One person's plays of a day, by deal."""
    return [dict(r) for r in c.execute(
        f"SELECT {_PLAY_COLUMNS} FROM daily_plays WHERE guild_id = ? AND day = ?"
        " AND user_id = ? ORDER BY number", (guild_id, day, user_id))]


def daily_play(c: Connection, play_id: int) -> dict[str, Any] | None:
    """A play with its deal's row and its actions in order."""
    row = c.execute(f"SELECT {_PLAY_COLUMNS} FROM daily_plays WHERE id = ?",
                    (play_id,)).fetchone()
    if row is None:
        return None
    play = dict(row)
    deal = c.execute(
        "SELECT players, rules, options, fair_commitment, fair_seed FROM daily_deals"
        " WHERE guild_id = ? AND day = ? AND number = ?",
        (play["guild_id"], play["day"], play["number"])).fetchone()
    play.update(dict(deal))
    play["actions"] = [dict(r) for r in c.execute(
        "SELECT idx, seat, action, by_computer FROM daily_actions WHERE play_id = ?"
        " ORDER BY idx", (play_id,))]
    return play


def daily_play_id(c: Connection, guild_id: int, day: str, number: int,
                  user_id: int) -> int | None:
    row = c.execute("SELECT id FROM daily_plays WHERE guild_id = ? AND day = ? AND number = ?"
                    " AND user_id = ?", (guild_id, day, number, user_id)).fetchone()
    return None if row is None else int(row[0])


def start_daily_play(c: Connection, guild_id: int, day: str, number: int, user_id: int,
                     name: str, now: float) -> int:
    """The person's play of a deal: a new one, or the one they already have (a deal is
    played once, never restarted)."""
    c.execute("INSERT INTO daily_plays (guild_id, day, number, user_id, name, version,"
              " started_at) VALUES (?, ?, ?, ?, ?, 0, ?)"
              " ON CONFLICT (guild_id, day, number, user_id) DO NOTHING",
              (guild_id, day, number, user_id, name, now))
    found = daily_play_id(c, guild_id, day, number, user_id)
    assert found is not None
    return found


def add_daily_action(c: Connection, play_id: int, version: int, seat: int, action: dict[str, Any],
                     by_computer: bool, end: tuple[float, dict[str, Any], int] | None) -> None:
    """One action of a play, with its version bump (``StaleVersion`` if the play moved on);
    ``end``: the deal ended with it (when, the result, the score)."""
    if end is None:
        cur = c.execute("UPDATE daily_plays SET version = version + 1 WHERE id = ?"
                        " AND version = ? AND ended_at IS NULL", (play_id, version))
    else:
        cur = c.execute("UPDATE daily_plays SET version = version + 1, ended_at = ?,"
                        " result = ?, score = ? WHERE id = ? AND version = ?"
                        " AND ended_at IS NULL",
                        (end[0], dumps(end[1]), end[2], play_id, version))
    if cur.rowcount != 1:
        raise StaleVersion(f"daily play {play_id} is no longer at version {version}")
    c.execute("INSERT INTO daily_actions (play_id, idx, seat, action, by_computer)"
              " VALUES (?, ?, ?, ?, ?)", (play_id, version, seat, dumps(action), int(by_computer)))


def daily_scores(c: Connection, guild_id: int, days: Sequence[str]) -> list[dict[str, Any]]:
    """Every finished play of these days: who, which deal, the score."""
    if not days:
        return []
    marks = ", ".join("?" for _ in days)
    return [dict(r) for r in c.execute(
        f"SELECT id, day, number, user_id, name, score FROM daily_plays WHERE guild_id = ?"
        f" AND day IN ({marks}) AND ended_at IS NOT NULL ORDER BY day, number, id",
        (guild_id, *days))]


def daily_days(c: Connection, guild_id: int | None, before: str, after_id: int, limit: int,
               since: float | None) -> list[dict[str, Any]]:
    """A page of finished plays of days before ``before`` (days that are over), in id order,
    each with its deal and actions (for exports)."""
    where = "p.day < ? AND p.ended_at IS NOT NULL AND p.id > ?"
    params: list[Any] = [before, after_id]
    if guild_id is not None:
        where += " AND p.guild_id = ?"
        params.append(guild_id)
    if since is not None:
        where += " AND p.ended_at >= ?"
        params.append(since)
    ids = [int(r[0]) for r in c.execute(
        f"SELECT p.id FROM daily_plays p WHERE {where} ORDER BY p.id LIMIT ?",
        (*params, limit))]
    out = []
    for play_id in ids:
        play = daily_play(c, play_id)
        assert play is not None
        out.append(play)
    return out
