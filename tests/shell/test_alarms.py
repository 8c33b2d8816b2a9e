"""The bot's deadlines (turn timers, turn pings, the hands' token expiry) wait in one task per
kind: an alarm rings once, at its time, in deadline order whatever the order it was set in;
a replaced or cancelled alarm never rings."""

from __future__ import annotations

import asyncio
import time

from bot.shell.alarms import Alarms


async def test_alarms_ring_in_deadline_order_even_when_an_earlier_one_is_set_later() -> None:
    rung: list[tuple[str, object]] = []

    async def ring(key: str, token: object) -> None:
        rung.append((key, token))

    alarms: Alarms[str] = Alarms(ring)
    now = time.monotonic()
    alarms.set("late", now + 1.0, 1)
    await asyncio.sleep(0.01)  # the one task is asleep until "late"
    alarms.set("early", now + 0.05, 2)
    await asyncio.sleep(0.25)
    assert rung == [("early", 2)]
    await asyncio.sleep(1.0)
    assert rung == [("early", 2), ("late", 1)]
    assert len(alarms) == 0


async def test_a_replaced_or_cancelled_alarm_never_rings() -> None:
    rung: list[tuple[int, object]] = []

    async def ring(key: int, token: object) -> None:
        rung.append((key, token))

    alarms: Alarms[int] = Alarms(ring)
    now = time.monotonic()
    alarms.set(1, now + 0.05, "first turn")
    alarms.set(1, now + 0.10, "second turn")  # the same table's next turn replaces it
    alarms.set(2, now + 0.05, "cancelled")
    alarms.cancel(2)
    assert alarms.get(1) == (now + 0.10, "second turn") and 2 not in alarms
    await asyncio.sleep(0.2)
    assert rung == [(1, "second turn")]


async def test_many_replaced_alarms_do_not_pile_up() -> None:
    async def ring(key: int, token: object) -> None:
        pass

    alarms: Alarms[int] = Alarms(ring)
    now = time.monotonic()
    for turn in range(10_000):  # ten tables, a thousand turns each, none due yet
        alarms.set(turn % 10, now + 60 + turn / 1000, turn)
    assert len(alarms) == 10
    assert len(alarms._heap) <= 2 * 10 + 64 + 1
    alarms.clear()


async def test_one_task_sleeps_for_every_alarm() -> None:
    async def ring(key: int, token: object) -> None:
        pass

    before = len(asyncio.all_tasks())
    alarms: Alarms[int] = Alarms(ring)
    for table in range(1000):
        alarms.set(table, time.monotonic() + 60, None)
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks()) == before + 1
    alarms.clear()
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks()) == before
