"""The Discord layer: commands, buttons, messages. A thin shell over ``bot.service``.

``main(argv)`` is what ``python -m bot`` hands its command line to: no argument (or ``run``)
starts the bot (offline mode when there is no token), ``sync`` syncs the slash commands,
``--offline [--port N]`` (or ``offline``) plays in a simulated Discord in the browser.
"""

from __future__ import annotations

import asyncio
import sys


def main(argv: list[str] | None = None) -> int:
    from ..config import SettingsError, load_settings
    from .run import run, sync

    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    if argv and argv[0] in ("offline", "--offline", "--port"):
        from ..offline import main as offline_main
        rest = argv[1:] if argv[0] == "offline" else argv
        return offline_main(settings, rest)
    command = argv[0] if argv else "run"
    if command == "run":
        return run(settings)
    if command == "sync":
        return asyncio.run(sync(settings))
    print(f"unknown command {command!r}: use run (the default), sync, --offline, simulate "
          "or export", file=sys.stderr)
    return 2
