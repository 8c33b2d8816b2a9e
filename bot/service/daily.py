"""The daily deals: every server's six deals of a UTC day, the same cards for everyone on it,
each played privately against three ``strong`` computers and ranked by matchpoints.

Duplicate play, as bridge clubs run it: luck is taken out by giving everyone the same cards
and ranking each person against the others who held them.

- The set is made lazily, by the server's first ``/gaigel daily`` of the day: six 4-player
  deals under the server's rules, each from its own secret (``secrets``; with the service's
  test seed, derived from it), salt ``""``, stored with its commitment before anything is
  shown. The seeds are revealed once the UTC day is over.
- A play is one person's play of one deal, from seat 0 (Vorhand, the same seat for everyone)
  with three computers. Every accepted action is committed (with the play's version bump)
  before it is acknowledged; a play is never restarted, and a day's plays close when the day
  ends (an unfinished deal then stays unscored: its cards are public from then on).
- The computers decide with ``Choose(budget_ms=inf, max_samples=samples, seed=…)`` in the
  thinking processes, the seed derived from the deal's secret, the seat and the action's
  index: the same plays give the same computer plays on any machine at any load.
- Score: 1000 × signed games (±1, ±2 for a Gaigel or a double) + own team's points − the
  opponents' when the deal ends. Matchpoints per deal against everyone else who finished
  it: 1 per lower score, ½ per equal one; a day's figure is the matchpoints as a percentage
  of the most possible (50 when nobody else played).
- No peeking: nobody's result, no ranking and no replay of a day for a person who has not
  finished its six deals, until the day is over.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from engine import Action, Deal, Rules, View, seat_view
from engine.deal import Result
from engine.fair import FairDeal, commitment_of, new_server_seed
from engine.players.questions import Choose

from ..storage import queries as q
from ..storage.db import Storage
from ..storage.errors import StaleVersion
from ..thinking import ThinkingClosed, ThinkingPool
from .computer import Computer, make_computer
from .errors import Refused, ServiceError
from .settings import Settings

log = logging.getLogger("bot.service")

DEALS = 6
PLAYERS = 4
SEAT = 0
"""The person's seat in every daily deal: Vorhand, the same for everyone."""
LEVEL = "strong"
SAMPLES = 160
"""Worlds a computer samples per decision in play (no clock: the answer depends only on
the question). ``bench/daily.py`` measures what a person waits for it."""
MAX_STEPS = 400
"""Safety net: actions of computers in a row (a deal has under 100)."""
CACHE = 256
"""Plays kept in memory (their deal and computers); others are rebuilt from the database."""


def utc_day(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d")


def parse_day(text: str) -> str:
    """A day as typed (``2026-11-25``) in its canonical form; ``daily_bad_day`` else."""
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise ServiceError("daily_bad_day", day=text.strip()[:20]) from None


def iso_week(day: str) -> list[str]:
    """The days of ``day``'s ISO week (Monday first)."""
    d = date.fromisoformat(day)
    monday = d - timedelta(days=d.weekday())
    return [(monday + timedelta(days=i)).isoformat() for i in range(7)]


def deal_score(result: Result, points: Sequence[int], team: int = 0) -> int:
    """1000 × signed games + the team's points − the opponents' (two teams)."""
    games = result.games if result.winner == team else -result.games
    return 1000 * games + points[team] - points[1 - team]


def matchpoints(scores: dict[int, int]) -> dict[int, float]:
    """Per person of one deal: 1 for every other person with a lower score, ½ per equal one."""
    return {u: sum(1.0 if s > t else 0.5 if s == t else 0.0
                   for v, t in scores.items() if v != u) for u, s in scores.items()}


def day_figures(rows: Iterable[dict[str, Any]]) -> dict[int, tuple[float, float]]:
    """Per person of a day: (matchpoints, the most they could have had) over their deals,
    each against everyone who finished that deal."""
    by_deal: dict[int, dict[int, int]] = {}
    for r in rows:
        by_deal.setdefault(r["number"], {})[r["user_id"]] = r["score"]
    out: dict[int, tuple[float, float]] = {}
    for scores in by_deal.values():
        for u, mp in matchpoints(scores).items():
            got, most = out.get(u, (0.0, 0.0))
            out[u] = (got + mp, most + len(scores) - 1)
    return out


def percent(got: float, most: float) -> float:
    return 50.0 if most == 0 else 100.0 * got / most


def derive(seed_hex: str, *parts: object) -> int:
    """A computer's seed for one decision, from the deal's secret (never shown before the
    day is over), the seat and the action's index: 64 bits of SHA-256."""
    text = ":".join([seed_hex, *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True)
class DailyDeal:
    number: int
    commitment: str
    seed: str
    """Secret until the day is over: the service never hands it out before."""


@dataclass(frozen=True)
class DailySet:
    guild_id: int
    day: str
    rules: Rules
    options: dict[str, Any]
    deals: tuple[DailyDeal, ...]

    @property
    def commitments(self) -> list[str]:
        return [d.commitment for d in self.deals]


@dataclass(frozen=True)
class PlayRow:
    """One of a person's plays, as the progress line shows it."""

    number: int
    play_id: int
    over: bool
    score: int | None


@dataclass(frozen=True)
class DailyState:
    """What a person's daily message shows: their seat's view of a deal, never another's."""

    guild_id: int
    day: str
    number: int
    play_id: int
    version: int
    view: View
    style: str
    language: str
    commitment: str
    progress: tuple[PlayRow, ...]
    pictures: bool = True
    """The server's ``pictures`` setting: cards as faces, or text only."""
    score: int | None = None
    points: tuple[int, int] | None = None
    """Own team's and the opponents' points once the deal is over."""
    claim: tuple[int, str] | None = None
    """The claim that ended the deal (seat, ``knock``, ``accuse`` or ``sevens``), if one did."""

    @property
    def over(self) -> bool:
        return self.view.result is not None

    @property
    def finished_day(self) -> bool:
        return sum(1 for p in self.progress if p.over) == DEALS


@dataclass(frozen=True)
class Standing:
    user_id: int
    name: str
    matchpoints: float
    most: float
    percent: float
    days: int = 1


@dataclass(frozen=True)
class Results:
    """A day's results as a person may see them: each deal's scores, and the ranking."""

    day: str
    over: bool
    deals: dict[int, list[tuple[int, str, int, float]]]
    """Per deal: (user, name, score, matchpoints), best first."""
    ranking: list[Standing]
    week: list[Standing]
    week_days: tuple[str, str]


@dataclass
class LivePlay:
    """A play in memory: its deal and its three computers (rebuilt from the stored actions)."""

    play_id: int
    guild_id: int
    day: str
    number: int
    user_id: int
    seed: str
    deal: Deal
    options: dict[str, Any]
    brains: dict[int, Computer] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return len(self.deal.actions)


class Daily:
    """The daily deals of every server (held by the service; one lock per person)."""

    def __init__(self, storage: Storage, thinking: ThinkingPool, settings: Settings, *,
                 clock: Callable[[], float] = time.time, seed: int | None = None,
                 samples: int = SAMPLES) -> None:
        self.db = storage
        self.thinking = thinking
        self.settings = settings
        self.clock = clock
        self.test_seed = seed
        self.samples = samples
        self._plays: OrderedDict[int, LivePlay] = OrderedDict()
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._making = asyncio.Lock()

    # ------------------------------------------------------------------ days

    def today(self) -> str:
        return utc_day(self.clock())

    def is_over(self, day: str) -> bool:
        return day < self.today()

    def check_day(self, day: str | None) -> str:
        """The day asked for (default today); one in the future is refused."""
        if day is None:
            return self.today()
        day = parse_day(day)
        if day > self.today():
            raise ServiceError("daily_future_day", day=day)
        return day

    # ------------------------------------------------------------------ the set

    async def get_set(self, guild_id: int, day: str, *, make: bool = False) -> DailySet | None:
        rows = await self.db.read(q.daily_deals, guild_id, day)
        if not rows and make and day == self.today():
            async with self._making:
                rows = await self.db.read(q.daily_deals, guild_id, day)
                if not rows:
                    await self._make(guild_id, day)
                    rows = await self.db.read(q.daily_deals, guild_id, day)
        if not rows:
            return None
        first = rows[0]
        return DailySet(guild_id, day, Rules.from_json(json.loads(first["rules"])),
                        json.loads(first["options"]),
                        tuple(DailyDeal(r["number"], r["fair_commitment"], r["fair_seed"])
                              for r in rows))

    def _secret(self, guild_id: int, day: str, number: int) -> bytes:
        if self.test_seed is None:
            return new_server_seed()
        return hashlib.sha256(f"gaigel-daily:{self.test_seed}:{guild_id}:{day}:{number}"
                              .encode()).digest()

    async def _make(self, guild_id: int, day: str) -> None:
        """Six deals under the server's rules now, each with its committed secret."""
        options = await self.settings.get_settings(guild_id)
        rules = options.engine_rules().to_json()
        shown = {"suit_style": options.suit_style, "language": options.language,
                 "computer_knock": options.computer_knock, "preset": options.preset,
                 "pictures": options.pictures}
        rows = []
        for number in range(1, DEALS + 1):
            secret = self._secret(guild_id, day, number)
            rows.append((number, PLAYERS, q.dumps(rules), q.dumps(shown),
                         commitment_of(secret), secret.hex()))
        await self.db.write(q.insert_daily_deals, guild_id, day, rows, self.clock())
        log.info("daily set made: guild %d day %s", guild_id, day)

    # ------------------------------------------------------------------ playing

    def _lock(self, guild_id: int, user_id: int) -> asyncio.Lock:
        return self._locks.setdefault((guild_id, user_id), asyncio.Lock())

    async def progress(self, guild_id: int, day: str, user_id: int) -> tuple[PlayRow, ...]:
        rows = await self.db.read(q.daily_plays_of, guild_id, day, user_id)
        return tuple(PlayRow(r["number"], r["id"], r["ended_at"] is not None, r["score"])
                     for r in rows)

    async def play(self, guild_id: int, user_id: int, name: str) -> DailyState | None:
        """Today's deal the person is at: the one they stopped in, else the next one not
        played (begun now); None once all six are played."""
        day = self.today()
        dset = await self.get_set(guild_id, day, make=True)
        assert dset is not None
        async with self._lock(guild_id, user_id):
            rows = await self.progress(guild_id, day, user_id)
            open_play = next((r for r in rows if not r.over), None)
            if open_play is None:
                done = {r.number for r in rows}
                number = next((n for n in range(1, DEALS + 1) if n not in done), None)
                if number is None:
                    return None
                await self.db.write(q.start_daily_play, guild_id, day, number, user_id,
                                    name[:100], self.clock())
                rows = await self.progress(guild_id, day, user_id)
                open_play = next(r for r in rows if r.number == number)
            live = await self._live(open_play.play_id)
            await self._computers(live)
            return await self._state(live)

    async def show(self, guild_id: int, user_id: int, play_id: int) -> DailyState:
        """A play as it stands (Refresh), the person's own only; computers whose turn it is
        (a restart between the person's action and theirs) play first."""
        async with self._lock(guild_id, user_id):
            live = await self._own(guild_id, user_id, play_id)
            if live.day == self.today():
                await self._computers(live)
            return await self._state(live)

    async def act(self, guild_id: int, user_id: int, play_id: int, version: int, do: str, *,
                  card: str | None = None, opening: str | None = None,
                  suit: str | None = None, double: bool = False,
                  against: int | None = None) -> DailyState:
        """The person's action in their play (at ``version``), then the computers' until it
        is the person's turn again or the deal is over; each action committed first."""
        async with self._lock(guild_id, user_id):
            live = await self._own(guild_id, user_id, play_id)
            if live.deal.over:
                raise ServiceError("daily_played", number=live.number)
            if live.day != self.today():
                raise ServiceError("daily_day_over", day=live.day)
            await self._computers(live)  # theirs first, if a restart came between
            if version != live.version:
                raise ServiceError("stale")
            action = Action(SEAT, do, card, opening, suit, double, against)  # type: ignore[arg-type]
            refused = live.deal.refusal(action)
            if refused is not None:
                raise Refused(refused)
            await self._apply(live, action, by_computer=False)
            await self._computers(live)
            return await self._state(live)

    async def _own(self, guild_id: int, user_id: int, play_id: int) -> LivePlay:
        live = await self._live(play_id)
        if live.guild_id != guild_id or live.user_id != user_id:
            raise ServiceError("daily_not_yours")
        return live

    async def _live(self, play_id: int) -> LivePlay:
        live = self._plays.get(play_id)
        if live is not None:
            self._plays.move_to_end(play_id)
            return live
        row = await self.db.read(q.daily_play, play_id)
        if row is None:
            raise ServiceError("daily_not_yours")
        fair = FairDeal(row["fair_commitment"], row["fair_seed"], "")
        deal = Deal(fair.layout(row["players"]), Rules.from_json(json.loads(row["rules"])))
        for a in row["actions"]:
            deal.apply(Action.from_json(json.loads(a["action"])))
        live = LivePlay(play_id, row["guild_id"], row["day"], row["number"], row["user_id"],
                        row["fair_seed"], deal, json.loads(row["options"]))
        self._plays[play_id] = live
        while len(self._plays) > CACHE:
            self._plays.popitem(last=False)
        return live

    def _brain(self, live: LivePlay, seat: int) -> Computer:
        """A seat's computer, told the deal so far as its seat saw it."""
        brain = live.brains.get(seat)
        if brain is None:
            deal = live.deal
            brain = make_computer(LEVEL, seat, PLAYERS, deal.rules,
                                  seed=derive(live.seed, "seat", seat))
            brain.meet(["person" if s == SEAT else LEVEL for s in range(PLAYERS)])
            replay = Deal(deal.layout, deal.rules)
            for action in deal.actions:
                brain.observe([e.seen_by(seat) for e in replay.apply(action)])
            live.brains[seat] = brain
        return brain

    async def _apply(self, live: LivePlay, action: Action, *, by_computer: bool) -> None:
        """Store the action (with the result when it ends the deal), then apply it."""
        deal = live.deal
        trial = deal.copy()
        trial.apply(action)
        end = None
        if trial.result is not None:
            points = (trial.points[SEAT % 2], trial.points[1 - SEAT % 2])
            result = {**trial.result.to_json(), "points": list(points)}
            end = (self.clock(), result, deal_score(trial.result, trial.points, SEAT % 2))
        try:
            await self.db.write(q.add_daily_action, live.play_id, live.version, action.seat,
                                action.to_json(), by_computer, end)
        except StaleVersion:
            self._plays.pop(live.play_id, None)  # another process moved it on: read it again
            raise ServiceError("stale") from None
        events = deal.apply(action)
        for seat, brain in live.brains.items():
            brain.observe([e.seen_by(seat) for e in events])
        log.info("daily play %d seat %d %s (%s)", live.play_id, action.seat, action.do,
                 "computer" if by_computer else "human")

    def _knock_waits(self, live: LivePlay, seat: int) -> bool:
        """The partner leaves the knock to the person until it is itself to play (the
        server's ``computer_knock: own_turn``, as at a table)."""
        return (live.options.get("computer_knock", "own_turn") == "own_turn"
                and seat % 2 == SEAT % 2 and live.deal.to_play != seat)

    async def _computers(self, live: LivePlay) -> None:
        """The computers' claims and cards until the person's turn or the deal's end."""
        deal = live.deal
        for _ in range(MAX_STEPS):
            if deal.over:
                return
            claimed = False
            for seat in range(1, PLAYERS):
                view = seat_view(deal, seat)
                action = self._brain(live, seat).claim(view)
                if (action is None or action.do == "play" or action.seat != seat
                        or (action.do == "knock" and self._knock_waits(live, seat))
                        or not deal.can(action)):
                    continue
                await self._apply(live, action, by_computer=True)
                claimed = True
                break
            if claimed:
                continue
            to_play = deal.to_play
            if to_play is None or to_play == SEAT:
                return
            action = await self._choose(live, to_play)
            await self._apply(live, action, by_computer=True)
        log.warning("daily play %d: the computers did not stop", live.play_id)

    async def _choose(self, live: LivePlay, seat: int) -> Action:
        """A computer's action: a fixed number of worlds and a derived seed, no clock."""
        deal = live.deal
        view = seat_view(deal, seat)
        question = Choose(self._brain(live, seat), view, budget_ms=math.inf,
                          max_samples=self.samples,
                          seed=derive(live.seed, live.version, seat))
        try:
            action: Action = await self.thinking.ask(question, lanes=(("daily", live.user_id),))
        except ThinkingClosed:
            raise
        except Exception:
            log.exception("daily play %d: a computer failed; its fallback plays", live.play_id)
            action = question.fallback()
        if action.seat != seat or not deal.can(action):
            log.warning("daily play %d: a computer chose an illegal action", live.play_id)
            action = deal.legal_plays(seat)[0]
        return action

    async def _state(self, live: LivePlay) -> DailyState:
        deal = live.deal
        progress = await self.progress(live.guild_id, live.day, live.user_id)
        points = score = claim = None
        if deal.result is not None:
            own = SEAT % 2
            points = (deal.points[own], deal.points[1 - own])
            score = deal_score(deal.result, deal.points, own)
            last = deal.actions[-1] if deal.actions else None
            if last is not None and last.do in ("knock", "accuse", "sevens"):
                claim = (last.seat, last.do)
        opts = live.options
        return DailyState(live.guild_id, live.day, live.number, live.play_id, live.version,
                          seat_view(deal, SEAT), opts.get("suit_style", "german"),
                          opts.get("language", "en"), commitment_of(bytes.fromhex(live.seed)),
                          progress, bool(opts.get("pictures", True)), score, points, claim)

    # ------------------------------------------------------------------ results

    async def finished(self, guild_id: int, day: str, user_id: int) -> bool:
        rows = await self.progress(guild_id, day, user_id)
        return sum(1 for r in rows if r.over) == DEALS

    async def may_see(self, guild_id: int, day: str, user_id: int) -> bool:
        """A day's results and replays: once it is over, or once the person finished it."""
        return self.is_over(day) or await self.finished(guild_id, day, user_id)

    async def results(self, guild_id: int, user_id: int, day: str) -> Results:
        """The day's scores deal by deal, its ranking (who finished all six) and the ranking
        of its ISO week (the mean of each person's finished days, among the days this person
        may see). Refused (``daily_no_peeking``) before the person finished the day."""
        if not await self.may_see(guild_id, day, user_id):
            raise ServiceError("daily_no_peeking")
        week = [d for d in iso_week(day) if d <= self.today()]
        rows = await self.db.read(q.daily_scores, guild_id, week)
        visible_days = [d for d in week if d == day or self.is_over(d)
                        or await self.finished(guild_id, d, user_id)]
        by_day: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            by_day.setdefault(r["day"], []).append(r)
        names = {r["user_id"]: r["name"] for r in rows}
        deals: dict[int, list[tuple[int, str, int, float]]] = {}
        this = by_day.get(day, [])
        per_deal: dict[int, dict[int, int]] = {}
        for r in this:
            per_deal.setdefault(r["number"], {})[r["user_id"]] = r["score"]
        for number, scores in sorted(per_deal.items()):
            mps = matchpoints(scores)
            deals[number] = sorted(((u, names[u], s, mps[u]) for u, s in scores.items()),
                                   key=lambda x: (-x[2], x[1]))
        ranking = self._ranking(this, names)
        week_totals: dict[int, list[float]] = {}
        for d in visible_days:
            for s in self._ranking(by_day.get(d, []), names):
                week_totals.setdefault(s.user_id, []).append(s.percent)
        week_rank = sorted((Standing(u, names[u], 0, 0, sum(p) / len(p), len(p))
                            for u, p in week_totals.items()),
                           key=lambda s: (-s.percent, -s.days, s.name))
        return Results(day, self.is_over(day), deals, ranking, week_rank, (week[0], iso_week(day)[-1]))

    @staticmethod
    def _ranking(rows: list[dict[str, Any]], names: dict[int, str]) -> list[Standing]:
        """The day's ranking: people who finished all six deals, by matchpoint percentage."""
        counts: dict[int, int] = {}
        for r in rows:
            counts[r["user_id"]] = counts.get(r["user_id"], 0) + 1
        figures = day_figures(rows)
        out = [Standing(u, names[u], got, most, percent(got, most))
               for u, (got, most) in figures.items() if counts[u] == DEALS]
        return sorted(out, key=lambda s: (-s.percent, s.name))

    async def record(self, guild_id: int, user_id: int, day: str, number: int,
                     player_id: int | None = None) -> tuple[int, dict[str, Any]]:
        """A finished play of a day that is over, as a deal record with its fair-deal line
        (for a replay and ``python -m engine verify``): the person's own, or ``player_id``'s.
        """
        if not self.is_over(day):
            raise ServiceError("daily_not_over", day=day)
        if not 1 <= number <= DEALS:
            raise ServiceError("daily_no_deal", number=number)
        who = player_id if player_id is not None else user_id
        play_id = await self.db.read(q.daily_play_id, guild_id, day, number, who)
        row = None if play_id is None else await self.db.read(q.daily_play, play_id)
        if row is None or row["ended_at"] is None:
            raise ServiceError("daily_no_play", number=number)
        return row["id"], play_record(row)

    async def record_by_id(self, guild_id: int, play_id: int) -> dict[str, Any]:
        row = await self.db.read(q.daily_play, play_id)
        if row is None or row["guild_id"] != guild_id or row["ended_at"] is None:
            raise ServiceError("daily_no_play", number=0)
        if not self.is_over(row["day"]):
            raise ServiceError("daily_not_over", day=row["day"])
        return play_record(row)


def computer_name(seat: int) -> str:
    return f"Computer {seat}"


def play_record(row: dict[str, Any]) -> dict[str, Any]:
    """A stored, finished play as a deal record (``gaigel-deal/1``) with its fair-deal line
    and a ``daily`` field (day, deal, person, score). Only for days that are over: the
    seed is in it."""
    fair = FairDeal(row["fair_commitment"], row["fair_seed"], "")
    players = row["players"]
    result = json.loads(row["result"])
    seats = [{"seat": s, "name": row["name"] if s == SEAT else computer_name(s),
              "team": s % 2, "computer": s != SEAT} for s in range(players)]
    return {
        "format": "gaigel-deal/1",
        "rules": json.loads(row["rules"]),
        "players": players,
        "deal": fair.layout(players).to_json(),
        "actions": [json.loads(a["action"]) for a in row["actions"]],
        "result": {k: result[k] for k in ("winner", "games", "reason")},
        "guild": row["guild_id"],
        "daily": {"day": row["day"], "deal": row["number"], "user_id": row["user_id"],
                  "name": row["name"], "score": row["score"], "points": result.get("points")},
        "number": row["number"],
        "started_at": _iso(row["started_at"]),
        "ended_at": _iso(row["ended_at"]),
        "seats": seats,
        "fair": fair.to_json(),
    }


def _iso(ts: float | None) -> str | None:
    return None if ts is None else datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds")
