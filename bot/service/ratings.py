"""Skill ratings with openskill: one rating per person (and per computer level) per guild and
season, moved after every finished match, or after every finished deal at tables whose
``rating`` option is ``deal``.

The model is openskill's Plackett-Luce (Weng and Lin 2011): it rates teams as teams and any
number of teams in one ranked result, so a four- or six-player partnership game is two teams
and a three-player table three teams, and it is the library's fastest and recommended
general model. Its defaults are kept (mu 25, sigma 25/3, tau 25/300), so a newcomer's
conservative estimate, the ordinal mu - 3 sigma, is 0.

Everything here is a plain function of a ``sqlite3.Connection``, run inside the transaction
that stores a deal's result (``rate_finished_deal``), so a rating never exists without its
result nor the other way round. ``rebuild`` deletes the ratings and calls the same function for
every finished deal in the order their results were committed (the ``results`` rowid), from
the same stored rows: the numbers are exactly the live ones.

Who is rated for a seat is read from ``results`` (who sat there when each deal ended): a person
by user id, a computer as ``computer:<level>``. A match whose line-up changed (a person kicked
or gone, a computer taken over between deals) is rated in parts: each run of deals with the
same line-up is one rated result, the last run ranked by the match's result, the earlier ones
by the deals each team won in them. So a kicked person's deals before the kick count for them,
the computer's after for the computer. A match closed with ``/gaigel end`` has no winner and
is not rated (at ``deal`` tables its finished deals were already rated, the cut-off one is
not).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from openskill.models import PlackettLuce

from engine.match import MatchScore

log = logging.getLogger("bot.service")

MODEL = PlackettLuce()
TREND_MATCHES = 5
"""The leaderboard's trend: the change of the ordinal over this many last rated matches."""
MIN_MATCHES = 5
"""The leaderboard lists people with at least this many rated matches."""


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard sorts by (openskill's ``ordinal``)."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


# ---------------------------------------------------------------------- seasons


def season_id(mode: str, at: float) -> str:
    """The season a match finished at ``at`` (Unix time, UTC) belongs to."""
    if mode == "none":
        return "all"
    day = datetime.fromtimestamp(at, UTC)
    if mode == "monthly":
        return f"{day.year:04d}-{day.month:02d}"
    return f"{day.year:04d}-Q{(day.month - 1) // 3 + 1}"


def season_mode(c: sqlite3.Connection, guild_id: int, result_rowid: int | None = None) -> str:
    """The guild's season scheme now, or when the results row ``result_rowid`` was stored."""
    if result_rowid is None:
        row = c.execute("SELECT mode FROM season_modes WHERE guild_id = ?"
                        " ORDER BY id DESC LIMIT 1", (guild_id,)).fetchone()
    else:
        row = c.execute("SELECT mode FROM season_modes WHERE guild_id = ? AND results_before < ?"
                        " ORDER BY id DESC LIMIT 1", (guild_id, result_rowid)).fetchone()
    return "none" if row is None else str(row[0])


def current_season(c: sqlite3.Connection, guild_id: int, now: float) -> str:
    return season_id(season_mode(c, guild_id), now)


# ---------------------------------------------------------------------- rated results


@dataclass
class Member:
    player: str
    user_id: int | None
    name: str
    deals: int = 0
    won: int = 0


@dataclass
class RatedResult:
    """One ranked result to rate: teams of members, rank per team (0 is best)."""

    match_id: int
    deal_id: int
    teams: list[list[Member]] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)


def _dense_ranks(keys: Sequence[Any]) -> list[int]:
    """Rank per item by its key (smaller is better); equal keys share a rank."""
    order = sorted(set(keys))
    return [order.index(k) for k in keys]


def _player(row: sqlite3.Row, seats: list[dict[str, Any]], table_level: str) -> tuple[str, str]:
    """The rating key and level-free name of a results row's player."""
    if row["user_id"] is not None:
        return str(row["user_id"]), row["name"]
    seat = seats[row["seat"]] if row["seat"] < len(seats) else {}
    # A computer that sat down mid-deal (someone kicked or gone) plays at the table's level.
    level = seat.get("level") if seat.get("computer") and seat.get("level") else table_level
    return f"computer:{level}", f"computer:{level}"


def _deal_rows(c: sqlite3.Connection, deal_ids: Sequence[int], table_level: str
               ) -> dict[int, list[tuple[sqlite3.Row, str, str]]]:
    marks = ", ".join("?" * len(deal_ids))
    seats = {r[0]: json.loads(r[1]) for r in c.execute(
        f"SELECT id, seats FROM deals WHERE id IN ({marks})", tuple(deal_ids))}
    out: dict[int, list[tuple[sqlite3.Row, str, str]]] = {d: [] for d in deal_ids}
    for row in c.execute(f"SELECT deal_id, chair, seat, user_id, name, team, won, points"
                         f" FROM results WHERE deal_id IN ({marks}) ORDER BY deal_id, chair",
                         tuple(deal_ids)):
        key, name = _player(row, seats[row["deal_id"]], table_level)
        out[row["deal_id"]].append((row, key, name))
    return out


def _result_of(match_id: int, deal_id: int,
               rows: Sequence[Sequence[tuple[sqlite3.Row, str, str]]]) -> RatedResult:
    """Members per table team over ``rows`` (deals with one line-up), deals played and won."""
    members: dict[int, dict[str, Member]] = {}
    for deal in rows:
        for row, key, name in deal:
            team = members.setdefault(row["team"], {})
            m = team.setdefault(f"{row['chair']}:{key}",
                                Member(key, row["user_id"], name))
            m.name = name
            m.deals += 1
            m.won += row["won"]
    teams = sorted(members)
    return RatedResult(match_id, deal_id, [list(members[t].values()) for t in teams])


def _deal_result(c: sqlite3.Connection, match_id: int, deal_id: int,
                 table_level: str) -> RatedResult:
    rows = _deal_rows(c, [deal_id], table_level)[deal_id]
    out = _result_of(match_id, deal_id, [rows])
    points = {r["team"]: (-r["won"], -r["points"]) for r, _, _ in rows}
    out.ranks = _dense_ranks([points[t] for t in sorted(points)])
    return out


def _match_results(c: sqlite3.Connection, match_id: int, table_level: str,
                   state: dict[str, Any]) -> list[RatedResult]:
    """A finished match as one ranked result per run of deals with the same line-up."""
    deal_ids = [r[0] for r in c.execute(
        "SELECT id FROM deals WHERE match_id = ? AND ended_at IS NOT NULL ORDER BY number",
        (match_id,))]
    by_deal = _deal_rows(c, deal_ids, table_level)
    runs: list[list[int]] = []
    lineup: tuple[tuple[int, str], ...] | None = None
    for d in deal_ids:
        now = tuple((row["chair"], key) for row, key, _ in by_deal[d])
        if now != lineup:
            runs.append([])
            lineup = now
        runs[-1].append(d)
    score = MatchScore.from_json(state)
    out = []
    for i, run in enumerate(runs):
        result = _result_of(match_id, run[-1], [by_deal[d] for d in run])
        teams = sorted({row["team"] for d in run for row, _, _ in by_deal[d]})
        if i == len(runs) - 1:
            def key(t: int) -> tuple[int, int, int]:
                held = score.held(t) if score.stroke_kind else -score.totals[t]
                return (0 if t == score.winner else 1, held, -score.wins[t])
            result.ranks = _dense_ranks([key(t) for t in teams])
        else:
            won = {t: 0 for t in teams}
            for d in run:
                for t in {row["team"] for row, _, _ in by_deal[d] if row["won"]}:
                    won[t] += 1
            result.ranks = _dense_ranks([-won[t] for t in teams])
        out.append(result)
    return out


def results_to_rate(c: sqlite3.Connection, deal_id: int) -> tuple[int, str, float,
                                                                 list[RatedResult]]:
    """What the end of deal ``deal_id`` rates: (guild, season, time, ranked results)."""
    d = c.execute(
        "SELECT d.match_id, d.ended_at, t.guild_id, t.options, m.winner, m.state,"
        " (SELECT MAX(rowid) FROM results WHERE deal_id = d.id) AS k"
        " FROM deals d JOIN tables t ON t.id = d.table_id JOIN matches m ON m.id = d.match_id"
        " WHERE d.id = ?", (deal_id,)).fetchone()
    if d is None or d["ended_at"] is None or d["k"] is None:
        return 0, "", 0.0, []
    guild_id, at = d["guild_id"], d["ended_at"]
    season = season_id(season_mode(c, guild_id, d["k"]), at)
    options = json.loads(d["options"])
    level = options.get("level") or "heuristic"
    if options.get("rating", "match") == "deal":
        return guild_id, season, at, [_deal_result(c, d["match_id"], deal_id, level)]
    if d["winner"] is None:
        return guild_id, season, at, []
    last = c.execute("SELECT MAX(id) FROM deals WHERE match_id = ? AND ended_at IS NOT NULL",
                     (d["match_id"],)).fetchone()[0]
    if last != deal_id:
        return guild_id, season, at, []
    return guild_id, season, at, _match_results(c, d["match_id"], level,
                                                 json.loads(d["state"]))


# ---------------------------------------------------------------------- rating


def _apply(c: sqlite3.Connection, guild_id: int, season: str, at: float,
           result: RatedResult) -> None:
    players = {m.player for team in result.teams for m in team}
    marks = ", ".join("?" * len(players))
    current = {r["player"]: r for r in c.execute(
        f"SELECT player, mu, sigma, matches, deals, won, last_match FROM ratings"
        f" WHERE guild_id = ? AND season = ? AND player IN ({marks})",
        (guild_id, season, *sorted(players)))}
    teams = []
    for team in result.teams:
        ratings = []
        for m in team:
            row = current.get(m.player)
            ratings.append(MODEL.rating() if row is None
                           else MODEL.rating(mu=row["mu"], sigma=row["sigma"]))
        teams.append(ratings)
    rated = MODEL.rate(teams, ranks=[float(r) for r in result.ranks])
    # The same computer level may sit in several seats: it moves by the mean of its seats.
    moved: dict[str, list[tuple[float, float]]] = {}
    totals: dict[str, Member] = {}
    for team, new in zip(result.teams, rated, strict=True):
        for m, r in zip(team, new, strict=True):
            moved.setdefault(m.player, []).append((r.mu, r.sigma))
            t = totals.setdefault(m.player, Member(m.player, m.user_id, m.name))
            t.deals += m.deals
            t.won += m.won
            t.name = m.name
    for player in sorted(moved):
        pairs = moved[player]
        mu = sum(p[0] for p in pairs) / len(pairs)
        sigma = sum(p[1] for p in pairs) / len(pairs)
        t = totals[player]
        row = current.get(player)
        if row is None:
            c.execute("INSERT INTO ratings (guild_id, season, player, user_id, name, mu, sigma,"
                      " matches, deals, won, last_match, updated_at)"
                      " VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)",
                      (guild_id, season, player, t.user_id, t.name, mu, sigma, t.deals, t.won,
                       result.match_id, at))
        else:
            new_match = int(row["last_match"] != result.match_id)
            c.execute("UPDATE ratings SET name = ?, mu = ?, sigma = ?, matches = matches + ?,"
                      " deals = deals + ?, won = won + ?, last_match = ?, updated_at = ?"
                      " WHERE guild_id = ? AND season = ? AND player = ?",
                      (t.name, mu, sigma, new_match, t.deals, t.won, result.match_id, at,
                       guild_id, season, player))
        c.execute("INSERT INTO rating_history (guild_id, season, player, user_id, match_id,"
                  " deal_id, at, deals, won, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  (guild_id, season, player, t.user_id, result.match_id, result.deal_id, at,
                   t.deals, t.won, mu, sigma))


def rate_finished_deal(c: sqlite3.Connection, deal_id: int) -> int:
    """Move the ratings a just-finished deal moves (its own at ``deal`` tables; the match's
    when it ended the match). Called in the transaction that stores the deal's result, after
    the results and the match score. Returns how many results were rated."""
    guild_id, season, at, results = results_to_rate(c, deal_id)
    if not results:
        return 0
    for result in results:
        _apply(c, guild_id, season, at, result)
    return len(results)


def rate_safely(c: sqlite3.Connection, deal_id: int) -> None:
    """``rate_finished_deal`` inside a savepoint of the deal's transaction: should rating ever
    fail, the result is still stored (the game goes on) and the failure is logged; the
    ratings are then brought back by ``python -m bot ratings rebuild``."""
    c.execute("SAVEPOINT rating")
    try:
        rate_finished_deal(c, deal_id)
    except Exception:
        c.execute("ROLLBACK TO rating")
        log.exception("deal %d: rating failed; run python -m bot ratings rebuild", deal_id)
    c.execute("RELEASE rating")


def finished_deals_in_commit_order(c: sqlite3.Connection,
                                   guild_id: int | None = None) -> Iterator[int]:
    """Every finished deal in the order its results were committed (their rowid)."""
    where, args = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    for row in c.execute(f"SELECT deal_id, MAX(rowid) AS k FROM results {where}"
                         " GROUP BY deal_id ORDER BY k", args).fetchall():
        yield int(row[0])


def rebuild(c: sqlite3.Connection, guild_id: int | None = None) -> dict[str, int]:
    """Delete the ratings (of one guild, or all) and rate every finished deal again, in commit
    order, with the same function as live play. Run inside one transaction."""
    where, args = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    c.execute(f"DELETE FROM rating_history {where}", args)
    c.execute(f"DELETE FROM ratings {where}", args)
    deals = rated = 0
    for deal_id in finished_deals_in_commit_order(c, guild_id):
        deals += 1
        rated += rate_finished_deal(c, deal_id)
    return {"deals": deals, "rated": rated}


# ---------------------------------------------------------------------- reading


def seasons(c: sqlite3.Connection, guild_id: int) -> list[str]:
    """The seasons a guild has ratings in, newest first (``all``, from before seasons, last).
    GROUP BY, not DISTINCT: PostgreSQL refuses ORDER BY an expression not selected with it."""
    return [r[0] for r in c.execute(
        "SELECT season FROM ratings WHERE guild_id = ? GROUP BY season"
        " ORDER BY season = 'all', season DESC",
        (guild_id,))]


def _trend(c: sqlite3.Connection, guild_id: int, season: str, player: str, now: float) -> float:
    """The ordinal's change over the player's last ``TREND_MATCHES`` rated matches."""
    seen: list[int] = []
    for row in c.execute("SELECT match_id, mu, sigma FROM rating_history"
                         " WHERE guild_id = ? AND season = ? AND player = ?"
                         " ORDER BY id DESC LIMIT 64", (guild_id, season, player)):
        if row[0] not in seen:
            if len(seen) == TREND_MATCHES:
                return now - ordinal(row[1], row[2])
            seen.append(row[0])
    start = MODEL.rating()
    return now - ordinal(start.mu, start.sigma)


def board(c: sqlite3.Connection, guild_id: int, season: str, limit: int,
          min_matches: int = MIN_MATCHES) -> list[dict[str, Any]]:
    """The season's people with at least ``min_matches`` rated matches, by ordinal."""
    rows = c.execute(
        "SELECT player, user_id, name, mu, sigma, matches, deals, won FROM ratings"
        " WHERE guild_id = ? AND season = ? AND user_id IS NOT NULL AND matches >= ?"
        " ORDER BY mu - 3.0 * sigma DESC, user_id LIMIT ?",
        (guild_id, season, min_matches, limit)).fetchall()
    out = []
    for r in rows:
        rating = ordinal(r["mu"], r["sigma"])
        out.append({"user_id": r["user_id"], "name": r["name"], "rating": rating,
                    "mu": r["mu"], "sigma": r["sigma"], "matches": r["matches"],
                    "deals": r["deals"], "deals_won": r["won"],
                    "trend": _trend(c, guild_id, season, r["player"], rating)})
    return out


def player_history(c: sqlite3.Connection, guild_id: int, season: str, user_id: int,
                   last: int = 50) -> list[dict[str, Any]]:
    """A person's rating after each of their last ``last`` rated matches (or deals), oldest
    first (a match rated in runs, after a kick, shows its last run)."""
    rows = c.execute(
        "SELECT match_id, mu, sigma, at FROM rating_history WHERE id IN ("
        " SELECT MAX(id) FROM rating_history WHERE guild_id = ? AND season = ? AND player = ?"
        " GROUP BY match_id ORDER BY MAX(id) DESC LIMIT ?) ORDER BY id",
        (guild_id, season, str(user_id), last)).fetchall()
    return [{"match_id": r["match_id"], "rating": ordinal(r["mu"], r["sigma"]), "at": r["at"]}
            for r in rows]


def history_for_deals(c: sqlite3.Connection, deal_ids: Sequence[int]
                      ) -> dict[int, list[dict[str, Any]]]:
    """The ratings moved at the end of each of ``deal_ids`` (for the export), by deal."""
    out: dict[int, list[dict[str, Any]]] = {}
    if not deal_ids:
        return out
    marks = ", ".join("?" * len(deal_ids))
    for r in c.execute(f"SELECT h.deal_id, h.season, h.player, h.user_id, h.match_id, h.deals,"
                       f" h.won, h.mu, h.sigma, g.name FROM rating_history h"
                       f" JOIN ratings g ON g.guild_id = h.guild_id AND g.season = h.season"
                       f" AND g.player = h.player WHERE h.deal_id IN ({marks}) ORDER BY h.id",
                       tuple(deal_ids)):
        out.setdefault(r["deal_id"], []).append({
            "season": r["season"], "player": r["player"], "user_id": r["user_id"],
            "name": r["name"], "match": r["match_id"], "deals": r["deals"], "won": r["won"],
            "mu": r["mu"], "sigma": r["sigma"], "rating": ordinal(r["mu"], r["sigma"])})
    return out


def current_ratings(c: sqlite3.Connection, guild_id: int | None) -> list[dict[str, Any]]:
    """Every stored rating (of one guild, or all), by guild, season and rating."""
    where, args = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    return [{"guild": r["guild_id"], "season": r["season"], "player": r["player"],
             "user_id": r["user_id"], "name": r["name"], "mu": r["mu"], "sigma": r["sigma"],
             "rating": ordinal(r["mu"], r["sigma"]), "matches": r["matches"],
             "deals": r["deals"], "deals_won": r["won"]}
            for r in c.execute(f"SELECT * FROM ratings {where}"
                               " ORDER BY guild_id, season, mu - 3.0 * sigma DESC, player", args)]
