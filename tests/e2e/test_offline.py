"""Offline mode (``bot.offline``) without a browser: the world it builds, the preview it
serves, resuming tables on the same database, keeping the page current, and the command line
(``python -m bot`` with no token, ``--offline``, Ctrl-C). The browser test is
``tests/e2e/test_offline_browser.py``."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import signal
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot import build_bot
from bot.config import Settings
from bot.offline import (
    CHANNEL_NAME,
    GUILD_ID,
    OfflineSession,
    _AutoPublish,
    build_world,
    open_session,
)
from bot.shell.app import Pacing

pytestmark = pytest.mark.usefixtures("deals_repeat")  # the same deals every run

ROOT = Path(__file__).resolve().parents[2]
POINTS = re.compile(r"Points \(beginner option\):\s*Your team \(A\)\s*(\d+)")
CLAIMS = ("Knock", "Accuse", "Refresh", "Declare", "Exchange", "Show five")


def settings(tmp_path: Path) -> Settings:
    return Settings(database_path=str(tmp_path / "gaigel.sqlite3"))


def session_for(tmp_path: Path, seed: int = 45) -> Any:
    return open_session(settings(tmp_path), port=0, pacing=Pacing.instant(),
                        service_options={"seed": seed})


# ---------------------------------------------------------------------- playing from Python


def table_message(s: OfflineSession) -> Any:
    found = [m for m in s.channel.history() if "Gaigel · table" in (m.content or "")]
    assert found, [m.content for m in s.channel.history()]
    return found[-1]


def hand_message(s: OfflineSession) -> Any:
    found = [m for m in s.channel.history(viewer=s.you)
             if any(c.label == "Refresh" for row in m.components for c in row.children)]
    return found[-1] if found else None


def buttons(message: Any) -> list[tuple[str, bool, str]]:
    return [(c.label or "", not c.disabled, c.custom_id or "")
            for row in message.components for c in row.children]


def cards_line(hand: str) -> str:
    """The line of cards under a hand's title (faces by name: each start uploads them again
    into a new simulated Discord, under new ids)."""
    lines = hand.splitlines()
    for i, line in enumerate(lines[:-1]):
        if "Your cards" in line:
            return re.sub(r"<:(\w+):\d+>", r"\1", lines[i + 1])
    return ""


async def open_table(s: OfflineSession, players: int = 4) -> None:
    await s.you.slash(s.channel, "gaigel settings", show_points=True)
    if players == 4:
        await s.you.slash(s.channel, "gaigel new")
    else:
        await s.you.slash(s.channel, "gaigel new", players=players)
    for _ in range(players - 1):
        await s.you.click(table_message(s), label="Add computer")
    await s.you.click(table_message(s), label="Start")


async def play(s: OfflineSession, limit: int | None = None) -> int:
    """The browser test's beginner, from Python: first enabled card, /knock at 101."""
    played = 0
    for _ in range(300):
        hand = hand_message(s)
        if (hand is not None and "The deal is over." in hand.content) \
                or re.search(r" won( a double game)? — ", table_message(s).content) is not None:
            return played
        if limit is not None and played >= limit:
            return played
        if hand is None:
            await s.you.click(table_message(s), label="My cards")
            continue
        m = POINTS.search(hand.content)
        if m and int(m.group(1)) >= 101:
            await s.you.slash(s.channel, "knock")
            continue
        cards = [b for b in buttons(hand) if b[1] and not b[0].startswith(CLAIMS)]
        if "Your turn." in hand.content and cards:
            await s.you.click(hand, custom_id=cards[0][2])
            played += 1
        else:
            await s.you.click(table_message(s), label="My cards")
    raise AssertionError("the deal did not end")


# ---------------------------------------------------------------------- the world


def test_the_world_gets_the_same_ids_on_every_start(tmp_path: Path) -> None:
    """Stored tables find their channel and players again only if the ids repeat."""
    worlds = []
    for _ in range(2):
        env = simcord.Env(build_bot(settings(tmp_path)))
        guild, channel, you, friend = build_world(env)
        worlds.append((guild.id, channel.id, you.id, friend.id))
    assert worlds[0] == worlds[1]
    assert worlds[0][0] == GUILD_ID


async def test_a_session_has_a_server_a_channel_you_a_friend_and_synced_commands(
        tmp_path: Path) -> None:
    async with session_for(tmp_path) as s:
        assert s.url.startswith("http://127.0.0.1:") and "/#" in s.url
        assert s.channel.name == CHANNEL_NAME
        assert set(s.guild.member_ids()) >= {s.you.id, s.friend.id}
        users = s.env.backend.users
        assert (users[s.you.id].global_name, users[s.friend.id].global_name) == ("You", "Friend")
        commands = s.you.available_commands(s.channel)
        for name in ("gaigel new", "gaigel hand", "declare", "knock", "gaigel stats"):
            assert name in commands, commands
        assert s.bot.user is not None and s.bot.user.name == "Gaigel"
        # The page is served, on loopback only, with its key in the fragment.
        body = await asyncio.to_thread(lambda: urllib.request.urlopen(
            s.url.split("#")[0], timeout=10).read().decode())
        assert "<html" in body.lower()
        assert s.env.errors == []
    assert not s.bot.service  # the database is closed on exit


async def test_you_is_the_owner_and_friend_can_join_your_table(tmp_path: Path) -> None:
    async with session_for(tmp_path) as s:
        r = await s.you.slash(s.channel, "gaigel settings", show_points=True)
        assert r.response is not None and "manager" not in r.response.content.lower()
        await s.you.slash(s.channel, "gaigel new", players=2)
        r = await s.friend.click(table_message(s), label="Join")
        assert r.acknowledged
        assert "Friend" in table_message(s).content
        await s.you.click(table_message(s), label="Start")
        assert s.env.errors == []


# ---------------------------------------------------------------------- resuming, history


async def test_stopping_and_starting_again_resumes_the_table(tmp_path: Path) -> None:
    async with session_for(tmp_path) as s:
        await open_table(s)
        assert await play(s, limit=3) == 3
        cards_before = cards_line(hand_message(s).content)
        assert cards_before
        tid = s.bot.svc.table_in_channel(s.channel.id)
        version = s.bot.svc.public_state(tid).version
        channel_id = s.channel.id
    async with session_for(tmp_path) as s:
        await s.env.settle()
        assert s.channel.id == channel_id
        state = s.bot.svc.public_state(s.bot.svc.table_in_channel(s.channel.id))
        assert state.table_id == tid and state.status == "playing" and state.version >= version
        table = table_message(s)  # posted again in the new world
        assert "Deal 1" in table.content and state.message_id == table.id
        await s.you.click(table, label="My cards")
        assert cards_line(hand_message(s).content) == cards_before
        await play(s)
        assert re.search(r"Deal 1: .* won( a double game)? — ", table_message(s).content)
        assert s.env.errors == []


async def test_history_and_stats_carry_over(tmp_path: Path) -> None:
    async with session_for(tmp_path, seed=7) as s:
        await open_table(s, players=2)
        await play(s)
    async with session_for(tmp_path, seed=7) as s:
        stats = await s.bot.svc.stats(GUILD_ID, s.you.id)
        assert stats, stats
        r = await s.you.slash(s.channel, "gaigel stats")
        assert r.response is not None and "You" in r.response.content
        assert "deal" in r.response.content.lower() or "match" in r.response.content.lower(), \
            r.response.content
    # The same file the Discord bot and `python -m bot export` use.
    out = subprocess.run([sys.executable, "-m", "bot", "export", "--db",
                          str(tmp_path / "gaigel.sqlite3"), "--format", "json"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() and json.loads(out.stdout) is not None


async def test_a_resumed_table_is_drawn_with_its_card_faces_from_the_first_redraw(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 25, item 2: each start is a new simulated Discord without the faces; the bot
    uploads and looks them up before it redraws a recovered table, so the table never shows
    text cards, and no log line says the faces are missing."""
    async with session_for(tmp_path) as s:
        await open_table(s)
        assert await play(s, limit=3) == 3
        assert "<:gg_" in table_message(s).content
    caplog.clear()
    caplog.set_level(logging.INFO, logger="bot")
    async with session_for(tmp_path) as s:
        await s.env.settle()
        drawn = [r.json.get("content") or "" for r in s.env.http_requests
                 if r.method in ("POST", "PATCH") and "/messages" in r.path
                 and isinstance(r.json, dict) and "Gaigel · table" in (r.json.get("content") or "")]
        assert drawn, "the recovered table was not drawn"
        for content in drawn:
            assert "<:gg_" in content and "lies face up" in content, content
            assert not re.search(r"(❤️|🔔|🍃|🌰|♥|♦|♣|♠)(A|10|K|O|U|Q|J|7) lies face up", content)
        assert "<:gg_" in table_message(s).content
    lines = [r.getMessage() for r in caplog.records
             if r.name.startswith("bot") and r.getMessage().startswith("card faces")]
    assert lines == ["card faces: 49 application emojis in use"]


async def test_offline_the_answer_to_a_new_table_links_to_nothing_outside_the_page(
        tmp_path: Path) -> None:
    """Issue 25, item 3: discord.com cannot be reached from the offline page, so the answer to
    /gaigel new names the table without a link (the table message is right there)."""
    async with session_for(tmp_path) as s:
        r = await s.you.slash(s.channel, "gaigel new")
        assert r.response is not None and r.response.ephemeral
        assert r.response.content == "Table 1 is open."
        assert "discord.com" not in r.response.content and "http" not in r.response.content
        assert table_message(s) is not None


# ---------------------------------------------------------------------- keeping the page current


async def test_changes_made_outside_the_page_are_published(tmp_path: Path) -> None:
    async with session_for(tmp_path) as s:
        pages = s.preview._pages
        python_page = next(iter(pages.values()))
        before = python_page.revision
        await s.you.slash(s.channel, "gaigel new")  # a change the page did not make
        for _ in range(40):
            await asyncio.sleep(0.05)
            if python_page.revision > before:
                break
        assert python_page.revision > before
        settled = python_page.revision
        await asyncio.sleep(0.6)  # nothing new: no needless publication (a click would be stale)
        assert python_page.revision == settled


async def test_auto_publish_has_its_simcord_hooks(tmp_path: Path) -> None:
    """The private simcord attributes ``_AutoPublish`` relies on (simcord is pinned)."""
    async with session_for(tmp_path) as s:
        assert _AutoPublish(s).private_ok


# ---------------------------------------------------------------------- the command line


def _start(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "OFFLINE_PORT")}
    environ.update({"DATABASE_PATH": str(tmp_path / "cli.sqlite3"), "PYTHONPATH": str(ROOT),
                    "PYTHONUNBUFFERED": "1"})
    environ.update(env or {})
    return subprocess.Popen([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=environ,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _read_url(proc: subprocess.Popen[str], timeout: float = 60) -> tuple[str, list[str]]:
    import threading
    lines: list[str] = []
    found: list[str] = []

    def reader() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            m = re.search(r"(http://127\.0\.0\.1:\d+/#\S+)", line)
            if m and not found:
                found.append(m.group(1))
                return

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    t.join(timeout)
    if not found:
        proc.kill()
        _, err = proc.communicate()
        raise AssertionError("no URL printed:\n" + "".join(lines) + err)
    return found[0], lines


@pytest.mark.parametrize("args,extra", [((), {"DISCORD_TOKEN": ""}),
                                        (("--offline", "--port", "0"), {"DISCORD_TOKEN": "x"})])
def test_python_m_bot_without_a_token_serves_the_page_and_ctrl_c_stops_it(
        tmp_path: Path, args: tuple[str, ...], extra: dict[str, str]) -> None:
    env = {**extra, "OFFLINE_PORT": "0"} if not args else extra
    proc = _start(tmp_path, *args, env=env)
    try:
        url, _ = _read_url(proc)
        page = urllib.request.urlopen(url.split("#")[0], timeout=10).read().decode()
        assert "<html" in page.lower()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Stopped. The database is closed." in out, out + err
    assert "Traceback" not in err, err
    db = tmp_path / "cli.sqlite3"
    assert db.is_file()
    with sqlite3.connect(db) as c:  # a clean, closed, migrated database
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert c.execute("PRAGMA user_version").fetchone()[0] > 0


def test_a_busy_port_is_reported(tmp_path: Path) -> None:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        proc = _start(tmp_path, "--offline", "--port", str(port))
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, out + err
    assert "--port" in err and "Traceback" not in err, err


async def test_for_a_newcomer_no_turn_timer_and_the_page_address_survives_a_restart(
        tmp_path: Path) -> None:
    async with session_for(tmp_path) as s:
        first_key = s.url.split("#", 1)[1]
        options = await s.bot.svc.get_settings(s.guild.id)
        assert options.turn_timer == 0
        await s.bot.svc.set_settings(s.guild.id, turn_timer=45)  # the owner's own choice
    key_file = tmp_path / "gaigel.sqlite3.offline-key"
    assert key_file.read_text().strip() == first_key
    assert key_file.stat().st_mode & 0o077 == 0
    async with session_for(tmp_path) as s:
        assert s.url.split("#", 1)[1] == first_key
        assert (await s.bot.svc.get_settings(s.guild.id)).turn_timer == 45


async def test_the_channel_topic_follows_the_servers_language(tmp_path: Path) -> None:
    """A German table has no English line above it: the offline channel's topic too."""
    german = "Gaigel, das schwäbische Kartenspiel: tippe /gaigel neu"
    async with session_for(tmp_path) as s:
        assert s.channel._channel.topic == "Gaigel, the Swabian card game: type /gaigel new"
        await s.you.slash(s.channel, "gaigel settings", language="de")
        for _ in range(50):
            if s.channel._channel.topic == german:
                break
            await asyncio.sleep(0.1)
        assert s.channel._channel.topic == german
    async with session_for(tmp_path) as s:  # started again: German from the start
        assert s.channel._channel.topic == german
