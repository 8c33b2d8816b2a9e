"""A live table in memory: seats, the match score, the current deal and its computer players.

Only the service changes it, under the table's own lock, and only after the database has
committed the change. Everything here can be rebuilt from the database (``GameService``'s
recovery replays the stored deal).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from engine import Deal, Rules, team_count
from engine.fair import FairDeal
from engine.match import MatchScore

from .computer import Computer
from .models import DealEnd, TableOptions


@dataclass(slots=True)
class Chair:
    """A fixed place at the table for the whole match."""

    chair: int
    user_id: int | None
    name: str
    computer: bool = False
    level: str | None = None
    away: bool = False
    missed: int = 0
    """Turns timed out in a row."""

    @property
    def auto(self) -> bool:
        """Played by a computer: a computer player, or a person marked away."""
        return self.computer or self.away


class LiveTable:
    __slots__ = (
        "id", "guild_id", "channel_id", "message_id", "host_id", "options", "rules", "status",
        "version", "chairs", "lock", "match", "match_id", "deal", "deal_id", "deal_number",
        "shift", "brains", "turn_since", "last_end", "ready", "dirty", "claims_due", "hints",
        "next_seed", "fair",
    )

    def __init__(self, table_id: int, guild_id: int, channel_id: int, host_id: int,
                 options: TableOptions, rules: Rules, status: str = "open", version: int = 0,
                 message_id: int | None = None, lock: asyncio.Lock | None = None) -> None:
        self.id = table_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.message_id = message_id
        self.host_id = host_id
        self.options = options
        self.rules = rules
        self.status = status
        self.version = version
        self.chairs: list[Chair | None] = [None] * options.players
        self.lock = lock if lock is not None else asyncio.Lock()
        self.match: MatchScore | None = None
        self.match_id: int | None = None
        self.deal: Deal | None = None
        self.deal_id: int | None = None
        self.deal_number = 0
        self.shift = 0
        """Engine seat s sits at chair (s + shift) % players in the current deal."""
        self.brains: dict[int, Computer] = {}
        """Computer players of the current deal, by engine seat."""
        self.turn_since: float | None = None
        """When the seat to play got its turn (epoch seconds)."""
        self.last_end: DealEnd | None = None
        self.ready: set[int] = set()
        self.dirty = False
        """Memory may be ahead of the database (an interrupted write): reload before use."""
        self.claims_due = True
        """Something happened after which a computer seat may have a new claim to make."""
        self.hints: dict[int, int] = {}
        """Hints asked for in the current deal, by chair (beginner tables; memory only)."""
        self.next_seed: bytes | None = None
        """The secret the next deal will be dealt from (``engine.fair``), stored before its
        commitment is shown; None while a deal runs and once no deal is to come. As secret
        as the hands: only its commitment leaves the service."""
        self.fair: FairDeal | None = None
        """The current (or last) deal's fair-deal line with its seed; the seed leaves the
        service only once that deal is over (``DealEnd.fair``)."""

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def teams(self) -> int:
        return team_count(self.options.players)

    def chair_of_seat(self, seat: int) -> int:
        return (seat + self.shift) % self.players

    def seat_of_chair(self, chair: int) -> int:
        return (chair - self.shift) % self.players

    def chair_of_user(self, user_id: int) -> int | None:
        for c in self.chairs:
            if c is not None and c.user_id == user_id and not c.computer:
                return c.chair
        return None

    def seat_chair(self, seat: int) -> Chair:
        chair = self.chairs[self.chair_of_seat(seat)]
        assert chair is not None
        return chair

    def auto_seats(self) -> list[int]:
        """Engine seats played by computers now, in playing order."""
        return [s for s in range(self.players)
                if (c := self.chairs[self.chair_of_seat(s)]) is not None and c.auto]

    def humans(self) -> list[Chair]:
        return [c for c in self.chairs if c is not None and not c.computer]

    @property
    def live(self) -> bool:
        return self.status in ("open", "playing", "waiting")
