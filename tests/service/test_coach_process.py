"""The coach thinks in a process of its own (``GameService.coaching``): a Hint is a search a
person waits for, with no deadline and no quick answer, so it must not queue behind the
computers' searches (at tables of strong computers the computers' processes are busy most of
the time), nor give way with them on a busy host (they run at niceness 19)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from bot.service import GameService
from bot.service.coach import coach_question
from bot.thinking import ThinkingClosed
from engine import Action
from tests.service.test_thinking import beginner_table, to_play


def long_search(svc: GameService, tid: int) -> asyncio.Future[object]:
    """A search of a second or more in the computers' processes: every card valued in 1,000
    worlds, with no early stop (as a saturated pool of strong computers keeps them busy)."""
    deal = svc.tables.need(tid).deal
    assert deal is not None
    question, _ = coach_question(deal.layout, deal.rules, deal.actions, deal.to_play, 5,
                                 worlds=1000)
    question.player.z_stop = float("inf")  # type: ignore[attr-defined]
    return asyncio.ensure_future(svc.thinking.ask(question, lanes=(("table", -1),)))


async def hint_beside_long_search(svc: GameService) -> tuple[Action, asyncio.Future[object]]:
    """The Hint's play, asked while a long search holds the computers' only process, and that
    search."""
    tid = await beginner_table(svc)
    who = to_play(svc, tid)
    assert who is not None
    busy = long_search(svc, tid)
    while svc.thinking.busy == 0:  # the long search has reached its process
        await asyncio.sleep(0.01)
    hint = await svc.hint(tid, who)
    return hint.action, busy


# The computers think at the bot's own priority here, so that the long search takes about as
# long on a busy machine as on a quiet one; who waits for whom is the point, not the niceness.

async def test_a_hint_does_not_wait_for_the_computers_searches(tmp_path: Path) -> None:
    svc = await GameService.open(str(tmp_path / "own.sqlite3"), seed=3, computer_workers=1,
                                 thinking_priority="normal")
    try:
        action, busy = await hint_beside_long_search(svc)
        assert not busy.done() and action.do == "play"
        assert svc.coaching is not svc.thinking and len(svc.coaching.pids) == 1
        assert svc.coaching.stats.searches == 1 and svc.thinking.stats.searches == 1
    finally:
        await svc.close()
    with pytest.raises(ThinkingClosed):  # the long search was still under way at the close
        await busy


async def test_with_no_coach_process_the_hint_queues_behind_the_computers(
        tmp_path: Path) -> None:
    """``COACH_WORKERS=0``: the coach asks the computers' processes, first come, first
    served, as before the coach had a process of its own; the same Hint."""
    svc = await GameService.open(str(tmp_path / "shared.sqlite3"), seed=3, computer_workers=1,
                                 thinking_priority="normal", coach_workers=0)
    try:
        action, busy = await hint_beside_long_search(svc)
        assert busy.done() and action.do == "play"
        assert svc.coaching is svc.thinking and svc.thinking.stats.searches == 2
    finally:
        await svc.close()


@pytest.mark.skipif(not hasattr(os, "sched_getscheduler"), reason="Linux scheduling classes")
async def test_the_coach_thinks_at_the_bots_own_priority_whatever_the_computers_do(
        tmp_path: Path) -> None:
    """The computers' processes at ``THINKING_PRIORITY`` (here the default, niceness 19); the
    coach's at the bot's own niceness and class, started by the first Hint, stopped with the
    service."""
    svc = await GameService.open(str(tmp_path / "nice.sqlite3"), seed=3, computer_workers=1,
                                 thinking_priority="low")
    try:
        assert svc.coaching.pids == []  # no Hint yet: no coach's process
        tid = await beginner_table(svc)
        who = to_play(svc, tid)
        assert who is not None
        await svc.hint(tid, who)
        [coach_pid] = svc.coaching.pids
        [computer_pid] = svc.thinking.pids
        assert os.getpriority(os.PRIO_PROCESS, computer_pid) == 19
        assert os.getpriority(os.PRIO_PROCESS, coach_pid) == os.getpriority(os.PRIO_PROCESS, 0)
        assert os.sched_getscheduler(coach_pid) == os.sched_getscheduler(0)
    finally:
        await svc.close()
    with pytest.raises(ProcessLookupError):
        os.kill(coach_pid, 0)
