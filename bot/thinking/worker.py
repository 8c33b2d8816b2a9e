"""The loop of one thinking process: questions in, answers out, until told to stop.

Runs in a process of its own (``bot.thinking.pool``), which imports only this module and the
engine: a question (``engine.players.questions``) arrives pickled with the budget it may
use, its ``answer()`` goes back. Nothing here touches the bot's state, its database or Discord.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
from typing import Any, Literal

import engine.players.questions  # noqa: F401  (imported before the first question: warm)

ThinkingPriority = Literal["normal", "low", "idle"]
"""How the thinking processes share a busy machine (``THINKING_PRIORITY``):

- ``low`` (the default): niceness 19. Thinking yields a core to the bot's own process
  whenever that wants it: on a machine that has a core to spare a search runs at full speed;
  on a busy one it samples fewer worlds within its budget, and people's clicks do not wait
  for it. A search still gets a small share (about 1/70) of a core that other programs keep
  busy, so a Hint comes in seconds on a saturated host;
- ``idle``: niceness 19 and idle priority (``SCHED_IDLE`` on Linux): it gets almost none of
  such a core. Beside two busy programs on two cores a Hint took 24 s (median; at most 59 s)
  at ``idle``, 7.7 s (at most 12.5 s) at ``low`` (``bench/hint.py --busy 2``);
- ``normal``: the bot's own priority. Thinking takes its equal share of a core other programs
  keep busy (Hints stay quick), and competes with the bot's process for one as well: for a
  host whose other programs should wait for the game. The coach's own processes always run
  at it (``GameService.coaching``)."""

NICENESS = 19
"""The niceness of ``low`` and ``idle``."""


def serve(conn: Any, priority: ThinkingPriority = "low") -> None:
    """Answer ``(job, budget_ms, pickled question)`` messages on ``conn`` with ``(job, True,
    answer)`` or ``(job, False, what went wrong)``; ``None`` or a closed pipe ends the loop.
    ``priority``: see ``ThinkingPriority``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the bot's to handle, not ours
    if priority != "normal":
        with contextlib.suppress(OSError):
            os.nice(NICENESS)
    if priority == "idle":
        with contextlib.suppress(AttributeError, OSError):  # Linux only
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    conn.send(("ready", os.getpid()))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        job, budget_ms, blob = message
        try:
            question = pickle.loads(blob)
            if budget_ms is not None:
                question = question.within(budget_ms)
            reply: tuple[Any, ...] = (job, True, question.answer())
        except Exception as exc:  # a bug in one question must not end the process
            reply = (job, False, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
