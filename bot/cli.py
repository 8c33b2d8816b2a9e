"""The one command line of ``python -m bot``: every entry point is parsed here.

- ``python -m bot`` (or ``run``): play on Discord; without ``DISCORD_TOKEN``, the offline mode.
- ``python -m bot sync``: register the slash commands.
- ``python -m bot --offline [--port N]`` (or ``offline``): the offline mode even with a token.
- ``python -m bot simulate --db URL --tables N --deals K [--players 4] [--level random]
  [--people P] [--strokes S] [--guild ID]``
- ``python -m bot export --db URL --format json|csv [--guild ID] [--table ID] [--since DAY]
  [--out FILE]``: one uncompressed file of any size
- ``python -m bot ratings rebuild --db URL [--guild ID]``: the skill ratings again from the
  stored history (exactly the numbers live play gave)
- ``python -m bot migrate --from URL --to URL``: copy a whole database into an empty one.
- ``python -m bot replay FILE [--deal N] [--lang en|de]``: a finished deal trick by trick
  (``bot.replay``; FILE a deal record or a history export, ``-`` standard input).

``--db`` takes a file path, ``sqlite:///FILE`` or ``postgresql://user:password@host/db``.

The commands' work lives where it belongs (``bot.shell.run`` connects to Discord,
``bot.offline`` serves the simulated one, ``bot.service`` simulates and exports); this module
only reads the command line and the settings and calls them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from typing import Any

from .service.computer import levels
from .service.errors import ServiceError
from .storage.db import StorageError
from .texts import refusal_text

OFFLINE_PORT_DEFAULT = "8765"
"""Said in the help only: ``bot.offline.DEFAULT_PORT`` is the value (not imported here, so
that ``--help`` does not load the simulated Discord)."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot", description="The Gaigel bot for Discord.",
        epilog="Without a command the bot runs: on Discord with DISCORD_TOKEN, else offline "
               "in your browser.")
    p.add_argument("--offline", action="store_true",
                   help="offline mode (a simulated Discord in the browser) even with a token")
    p.add_argument("--port", type=int, default=None,
                   help=f"offline mode: port of the page (default: OFFLINE_PORT or "
                        f"{OFFLINE_PORT_DEFAULT}; 0: any free port)")
    sub = p.add_subparsers(dest="command")
    sub.add_parser("run", help="play on Discord (the default; offline without a token)")
    sub.add_parser("sync", help="register the slash commands (DEV_GUILD_ID at once, else global)")
    off = sub.add_parser("offline", help="offline mode even with a token")
    off.add_argument("--port", type=int, default=None, dest="offline_port",
                     help=f"port of the page (default: OFFLINE_PORT or {OFFLINE_PORT_DEFAULT})")
    sim = sub.add_parser("simulate", help="play tables of computer players (no Discord)")
    sim.add_argument("--db", default=None,
                     help="database file or URL (default: DATABASE_URL or DATABASE_PATH)")
    sim.add_argument("--tables", type=int, default=4)
    sim.add_argument("--deals", type=int, default=10)
    sim.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    sim.add_argument("--level", default="random", choices=levels())
    sim.add_argument("--scoring", default=None, choices=("strokes", "tokens", "points", "three"))
    sim.add_argument("--seed", type=int, default=None, help="deal from a seeded generator")
    sim.add_argument("--budget-ms", type=int, default=None, help="thinking time per decision")
    sim.add_argument("--people", type=int, default=0,
                     help="seat simulated people drawn from a pool of this many (their turns "
                          "are skipped: a computer plays them, the results are theirs)")
    sim.add_argument("--strokes", type=int, default=None, help="strokes per match (1: one deal)")
    sim.add_argument("--guild", type=int, default=None,
                     help="the server (guild id) the tables belong to (default 1)")
    exp = sub.add_parser("export", help="export the history (deal records or CSV)")
    exp.add_argument("--db", default=None,
                     help="database file or URL (default: DATABASE_URL or DATABASE_PATH)")
    exp.add_argument("--format", default="json", choices=("json", "csv"))
    exp.add_argument("--guild", type=int, default=None)
    exp.add_argument("--table", type=int, default=None)
    exp.add_argument("--since", default=None,
                     help="only deals that ended then or later: a day (2025-03-01) or a moment "
                          "(2025-03-01T18:30), UTC")
    exp.add_argument("--out", default=None, help="file to write (default: standard output)")
    rat = sub.add_parser("ratings", help="skill ratings")
    rat_sub = rat.add_subparsers(dest="ratings_command", required=True)
    reb = rat_sub.add_parser("rebuild", help="rate every finished match again, in order")
    reb.add_argument("--db", default=None, help="database file (default: DATABASE_PATH)")
    reb.add_argument("--guild", type=int, default=None, help="only this server")
    mig = sub.add_parser("migrate", help="copy a whole database into an empty one (e.g. "
                                         "SQLite into PostgreSQL), checked")
    mig.add_argument("--from", dest="source", required=True,
                     help="the database to copy: a file, sqlite:///FILE or postgresql://…")
    mig.add_argument("--to", dest="target", required=True,
                     help="the empty database to fill (refused when it holds any row)")
    rep = sub.add_parser("replay", help="show a finished deal trick by trick")
    rep.add_argument("file", help="a deal record or a history export (- for standard input)")
    rep.add_argument("--deal", type=int, default=None,
                     help="the Nth deal of a history export, from 1 (default: the last)")
    rep.add_argument("--lang", default="en", choices=("en", "de"))
    return p


def default_db() -> str:
    """``DATABASE_URL``, else ``DATABASE_PATH``, from the environment or ``.env`` (default
    ``gaigel.sqlite3``)."""
    try:
        from .config import load_settings
        return load_settings().database
    except Exception:  # simulate and export need no valid bot settings
        import os
        return (os.environ.get("DATABASE_URL") or os.environ.get("DATABASE_PATH")
                or "gaigel.sqlite3")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    command = args.command or ("offline" if args.offline or args.port is not None else "run")
    if command == "replay":
        from .replay import run as replay
        return replay(args.file, args.deal, args.lang)
    if command in ("simulate", "export", "ratings", "migrate"):
        return _offline_tools(args)
    from .config import SettingsError, load_settings
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    if command == "run" and settings.discord_token and not args.offline:
        from .shell.run import run
        return run(settings)
    if command == "sync":
        from .shell.run import sync
        return asyncio.run(sync(settings))
    from .offline import serve_offline
    port = getattr(args, "offline_port", None)
    return serve_offline(settings, port if port is not None else args.port)


def _offline_tools(args: Any) -> int:
    """``simulate``, ``export``, ``ratings`` and ``migrate``: the service and the database, no
    Discord."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "simulate":
            from .service.computer_matches import simulate
            if args.tables < 1 or args.deals < 1:
                print("--tables and --deals must be at least 1", file=sys.stderr)
                return 2
            summary = asyncio.run(simulate(
                args.db or default_db(), args.tables, args.deals, players=args.players,
                level=args.level, scoring=args.scoring, seed=args.seed,
                budget_ms=args.budget_ms, people=args.people, strokes=args.strokes,
                guild_id=args.guild))
            print(json.dumps(summary, indent=2))
            return 0
        if args.command == "ratings":
            return asyncio.run(_rebuild_ratings(args))
        if args.command == "migrate":
            from .service.transfer import copy_database
            report = asyncio.run(copy_database(args.source, args.target))
            print(json.dumps(report, indent=2))
            return 0
        return asyncio.run(_export(args))
    except ServiceError as exc:
        print(f"{exc.code}: {refusal_text('en', exc)}", file=sys.stderr)
        return 2
    except (StorageError, OSError) as exc:
        print(str(exc) or type(exc).__name__, file=sys.stderr)
        return 2


async def _export(args: Any) -> int:
    from .service.export import export_history, parse_since
    from .storage import open_storage

    try:
        since = None if args.since is None else parse_since(args.since)
    except ValueError:
        print(f"--since takes a day (2025-03-01) or a moment (2025-03-01T18:30), not "
              f"{args.since!r}", file=sys.stderr)
        return 2
    storage = await open_storage(args.db or default_db())
    try:
        chunks = export_history(storage, guild_id=args.guild, table_id=args.table,
                                fmt=args.format, since=since)
        if args.out:
            with open(args.out, "w", encoding="utf-8", newline="") as out:
                async for chunk in chunks:
                    out.write(chunk)
        else:
            async for chunk in chunks:
                sys.stdout.write(chunk)
    finally:
        await storage.close()
    return 0


async def _rebuild_ratings(args: Any) -> int:
    import time

    from .service.ratings import rebuild
    from .storage import open_storage

    storage = await open_storage(args.db or default_db())
    try:
        started = time.perf_counter()
        summary: dict[str, Any] = await storage.write(rebuild, args.guild)
        summary["seconds"] = round(time.perf_counter() - started, 3)
    finally:
        await storage.close()
    print(json.dumps(summary))
    return 0
