"""``python -m bot``: the bot itself, plus ``simulate`` and ``export`` (no Discord needed).

- ``python -m bot simulate --db PATH --tables N --deals K [--players 4] [--level random]``
- ``python -m bot export --db PATH --format json|csv [--guild ID] [--table ID] [--out FILE]``

Any other command line (none, ``run``, ``sync``, ...) belongs to the Discord shell: it is
handed to ``bot.shell.main(argv)``.
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

OWN_COMMANDS = ("simulate", "export")


def default_db() -> str:
    """``DATABASE_PATH`` from the environment or ``.env`` (default ``gaigel.sqlite3``)."""
    try:
        from .config import load_settings
        return load_settings().database_path
    except Exception:  # the shell's settings are optional for these commands
        import os
        return os.environ.get("DATABASE_PATH") or "gaigel.sqlite3"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="The Gaigel bot.",
        epilog="Without a command (or with run, sync, offline) the Discord shell runs: "
               "see bot/shell.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play tables of computer players (no Discord)")
    sim.add_argument("--db", default=None, help="database file (default: DATABASE_PATH)")
    sim.add_argument("--tables", type=int, default=4)
    sim.add_argument("--deals", type=int, default=10)
    sim.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    sim.add_argument("--level", default="random", choices=levels())
    sim.add_argument("--scoring", default=None, choices=("strokes", "tokens", "points", "three"))
    sim.add_argument("--seed", type=int, default=None, help="deal from a seeded generator")
    sim.add_argument("--budget-ms", type=int, default=None, help="thinking time per decision")
    exp = sub.add_parser("export", help="export the history (deal records or CSV)")
    exp.add_argument("--db", default=None, help="database file (default: DATABASE_PATH)")
    exp.add_argument("--format", default="json", choices=("json", "csv"))
    exp.add_argument("--guild", type=int, default=None)
    exp.add_argument("--table", type=int, default=None)
    exp.add_argument("--out", default=None, help="file to write (default: standard output)")
    return parser


async def _export(args: Any) -> int:
    from .service.export import export_history
    from .storage.db import Storage

    storage = await Storage.open(args.db or default_db())
    try:
        chunks = export_history(storage, guild_id=args.guild, table_id=args.table,
                                fmt=args.format)
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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in OWN_COMMANDS and argv[0] not in ("-h", "--help"):
        try:
            from .shell import main as shell_main
        except ImportError:
            print("the Discord shell (bot.shell.main) is not available; "
                  f"commands here: {', '.join(OWN_COMMANDS)}", file=sys.stderr)
            return 2
        return int(shell_main(argv) or 0)
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "simulate":
            from .service.simulate import simulate
            if args.tables < 1 or args.deals < 1:
                print("--tables and --deals must be at least 1", file=sys.stderr)
                return 2
            summary = asyncio.run(simulate(
                args.db or default_db(), args.tables, args.deals, players=args.players,
                level=args.level, scoring=args.scoring, seed=args.seed,
                budget_ms=args.budget_ms))
            print(json.dumps(summary, indent=2))
            return 0
        return asyncio.run(_export(args))
    except (StorageError, ServiceError) as exc:
        print(str(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
