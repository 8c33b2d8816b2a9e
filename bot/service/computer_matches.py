"""Tables of computer players driven through the real service and storage (no Discord).

Used by ``python -m bot simulate`` and ``bench/storage.py``.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from typing import Any

from .service import GameService

GUILD = 1
HOST = 1
"""The simulated host: opens the tables and deals, never sits down."""
CHANNEL_BASE = 10_000
PEOPLE_BASE = 100_000
"""User ids of simulated people: ``PEOPLE_BASE`` and up."""


async def play_table(service: GameService, index: int, deals: int, *, players: int = 4,
                     level: str = "random", scoring: str | None = None,
                     guild_id: int = GUILD, people: int = 0, strokes: int | None = None,
                     seed: int | None = None) -> dict[str, Any]:
    """Play ``deals`` deals at the table of channel ``CHANNEL_BASE + index``, opening new
    tables there as matches end. A live table left there by an earlier run is carried on.

    ``people``: seat simulated people, drawn for each match from a pool of that many (user
    ids from ``PEOPLE_BASE``), whose turns the host skips (a computer plays them, results
    and ratings count for the person); 0: computers only."""
    channel = CHANNEL_BASE + index
    done = actions = matches = 0
    reasons: Counter[str] = Counter()
    while done < deals:
        tid = service.table_in_channel(channel)
        if tid is None:
            state = await service.create_table(guild_id, channel, HOST, "Simulator",
                                               seat_host=False, players=players, level=level,
                                               scoring=scoring, strokes=strokes)
            tid = state.table_id
            if people:
                # Who sits down is not a shuffle of cards: a seeded generator is fine here.
                pick = random.Random(f"{seed}-{index}-{matches}")
                for uid in pick.sample(range(PEOPLE_BASE, PEOPLE_BASE + people),
                                       min(players, people)):
                    await service.join(tid, uid, f"Player {uid - PEOPLE_BASE + 1}")
            outcomes = await service.start(tid, HOST, fill=True)
        else:
            status = service.public_state(tid).status
            if status == "open":
                outcomes = await service.start(tid, HOST, fill=True)
            elif status == "waiting":
                outcomes = await service.next_deal(tid, HOST)
            else:
                outcomes = await service.advance(tid)
                if not outcomes and service.public_state(tid).status == "playing":
                    outcomes = await service.skip(tid, HOST)  # a simulated person's turn
        for o in outcomes:
            if o.kind == "action":
                actions += 1
            if o.deal_end is not None:
                done += 1
                reasons[o.deal_end.reason] += 1
                if o.deal_end.match_over:
                    matches += 1
    return {"deals": done, "actions": actions, "matches": matches, "reasons": reasons}


async def simulate(db: str, tables: int, deals: int, *, players: int = 4,
                   level: str = "random", scoring: str | None = None,
                   seed: int | None = None, budget_ms: int | None = None, people: int = 0,
                   strokes: int | None = None, guild_id: int | None = None) -> dict[str, Any]:
    """Play ``tables`` tables concurrently, ``deals`` deals each, in server ``guild_id``
    (default ``GUILD``); a JSON-ready summary."""
    service = await GameService.open(db, seed=seed, computer_budget_ms=budget_ms)
    try:
        resumed = await service.resume_all()
        start = time.perf_counter()
        results = await asyncio.gather(*(
            play_table(service, i, deals, players=players, level=level, scoring=scoring,
                       people=people, strokes=strokes, seed=seed,
                       guild_id=GUILD if guild_id is None else guild_id)
            for i in range(tables)))
        seconds = time.perf_counter() - start
        version = await service.db.schema_version()
    finally:
        await service.close()
    reasons: Counter[str] = Counter()
    for r in results:
        reasons.update(r["reasons"])
    total_actions = sum(r["actions"] for r in results)
    total_deals = sum(r["deals"] for r in results)
    return {
        "db": db,
        "schema_version": version,
        "tables": tables,
        "players": players,
        "level": level,
        "people": people,
        "deals": total_deals,
        "actions": total_actions,
        "matches_finished": sum(r["matches"] for r in results),
        "tables_resumed": len(resumed),
        "seconds": round(seconds, 3),
        "actions_per_second": round(total_actions / seconds, 1) if seconds else None,
        "deals_per_second": round(total_deals / seconds, 2) if seconds else None,
        "reasons": dict(sorted(reasons.items())),
    }
