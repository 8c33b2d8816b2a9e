"""Two bot processes, shards 0 and 1 of two, on one PostgreSQL: each the real bot in its own
simcord world, playing several tables at once through slash commands and clicks. One is
killed with SIGKILL mid-deal and started again: it recovers its own tables only, no
acknowledged action is lost, and nothing of the other process changes; the history export
sees both.

The worker (this file run as a script) writes what it has acknowledged to a log: ``A table
version`` after each answered card click (the click is answered after the commit), ``R ids``
once started with the live tables it recovered, ``H`` once held (below).

The other process is held still while the killed one restarts, so that the test can show its
tables untouched. Not with SIGSTOP: simcord's settle deadline is wall time on the worker's
loop, so a worker stopped in the middle of a settle gives up on resuming ("bot did not settle
while advancing time", seen once in a fresh-clone CI run). On SIGUSR1 the worker holds
between two steps, everything of its bot settled, by blocking its loop until SIGUSR2.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]
TABLES = 3
SHARDS = 2


def guild_of(shard: int) -> int:
    """The one server of each world, on its shard: ``(id >> 22) % 2 == shard``."""
    return ((5000 * SHARDS) + shard) << 22


# ---------------------------------------------------------------------- the worker


async def _worker(url: str, shard: int, acklog: str, plays: int) -> None:
    import simcord
    from world import World, alarms_on_the_virtual_clock

    from bot import Pacing, build_bot
    from bot.config import Settings

    fd = os.open(acklog, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    hold = asyncio.Event()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR2})  # waited for, never delivered
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, hold.set)

    def ack(line: str) -> None:
        os.write(fd, (line + "\n").encode())

    settings = Settings(database_url=url, shard_count=SHARDS, shard_ids=(shard,))
    bot = build_bot(settings, pacing=Pacing.instant(), service_options={"seed": shard})
    env = simcord.Env(bot, settle_timeout=5)  # room for a loaded machine; timers are longer
    alarms_on_the_virtual_clock(env)  # a turn ping never jumps the clock in a settle
    # built in the same order on every start, so the ids are the same (see bot/offline.py)
    guild = env.create_guild(f"Shard {shard}", id=guild_of(shard), shard_id=shard)
    for i in range(shard * TABLES):  # both worlds number alike: keep the channel ids apart
        guild.create_text_channel(f"other-{i}")
    worlds = [World(env, guild, guild.create_text_channel(f"gaigel-{i}"))
              for i in range(TABLES)]
    hosts = [f"host{i}" for i in range(TABLES)]
    for w, host in zip(worlds, hosts, strict=True):
        w.user(host)
    await env.start()
    try:
        await bot.tree.sync()
        await env.settle()
        ack("R " + " ".join(str(t) for t in sorted(bot.svc.recovered)))
        done = 0
        while plays < 0 or done < plays:
            for w, host in zip(worlds, hosts, strict=True):
                if hold.is_set():  # settled after the last step: freeze the loop, bot and all
                    ack("H")
                    signal.sigwait({signal.SIGUSR2})
                    hold.clear()
                tid = bot.svc.table_in_channel(w.channel.id)
                if tid is None:
                    await w.new_table(host, players=2)
                    await w.click_table(host, "add")
                    await w.click_table(host, "start")
                    continue
                w.last_table = tid
                st = w.state()
                if st.status == "open":
                    await w.click_table(host, "start")
                elif st.status == "waiting":
                    await w.click_table(host, "next")
                    w.hands.pop(host, None)
                elif st.status == "playing":
                    if w.team_with_101():
                        await w.slash(host, "knock")
                    elif w.to_play() == host:
                        if host not in w.hands:
                            result = await w.slash(host, "gaigel hand")
                            w.hands[host] = result.response.message
                        await w.play_card(host)
                        done += 1
                    else:
                        await env.settle()
                    ack(f"A {tid} {bot.svc.public_state(tid).version}")
    finally:
        await bot.close_service()
        os.close(fd)


# ---------------------------------------------------------------------- the test


def _log(path: Path) -> tuple[list[list[int]], dict[int, int]]:
    """The recovery lines and the highest acknowledged version of each table."""
    starts: list[list[int]] = []
    acked: dict[int, int] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            parts = line.split()
            if parts and parts[0] == "R":
                starts.append([int(p) for p in parts[1:]])
            elif len(parts) == 3 and parts[0] == "A":
                acked[int(parts[1])] = max(acked.get(int(parts[1]), 0), int(parts[2]))
    return starts, acked


def _spawn(url: str, shard: int, log: Path, plays: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    with open(str(log) + ".err", "w") as err:  # the child keeps its own copy
        return subprocess.Popen([sys.executable, str(HERE), "worker", url, str(shard),
                                 str(log), str(plays)], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)


def _wait(proc: subprocess.Popen[bytes], log: Path, ready: Any, what: str) -> None:
    deadline = time.monotonic() + 120
    while not ready():
        assert proc.poll() is None, f"{what} stopped: " + Path(str(log) + ".err").read_text()
        assert time.monotonic() < deadline, f"{what}: timed out"
        time.sleep(0.05)


async def _rows(url: str, guild: int) -> list[tuple[Any, ...]]:
    from pg import fetch_all
    return await fetch_all(
        url, "SELECT t.id, t.status, t.version, (SELECT COUNT(*) FROM actions a JOIN deals d"
             " ON d.id = a.deal_id WHERE d.table_id = t.id) FROM tables t WHERE guild_id = ?"
             " ORDER BY t.id", (guild,))


def test_two_shard_processes_one_killed_and_restarted(postgres_server: Any,
                                                       tmp_path: Path) -> None:
    url = postgres_server.new_database()
    logs = [tmp_path / f"shard{s}.log" for s in range(SHARDS)]
    procs = [_spawn(url, s, logs[s], -1) for s in range(SHARDS)]
    try:
        for s in range(SHARDS):  # both play until each has acknowledged plenty
            _wait(procs[s], logs[s], lambda s=s: len(_log(logs[s])[1]) >= TABLES
                  and sum(_log(logs[s])[1].values()) >= 200, f"shard {s}")
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait()
        procs[1].send_signal(signal.SIGUSR1)  # the other process holds still while we look
        _wait(procs[1], logs[1], lambda: "H" in logs[1].read_text().split(), "shard 1 held")
        other_before = asyncio.run(_rows(url, guild_of(1)))
        mine_before = asyncio.run(_rows(url, guild_of(0)))
        _, acked0 = _log(logs[0])
        # no acknowledged action lost
        stored = {r[0]: r[2] for r in mine_before}
        assert all(stored[t] >= v for t, v in acked0.items())
        live0 = {r[0] for r in mine_before if r[1] in ("open", "playing", "waiting")}
        assert live0 and any(r[1] == "playing" for r in mine_before)

        restarted = _spawn(url, 0, logs[0], 6)
        assert restarted.wait(timeout=180) == 0, Path(str(logs[0]) + ".err").read_text()
        starts, _ = _log(logs[0])
        assert starts[0] == [] and set(starts[-1]) == live0  # its own tables, all of them
        assert asyncio.run(_rows(url, guild_of(1))) == other_before  # the other's untouched
        after = {r[0]: r for r in asyncio.run(_rows(url, guild_of(0)))}
        assert sum(r[3] for r in after.values()) > sum(r[3] for r in mine_before)  # played on

        procs[1].send_signal(signal.SIGUSR2)  # and the other plays on as if nothing happened
        _, acked1 = _log(logs[1])
        _wait(procs[1], logs[1], lambda: sum(_log(logs[1])[1].values()) > sum(acked1.values()),
              "shard 1 after the restart")
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    out = subprocess.run([sys.executable, "-m", "bot", "export", "--db", url], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    guilds = {d["guild"] for d in json.loads(out.stdout)["deals"]}
    assert guilds == {guild_of(0), guild_of(1)}


if __name__ == "__main__" and len(sys.argv) == 6 and sys.argv[1] == "worker":
    asyncio.run(_worker(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])))
