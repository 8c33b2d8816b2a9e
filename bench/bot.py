"""Benchmark: many tables played at the same time through the real bot in simcord.

    python -m bench.bot [--tables 200] [--deals 1] [--humans 4] [--computer LEVEL] [--rate R]
                         [--pictures on|off] [--db URL] [--json FILE]

Every table sits in its own channel with ``--humans`` people (four by default) and computers
of ``--computer`` level in the other seats. In each wave, every table's player to
move clicks a card in their (ephemeral) hand at the same moment: all clicks are dispatched
to the bot before it answers any of them, then the simulated Discord settles. A player whose
team has 101 knocks from the hand instead.

Click-to-answer latency is measured inside the process, from the moment the click is handed
to discord.py until the bot's answer (the in-place edit of the hand) has been accepted by the
simulated Discord: the bot's own work, without simcord's idle polling between operations.
With ``--pictures on`` (the bot's default) the card faces are uploaded as the application's
emojis first (hands show them) and every table message carries its picture, drawn in a
thread and uploaded whenever what it shows changes; ``off`` is the server setting
``pictures: off`` (text only). Memory per table is the growth of the resident set from before the tables were opened until
every table was playing with every hand open, divided by the number of tables.

At the end it names the five slowest clicks (their wave, their place in it, when in the play)
with the garbage collections and event loop stalls (a 10 ms timer more than 50 ms late) that
overlapped them, counts the collections of each generation while playing, and says how the
computers thought (``--computer strong``: searches in the thinking processes, how many with a
shrunk budget, how many answered by the heuristic past their deadline).

This is a benchmark, not a test; figures go to the note (docs or the final report).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord import interactions as _interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

from bot import build_bot
from bot.config import Settings
from bot.shell.app import Pacing

SENT: dict[int, float] = {}
READY: dict[int, float] = {}
"""When the bot handed its answer to discord.py's HTTP layer (its own work done)."""
ANSWERED: dict[int, float] = {}
"""When the simulated Discord had accepted the answer."""
WAVE: dict[int, tuple[int, int, int]] = {}
"""Each measured click's wave, its place in the wave and the wave's size."""
COLLECTIONS: list[tuple[int, float, float]] = []
"""Garbage collections while playing: (generation, start, end) on ``time.perf_counter``."""


def watch_collections() -> None:
    """Note every garbage collection's generation and duration (the collector stops the
    whole process, the event loop with it)."""
    started = [0.0]

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            COLLECTIONS.append((info["generation"], started[0], time.perf_counter()))

    gc.callbacks.append(note)


def full_collection(bot: Any, env: Any) -> tuple[float, int, int]:
    """The time of one full collection with nothing frozen, the objects the collector tracks,
    and how many of them the bot holds itself (reachable from the bot client and its service
    without passing through simcord's in-memory Discord)."""
    gc.unfreeze()
    started = time.perf_counter()
    gc.collect()
    took = time.perf_counter() - started
    tracked = len(gc.get_objects())
    seen = {id(env), id(env.backend)}
    stack: list[Any] = [bot]
    own = 0
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, type) or type(o).__name__ in ("module", "function"):
            continue
        seen.add(id(o))
        if gc.is_tracked(o):
            own += 1
        stack.extend(gc.get_referents(o))
    return took, tracked, own


class LoopLag:
    """How late a 10 ms timer of the event loop fires: the longest stalls of the loop (a
    synchronous piece of work, a garbage collection, the process not scheduled)."""

    def __init__(self) -> None:
        self.stalls: list[tuple[float, float]] = []
        """(when it should have fired, how late) for every timer more than 50 ms late."""
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        while True:
            due = time.perf_counter() + 0.01
            await asyncio.sleep(0.01)
            late = time.perf_counter() - due
            if late > 0.05:
                self.stalls.append((due, late))


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def instrument() -> None:
    """Record when the bot's answer to each interaction was accepted."""
    response = discord.InteractionResponse
    for name in ("edit_message", "send_message"):
        original = getattr(response, name)

        def wrap(original: Any) -> Any:
            async def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
                READY[self._parent.id] = time.perf_counter()
                try:
                    return await original(self, *args, **kwargs)
                finally:
                    ANSWERED[self._parent.id] = time.perf_counter()
            return timed

        setattr(response, name, wrap(original))


def components(stored: Any) -> list[dict[str, Any]]:
    out = []
    for row in stored.components:
        out += row.get("components", [])
    return out


class Bench:
    def __init__(self, env: simcord.Env, tables: int, humans: int, rate: float = 0.0,
                 timer: int = 0, pings: bool = False, idle: float = 0.0,
                 shard: tuple[int, int] | None = None) -> None:
        self.pings = pings
        """Every person asked for turn pings (``/gaigel ping on``)."""
        self.idle = idle
        """Virtual seconds that pass after each wave (no one plays): the pings' wait."""
        self.open_group = tables
        """Tables whose setting-up clicks go out together. On PostgreSQL 200 at once wait for
        the pool's connections, and simcord's settling, which inspects every waiting task on
        every step, then takes minutes."""
        self.progress = False
        """Print a line per wave (``--progress``)."""
        self.freeze = True
        """Between waves, move every object alive to the collector's permanent generation
        (``gc.freeze``): simcord's Discord keeps every message, edit, interaction and request
        of the run in this process, and without this each full collection scans all of it
        while the bot's clicks wait (``--gc plain``)."""
        waits = [w for w in (idle, timer) if w > 0]
        self.wave_timeout = max(0.5, min([60.0] + [w / 5 for w in waits]))
        """simcord waits in real time for a sleep that ends before the settle's deadline: a
        fifth of the shortest wait the bot sleeps for (the pings', the turn timer's) keeps
        those sleeps parked for virtual time."""
        self.gap = 1.0 / rate if rate > 0 else 0.0
        self.timer = timer
        self.env = env
        self.backend = env.backend
        if shard is None:
            self.guild = env.create_guild(name="Bench")
        else:  # a server on this process's shard: (id >> 22) % count == k
            k, count = shard
            self.guild = env.create_guild(name=f"Bench {k}", id=((7000 * count) + k) << 22,
                                          shard_id=k)
            # Every world numbers its channels and people alike: keep the channel ids apart,
            # as two processes' servers' channels are in Discord.
            for i in range(k * tables):
                self.guild.create_text_channel(f"other-{i}")
        self.tables: list[dict[str, Any]] = []
        self.computer = "heuristic"
        """The level of the computers that fill the seats of fewer than four people."""
        self.humans = humans
        self.count = tables

    @property
    def svc(self) -> Any:
        return self.env.bot.svc

    async def settle(self) -> None:
        """Wait until the bot has answered everything of a wave. simcord waits in real time for
        every sleep that ends before the settle's deadline, so with pings or turn timers on the
        deadline is a fifth of the shortest such wait (their sleep, armed while the wave's
        clicks went out, stays parked for virtual time) and a wave that takes longer is settled
        again; without them one minute (200 tables at once on a busy machine take more than
        5 s)."""
        for attempt in range(20):
            try:
                await self.env.settle(timeout=self.wave_timeout)
                return
            except TimeoutError as exc:
                if attempt == 19:
                    raise
                if self.progress:
                    print("settle again: " + "\n".join(str(exc).splitlines()[:4]), file=sys.stderr, flush=True)

    def dispatch(self, user_id: int, channel_id: int, message_id: int, custom_id: str) -> int:
        """Hand a click to the bot without waiting for its answer."""
        stored = self.backend.get_message(channel_id, message_id)
        record, payload = _interactions.base_payload(
            self.backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=channel_id,
            guild_id=self.guild.id, user_id=user_id,
            data={"custom_id": custom_id, "component_type": ComponentType.BUTTON})
        payload["message"] = dict(serializers.message_payload(self.backend, stored))
        record.source_message_id = stored.id
        SENT[record.id] = time.perf_counter()
        self.backend.emit("INTERACTION_CREATE", payload)
        return record.id

    async def open_tables(self) -> None:
        for i in range(self.count):
            channel = self.guild.create_text_channel(f"t{i}")
            people = [self.guild.add_member(self.env.create_user(f"p{i}_{k}"))
                      for k in range(self.humans)]
            if self.pings:
                for person in people:
                    await self.svc.set_user_prefs(person.id, ping=True)
            await people[0].slash(channel, "gaigel new", players=4, timer=self.timer,
                                  computer=self.computer)
            self.tables.append({"channel": channel, "people": people,
                                "tid": self.svc.table_in_channel(channel.id), "hands": {}})
        # Joins, computers, starts and hand openings: one wave each, all tables at once.
        for k in range(1, self.humans):
            await self.table_wave(lambda t, k=k: (t["people"][k], "join"))
        for _ in range(4 - self.humans):
            await self.table_wave(lambda t: (t["people"][0], "add"))
        await self.table_wave(lambda t: (t["people"][0], "start"))
        for k in range(1, self.humans):
            await self.table_wave(lambda t, k=k: (t["people"][k], "hand"))

    async def table_wave(self, pick: Any) -> None:
        """One click at every table (joins, starts, hands opened), in groups of
        ``open_group`` tables: not measured, only to get the tables playing."""
        ids = []
        for k, t in enumerate(self.tables):
            person, act = pick(t)
            state = self.svc.public_state(t["tid"])
            stored = self.backend.get_message(t["channel"].id, state.message_id)
            cid = next(c["custom_id"] for c in components(stored) if c["custom_id"].endswith(":" + act))
            ids.append((t, person, self.dispatch(person.id, t["channel"].id, stored.id, cid)))
            if (k + 1) % self.open_group == 0:
                await self.settle()
        await self.settle()
        for t, person, iid in ids:
            msg_id = self.hand_response(iid)
            if msg_id is not None:
                t["hands"][person.id] = msg_id

    def hand_response(self, iid: int) -> int | None:
        """The hand message an interaction was answered with, if it was a hand."""
        result = simcord.results.InteractionResult(self.env, self.backend.interactions[iid])
        r = result.response
        if r is None:
            return None
        if any(c.get("custom_id", "").startswith("gg:h:") for c in
               (x for row in r.components for x in row.get("components", []))):
            return r.id
        return None

    def play_click(self, t: dict[str, Any]) -> tuple[Any, int, str] | None:
        """The click of the person to move at this table (a card, or the knock at 101)."""
        live = self.svc.tables[t["tid"]]
        deal = live.deal
        if live.status != "playing" or deal is None or deal.to_play is None:
            return None
        for person in t["people"]:  # a person whose team has 101 knocks
            chair = live.chair_of_user(person.id)
            seat = live.seat_of_chair(chair)
            if deal.points[seat % deal.teams] >= 101 and person.id in t["hands"]:
                stored = self.backend.get_message(t["channel"].id, t["hands"][person.id])
                k = next((c["custom_id"] for c in components(stored)
                          if c["custom_id"].split(":")[4] == "k"), None)
                if k:
                    return person, stored.id, k
        chair = live.chairs[live.chair_of_seat(deal.to_play)]
        person = next((p for p in t["people"] if p.id == chair.user_id), None)
        if person is None or person.id not in t["hands"]:
            return None
        stored = self.backend.get_message(t["channel"].id, t["hands"][person.id])
        cards = [c["custom_id"] for c in components(stored)
                 if c["custom_id"].split(":")[4].startswith("p") and not c.get("disabled")]
        if not cards:
            refresh = next(c["custom_id"] for c in components(stored)
                           if c["custom_id"].split(":")[4] == "r")
            return person, stored.id, refresh
        return person, stored.id, cards[0]

    async def play(self, deals: int) -> tuple[list[float], list[float], int]:
        latencies: list[float] = []
        ready: list[float] = []
        waves = 0
        done_deals = {t["tid"]: 0 for t in self.tables}
        while True:
            if self.freeze:
                gc.freeze()
            clicks = []
            for t in self.tables:
                live = self.svc.tables[t["tid"]]
                if live.status == "waiting" and done_deals[t["tid"]] + 1 < deals:
                    done_deals[t["tid"]] += 1
                    state = self.svc.public_state(t["tid"])
                    stored = self.backend.get_message(t["channel"].id, state.message_id)
                    cid = next(c["custom_id"] for c in components(stored)
                               if c["custom_id"].endswith(":next"))
                    clicks.append((t, t["people"][0], stored.id, cid))
                    continue
                click = self.play_click(t)
                if click is not None:
                    clicks.append((t, *click))
            if not clicks:
                break
            ids = []
            began = time.perf_counter()
            for k, (t, p, mid, cid) in enumerate(clicks):
                ids.append(self.dispatch(p.id, t["channel"].id, mid, cid))
                WAVE[ids[-1]] = (waves + 1, k + 1, len(clicks))
                if self.gap:
                    # People do not all click in the same millisecond: the next click comes
                    # after a pause in real time, while the bot works on the earlier ones.
                    await asyncio.sleep(self.gap)
            dispatched = time.perf_counter()
            await self.settle()
            waves += 1
            settled = time.perf_counter()
            if self.idle:
                # Nobody plays for a while (virtual time): every person to move is pinged, and
                # the next wave's clicks delete those pings while the bot answers them.
                try:
                    await self.env.advance_time(self.idle)
                except TimeoutError:  # time has advanced; the pings' sending goes on
                    await self.settle()
            if self.progress:
                print(f"wave {waves}: {len(clicks)} clicks, dispatch {dispatched - began:.1f} s, "
                      f"settle {settled - dispatched:.1f} s, idle {time.perf_counter() - settled:.1f} s",
                      file=sys.stderr, flush=True)
            for iid in ids:
                if iid in ANSWERED:
                    latencies.append(ANSWERED[iid] - SENT[iid])
                    ready.append(READY[iid] - SENT[iid])
            # "Next deal" answers with the clicker's new hand; the others reopen theirs.
            reopen = []
            for (t, p, _mid, cid), iid in zip(clicks, ids, strict=False):
                if cid.endswith(":next"):
                    msg_id = self.hand_response(iid)
                    if msg_id is not None:
                        t["hands"][p.id] = msg_id
                    reopen += [(t, q) for q in t["people"][1:self.humans]]
            if reopen:
                opened = []
                for t, q in reopen:
                    state = self.svc.public_state(t["tid"])
                    stored = self.backend.get_message(t["channel"].id, state.message_id)
                    cid = next(c["custom_id"] for c in components(stored)
                               if c["custom_id"].endswith(":hand"))
                    opened.append((t, q, self.dispatch(q.id, t["channel"].id, stored.id, cid)))
                await self.settle()
                for t, q, iid in opened:
                    msg_id = self.hand_response(iid)
                    if msg_id is not None:
                        t["hands"][q.id] = msg_id
        return latencies, ready, waves


def count_pings() -> list[int]:
    """Count the turn pings the bot posts (each one mentions the person to play)."""
    sent = [0]
    original = discord.abc.Messageable.send

    async def send(self: Any, content: Any = None, **kwargs: Any) -> Any:
        if kwargs.get("allowed_mentions") is not None and "<@" in str(content):
            sent[0] += 1
        return await original(self, content, **kwargs)

    discord.abc.Messageable.send = send  # type: ignore[method-assign]
    return sent


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--deals", type=int, default=1,
                        help="deals played at every table (0: open the tables and measure "
                             "their memory only)")
    parser.add_argument("--humans", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--computer", default="heuristic",
                        help="the level of the computers that fill the other seats "
                             "(heuristic, strong, random)")
    parser.add_argument("--rate", type=float, default=0.0,
                        help="clicks per second across all tables (0: every table's click of a "
                             "wave at the same instant)")
    parser.add_argument("--pacing", choices=("instant", "production"), default="instant",
                        help="production: table edits coalesced to one a second per table")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="simcord's settle timeout: the bot's sleeps shorter than this run in "
                             "real time within each wave, longer ones (turn timers, pings) wait "
                             "for virtual time, which the bench advances only for pings (--idle)")
    parser.add_argument("--ping-after", type=float, default=0.0,
                        help="turn pings: every person asks for them (/gaigel ping on) and is "
                             "pinged after this many seconds of their turn (play: 10, passed in "
                             "virtual time, see --idle); 0: no pings")
    parser.add_argument("--idle", choices=("ping", "none"), default="ping",
                        help="ping: after each wave, let the ping wait pass in virtual time "
                             "(nobody plays), so every person to move is pinged and the next "
                             "click deletes it; none: no virtual time passes, and simcord waits "
                             "out the pings' sleeps in real time within each wave (slow)")
    parser.add_argument("--timer", type=int, default=0,
                        help="seconds per turn (default 0: no turn timer)")
    parser.add_argument("--pictures", choices=("on", "off"), default="on",
                        help="card faces and table pictures (the server setting)")
    parser.add_argument("--progress", action="store_true", help="a line per wave on stderr")
    parser.add_argument("--shard", type=int, default=None,
                        help="run as shard K of --shard-count (SHARD_IDS=K): the tables are in a "
                             "server of that shard; start one process per shard on one "
                             "PostgreSQL database (--db) and add up their clicks per second")
    parser.add_argument("--shard-count", type=int, default=2)
    parser.add_argument("--trace-memory", action="store_true",
                        help="also trace Python allocations while the tables open, and print "
                             "the growth per table by package (bot, discord, simcord, ...)")
    parser.add_argument("--gc", choices=("freeze", "plain"), default="freeze",
                        help="freeze: between waves, every object alive goes to the collector's "
                             "permanent generation, so that full collections do not scan "
                             "simcord's in-memory Discord (every message and request of the run); "
                             "plain: as Python does by default")
    parser.add_argument("--json", default=None,
                        help="also write the main figures to this file as JSON (bench/thinking.py)")
    parser.add_argument("--db", default=None,
                        help="database URL (an empty postgresql://… database); default: a "
                             "SQLite file in a temporary folder")
    args = parser.parse_args()
    instrument()
    with tempfile.TemporaryDirectory() as tmp:
        shard = None if args.shard is None else (args.shard, args.shard_count)
        settings = Settings(database_path=str(Path(tmp) / "bench.sqlite3"),
                            database_url=args.db,
                            shard_count=None if shard is None else args.shard_count,
                            shard_ids=None if shard is None else (args.shard,))
        pacing = Pacing.instant() if args.pacing == "instant" else Pacing(1.0, 0.0)
        pacing.ping_after = args.ping_after or 3600.0
        pings = count_pings()
        bot = build_bot(settings, pacing=pacing)
        try:
            async with simcord.run(bot, settle_timeout=args.settle) as env:
                await bot.tree.sync()
                bench = Bench(env, args.tables, args.humans, args.rate, args.timer,
                              pings=args.ping_after > 0,
                              idle=(args.ping_after + 0.5
                                    if args.ping_after > 0 and args.idle == "ping" else 0.0),
                              shard=shard)
                bench.progress = args.progress
                bench.computer = args.computer
                bench.freeze = args.gc == "freeze"
                if args.db:
                    bench.open_group = 20
                await bot.svc.set_settings(bench.guild.id, pictures=args.pictures == "on")
                if args.pictures == "on":
                    from bot.shell.faces import upload_faces
                    await upload_faces(bot)
                    await bot.faces.load(bot)
                gc.collect()
                if args.trace_memory:
                    tracemalloc.start(32)
                    snapshot = tracemalloc.take_snapshot()
                before = rss_bytes()
                t0 = time.perf_counter()
                await bench.open_tables()
                gc.collect()
                per_table = (rss_bytes() - before) / args.tables
                if args.trace_memory:
                    by_package, top_lines = traced_growth(snapshot, tracemalloc.take_snapshot())
                    tracemalloc.stop()
                opened = time.perf_counter() - t0
                SENT.clear()
                ANSWERED.clear()
                load_before = os.getloadavg()[0]
                lag = LoopLag()
                lag.task = asyncio.ensure_future(lag.run())
                watch_collections()
                t1 = time.perf_counter()
                began = time.time()
                try:
                    latencies, ready, waves = (await bench.play(args.deals) if args.deals
                                               else ([], [], 0))
                finally:
                    gc.callbacks.clear()
                    lag.task.cancel()
                played = time.perf_counter() - t1
                ended = time.time()
                thinking = bot.svc.thinking.stats
                heap = full_collection(bot, env)
                states = [bench.svc.public_state(t["tid"]).status for t in bench.tables]
                uploads = sum(1 for e in env.http_requests if e.method == "PATCH"
                              and isinstance(e.json, dict) and any(
                                  a.get("filename", "").startswith("table.")
                                  for a in e.json.get("attachments") or []))
        finally:
            await bot.close_service()
    finished = sum(s in ("waiting", "over") for s in states)
    ms = [x * 1000 for x in latencies]
    ready_ms = [x * 1000 for x in ready]
    print(f"database: {'postgresql' if args.db else 'sqlite'}")
    print(f"tables: {args.tables} (4 seats, {args.humans} people each), deals per table: "
          f"{args.deals}, pacing: {args.pacing}, pictures: {args.pictures}, "
          f"turn timer: {args.timer or 'off'}, arrival: "
          + (f"{args.rate:g} clicks/s" if args.rate else "bursts (all tables at once)"))
    print(f"opening, joining, starting and opening hands: {opened:.1f} s")
    print(f"play: {len(ms)} clicks answered in {waves} waves of concurrent clicks, {played:.1f} s wall")
    print(f"throughput: {len(ms) / max(played, 1e-9):.1f} clicks/s answered (play from {began:.2f} to "
          f"{ended:.2f}, Unix time)" + (f", shard {args.shard} of {args.shard_count}"
                                        if args.shard is not None else ""))
    print(f"deals finished: {finished}/{args.tables}")
    print(f"table pictures uploaded (table edits with a new picture): {uploads}")
    if ms:
        print(f"click-to-answer latency: p50 {pct(ms, 50):.1f} ms, p90 {pct(ms, 90):.1f} ms, "
              f"p99 {pct(ms, 99):.1f} ms, max {max(ms):.1f} ms, mean {statistics.mean(ms):.1f} ms")
    if ready_ms:
        print(f"click-to-answer-ready (bot's own work and queueing, without simcord handling "
              f"the answer): p50 {pct(ready_ms, 50):.1f} ms, p99 {pct(ready_ms, 99):.1f} ms")
    if args.ping_after:
        print(f"turn pings posted (after {args.ping_after:g} s of a person's turn): {pings[0]}")
    print(f"load average before the play: {load_before:.1f}, at the end: "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"computers: {args.computer}; thinking processes: {bot.settings.computer_workers}; "
          f"searches {thinking.searches} ({thinking.shrunk} with a shrunk budget), "
          f"answered by the heuristic past the deadline {thinking.fallbacks}")
    for gen in range(3):
        pauses = [(end - start) * 1000 for g, start, end in COLLECTIONS if g == gen]
        if pauses:
            print(f"garbage collections of generation {gen} while playing: {len(pauses)}, "
                  f"longest {max(pauses):.1f} ms, total {sum(pauses):.0f} ms")
    print(f"a full collection after the play (nothing frozen): {heap[0] * 1000:.0f} ms over "
          f"{heap[1]:,} tracked objects, of which {heap[2]:,} are reachable from the bot and not "
          f"from simcord's Discord ({heap[2] / max(heap[1], 1):.0%}: about "
          f"{heap[0] * 1000 * heap[2] / max(heap[1], 1):.0f} ms of the pause is the bot's own); "
          f"garbage collection between waves: {args.gc}")
    if lag.stalls:
        print(f"event loop stalls over 50 ms while playing: {len(lag.stalls)}, longest "
              f"{max(late for _, late in lag.stalls) * 1000:.0f} ms")
    for took, iid in sorted(((ANSWERED[i] - SENT[i], i) for i in WAVE if i in ANSWERED),
                            reverse=True)[:5]:
        wave, k, n = WAVE[iid]
        sent, answered = SENT[iid], ANSWERED[iid]
        during = [f"a collection of generation {g} ({(e - b) * 1000:.0f} ms)"
                  for g, b, e in COLLECTIONS if b < answered and e > sent and e - b > 0.02]
        stalls = [f"a loop stall of {late * 1000:.0f} ms" for due, late in lag.stalls
                  if due < answered and due + late > sent]
        print(f"slow click: {took * 1000:.0f} ms (wave {wave}, click {k} of {n}, "
              f"{sent - t1:.1f} s into the play, ready after {(READY[iid] - sent) * 1000:.0f} "
              f"ms)" + (": during " + ", ".join(during + stalls) if during or stalls else ""))
    print(f"memory per table (RSS growth / tables, simcord's in-memory Discord included; "
          f"--trace-memory splits off the bot's own share): {per_table / 1024:.0f} KiB")
    if args.trace_memory:
        print("traced Python allocations per table while opening, by the package that asked "
              "for them: " + ", ".join(
            f"{name} {size / args.tables / 1024:.1f} KiB"
            for name, size in sorted(by_package.items(), key=lambda kv: -kv[1]) if size > 0))
        own = sum(size for name, size in by_package.items() if name in OWN)
        print("their biggest lines, per table: " + ", ".join(
            f"{where} {size / args.tables / 1024:.1f} KiB" for where, size in top_lines))
        print(f"the bot process's own share per table (bot, engine, discord.py, database "
              f"driver, Pillow; not simcord's Discord nor the bench): {own / args.tables / 1024:.1f} KiB")
    if args.json:
        import json
        figures = {"tables": args.tables, "humans": args.humans, "computer": args.computer,
                   "rate": args.rate, "clicks": len(ms), "load_before": load_before,
                   "load_after": os.getloadavg()[0], "workers": bot.settings.computer_workers,
                   "searches": thinking.searches, "shrunk": thinking.shrunk,
                   "fallbacks": thinking.fallbacks}
        if ms:
            figures.update(p50=pct(ms, 50), p90=pct(ms, 90), p99=pct(ms, 99), max=max(ms))
        Path(args.json).write_text(json.dumps(figures))
    return 0


OWN = ("bot", "engine", "discord", "aiosqlite", "asyncpg", "PIL")
"""What the bot process holds itself (simcord's Discord and the bench are not the bot)."""
OWNERS = (*OWN, "simcord", "bench")


def owner_of(filename: str) -> str | None:
    """The package a source file belongs to, if it is one of ``OWNERS``."""
    if "site-packages/" in filename:
        name = filename.split("site-packages/")[1].split("/")[0]
        return name if name in OWNERS else None
    for name in ("bot", "engine", "bench"):
        if f"/{name}/" in filename:
            return name
    return None


def traced_growth(before: Any, after: Any) -> tuple[dict[str, int], list[tuple[str, int]]]:
    """Bytes allocated between two snapshots, by the package that asked for them: the
    innermost frame of the allocation's traceback in one of ``OWNERS`` (a dict the standard
    library's json decoder builds for discord.py counts as discord's, for simcord as
    simcord's); "stdlib" when no frame of theirs is on the stack. Also the bot process's own
    lines that allocated most."""
    out: dict[str, int] = {}
    lines: dict[str, int] = {}
    for stat in after.compare_to(before, "traceback"):
        name, frame = next(((o, f) for f in reversed(stat.traceback)
                            if (o := owner_of(f.filename)) is not None), ("stdlib", None))
        out[name] = out.get(name, 0) + stat.size_diff
        if frame is not None and name in OWN:
            where = "/".join(frame.filename.split("/")[-2:]) + f":{frame.lineno}"
            lines[where] = lines.get(where, 0) + stat.size_diff
    return out, sorted(lines.items(), key=lambda kv: -kv[1])[:12]


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
