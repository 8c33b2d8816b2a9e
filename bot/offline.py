"""Offline mode: the real bot inside a simulated Discord on this computer, played in a browser.

``python -m bot`` without a ``DISCORD_TOKEN`` (or ``python -m bot --offline``) starts the bot
that ``build_bot()`` makes against simcord's in-memory Discord, and serves simcord's browser
preview of the ``#gaigel`` channel on ``127.0.0.1`` only:

- a server "Gaigel (offline)" with one text channel ``#gaigel``;
- two accounts, "You" (the server's owner, so manager-only commands work too) and "Friend"
  (switch to it with *Viewing as* to play a second seat);
- the slash commands synced, as ``python -m bot sync`` does on Discord.

The bot is the same code, told only that it is offline (``offline=True``): it uploads its card
faces at start-up, before it draws any table (a new simulated Discord has none), and links to
no message on discord.com (the page cannot open it).

The database is ``DATABASE_PATH``, the same file and the same code the Discord bot uses, so
history and statistics carry over, and tables that were being played resume when offline mode
is started again. The world itself (server, channel, accounts) is made the same way on every
start, so its ids are the same and the stored tables find their channel and players again;
the messages of an earlier run are gone, and each live table posts a fresh table message.

It prints the address (with its private capability key) and opens nothing by itself. Ctrl-C
(or *End preview session* on the page) stops it: the preview closes, the bot's work settles,
the database is closed, and the exit status is 0.

This module uses a few private attributes of simcord 3.2.1 (pinned in ``pyproject.toml``) to
keep the page current when the bot changes something on its own (a knock ceremony, a turn
timer): see ``_AutoPublish``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .storage.db import StorageError
from .texts import say

if TYPE_CHECKING:
    import simcord
    from simcord.preview import Preview

    from .config import Settings
    from .shell.app import GaigelBot

log = logging.getLogger("bot.offline")

DEFAULT_PORT = 8765
"""The preview's port unless ``OFFLINE_PORT`` or ``--port`` says otherwise (0: any free one)."""

GUILD_ID = 1_400_000_000_000_000_001
"""The offline server's fixed id: tables and statistics are kept per server."""
GUILD_NAME = "Gaigel (offline)"
BOT_NAME = "Gaigel"
CHANNEL_NAME = "gaigel"
YOU = ("you", "You")
FRIEND = ("friend", "Friend")

SETTLE_TIMEOUT = 1.0
"""How long one click in the page waits for the bot's work. Longer pauses of the bot (the
steps of a knock ceremony) are shown as they happen, by ``_AutoPublish``."""

TOPIC_EVERY = 8
"""Every how many rounds of ``_AutoPublish`` (of 0.25 s) the topic checks the language."""

CEREMONY_STEP = 1.5
"""Seconds between the frames of a knock ceremony (there is no rate limit to respect here,
so table messages are edited at once)."""


# ---------------------------------------------------------------------- the session


@dataclass
class OfflineSession:
    """A running offline world: the bot, its simulated Discord and the browser preview."""

    env: simcord.Env
    bot: GaigelBot
    guild: Any
    channel: Any
    you: Any
    friend: Any
    preview: Preview
    database_path: str
    _stop: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def url(self) -> str:
        """The page's address, capability key included (``http://127.0.0.1:PORT/#KEY``)."""
        return self.preview.url

    @property
    def port(self) -> int:
        return int(self.url.split(":")[2].split("/")[0])

    def stop(self) -> None:
        """Ask ``wait()`` to return (safe from a signal handler)."""
        self._stop.set()

    async def wait(self) -> None:
        """Until ``stop()`` or *End preview session* on the page."""
        stop = asyncio.ensure_future(self._stop.wait())
        closed = asyncio.ensure_future(self.preview.wait_closed())
        try:
            await asyncio.wait((stop, closed), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (stop, closed):
                task.cancel()
            await asyncio.gather(stop, closed, return_exceptions=True)


def page_key(database_path: str) -> str | None:
    """The page's capability key, kept beside the database (``<database>.offline-key``, only
    its owner may read it) so that the address and an open tab survive a restart. None for a
    database that is no file."""
    if not database_path or database_path == ":memory:":
        return None
    path = Path(database_path + ".offline-key")
    try:
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 32:
            return key
    except (OSError, UnicodeDecodeError):
        pass
    key = secrets.token_urlsafe(32)
    try:
        path.touch(mode=0o600, exist_ok=True)
        path.write_text(key + "\n", encoding="ascii")
    except OSError as exc:
        log.warning("cannot keep the page's key beside the database (%s)", exc)
    return key


def offline_pacing() -> Any:
    from .shell.app import Pacing
    return Pacing(table_edit_interval=0.0, ceremony_step=CEREMONY_STEP)


def build_world(env: simcord.Env) -> tuple[Any, Any, Any, Any]:
    """The server, ``#gaigel``, You and Friend, made in the same order on every start.

    simcord numbers what it creates from its clock (which starts at the same instant every
    time) and a counter, so the same steps give the same ids: the stored tables find their
    channel and their players again. ``tests/e2e/test_offline.py`` checks that."""
    bot_user = getattr(env.backend, "bot_user", None)
    if bot_user is not None:  # simcord calls its bot "TestBot"
        bot_user.name = BOT_NAME
    you_user = env.create_user(YOU[0], global_name=YOU[1])
    friend_user = env.create_user(FRIEND[0], global_name=FRIEND[1])
    guild = env.create_guild(GUILD_NAME, id=GUILD_ID, owner=you_user)
    channel = guild.create_text_channel(CHANNEL_NAME, topic=say("en", "offline_topic"))
    you = guild.add_member(you_user)
    friend = guild.add_member(friend_user)
    return guild, channel, you, friend


def set_topic(channel: Any, lang: str) -> bool:
    """The channel's topic in the server's language (a German table has no English line
    above it). simcord has no call to change a topic: its channel's model is written. Whether
    it changed (then the page is published again)."""
    model = getattr(channel, "_channel", None)
    text = say(lang, "offline_topic")
    if model is None or not hasattr(model, "topic") or model.topic == text:
        return False
    model.topic = text
    return True


def _catch_up_clock(env: simcord.Env) -> None:
    """Move the simulated clock to the real time, so the dates stored in the history (and the
    turn timers, across restarts) are real. Done after the world is built: its ids stay the
    same from one start to the next, while messages get ids of their own time."""
    behind = (datetime.now(UTC) - env.now()).total_seconds()
    if behind <= 0:
        return
    move = getattr(env, "_move_clock", None)
    if callable(move) and getattr(env, "_started", False):
        move(env._virtual_time + behind)
    else:
        env.backend.advance_clock(behind)


@contextlib.asynccontextmanager
async def open_session(settings: Settings, *, port: int = DEFAULT_PORT,
                       pacing: Any = None, service_options: dict[str, Any] | None = None,
                       settle_timeout: float = SETTLE_TIMEOUT,
                       real_clock: bool = True) -> AsyncIterator[OfflineSession]:
    """Start the bot in a simulated Discord and serve the preview; stop both on exit.

    ``pacing`` and ``service_options`` go to ``build_bot()`` (tests pass ``Pacing.instant()``).
    ``real_clock=False`` leaves simcord's clock at its fixed start (tests)."""
    import simcord

    from . import build_bot

    bot = build_bot(settings, pacing=pacing if pacing is not None else offline_pacing(),
                    service_options=service_options, offline=True)
    env = simcord.Env(bot, settle_timeout=settle_timeout, check_errors=False)
    guild, channel, you, friend = build_world(env)
    if real_clock:
        _catch_up_clock(env)
    started = False
    try:
        await env.start()
        started = True
        await bot.tree.sync()
        assets = face_assets(bot)
        await env.settle()
        if not await bot.svc.settings_stored(GUILD_ID):
            # A newcomer switches to the Friend view and back: no turn timer by default.
            await bot.svc.set_settings(GUILD_ID, turn_timer=0)
        set_topic(channel, (await bot.svc.get_settings(GUILD_ID)).language)
        async with env.preview(channel, viewers=[you, friend], layout="channel",
                               port=port, assets=assets) as preview:
            key = page_key(settings.sqlite_file or "")
            if key is not None:
                preview.capability = key  # the same address after a restart
            session = OfflineSession(env, bot, guild, channel, you, friend, preview,
                                     settings.sqlite_file or settings.database)
            auto = _AutoPublish(session, real_clock=real_clock)
            auto.start()
            try:
                yield session
            finally:
                await auto.stop()
        await _quiesce(env)
    finally:
        if started:
            try:
                await env.shutdown()
            finally:
                await bot.close_service()
        else:
            await bot.close_service()


def face_assets(bot: GaigelBot) -> dict[str, tuple[str, bytes]]:
    """The card faces' pictures for the preview. The bot (``offline=True``) uploaded the faces
    as the application's emojis at start-up, as ``python -m bot sync`` does on Discord, before
    it drew any table. simcord keeps an emoji's name, not its picture: the pictures are handed
    to the preview as its offline assets, by the address the page asks for."""
    from simcord.backend.cdn import CDN_BASE

    from .pictures.faces import face_png
    return {f"{CDN_BASE}/emojis/{emoji_id}.png": (f"{name}.png", face_png("emoji", name))
            for name, emoji_id in bot.faces.ids.items()}


async def _quiesce(env: simcord.Env, timeout: float = 5.0) -> None:
    """Before shutting down: let a click still under way finish, then the bot's work settle
    (a database write is never cut short; sleeping work such as a ceremony is cancelled)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while getattr(env, "_operation_task", None) is not None and loop.time() < end:
        await asyncio.sleep(0.05)
    with contextlib.suppress(Exception):
        await env.settle(timeout=max(0.1, end - loop.time()))


class _AutoPublish:
    """Keeps the page current when the bot changes something outside a click.

    The preview publishes what the bot did after each action taken in the page. Work the bot
    does later on its own (the frames of a knock ceremony, a turn timer, computers resuming a
    table) is only shown after a publish. Every ``interval``, when no action is running and
    simcord's log of gateway events and REST calls has grown since a page was last published,
    that page is published again (and the simulated clock is moved to the real time).

    simcord 3.2.1 has no public hook for this: it uses ``Preview._pages``, ``_publish`` and
    ``_active_action``, ``Env._operation_task`` and ``Backend.transcript``. Should those
    change, it falls back to ``Preview.refresh()`` when something changed.
    """

    def __init__(self, session: OfflineSession, *, interval: float = 0.25,
                 real_clock: bool = True) -> None:
        self.session = session
        self.interval = interval
        self.real_clock = real_clock
        self.task: asyncio.Task[None] | None = None
        self.published: dict[str, int] = {}
        self.private_ok = all(hasattr(session.preview, a) for a in
                              ("_pages", "_publish", "_active_action")) and \
            hasattr(session.env, "_operation_task") and \
            hasattr(session.env.backend, "transcript")
        if self.private_ok:
            self._wrap_publish()

    def _mark(self) -> int:
        return len(self.session.env.backend.transcript)

    def _wrap_publish(self) -> None:
        preview = self.session.preview
        original: Callable[..., None] = preview._publish

        def publish(page: Any, **kwargs: Any) -> None:
            original(page, **kwargs)
            self.published[page.id] = self._mark()

        preview._publish = publish  # type: ignore[method-assign]

    def start(self) -> None:
        self.task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None

    def idle(self) -> bool:
        env, preview = self.session.env, self.session.preview
        return preview._active_action is None and env._operation_task is None

    async def _run(self) -> None:
        last = self._mark() if not self.private_ok else 0
        rounds = 0
        while True:
            await asyncio.sleep(self.interval)
            rounds += 1
            try:
                if rounds % TOPIC_EVERY == 0:
                    await self.follow_language()
                if self.private_ok:
                    self.tick()
                elif self._mark() != last:
                    last = self._mark()
                    with contextlib.suppress(Exception):
                        await self.session.preview.refresh()
            except Exception:
                log.exception("keeping the preview current failed")

    async def follow_language(self) -> None:
        """The topic follows the server's language (``/gaigel settings language``)."""
        session = self.session
        lang = (await session.bot.svc.get_settings(GUILD_ID)).language
        if set_topic(session.channel, lang):
            self.published.clear()  # every page shows the new topic at the next tick

    def tick(self) -> None:
        """One synchronous check (no await: nothing can start in between)."""
        preview = self.session.preview
        if getattr(preview, "_closed", False) or not self.idle():
            return
        if self.real_clock:
            _catch_up_clock(self.session.env)
        mark = self._mark()
        for page in tuple(preview._pages.values()):
            if self.published.get(page.id) != mark and page.id in preview._pages:
                if hasattr(preview, "_advance_presentation_time"):
                    preview._advance_presentation_time()
                preview._publish(page, reason="refresh")


# ---------------------------------------------------------------------- python -m bot --offline


_NOISE = ("PyNaCl is not installed", "davey is not installed", "Guilds intent seems to be disabled")
"""discord.py's warnings that mean nothing here: no voice, and simcord's own message objects."""


def _quiet(record: logging.LogRecord) -> bool:
    return not (record.name.startswith("discord") and record.getMessage().startswith(_NOISE))


def _env_port(env_file: str = ".env") -> int | None:
    raw = os.environ.get("OFFLINE_PORT")
    if raw is None and Path(env_file).is_file():
        from dotenv import dotenv_values
        raw = dotenv_values(env_file).get("OFFLINE_PORT")
    if raw is None or not raw.strip():
        return None
    return int(raw)


def banner(session: OfflineSession) -> str:
    return "\n".join([
        "Gaigel offline: the real bot in a simulated Discord, on this computer only.",
        "Open this address in your browser (it holds a private key, keep it to yourself):",
        "",
        f"    {session.url}",
        "",
        f"Server \"{GUILD_NAME}\", channel #{CHANNEL_NAME}. Type /gaigel new, add computer",
        "players, start, and play with the buttons of your hand. \"Viewing as\" switches",
        "between You and Friend.",
        f"Database: {session.database_path} (the same file the Discord bot uses).",
        "Press Ctrl-C to stop; tables resume on the next start.",
    ])


async def _serve(settings: Settings, port: int, out: Any) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed: list[signal.Signals] = []

    def on_signal(sig: signal.Signals) -> None:
        stop.set()
        # A second Ctrl-C while stopping interrupts at once (Python's default handler).
        loop.remove_signal_handler(sig)

    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, on_signal, sig)
            installed.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not main thread
            pass
    try:
        try:
            session_cm = open_session(settings, port=port)
            async with session_cm as session:
                print(banner(session), file=out, flush=True)
                waiter = asyncio.ensure_future(session.wait())
                stopper = asyncio.ensure_future(stop.wait())
                await asyncio.wait((waiter, stopper), return_when=asyncio.FIRST_COMPLETED)
                for t in (waiter, stopper):
                    t.cancel()
                await asyncio.gather(waiter, stopper, return_exceptions=True)
                print("Stopping…", file=out, flush=True)
        except OSError as exc:
            print(f"cannot serve the page on 127.0.0.1:{port} ({exc.strerror or exc}); "
                  "choose another port with --port N or OFFLINE_PORT=N", file=sys.stderr)
            return 2
        except Exception as exc:
            from simcord import SetupError
            if isinstance(exc, SetupError) and "port" in str(exc).lower():
                print(f"cannot serve the page on 127.0.0.1:{port} ({exc}); choose another "
                      "port with --port N or OFFLINE_PORT=N", file=sys.stderr)
                return 2
            raise
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)
    print("Stopped. The database is closed.", file=out, flush=True)
    return 0


def serve_offline(settings: Settings, port: int | None = None) -> int:
    """Serve the offline mode until Ctrl-C (``python -m bot`` without a token, or
    ``--offline``); ``port`` None: ``OFFLINE_PORT`` or the default."""
    try:
        if port is None:
            port = _env_port()
    except ValueError:
        print("OFFLINE_PORT must be a number", file=sys.stderr)
        return 2
    if port is None:
        port = DEFAULT_PORT
    if not 0 <= port <= 65535:
        print("the port must be between 0 and 65535", file=sys.stderr)
        return 2
    level = getattr(logging, settings.log_level, logging.INFO)
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # The simulated gateway is chatty at INFO; the bot's own messages stay.
    logging.getLogger("discord").setLevel(max(level, logging.WARNING))
    for handler in logging.getLogger().handlers:
        handler.addFilter(_quiet)
    try:
        return asyncio.run(_serve(settings, port, sys.stdout))
    except KeyboardInterrupt:  # a Ctrl-C before the handlers were installed
        print("Stopped.", flush=True)
        return 0
    except StorageError as exc:
        print(str(exc), file=sys.stderr)
        return 2
