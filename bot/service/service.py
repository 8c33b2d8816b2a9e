"""The game service: tables, seats, deals and matches, durable before anything is acknowledged.

Every change of a table is one database transaction together with the table's version bump,
committed before the method returns (or the ``on_outcome`` callback hears of it). One
``asyncio.Lock`` per table serializes its changes; different tables never wait for each other's
lock. Reads (``public_state``, ``hand_view``) take no lock: they read memory between awaits.

No Discord types: users are ints, names are strings; the Discord shell, the command line and the
benchmarks all drive this same class.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Any

from engine import (
    Action,
    Deal,
    Event,
    IllegalAction,
    Layout,
    Result,
    Rules,
    View,
    public_view,
    seat_view,
)
from engine.actions import ACTION_KINDS
from engine.cards import SUITS, parse_card, shuffled_pack
from engine.match import MatchChange, MatchScore, outcome_of

from ..storage import queries as q
from ..storage.db import StaleVersion, Storage
from .computer import LIGHT_LEVELS, Computer, levels, make_computer
from .errors import ServiceError
from .models import (
    LIVE,
    DealEnd,
    Outcome,
    PublicState,
    SeatState,
    TableOptions,
    UserPrefs,
)
from .table import Chair, LiveTable

log = logging.getLogger("bot.service")

OutcomeCallback = Callable[[Outcome], Awaitable[None]]

AWAY_AFTER = 3
"""Turns timed out in a row after which a seat is marked away."""
MAX_CLAIMS_PER_TURN = 24
"""Safety net against a computer that keeps claiming: then it only plays until the next card."""
CLOSED_KEPT = 256
"""Closed tables kept in memory for the buttons of their old messages; a click on an older one
reads it back from the database (``load``), so memory does not grow with every table closed."""
GAIGEL_REASONS = ("gaigel", "five_tricks")
CLAIM_EVENTS = frozenset({"trick_taken", "card_drawn", "marriage_shown", "seven_exchanged"})
"""After these a computer seat may have a new claim; a card played into a trick opens none."""


def action_from_json(data: dict[str, Any]) -> Action:
    return Action(int(data["seat"]), str(data["do"]), card=data.get("card"),
                  opening=data.get("opening"), suit=data.get("suit"),
                  double=bool(data.get("double", False)), against=data.get("against"))


def layout_from_json(data: dict[str, Any]) -> Layout:
    return Layout(tuple(tuple(h) for h in data["hands"]), data["trump"], tuple(data["talon"]))


class GameService:
    """Create with ``await GameService.open(path)``; ``await close()`` when done."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 on_outcome: OutcomeCallback | None = None,
                 computer_budget_ms: int | None = None, seed: int | None = None,
                 closed_kept: int = CLOSED_KEPT) -> None:
        self.db = storage
        self.clock = clock
        self.on_outcome = on_outcome
        """Awaited after each outcome is committed, in order, under the table's lock: the shell
        may render there, but must not call this service's changing methods for that table."""
        self.computer_budget_ms = computer_budget_ms
        self._rng = random.Random(seed) if seed is not None else None
        self._tables: dict[int, LiveTable] = {}
        self._channels: dict[int, int] = {}
        self._closed: OrderedDict[int, None] = OrderedDict()
        """Closed tables in memory, the least recently used first."""
        self.closed_kept = closed_kept
        self._create_lock = asyncio.Lock()
        self.recovered: list[int] = []

    # ------------------------------------------------------------------ life cycle

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> GameService:
        """Open the database (migrating it) and rebuild every live table by replay."""
        storage = await Storage.open(path)
        service = cls(storage, **kwargs)
        try:
            await service._recover()
        except BaseException:
            await storage.close()
            raise
        return service

    async def close(self) -> None:
        await self.db.close()

    async def _recover(self) -> None:
        rows = await self.db.read(q.load_live)
        for row in rows:
            table = self._build(row)
            self._tables[table.id] = table
            self._channels[table.channel_id] = table.id
            self.recovered.append(table.id)
        if rows:
            log.info("recovered %d live tables", len(rows))

    async def resume_all(self) -> dict[int, list[Outcome]]:
        """Let computers take the turns that were theirs when the process stopped."""
        out: dict[int, list[Outcome]] = {}
        for table_id in list(self._tables):
            t = self._tables[table_id]
            if t.status == "playing":
                outcomes = await self.advance(table_id)
                if outcomes:
                    out[table_id] = outcomes
        return out

    def _build(self, row: dict[str, Any], lock: asyncio.Lock | None = None) -> LiveTable:
        """A live table from its stored rows: the deal is replayed action by action."""
        options = TableOptions.from_json(json.loads(row["options"]))
        rules = Rules.from_json(json.loads(row["rules"]))
        t = LiveTable(row["id"], row["guild_id"], row["channel_id"], row["host_id"], options,
                      rules, row["status"], row["version"], row["message_id"], lock)
        for s in row["seats"]:
            t.chairs[s["chair"]] = Chair(s["chair"], s["user_id"], s["name"], bool(s["computer"]),
                                         s["level"], bool(s["away"]), s["missed"])
            if s["ready"] and s["user_id"] is not None:
                t.ready.add(s["user_id"])
        m = row["match"]
        if m is not None:
            t.match = MatchScore.from_json(json.loads(m["state"]))
            t.match_id = m["id"]
        d = row["deal"]
        if d is None or t.status == "open":
            return t
        deal = Deal(layout_from_json(json.loads(d["layout"])), Rules.from_json(json.loads(d["rules"])))
        t.deal, t.deal_id, t.deal_number, t.shift = deal, d["id"], d["number"], d["shift"]
        t.turn_since = d["started_at"]
        history: list[list[Event]] = []
        for a in d["actions"]:
            before = deal.to_play
            try:
                history.append(deal.apply(action_from_json(json.loads(a["action"]))))
            except IllegalAction as exc:  # never expected: every stored action was accepted
                log.error("table %d deal %d: stored action %d refused on replay (%s)",
                          t.id, d["id"], a["idx"], exc.code)
                continue
            if deal.to_play != before:
                t.turn_since = a["at"]
        if d["ended_at"] is not None:
            t.last_end = self._with_call(t, self._stored_end(t, d))
        elif deal.over:
            log.error("table %d deal %d is over on replay but has no stored result", t.id, d["id"])
        if t.status == "playing" and not deal.over:
            for seat in t.auto_seats():
                brain = self._new_brain(t, seat)
                for events in history:
                    brain.observe([e.seen_by(seat) for e in events])
                t.brains[seat] = brain
        return t

    @staticmethod
    def _with_call(t: LiveTable, end: DealEnd) -> DealEnd:
        """``end`` naming the knock or accusation that ended the deal (who erred, if anyone)."""
        deal = t.deal
        last = deal.actions[-1] if deal is not None and deal.actions else None
        if last is None or last.do not in ("knock", "accuse"):
            return end
        accused = None
        if last.do == "accuse":
            own = last.seat % t.teams
            target = last.against if last.against is not None else 1 - own
            accused = t.chair_of_seat(target % t.players) % t.teams
        return replace(end, caller=t.chair_of_seat(last.seat), accused=accused)

    def _stored_end(self, t: LiveTable, d: dict[str, Any]) -> DealEnd:
        result = json.loads(d["result"])
        score = json.loads(d["score"])
        change = score["change"]
        return DealEnd(
            deal_id=d["id"], number=d["number"],
            result=Result(result["winner"], result["games"], result["reason"]),
            winner_team=d["winner_team"], games=d["games"], reason=d["reason"],
            points=tuple(score["points"]),
            change=MatchChange(change["deal"], change["winner"], change["games"],
                               tuple(change["delta"]), change["capped"], change["phase_before"],
                               change["phase_after"], change["match_over"],
                               change["match_winner"]),
            score=score["after"])

    async def _reload(self, t: LiveTable) -> None:
        """Rebuild a table from the database after a failed or interrupted write."""
        rows = await self.db.read(q.load_live, t.id)
        if not rows:
            self._tables.pop(t.id, None)
            return
        fresh = self._build(rows[0], lock=t.lock)
        for name in LiveTable.__slots__:
            setattr(t, name, getattr(fresh, name))
        t.dirty = False
        if not t.live:
            self._note_closed(t)

    # ------------------------------------------------------------------ lookups

    async def load(self, table_id: int) -> bool:
        """Bring a closed table back into memory, so that the buttons of its old messages answer
        after a restart as they did before (a start recovers only live tables). False when
        there is no such table."""
        t = self._tables.get(table_id)
        if t is None:
            rows = await self.db.read(q.load_live, table_id)
            if not rows:
                return False
            t = self._tables.get(table_id)  # another click may have loaded it meanwhile
            if t is None:
                t = self._tables[table_id] = self._build(rows[0])
        if not t.live:
            self._note_closed(t)
        return True

    def _note_closed(self, t: LiveTable) -> None:
        """A table is closed (or a closed one was used): its channel is free, and it becomes the
        most recently used closed table; the least recently used beyond ``closed_kept`` leave
        memory (not one whose lock is held: it is in use). The channel is freed only while it
        still points at this table: a click on an old table's message, after a new table opened
        in the same channel, must not unlink the new one."""
        if self._channels.get(t.channel_id) == t.id:
            del self._channels[t.channel_id]
        self._closed[t.id] = None
        self._closed.move_to_end(t.id)
        for _ in range(len(self._closed) - self.closed_kept):
            old = next(iter(self._closed))
            table = self._tables.get(old)
            if table is not None and table.lock.locked():
                self._closed.move_to_end(old)
                continue
            del self._closed[old]
            if table is not None and not table.live:
                del self._tables[old]

    def _get(self, table_id: int) -> LiveTable:
        t = self._tables.get(table_id)
        if t is None:
            raise ServiceError("no_table")
        return t

    async def _locked_ready(self, t: LiveTable) -> None:
        """Called under the lock: reload first if an earlier write was interrupted."""
        if t.dirty:
            await self._reload(t)
        if self._tables.get(t.id) is not t:
            raise ServiceError("no_table")

    def table_in_channel(self, channel_id: int) -> int | None:
        """The live (open, playing or waiting) table of a channel."""
        tid = self._channels.get(channel_id)
        if tid is None:
            return None
        t = self._tables.get(tid)
        return tid if t is not None and t.live else None

    def live_tables(self) -> list[int]:
        return [tid for tid, t in self._tables.items() if t.live]

    def seat_of(self, table_id: int, user_id: int) -> int | None:
        """The user's engine seat in the current deal (their chair before the first deal)."""
        t = self._get(table_id)
        chair = t.chair_of_user(user_id)
        return None if chair is None else t.seat_of_chair(chair)

    def is_host(self, table_id: int, user_id: int) -> bool:
        return self._get(table_id).host_id == user_id

    @staticmethod
    def computer_levels() -> tuple[str, ...]:
        return levels()

    # ------------------------------------------------------------------ settings

    async def get_settings(self, guild_id: int) -> TableOptions:
        row = await self.db.run(q.get_guild_settings, guild_id)
        return TableOptions() if row is None else TableOptions.from_json(row)

    async def set_settings(self, guild_id: int, **changes: Any) -> TableOptions:
        new = (await self.get_settings(guild_id)).changed(levels(), **changes)
        await self.db.write(q.put_guild_settings, guild_id, new.to_json(), self.clock())
        return new

    async def get_user_prefs(self, user_id: int) -> UserPrefs:
        row = await self.db.run(q.get_user_prefs, user_id)
        return UserPrefs(user_id) if row is None else UserPrefs(user_id, **row)

    async def set_user_prefs(self, user_id: int, *, dm_mirror: bool | None = None,
                             language: str | None = None) -> UserPrefs:
        cur = await self.get_user_prefs(user_id)
        if language is not None and language not in ("en", "de"):
            raise ServiceError("bad_option", detail="language must be en or de")
        new = UserPrefs(user_id, cur.dm_mirror if dm_mirror is None else bool(dm_mirror),
                        language or cur.language)
        await self.db.write(q.put_user_prefs, user_id, new.dm_mirror, new.language, self.clock())
        return new

    # ------------------------------------------------------------------ tables and seats

    async def create_table(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                           *, seat_host: bool = True, **options: Any) -> PublicState:
        """A new table in a channel (one live table per channel), with guild defaults.

        ``options``: any ``TableOptions`` field (players, preset, rules, scoring, strokes,
        target, deals, turn_timer, level, show_points, language, suit_style). Three-player
        tables score 5/3/1 unless a scoring is given.
        """
        async with self._create_lock:
            if self.table_in_channel(channel_id) is not None:
                raise ServiceError("table_exists")
            base = await self.get_settings(guild_id)
            options = {k: v for k, v in options.items() if v is not None}
            if options.get("players", base.players) == 3 and "scoring" not in options:
                options["scoring"] = "three"
            elif options.get("players", base.players) != 3 and base.scoring == "three" \
                    and "scoring" not in options:
                options["scoring"] = "strokes"
            opts = base.changed(levels(), **options)
            rules = opts.engine_rules()
            now = self.clock()

            def txn(c: Any) -> int:
                tid = q.insert_table(c, guild_id, channel_id, host_id, opts.players,
                                     rules.to_json(), opts.to_json(), now)
                if seat_host:
                    q.put_seat(c, tid, 0, host_id, host_name, False, None)
                return tid

            try:
                tid = await self.db.write(txn)
            except Exception as exc:
                if "UNIQUE" in str(exc):
                    raise ServiceError("table_exists") from None
                raise
            old = self._channels.get(channel_id)
            if old is not None:
                self._tables.pop(old, None)
            t = LiveTable(tid, guild_id, channel_id, host_id, opts, rules)
            if seat_host:
                t.chairs[0] = Chair(0, host_id, host_name)
            self._tables[tid] = t
            self._channels[channel_id] = tid
            log.info("table %d created in guild %d channel %d", tid, guild_id, channel_id)
            return self.public_state(tid)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the public message (no version bump: hands do not change)."""
        t = self._get(table_id)

        def txn(c: Any) -> None:
            c.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

        await self.db.write(txn)
        t.message_id = message_id

    async def configure(self, table_id: int, user_id: int, **options: Any) -> PublicState:
        """Change a table's options before it starts (host)."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            self._need_host(t, user_id)
            if t.status != "open":
                raise ServiceError("already_started")
            opts = t.options.changed(levels(), **options)
            if any(c is not None and c.chair >= opts.players for c in t.chairs):
                raise ServiceError("bad_option", detail="seats beyond the new player count are taken")
            rules = opts.engine_rules()
            now = self.clock()

            def txn(c: Any) -> None:
                q.bump(c, t.id, t.version, players=opts.players, rules=q.dumps(rules.to_json()),
                       options=q.dumps(opts.to_json()), updated_at=now)

            await self._write(t, txn)
            t.chairs = (t.chairs + [None] * opts.players)[:opts.players]
            t.options, t.rules = opts, rules
            t.version += 1
            return self.public_state(table_id)

    async def join(self, table_id: int, user_id: int, name: str,
                   chair: int | None = None) -> PublicState:
        """Take a seat (the first free one, or ``chair``). Between deals a person may take over
        a computer's chair."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            if t.status not in ("open", "waiting"):
                raise ServiceError("already_started" if t.live else "table_closed")
            if t.chair_of_user(user_id) is not None:
                raise ServiceError("already_seated")
            chair = self._chair_to_take(t, chair, takeover=t.status == "waiting")
            current = t.chairs[chair]
            if current is not None and not (current.computer and t.status == "waiting"):
                raise ServiceError("seat_taken")
            now = self.clock()

            def txn(c: Any) -> None:
                q.bump(c, t.id, t.version, updated_at=now)
                q.put_seat(c, t.id, chair, user_id, name, False, None)

            await self._write(t, txn)
            t.chairs[chair] = Chair(chair, user_id, name)
            t.version += 1
            return self.public_state(table_id)

    @staticmethod
    def _chair_to_take(t: LiveTable, chair: int | None, *, takeover: bool = False) -> int:
        """The chair asked for, or the first free one; refused when there is none. With
        ``takeover`` (a person joining between deals) the first computer's chair is free too."""
        if chair is None:
            free = [i for i, c in enumerate(t.chairs)
                    if c is None or (takeover and c.computer)]
            if not free:
                raise ServiceError("table_full")
            chair = free[0]
        if not 0 <= chair < t.players:
            raise ServiceError("no_seat")
        return chair

    async def add_computer(self, table_id: int, user_id: int, level: str | None = None,
                           chair: int | None = None) -> PublicState:
        """The host seats a computer player (first free chair, or ``chair``)."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            self._need_host_before_start(t, user_id)
            level = level or t.options.level
            if level not in levels():
                raise ServiceError("unknown_level", level=level)
            chair = self._chair_to_take(t, chair)
            if t.chairs[chair] is not None:
                raise ServiceError("seat_taken")
            await self._seat_computer(t, chair, level, f"Computer {chair + 1}")
            return self.public_state(table_id)

    async def _seat_computer(self, t: LiveTable, chair: int, level: str, name: str,
                             **bump: Any) -> None:
        now = self.clock()

        def txn(c: Any) -> None:
            q.bump(c, t.id, t.version, updated_at=now, **bump)
            q.put_seat(c, t.id, chair, None, name, True, level)

        await self._write(t, txn)
        t.chairs[chair] = Chair(chair, None, name, True, level)
        t.version += 1
        t.claims_due = True

    async def leave(self, table_id: int, user_id: int) -> list[Outcome]:
        """Leave a table. Before the start the chair is freed; later a computer takes it over.
        A leaving host hands the table to another person, or ends it if none is left."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            chair = self._seated(t, user_id)
            return await self._remove_person(t, chair)

    async def kick(self, table_id: int, user_id: int, chair: int) -> list[Outcome]:
        """The host removes a seat's occupant (a person is replaced by a computer once the
        match has started)."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            self._need_host(t, user_id)
            if not 0 <= chair < t.players or t.chairs[chair] is None:
                raise ServiceError("no_seat")
            occupant = t.chairs[chair]
            if occupant is not None and not occupant.computer and occupant.user_id == user_id:
                raise ServiceError("kick_self")
            return await self._remove_person(t, chair)

    async def _remove_person(self, t: LiveTable, chair: int) -> list[Outcome]:
        occupant = t.chairs[chair]
        assert occupant is not None
        if not t.live:
            raise ServiceError("table_closed")
        others = [c for c in t.humans() if c.chair != chair]
        new_host: dict[str, Any] = {}
        if occupant.user_id == t.host_id and not occupant.computer:
            if not others:
                await self._close(t, "ended")
                return []
            new_host = {"host_id": others[0].user_id}
        now = self.clock()
        if t.status == "open":

            def txn(c: Any) -> None:
                q.bump(c, t.id, t.version, updated_at=now, **new_host)
                q.delete_seat(c, t.id, chair)

            await self._write(t, txn)
            t.chairs[chair] = None
            t.version += 1
        else:
            name = occupant.name if occupant.computer else f"{occupant.name} (Computer)"
            await self._seat_computer(t, chair, occupant.level or t.options.level, name, **new_host)
        if new_host:
            t.host_id = new_host["host_id"]
        if occupant.user_id is not None:
            t.ready.discard(occupant.user_id)
        outcomes: list[Outcome] = []
        if t.status == "playing":
            await self._run_computers(t, outcomes)
        return outcomes

    async def start(self, table_id: int, user_id: int, *, fill: bool = False) -> list[Outcome]:
        """The host starts the match (``fill``: seat computers in the empty chairs first)."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            self._need_host_before_start(t, user_id)
            for i, c in enumerate(t.chairs):
                if c is None:
                    if not fill:
                        raise ServiceError("not_full")
                    await self._seat_computer(t, i, t.options.level, f"Computer {i + 1}")
            outcomes: list[Outcome] = []
            await self._start_deal(t, outcomes, new_match=True)
            await self._run_computers(t, outcomes)
            return outcomes

    async def next_deal(self, table_id: int, user_id: int) -> list[Outcome]:
        """Deal again: at once when the host asks, else when every present person is ready.
        Returns the new deal's outcomes, or nothing while others are not ready yet."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            if t.status == "playing":
                raise ServiceError("deal_running")
            if t.status == "open":
                raise ServiceError("not_started")
            if t.status != "waiting":
                raise ServiceError("match_over" if t.status == "over" else "table_closed")
            chair = t.chair_of_user(user_id)
            if user_id != t.host_id:
                if chair is None:
                    raise ServiceError("not_seated")
                if user_id not in t.ready:
                    now = self.clock()

                    def vote(c: Any) -> None:
                        q.bump(c, t.id, t.version, updated_at=now)
                        q.set_ready(c, t.id, chair)

                    await self._write(t, vote)
                    t.version += 1
                    t.ready.add(user_id)
                waiting_for = [c for c in t.humans()
                               if not c.away and c.user_id not in t.ready]
                if waiting_for:
                    return []
            outcomes: list[Outcome] = []
            await self._start_deal(t, outcomes, new_match=False)
            await self._run_computers(t, outcomes)
            return outcomes

    async def end(self, table_id: int, user_id: int) -> PublicState:
        """The host closes the table (a deal in progress is left unfinished and unexported)."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            self._need_host(t, user_id)
            if not t.live:
                raise ServiceError("table_closed")
            await self._close(t, "ended")
            return self.public_state(table_id)

    async def _close(self, t: LiveTable, status: str) -> None:
        now = self.clock()
        match_id = t.match_id

        def txn(c: Any) -> None:
            q.bump(c, t.id, t.version, status=status, updated_at=now)
            if match_id is not None:
                q.end_match(c, match_id, now)

        await self._write(t, txn)
        t.version += 1
        t.status = status
        t.brains = {}
        self._note_closed(t)
        log.info("table %d %s", t.id, status)

    async def back(self, table_id: int, user_id: int) -> PublicState:
        """A person marked away plays again."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            chair = self._seated(t, user_id)
            c = t.chairs[chair]
            assert c is not None
            if not c.away and not c.missed:
                raise ServiceError("not_away")
            now = self.clock()

            def txn(db: Any) -> None:
                q.bump(db, t.id, t.version, updated_at=now)
                q.set_away(db, t.id, chair, False, 0)

            await self._write(t, txn)
            c.away, c.missed = False, 0
            t.version += 1
            return self.public_state(table_id)

    # ------------------------------------------------------------------ playing

    async def act(self, table_id: int, user_id: int, do: str, *, card: str | None = None,
                  opening: str | None = None, suit: str | None = None, double: bool = False,
                  against: int | None = None, expected_version: int | None = None,
                  run_computers: bool = True) -> list[Outcome]:
        """A person's action, then the computers' replies; every outcome in order.

        Raises ServiceError: ``stale`` when ``expected_version`` is not the table's version,
        ``not_seated``, ``not_started``, ``deal_over`` (between deals), ``table_closed``,
        ``bad_action``, or the engine's refusal code (``not_your_turn``, ``must_follow``, ...).
        """
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            chair = self._seated(t, user_id)
            deal = self._need_deal(t)
            if expected_version is not None and expected_version != t.version:
                raise ServiceError("stale")
            if do not in ACTION_KINDS:
                raise ServiceError("bad_action")
            if card is not None:
                parsed = parse_card(str(card))
                if parsed is None:
                    raise ServiceError("bad_action")
                card = parsed
            if suit is not None:
                suit = str(suit).upper()
                if suit not in SUITS:
                    raise ServiceError("bad_action")
            action = Action(t.seat_of_chair(chair), do, card=card, opening=opening, suit=suit,
                            double=bool(double), against=against)
            code = deal.refusal(action)
            if code is not None:
                raise ServiceError(code)
            c = t.chairs[chair]
            assert c is not None
            updates = [(chair, False, 0)] if (c.away or c.missed) else []
            outcomes: list[Outcome] = []
            await self._apply(t, action, actor=user_id, via="human", outcomes=outcomes,
                              chair_updates=updates)
            if run_computers:
                await self._run_computers(t, outcomes)
            return outcomes

    async def advance(self, table_id: int) -> list[Outcome]:
        """Let the computers act if it is their turn (or they have claims)."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            outcomes: list[Outcome] = []
            await self._run_computers(t, outcomes)
            return outcomes

    async def timeout_turn(self, table_id: int, expected_version: int) -> list[Outcome]:
        """The turn timer ran out: a computer plays this turn for the absent person.

        ``stale`` when the table moved on since ``expected_version``. After three turns in a
        row the seat is marked away (a computer plays it) until ``back``.
        """
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            if expected_version != t.version:
                raise ServiceError("stale")
            deal = self._need_deal(t)
            outcomes: list[Outcome] = []
            seat = deal.to_play
            if seat is not None:
                c = t.seat_chair(seat)
                if not c.auto:
                    missed = c.missed + 1
                    await self._computer_turn(t, seat, "timeout", outcomes,
                                              [(c.chair, missed >= AWAY_AFTER, missed)])
            await self._run_computers(t, outcomes)
            return outcomes

    async def skip(self, table_id: int, user_id: int) -> list[Outcome]:
        """The host lets a computer play the current turn."""
        t = self._get(table_id)
        async with t.lock:
            await self._locked_ready(t)
            self._need_host(t, user_id)
            deal = self._need_deal(t)
            outcomes: list[Outcome] = []
            seat = deal.to_play
            if seat is not None and not t.seat_chair(seat).auto:
                await self._computer_turn(t, seat, "skip", outcomes)
            await self._run_computers(t, outcomes)
            return outcomes

    @staticmethod
    def _seated(t: LiveTable, user_id: int) -> int:
        """The chair of ``user_id`` at the table; ``not_seated`` if there is none."""
        chair = t.chair_of_user(user_id)
        if chair is None:
            raise ServiceError("not_seated")
        return chair

    def _need_host(self, t: LiveTable, user_id: int) -> None:
        if user_id != t.host_id:
            raise ServiceError("not_host")

    def _need_host_before_start(self, t: LiveTable, user_id: int) -> None:
        """Seating computers and starting are the host's, and only before the match starts."""
        self._need_host(t, user_id)
        if t.status != "open":
            raise ServiceError("already_started" if t.live else "table_closed")

    def _need_deal(self, t: LiveTable) -> Deal:
        if t.status == "open":
            raise ServiceError("not_started")
        if not t.live:
            raise ServiceError("table_closed")
        if t.status != "playing" or t.deal is None:
            raise ServiceError("deal_over")
        return t.deal

    async def _write(self, t: LiveTable, fn: Callable[[Any], Any], *, single: bool = False) -> Any:
        """One transaction (``single``: ``fn`` is one statement, its own transaction); on any
        failure the table is rebuilt from the database."""
        try:
            if single:
                return await self.db.write_statement(fn)
            return await self.db.write(fn)
        except asyncio.CancelledError:
            t.dirty = True
            raise
        except StaleVersion:
            await self._reload(t)
            raise ServiceError("stale") from None
        except BaseException:
            t.dirty = True
            try:
                await self._reload(t)
            except Exception:
                log.exception("table %d: reload after a failed write failed", t.id)
            raise

    async def _start_deal(self, t: LiveTable, outcomes: list[Outcome], *, new_match: bool) -> None:
        n = t.players
        if new_match or t.match is None or t.match.over:
            match = MatchScore(t.options.scoring, t.teams, t.options.limit)
            number = 1
        else:
            match = t.match
            number = t.deal_number + 1
        shift = (number - 1) % n
        if self._rng is not None:
            layout = Layout.from_pack(shuffled_pack(self._rng), n)
        else:
            layout = Layout.shuffled(n)
        deal = Deal(layout, t.rules)
        seats = []
        for s in range(n):
            c = t.chairs[(s + shift) % n]
            assert c is not None
            seats.append({"seat": s, "chair": c.chair, "team": c.chair % t.teams,
                          "user_id": c.user_id, "name": c.name, "computer": c.computer,
                          "level": c.level})
        now = self.clock()
        match_id = None if match is not t.match else t.match_id

        def txn(c: Any) -> tuple[int, int]:
            mid = match_id
            if mid is None:
                mid = q.insert_match(c, t.id, match.kind, match.to_json(), now)
            q.bump(c, t.id, t.version, status="playing", updated_at=now)
            q.clear_ready(c, t.id)
            did = q.insert_deal(c, t.id, mid, number, shift, n, t.rules.to_json(),
                                layout.to_json(), seats, now)
            return mid, did

        mid, did = await self._write(t, txn)
        t.version += 1
        t.status = "playing"
        t.match, t.match_id = match, mid
        t.deal, t.deal_id, t.deal_number, t.shift = deal, did, number, shift
        t.turn_since = now
        t.ready.clear()
        t.brains = {s: self._new_brain(t, s) for s in t.auto_seats()}
        t.claims_due = True
        log.info("table %d deal %d started (number %d)", t.id, did, number)
        await self._emit(t, Outcome(t.id, t.version, "deal_started", did, number,
                                    to_play=deal.to_play, deadline=self._deadline(t)), outcomes)

    async def _apply(self, t: LiveTable, action: Action, *, actor: int | None, via: str,
                     outcomes: list[Outcome],
                     chair_updates: Iterable[tuple[int, bool, int]] = ()) -> None:
        """Apply a legal action, persist it with the version bump (and the deal's end), then
        tell. The engine refuses illegal actions before anything changes."""
        deal = t.deal
        assert deal is not None and t.deal_id is not None and t.match is not None
        before = deal.to_play
        played_on = list(deal.played_on)
        events = deal.apply(action)
        idx = len(deal.actions) - 1
        claims_due = action.do != "play" or deal.played_on != played_on or any(
            e.kind in CLAIM_EVENTS for e in events)
        now = self.clock()
        deal_id, version, table_id = t.deal_id, t.version, t.id
        chair_updates = list(chair_updates)
        record = action.to_json()
        end: DealEnd | None = None
        new_match: MatchScore | None = None
        result_rows: list[tuple[Any, ...]] = []
        status = t.status
        if deal.result is not None:
            outcome = outcome_of(deal, t.shift)
            new_match = t.match.copy()
            change = new_match.add(outcome)
            display = new_match.display()
            end = self._with_call(t, DealEnd(deal_id, t.deal_number, deal.result, outcome.winner,
                                             outcome.games, outcome.reason, outcome.points, change,
                                             display))
            status = "over" if change.match_over else "waiting"
            result_rows = self._result_rows(t, deal, end, outcome.culprit, now)
        score_json = None if end is None else {"change": end.change.to_json(),
                                                "points": list(end.points), "after": end.score}

        text = q.dumps(record)
        simple = end is None and not chair_updates

        def txn(c: Any) -> None:
            q.insert_action(c, table_id, version, deal_id, idx, action.seat, text, actor, via,
                            now)
            for chair, away, missed in chair_updates:
                q.set_away(c, table_id, chair, away, missed)
            if end is not None:
                assert new_match is not None and deal.result is not None
                q.set_status(c, table_id, status, now)
                q.finish_deal(c, deal_id, now, deal.result.to_json(), end.winner_team,
                              end.games, end.reason, score_json or {})
                q.insert_results(c, result_rows)
                q.update_match(c, t.match_id or 0, new_match.to_json(), new_match.winner,
                               now if new_match.over else None)

        await self._write(t, txn, single=simple)
        # Committed: now memory, computer players and the outside world may learn of it.
        t.version = version + 1
        for chair, away, missed in chair_updates:
            c = t.chairs[chair]
            assert c is not None
            c.away, c.missed = away, missed
            t.claims_due = t.claims_due or away
        if deal.to_play != before:
            t.turn_since = now
        if claims_due:
            t.claims_due = True
        for seat, brain in t.brains.items():
            brain.observe([e.seen_by(seat) for e in events])
        if end is not None:
            t.match = new_match
            t.last_end = end
            t.status = status
            t.brains = {}
            if status == "over":
                self._note_closed(t)
        log.info("table %d seat %d %s (%s)", table_id, action.seat, action.do, via)
        if end is not None:
            log.info("table %d deal %d over: team %d wins %d (%s)%s", table_id, deal_id,
                     end.winner_team, end.games, end.reason,
                     "; match over" if end.match_over else "")
        await self._emit(t, Outcome(
            t.id, t.version, "action", deal_id, t.deal_number, index=idx, seat=action.seat,
            chair=t.chair_of_seat(action.seat), actor=actor, via=via, action=action,
            events=tuple(events), deal_end=end, to_play=deal.to_play,
            deadline=self._deadline(t)), outcomes)

    def _result_rows(self, t: LiveTable, deal: Deal, end: DealEnd, culprit: int | None,
                     now: float) -> list[tuple[Any, ...]]:
        gaigel = end.games == 2 and (end.reason in GAIGEL_REASONS or end.reason == "played_out")
        last = deal.actions[-1] if deal.actions else None
        rows = []
        for s in range(t.players):
            c = t.seat_chair(s)
            team = c.chair % t.teams
            won = team == end.winner_team
            knocked = last is not None and last.do == "knock" and last.seat == s
            rows.append((
                end.deal_id, c.chair, s, t.guild_id, t.id, t.match_id, c.user_id, c.name,
                int(c.computer), team, int(won), end.points[team], int(gaigel and won),
                int(gaigel and not won), int(knocked and end.reason in ("aus", "gaigel")),
                int(knocked and end.reason == "untergaigelt"), int(culprit == team), now))
        return rows

    async def _emit(self, t: LiveTable, outcome: Outcome, outcomes: list[Outcome]) -> None:
        outcomes.append(outcome)
        if self.on_outcome is not None:
            try:
                await self.on_outcome(outcome)
            except Exception:
                log.exception("table %d: on_outcome callback failed", t.id)

    # ------------------------------------------------------------------ computers

    def _new_brain(self, t: LiveTable, seat: int) -> Computer:
        c = t.seat_chair(seat)
        level = c.level if c.computer and c.level else t.options.level
        seed = self._rng.randrange(2**32) if self._rng is not None else None
        return make_computer(level, seat, t.players, t.rules,
                             budget_ms=self.computer_budget_ms, seed=seed)

    def _brain(self, t: LiveTable, seat: int) -> Computer:
        """The computer player of a seat, made on demand and told the deal so far."""
        brain = t.brains.get(seat)
        if brain is None:
            deal = t.deal
            assert deal is not None
            brain = self._new_brain(t, seat)
            replay = Deal(deal.layout, deal.rules)
            for action in deal.actions:
                brain.observe([e.seen_by(seat) for e in replay.apply(action)])
            t.brains[seat] = brain
        return brain

    async def _think(self, brain: Computer, method: str, view: View) -> Action | None:
        """Ask a computer player; searching levels think on a worker thread (they allow it)."""
        fn = getattr(brain, method)
        try:
            if brain.level in LIGHT_LEVELS:
                answer: Action | None = fn(view)
            else:
                answer = await asyncio.to_thread(fn, view)
            return answer
        except Exception:
            log.exception("computer player failed in %s", method)
            return None

    async def _computer_turn(self, t: LiveTable, seat: int, via: str, outcomes: list[Outcome],
                             chair_updates: Iterable[tuple[int, bool, int]] = ()) -> None:
        """A computer takes ``seat``'s turn: its claims if it makes any, then its card."""
        updates = list(chair_updates)
        for _ in range(MAX_CLAIMS_PER_TURN):
            deal = t.deal
            assert deal is not None
            if deal.over or deal.to_play != seat:
                return
            action = await self._think(self._brain(t, seat), "choose", seat_view(deal, seat))
            if action is None or action.seat != seat or not deal.can(action):
                if action is not None:
                    log.warning("table %d: a computer chose an illegal action", t.id)
                break
            await self._apply(t, action, actor=None, via=via, outcomes=outcomes,
                              chair_updates=updates)
            updates = []
            if action.do == "play":
                return
        deal = t.deal
        assert deal is not None
        if not deal.over and deal.to_play == seat:
            action = random.choice(deal.legal_plays(seat))
            await self._apply(t, action, actor=None, via=via, outcomes=outcomes,
                              chair_updates=updates)

    async def _run_computers(self, t: LiveTable, outcomes: list[Outcome]) -> None:
        """Claims of every computer seat first, then the computer to play; until a person's
        turn or the deal's end. Each action is its own transaction.

        Computer seats are asked for claims whenever one may have become possible: at the
        deal's start, after a trick (tricks won, cards drawn), a marriage, an exchange, a card
        played on past 101, or a seat handed to a computer. A card played into a trick in
        between opens no new claim (as ``engine.selfplay`` notes); the seat to play is asked
        anyway, ``choose`` makes a due claim first.
        """
        claims = 0
        while t.status == "playing" and t.deal is not None and not t.deal.over:
            deal = t.deal
            claimed = False
            if t.claims_due and claims < MAX_CLAIMS_PER_TURN:
                t.claims_due = False
                for seat in t.auto_seats():
                    if deal.over:
                        break
                    brain = self._brain(t, seat)
                    action = await self._think(brain, "claim", seat_view(deal, seat))
                    if action is None or action.do == "play" or action.seat != seat:
                        continue
                    if action.do == "knock" and self._knock_waits(t, seat):
                        continue
                    if deal.can(action):
                        claims += 1
                        await self._apply(t, action, actor=None, via=self._via(t, seat),
                                          outcomes=outcomes)
                        claimed = True
            if deal.over:
                break
            if claimed:
                continue
            to_play = deal.to_play
            if to_play is None or not t.seat_chair(to_play).auto:
                break
            await self._computer_turn(t, to_play, self._via(t, to_play), outcomes)
            claims = 0

    @staticmethod
    def _knock_waits(t: LiveTable, seat: int) -> bool:
        """With ``computer_knock = own_turn``, a computer leaves the knock to a person of its
        team until the computer itself is to play (then ``choose`` knocks before any card, so it
        never plays on past 101). A computer standing in for an away person does not wait."""
        deal = t.deal
        if t.options.computer_knock != "own_turn" or deal is None or deal.to_play == seat:
            return False
        if not t.seat_chair(seat).computer:
            return False
        team = seat % t.teams
        return any(s % t.teams == team and not t.seat_chair(s).auto
                   for s in range(t.players) if s != seat)

    @staticmethod
    def _via(t: LiveTable, seat: int) -> str:
        return "computer" if t.seat_chair(seat).computer else "away"

    # ------------------------------------------------------------------ views

    def _deadline(self, t: LiveTable) -> float | None:
        timer = t.options.turn_timer
        deal = t.deal
        if not timer or t.status != "playing" or deal is None or deal.to_play is None:
            return None
        if t.seat_chair(deal.to_play).auto or t.turn_since is None:
            return None
        return t.turn_since + timer

    def hand_view(self, table_id: int, user_id: int) -> tuple[View, int]:
        """The seat's engine View of the current (or just finished) deal, and the version."""
        t = self._get(table_id)
        chair = self._seated(t, user_id)
        if t.deal is None:
            raise ServiceError("not_started")
        view = seat_view(t.deal, t.seat_of_chair(chair), show_points=t.options.show_points)
        if not t.live and view.result is None:  # ended by the host mid-deal: nothing to do
            view = replace(view, to_play=None, actions=())
        return view, t.version

    def public_state(self, table_id: int) -> PublicState:
        t = self._get(table_id)
        n = t.players
        deal = t.deal
        dealer = n - 1 if deal is not None else None
        seats = []
        for s in range(n):
            chair = t.chair_of_seat(s)
            c = t.chairs[chair]
            to_play = deal is not None and t.status == "playing" and deal.to_play == s
            if c is None:
                seats.append(SeatState(s, chair, None, "", False, None, False, 0, chair % t.teams,
                                       False, False, False, empty=True))
                continue
            seats.append(SeatState(
                s, chair, c.user_id, c.name, c.computer, c.level, c.away, c.missed,
                chair % t.teams, c.user_id in t.ready if c.user_id is not None else False,
                dealer == s, to_play))
        match = t.match
        return PublicState(
            table_id=t.id, guild_id=t.guild_id, channel_id=t.channel_id,
            message_id=t.message_id, host_id=t.host_id, status=t.status, version=t.version,
            options=t.options, rules=t.rules, seats=tuple(seats), teams=t.teams,
            deal_number=t.deal_number, dealer=dealer,
            view=public_view(deal, show_points=t.options.show_points) if deal else None,
            score=match.display() if match is not None else None,
            deadline=self._deadline(t), last_result=t.last_end,
            match_over=match is not None and match.over,
            match_winner=match.winner if match is not None else None)

    # ------------------------------------------------------------------ history and stats

    async def last_table_in_channel(self, channel_id: int) -> dict[str, int] | None:
        """The channel's newest table, live or finished, with its host (for exports)."""
        return await self.db.read(q.last_table_in_channel, channel_id)

    async def stats(self, guild_id: int, user_id: int | None = None) -> dict[str, Any]:
        """A player's stats in a guild, or the guild's when ``user_id`` is None."""
        if user_id is None:
            return await self.db.read(q.guild_stats, guild_id)
        out = await self.db.read(q.player_stats, guild_id, user_id)
        out["user_id"] = user_id
        return out

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[dict[str, Any]]:
        return await self.db.read(q.leaderboard, guild_id, limit)

    def export(self, *, guild_id: int | None = None, table_id: int | None = None,
               fmt: str = "json") -> AsyncIterator[str]:
        """The history as text chunks (``json`` or ``csv``), streamed page by page."""
        from .export import export_history
        return export_history(self.db, guild_id=guild_id, table_id=table_id, fmt=fmt,
                              clock=self.clock)

    def _live(self) -> list[LiveTable]:
        return [t for t in self._tables.values() if t.status in LIVE]
