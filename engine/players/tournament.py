"""Matches between computer levels, duplicate or not: ``python -m engine tournament``.

Duplicate: each deal is played twice with the same cards, side A on team 0 and then on team 1
(with three players, three times, A in each seat against two B players). A pair is won by the
side that won more games (strokes) over its deals; equal games are decided by the point margin
summed over those deals; an exact tie counts half. The win rate is side A's share of the pairs,
with a 95 % Wilson score interval. Without ``--duplicate`` every deal is played once, A on team
0 for even deals and team 1 for odd ones, and each deal counts as its own "pair".

The driver plays as the Discord service would: after every action each seat is told the events
as it saw them and every seat is asked for a claim; the seat to play is asked to choose. It also
checks every level's bookkeeping: an illegal action, an exception, a wrong knock or accusation
(``untergaigelt``, ``false_accusation``), and a missed knock (a team with 101 or more after the
claims, i.e. about to play on) are counted, never hidden.

Seeds: deal ``i`` of the match is ``Layout.seeded(players, seed_i)`` with ``seed_i`` derived
from the match seed and ``i``, and every player's seed likewise, so a fixed ``--seed`` gives the
same deals, choices and figures (decision times aside) with any number of workers.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from ..actions import Action
from ..deal import AUS, Deal, Layout
from ..errors import IllegalAction
from ..rules import Rules
from ..tricks import team_count
from ..views import View, seat_view
from . import LEVELS
from .base import Player
from .baseline import BaselinePlayer

TOURNAMENT_LEVELS: dict[str, type[Player]] = {**LEVELS, "baseline": BaselinePlayer}
"""The levels a match may pit against each other: the bot's (``LEVELS``) and ``baseline``, the
``strong`` search as it was before issue 28, kept here only, out of the people's choices."""


def make_tournament_player(level: str, seat: int, players: int, rules: Rules, *,
                           budget_ms: float, seed: int, **options: Any) -> Player:
    """A player of any of ``TOURNAMENT_LEVELS`` (``options``: its class's own)."""
    cls = TOURNAMENT_LEVELS.get(level)
    if cls is None:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(TOURNAMENT_LEVELS)})")
    return cls(seat, players, rules, budget_ms=budget_ms, seed=seed, **options)


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the parts, the same on every machine and Python run."""
    text = ":".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


@dataclass
class TournamentDeal:
    """One deal of a match, from side A's point of view."""

    pair: int
    index: int
    a_seats: list[int]
    winner: int | None
    a_won: bool
    games: int
    reason: str
    points: list[int]
    margin: int
    decision_ms: list[float] = field(default_factory=list)
    actions: int = 0
    illegal: int = 0
    exceptions: int = 0
    wrong_knock: int = 0
    missed_knock: int = 0
    error: str | None = None


@dataclass
class DealRun:
    """What ``play_deal`` returns: the finished deal and what the driver saw."""

    deal: Deal
    decision_ms: dict[int, list[float]]
    missed_knock: int = 0


class DriverError(Exception):
    """A player returned an action the engine refused."""

    def __init__(self, action: Action, code: str) -> None:
        super().__init__(f"illegal action {action.to_json()}: {code}")
        self.action = action
        self.code = code


def due_claim(deal: Deal, seats: Sequence[Player]) -> Action | None:
    """The first claim a seat makes now (a knock, a marriage, the Seven exchange...), the
    seats asked in order, as the service asks them after every action."""
    for s, player in enumerate(seats):
        action = player.claim(seat_view(deal, s))
        if action is not None:
            return action
    return None


def play_deal(layout: Layout, rules: Rules, seats: Sequence[Player],
              max_actions: int = 2000, deal: Deal | None = None,
              before_choice: Callable[[Deal, View], None] | None = None) -> DealRun:
    """Play one deal with one computer player per seat, as the service drives them
    (``deal``: a fresh ``Deal`` of ``layout`` made by the caller, e.g. a benchmark's
    all-seeing player that must hold it; ``before_choice``: called with the deal and the view
    of the seat to play before each choice, e.g. a benchmark that measures what that seat
    knows against the true deal)."""
    if deal is None:
        deal = Deal(layout, rules)
    n = deal.players
    times: dict[int, list[float]] = {s: [] for s in range(n)}
    run = DealRun(deal, times)

    def apply(action: Action) -> None:
        try:
            events = deal.apply(action)
        except IllegalAction as exc:
            raise DriverError(action, exc.code) from None
        for s, player in enumerate(seats):
            player.observe([e.seen_by(s) for e in events])

    steps = 0
    while not deal.over:
        steps += 1
        if steps > max_actions:
            raise RuntimeError("deal does not end")
        while not deal.over and (claim := due_claim(deal, seats)) is not None:
            apply(claim)
        if deal.over:
            break
        if any(p >= AUS for p in deal.points):
            run.missed_knock += 1
        seat = deal.to_play
        assert seat is not None
        view = seat_view(deal, seat)
        if before_choice is not None:
            before_choice(deal, view)
        t0 = time.perf_counter()
        action = seats[seat].choose(view)
        times[seat].append((time.perf_counter() - t0) * 1000.0)
        apply(action)
    return run


@dataclass(frozen=True)
class MatchSpec:
    a: str
    b: str
    a_partner: str | None = None
    players: int = 4
    rules: Rules = field(default_factory=Rules)
    seed: int = 0
    duplicate: bool = True
    budget_ms: float = 300.0
    b_budget_ms: float | None = None
    a_options: str | None = None
    """Side A's player options as a JSON object (e.g. ``{"z_override": 0.5}``), for trying
    variants of a level against another; ``b_options`` likewise for side B."""
    b_options: str | None = None


def _seatings(spec: MatchSpec, pair: int) -> list[list[int]]:
    """Side A's seats in each deal of pair ``pair``."""
    n = spec.players
    if n == 3:
        if spec.duplicate:
            return [[k] for k in range(3)]
        return [[pair % 3]]
    teams = team_count(n)
    if spec.duplicate:
        return [[s for s in range(n) if s % teams == t] for t in (0, 1)]
    t = pair % 2
    return [[s for s in range(n) if s % teams == t]]


def run_pair(spec: MatchSpec, pair: int) -> list[TournamentDeal]:
    """Play the deal(s) of one pair; exceptions and illegal actions are recorded, not raised."""
    n = spec.players
    layout = Layout.seeded(n, derive_seed(spec.seed, "deal", pair))
    teams = team_count(n)
    out: list[TournamentDeal] = []
    for k, a_seats in enumerate(_seatings(spec, pair)):
        lead = min(a_seats)
        seats: list[Player] = []
        for s in range(n):
            pseed = derive_seed(spec.seed, "player", pair, k, s)
            if s in a_seats:
                level = spec.a if (s == lead or spec.a_partner is None) else spec.a_partner
                budget = spec.budget_ms
                options = spec.a_options if s == lead or spec.a_partner is None else None
            else:
                level = spec.b
                budget = spec.b_budget_ms if spec.b_budget_ms is not None else spec.budget_ms
                options = spec.b_options
            seats.append(make_tournament_player(
                level, s, n, spec.rules, budget_ms=budget, seed=pseed,
                **(json.loads(options) if options else {})))
        for p in seats:
            p.meet([q.level for q in seats])
        a_team = lead % teams
        timed = [s for s in a_seats if spec.a_partner is None or s == lead]
        try:
            run = play_deal(layout, spec.rules, seats)
        except DriverError as exc:
            out.append(TournamentDeal(pair, k, a_seats, None, False, 0, "illegal", [], 0,
                                   illegal=1, error=str(exc)))
            continue
        except Exception:
            out.append(TournamentDeal(pair, k, a_seats, None, False, 0, "exception", [], 0,
                                   exceptions=1, error=traceback.format_exc()))
            continue
        deal = run.deal
        result = deal.result
        assert result is not None
        points = list(deal.points)
        others = max(points[t] for t in range(teams) if t != a_team)
        out.append(TournamentDeal(
            pair, k, a_seats, result.winner, result.winner == a_team, result.games,
            result.reason, points, points[a_team] - others,
            decision_ms=[ms for s in timed for ms in run.decision_ms[s]],
            actions=len(deal.actions),
            wrong_knock=int(result.reason in ("untergaigelt", "false_accusation")),
            missed_knock=run.missed_knock + int(result.reason == "uebergaigelt"),
        ))
    return out


def _run_chunk(args: tuple[MatchSpec, list[int]]) -> list[TournamentDeal]:
    spec, pairs = args
    out: list[TournamentDeal] = []
    for p in pairs:
        out += run_pair(spec, p)
    return out


def run_match(spec: MatchSpec, pairs: int, workers: int = 1,
              progress: bool = False) -> list[TournamentDeal]:
    """Play ``pairs`` pairs (deals when not duplicate), on ``workers`` processes."""
    chunks = [list(range(i, min(i + 5, pairs))) for i in range(0, pairs, 5)]
    outcomes: list[TournamentDeal] = []
    start = time.perf_counter()

    def note(done: int) -> None:
        if progress:
            el = time.perf_counter() - start
            print(f"\r{done}/{pairs} pairs, {el:.0f} s", end="", file=sys.stderr, flush=True)

    results: Iterator[list[TournamentDeal]]
    if workers <= 1:
        results = (_run_chunk((spec, c)) for c in chunks)
        for r in results:
            outcomes += r
            note(len({o.pair for o in outcomes}))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for r in pool.map(_run_chunk, [(spec, c) for c in chunks]):
                outcomes += r
                note(len({o.pair for o in outcomes}))
    if progress:
        print(file=sys.stderr)
    return outcomes


# ---------------------------------------------------------------------- arithmetic

def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate ``p`` observed over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of ``values`` (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(1, math.ceil(q / 100.0 * len(ordered)))
    return ordered[k - 1]


def pair_score(deals: Sequence[TournamentDeal], margin_tiebreak: bool = True) -> float:
    """1, 0.5 or 0: did side A win the pair (games, then point margin)?"""
    net = sum((d.games if d.a_won else -d.games) for d in deals)
    if net == 0 and margin_tiebreak:
        net = sum(d.margin for d in deals)
    return 1.0 if net > 0 else 0.0 if net < 0 else 0.5


def summarize(outcomes: Sequence[TournamentDeal]) -> dict[str, Any]:
    """The match figures (the ``--json`` object)."""
    by_pair: dict[int, list[TournamentDeal]] = {}
    for o in outcomes:
        by_pair.setdefault(o.pair, []).append(o)
    scores = [pair_score(ds) for ds in by_pair.values()]
    by_games = [pair_score(ds, False) for ds in by_pair.values()]
    n_pairs = len(scores)
    rate = sum(scores) / n_pairs if n_pairs else 0.0
    lo, hi = wilson(rate, n_pairs)
    played = [o for o in outcomes if o.winner is not None]
    a_games = sum(1 for o in played if o.a_won)
    b_games = len(played) - a_games
    times = [ms for o in outcomes for ms in o.decision_ms]
    reasons = Counter(o.reason for o in outcomes)
    return {
        "pairs": n_pairs,
        "win_rate": round(rate, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "pair_results": {"won": scores.count(1.0), "tied": scores.count(0.5),
                         "lost": scores.count(0.0)},
        "pair_results_by_games": {
            "won": by_games.count(1.0), "tied": by_games.count(0.5),
            "lost": by_games.count(0.0),
            "win_rate": round(sum(by_games) / n_pairs, 4) if n_pairs else 0.0},
        "deals": len(outcomes),
        "deal_win_rate": round(a_games / len(played), 4) if played else 0.0,
        "games": {"a": a_games, "b": b_games,
                  "a_double": sum(1 for o in played if o.a_won and o.games == 2),
                  "b_double": sum(1 for o in played if not o.a_won and o.games == 2)},
        "strokes": {"a": sum(o.games for o in played if o.a_won),
                    "b": sum(o.games for o in played if not o.a_won)},
        "mean_margin": round(statistics.fmean(o.margin for o in played), 2) if played else 0.0,
        "decision_ms": {"n": len(times), "median": round(percentile(times, 50), 2),
                        "p95": round(percentile(times, 95), 2),
                        "max": round(max(times), 2) if times else 0.0},
        "reasons": dict(sorted(reasons.items())),
        "checks": {"illegal": sum(o.illegal for o in outcomes),
                   "exceptions": sum(o.exceptions for o in outcomes),
                   "wrong_knocks": sum(o.wrong_knock for o in outcomes),
                   "missed_knocks": sum(o.missed_knock for o in outcomes)},
    }


def format_summary(spec: MatchSpec, summary: dict[str, Any], seconds: float) -> str:
    s = summary
    unit = "deal pairs" if spec.duplicate else "deals"
    a_name = spec.a if spec.a_partner is None else f"{spec.a}+{spec.a_partner}"
    if spec.a_options:
        a_name += f" {spec.a_options}"
    b_name = spec.b + (f" {spec.b_options}" if spec.b_options else "")
    lines = [
        f"A = {a_name}, B = {b_name}; {spec.players} players, rules {spec.rules.to_json()}, "
        f"budget {spec.budget_ms:g} ms, seed {spec.seed}, "
        f"{'duplicate' if spec.duplicate else 'single'}",
        f"{unit}: {s['pairs']}  A won {s['pair_results']['won']}, tied "
        f"{s['pair_results']['tied']}, lost {s['pair_results']['lost']}",
        f"win rate (A): {100 * s['win_rate']:.1f} %  95 % CI "
        f"[{100 * s['ci95'][0]:.1f}, {100 * s['ci95'][1]:.1f}] %"
        + ("  (equal games decided by point margin)" if spec.duplicate else ""),
        f"by games alone: A won {s['pair_results_by_games']['won']}, tied "
        f"{s['pair_results_by_games']['tied']}, lost {s['pair_results_by_games']['lost']}: "
        f"{100 * s['pair_results_by_games']['win_rate']:.1f} %",
        f"deals won by A: {s['games']['a']} of {s['deals']} ({100 * s['deal_win_rate']:.1f} %)",
        f"games won: A {s['games']['a']} ({s['games']['a_double']} double), "
        f"B {s['games']['b']} ({s['games']['b_double']} double)",
        f"strokes won: A {s['strokes']['a']}, B {s['strokes']['b']}",
        f"mean point margin (A - B, per deal): {s['mean_margin']:+.1f}",
        f"time per decision (A, {s['decision_ms']['n']} decisions): median "
        f"{s['decision_ms']['median']:.1f} ms, p95 {s['decision_ms']['p95']:.1f} ms, "
        f"max {s['decision_ms']['max']:.1f} ms",
        f"results: {', '.join(f'{k} {v}' for k, v in s['reasons'].items())}",
        f"checks: {', '.join(f'{k} {v}' for k, v in s['checks'].items())}",
        f"wall time: {seconds:.1f} s",
    ]
    return "\n".join(lines)


def outcome_json(o: TournamentDeal) -> dict[str, Any]:
    return asdict(o)
