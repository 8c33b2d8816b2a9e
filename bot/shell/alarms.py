"""Many deadlines, one task: turn timers, turn pings and the hands' token expiry each keep
their deadlines here instead of one sleeping task per table or per hand. A process with
thousands of tables then holds a heap entry per deadline, not a task, a coroutine and a timer
handle, and the event loop (and simcord's settling, which inspects every sleeping task) has
one sleeper per kind."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)


def _monotonic() -> float:
    """``time.monotonic`` looked up at each call (simcord replaces it with its virtual clock)."""
    return time.monotonic()


async def _sleep(delay: float) -> None:
    """``asyncio.sleep``, looked up at each call: the bot tests, which let time pass only on
    simcord's virtual clock, make the alarms wait on that clock alone
    (``alarms_on_the_virtual_clock`` in ``tests/world.py``)."""
    await asyncio.sleep(delay)


class Alarms(Generic[K]):
    """One alarm per key: ``set`` replaces the key's alarm, ``cancel`` drops it. When an alarm
    is due, ``ring(key, token)`` runs as its own task, so a slow answer from Discord for one
    table never holds up another's."""

    def __init__(self, ring: Callable[[K, Any], Coroutine[Any, Any, None]],
                 clock: Callable[[], float] | None = None) -> None:
        self._ring = ring
        self._clock = clock or _monotonic
        """The clock the deadlines are on (default ``time.monotonic``); ``asyncio.sleep`` sleeps
        the difference, so it must run at the event loop's pace."""
        self._alarms: dict[K, tuple[float, Any]] = {}
        self._heap: list[tuple[float, int, K, Any]] = []
        self._order = itertools.count()
        self._task: asyncio.Task[None] | None = None
        self._wakes_at: float | None = None
        self._ringing: set[asyncio.Task[None]] = set()

    def set(self, key: K, at: float, token: Any = None) -> None:
        self._alarms[key] = (at, token)
        heapq.heappush(self._heap, (at, next(self._order), key, token))
        if len(self._heap) > 2 * len(self._alarms) + 64:  # replaced alarms pile up: compact
            self._heap = [(a, next(self._order), k, t) for k, (a, t) in self._alarms.items()]
            heapq.heapify(self._heap)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        elif self._wakes_at is not None and at < self._wakes_at:
            self._task.cancel()  # asleep until a later alarm: wake for this one
            self._wakes_at = None
            self._task = asyncio.create_task(self._run())

    def cancel(self, key: K) -> None:
        self._alarms.pop(key, None)

    def get(self, key: K) -> tuple[float, Any] | None:
        """(deadline, token) of the key's alarm, if one is set."""
        return self._alarms.get(key)

    def __contains__(self, key: object) -> bool:
        return key in self._alarms

    def __len__(self) -> int:
        return len(self._alarms)

    def clear(self) -> None:
        """Shutting down: no alarm rings any more, and what is ringing stops."""
        if self._task is not None:
            self._task.cancel()
        for task in list(self._ringing):
            task.cancel()
        self._alarms.clear()
        self._heap.clear()

    async def _run(self) -> None:
        while self._heap:
            at, _, key, token = self._heap[0]
            if self._alarms.get(key) != (at, token):  # replaced or cancelled
                heapq.heappop(self._heap)
                continue
            delay = at - self._clock()
            if delay > 0.001:
                self._wakes_at = at
                await _sleep(delay)
                continue
            heapq.heappop(self._heap)
            del self._alarms[key]
            task: asyncio.Task[None] = asyncio.create_task(self._ring(key, token))
            self._ringing.add(task)
            task.add_done_callback(self._ringing.discard)
        self._wakes_at = None
