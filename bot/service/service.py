"""The game service: tables, seats, deals and matches, durable before anything is acknowledged.

Every change of a table is one database transaction together with the table's version bump,
committed before the method returns or the ``on_outcome`` callback hears of it (after the
table's lock is released, in commit order). One ``asyncio.Lock`` per table serializes its
changes; different tables never wait for each other's lock. Reads (``public_state``,
``hand_view``) take no lock: they read memory between awaits.

No Discord types: users are ints, names are strings; the Discord shell, the command line and the
benchmarks all drive this same class.

``GameService`` is a front: ``__init__`` is the one place that builds the parts and hands each
what it uses, and every public method is one call into a part. The change path
(``core.TableChanges``: lock, transaction with the version bump, tell) is held by
``deals.Dealing``, ``computer_seats.ComputerTurns``, ``play.Play`` and ``lobby.Lobby``;
``settings``, ``history`` and ``messages`` read and write plain rows; ``views`` and ``coach``
are functions of a table.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from engine import View

from ..storage import open_storage
from ..storage.db import Storage
from ..thinking import ThinkingPool, ThinkingPriority
from .coach import COACH_WORKERS, Hint, Review, ReviewCache, hint_for, review_for
from .computer import levels
from .computer_seats import ComputerTurns
from .core import CommittedCallback, TableChanges
from .daily import SAMPLES, Daily
from .deals import Dealing
from .history import FinishedDeal, History
from .lobby import Lobby
from .messages import KeptMessages
from .models import Committed, PublicState, ShownMessage, TableOptions, UserPrefs
from .play import Play
from .ratings import MIN_MATCHES
from .registry import CLOSED_KEPT, TableRegistry
from .settings import Settings
from .views import hand_view, public_state

if TYPE_CHECKING:
    from .export import Export


class GameService:
    """Create with ``await GameService.open(path)``; ``await close()`` when done."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 on_outcome: CommittedCallback | None = None,
                 computer_budget_ms: int | None = None, seed: int | None = None,
                 closed_kept: int = CLOSED_KEPT,
                 shards: tuple[int, tuple[int, ...]] | None = None,
                 computer_workers: int | None = None, daily_samples: int = SAMPLES,
                 thinking_priority: ThinkingPriority = "low",
                 coach_workers: int = COACH_WORKERS) -> None:
        self.core = TableChanges(storage, clock=clock, on_outcome=on_outcome,
                                 computer_budget_ms=computer_budget_ms, seed=seed,
                                 closed_kept=closed_kept, shards=shards,
                                 computer_workers=computer_workers,
                                 thinking_priority=thinking_priority)
        self.dealing = Dealing(self.core)
        self.computers = ComputerTurns(self.core, self.dealing)
        self.settings = Settings(storage, clock)
        self.play = Play(self.core, self.dealing, self.computers)
        self.lobby = Lobby(self.core, self.dealing, self.computers, self.settings)
        self.history = History(storage, clock)
        self.messages = KeptMessages(storage, self.core.tables, shards)
        self.reviews = ReviewCache()
        """The coach's reviews of finished deals, by (table, deal, seat)."""
        self.coaching = (ThinkingPool(coach_workers, priority="normal", name="gaigel-coach")
                         if coach_workers else self.core.thinking)
        """The processes of the coach's searches, the Hint and the Review, which a person waits
        for: ``coach_workers`` of their own (``COACH_WORKERS``), at the bot's own priority and
        started at the first Hint, so that a Hint neither queues behind the computers'
        searches nor gives way with them on a busy host; with 0, the computers' processes."""
        self.daily = Daily(storage, self.core.thinking, self.settings, clock=clock, seed=seed,
                           samples=daily_samples)
        """The daily deals (``/gaigel daily``): their sets, plays, results and records."""

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> GameService:
        """Open the database (migrating it), rebuild every live table by replay and start the
        thinking processes (ready before the first computer's turn)."""
        storage = await open_storage(path)
        service = cls(storage, **kwargs)
        try:
            await service.core.recover()
            await service.core.thinking.start()
        except BaseException:
            await service.close()
            raise
        return service

    async def close(self) -> None:
        try:
            if self.coaching is not self.core.thinking:
                await self.coaching.close()
        finally:
            await self.core.close()

    @property
    def db(self) -> Storage:
        return self.core.db

    @db.setter
    def db(self, storage: Storage) -> None:
        """Another database under every part (``bench/storage.py`` measures without writes)."""
        self.core.db = self.settings.db = self.history.db = self.messages.db = storage
        self.daily.db = storage

    @property
    def tables(self) -> TableRegistry:
        return self.core.tables

    @property
    def thinking(self) -> ThinkingPool:
        """The processes every search runs in (``bot.thinking``)."""
        return self.core.thinking

    @property
    def recovered(self) -> list[int]:
        """Tables rebuilt at start."""
        return self.core.recovered

    @property
    def shards(self) -> tuple[int, tuple[int, ...]] | None:
        return self.core.shards

    @property
    def computer_budget_ms(self) -> int | None:
        return self.core.computer_budget_ms

    @property
    def clock(self) -> Callable[[], float]:
        return self.core.clock

    @property
    def on_outcome(self) -> CommittedCallback | None:
        """Awaited with each committed outcome, in commit order per table, after the table's
        lock is released: it may call this service again, also for the same table."""
        return self.core.on_outcome

    @on_outcome.setter
    def on_outcome(self, callback: CommittedCallback | None) -> None:
        self.core.on_outcome = callback

    async def resume_all(self) -> dict[int, list[Committed]]:
        """Let computers take the turns that were theirs when the process stopped."""
        out: dict[int, list[Committed]] = {}
        for table_id in self.tables:
            t = self.tables.get(table_id)
            if t is not None and t.status == "playing":
                outcomes = await self.play.advance(table_id)
                if outcomes:
                    out[table_id] = outcomes
        return out

    async def load(self, table_id: int) -> bool:
        """Bring a closed table back into memory, so that the buttons of its old messages answer
        after a restart as they did before (a start recovers only live tables). False when
        there is no such table, or when it belongs to a guild of another process's shards."""
        return await self.core.load(table_id)

    def owns(self, guild_id: int) -> bool:
        """Whether the guild is on this process's shards (Discord's ``(id >> 22) % count``)."""
        return self.core.owns(guild_id)

    # ------------------------------------------------------------------ the lobby

    async def create_table(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                           *, seat_host: bool = True, **options: Any) -> PublicState:
        """A new table in a channel (one live table per channel), with guild defaults."""
        return await self.lobby.create_table(guild_id, channel_id, host_id, host_name,
                                             seat_host=seat_host, **options)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the public message (no version bump: hands do not change)."""
        await self.lobby.set_message(table_id, message_id)

    async def configure(self, table_id: int, user_id: int, **options: Any) -> PublicState:
        """Change a table's options before it starts (host)."""
        return await self.lobby.configure(table_id, user_id, **options)

    async def join(self, table_id: int, user_id: int, name: str,
                   chair: int | None = None) -> PublicState:
        """Take a seat (the first free one, or ``chair``); between deals a computer's."""
        return await self.lobby.join(table_id, user_id, name, chair)

    async def play_again(self, table_id: int, user_id: int) -> PublicState:
        """After a finished match, the next one at the same table and chairs (each person's
        kept until they take it back); on a table open again, take one's kept chair back."""
        return await self.lobby.play_again(table_id, user_id)

    async def add_computer(self, table_id: int, user_id: int, level: str | None = None,
                           chair: int | None = None,
                           expected_version: int | None = None) -> PublicState:
        """The host seats a computer player (first free chair, or ``chair``); refused
        (``table_moved``) when the table is no longer at ``expected_version`` (a button's)."""
        return await self.lobby.add_computer(table_id, user_id, level, chair, expected_version)

    async def leave(self, table_id: int, user_id: int) -> list[Committed]:
        """Leave a table: the chair is freed before the start, later a computer takes it."""
        return await self.lobby.leave(table_id, user_id)

    async def kick(self, table_id: int, user_id: int, chair: int) -> list[Committed]:
        """The host removes a seat's occupant (a computer takes a person's seat once the match
        has started)."""
        return await self.lobby.kick(table_id, user_id, chair)

    async def start(self, table_id: int, user_id: int, *, fill: bool = False,
                    salt: str = "") -> list[Committed]:
        """The host starts the match (``fill``: seat computers in the empty chairs first;
        ``salt``: the starting click's interaction id, see ``engine.fair``)."""
        return await self.lobby.start(table_id, user_id, fill=fill, salt=salt)

    async def next_deal(self, table_id: int, user_id: int, *, salt: str = "") -> list[Committed]:
        """Deal again: at once when the host asks, else when every present person is ready
        (``salt``: this click's interaction id, used if this click deals)."""
        return await self.lobby.next_deal(table_id, user_id, salt=salt)

    async def end(self, table_id: int, user_id: int) -> PublicState:
        """The host closes the table (a deal in progress is left unfinished and unexported)."""
        return await self.lobby.end(table_id, user_id)

    async def back(self, table_id: int, user_id: int) -> PublicState:
        """A person marked away plays again."""
        return await self.lobby.back(table_id, user_id)

    # ------------------------------------------------------------------ playing

    async def act(self, table_id: int, user_id: int, do: str, *, card: str | None = None,
                  opening: str | None = None, suit: str | None = None, double: bool = False,
                  against: int | None = None, expected_version: int | None = None,
                  run_computers: bool = True) -> list[Committed]:
        """A person's action, then (``run_computers``) the computers' replies; every outcome
        in order (see ``Play.act`` for the refusals)."""
        return await self.play.act(table_id, user_id, do, card=card, opening=opening,
                                   suit=suit, double=double, against=against,
                                   expected_version=expected_version,
                                   run_computers=run_computers)

    async def advance(self, table_id: int) -> list[Committed]:
        """Let the computers act if it is their turn (or they have claims)."""
        return await self.play.advance(table_id)

    async def timeout_turn(self, table_id: int, expected_version: int) -> list[Committed]:
        """The turn timer ran out: a computer plays this turn for the absent person."""
        return await self.play.timeout_turn(table_id, expected_version)

    async def skip(self, table_id: int, user_id: int) -> list[Committed]:
        """The host lets a computer play the current turn."""
        return await self.play.skip(table_id, user_id)

    # ------------------------------------------------------------------ the coach

    async def hint(self, table_id: int, user_id: int) -> Hint:
        """What the coach would play from the user's seat now (beginner tables)."""
        return await hint_for(self.tables.need(table_id), user_id, self.computer_budget_ms,
                              self.coaching)

    async def review(self, table_id: int, user_id: int) -> Review:
        """The coach's review of the user's plays in the table's last finished deal (beginner
        tables): up to three plays where the strong player's choice scores best against
        theirs, from what their seat knew then. Changes nothing."""
        return await review_for(self.db, self.tables.need(table_id), user_id,
                                self.computer_budget_ms, self.reviews, self.coaching)

    # ------------------------------------------------------------------ views and lookups

    def hand_view(self, table_id: int, user_id: int) -> tuple[View, int]:
        """The seat's engine View of the current (or just finished) deal, and the version."""
        return hand_view(self.tables.need(table_id), user_id)

    def public_state(self, table_id: int) -> PublicState:
        return public_state(self.tables.need(table_id))

    def table_in_channel(self, channel_id: int) -> int | None:
        """The live (open, playing or waiting) table of a channel."""
        return self.tables.in_channel(channel_id)

    def live_tables(self) -> list[int]:
        return self.tables.live_ids()

    def seat_of(self, table_id: int, user_id: int) -> int | None:
        """The user's engine seat in the current deal (their chair before the first deal)."""
        t = self.tables.need(table_id)
        chair = t.chair_of_user(user_id)
        return None if chair is None else t.seat_of_chair(chair)

    def is_host(self, table_id: int, user_id: int) -> bool:
        return self.tables.need(table_id).host_id == user_id

    @staticmethod
    def computer_levels() -> tuple[str, ...]:
        return levels()

    # ------------------------------------------------------------------ settings and prefs

    async def get_settings(self, guild_id: int) -> TableOptions:
        return await self.settings.get_settings(guild_id)

    async def settings_stored(self, guild_id: int) -> bool:
        """Whether the server has settings of its own (else the defaults apply)."""
        return await self.settings.settings_stored(guild_id)

    async def set_settings(self, guild_id: int, **changes: Any) -> TableOptions:
        return await self.settings.set_settings(guild_id, **changes)

    async def get_user_prefs(self, user_id: int) -> UserPrefs:
        return await self.settings.get_user_prefs(user_id)

    async def set_user_prefs(self, user_id: int, *, dm_mirror: bool | None = None,
                             language: str | None = None, ping: bool | None = None,
                             primer_told: bool | None = None) -> UserPrefs:
        return await self.settings.set_user_prefs(user_id, dm_mirror=dm_mirror,
                                                  language=language, ping=ping,
                                                  primer_told=primer_told)

    # ------------------------------------------------------------------ messages to reach again

    async def remember_message(self, shown: ShownMessage) -> None:
        """Keep ``shown`` as the live message of its kind for that person at that table (no
        version bump: the game does not change)."""
        await self.messages.remember_message(shown)

    async def forget_message(self, table_id: int, kind: str, user_id: int = 0,
                             message_id: int | None = None) -> None:
        """No longer keep that message (with ``message_id``: only if it is still the one
        kept, so a late forget never drops a newer message of the same kind)."""
        await self.messages.forget_message(table_id, kind, user_id, message_id)

    async def shown_messages(self, table_id: int | None = None) -> list[ShownMessage]:
        return await self.messages.shown_messages(table_id)

    # ------------------------------------------------------------------ history and stats

    async def last_table_in_channel(self, channel_id: int) -> dict[str, int] | None:
        """The channel's newest table, live or finished, with its host (for exports)."""
        return await self.history.last_table_in_channel(channel_id)

    async def finished_deal(self, table_id: int, number: int | None = None, *,
                            deal_id: int | None = None) -> FinishedDeal:
        """A finished deal of a table as its deal record, for a replay: the ``number``th of
        the table's history (from 1), the deal ``deal_id``, or else the last one that ended.
        A deal that is not over is refused (``deal_not_over``): its cards are still
        private."""
        return await self.history.finished_deal(table_id, number, deal_id=deal_id)

    async def stats(self, guild_id: int, user_id: int | None = None) -> dict[str, Any]:
        """A player's stats in a guild, or the guild's when ``user_id`` is None."""
        return await self.history.stats(guild_id, user_id)

    async def leaderboard(self, guild_id: int, limit: int = 10, season: str | None = None,
                          min_matches: int = MIN_MATCHES) -> tuple[str, list[dict[str, Any]]]:
        """The season (default: the current one) and its best people by rating (ordinal)."""
        return await self.history.leaderboard(guild_id, limit, season, min_matches)

    async def seasons(self, guild_id: int) -> tuple[str, list[str]]:
        """The current season and every season with ratings, newest first."""
        return await self.history.seasons(guild_id)

    async def rating_history(self, guild_id: int, user_id: int, last: int = 50
                             ) -> tuple[str, list[dict[str, Any]]]:
        """The current season and a person's rating over their last ``last`` rated matches
        in it, oldest first."""
        return await self.history.rating_history(guild_id, user_id, last)

    def export(self, *, guild_id: int | None = None, table_id: int | None = None,
               fmt: str = "json", since: float | None = None) -> AsyncIterator[str]:
        """The history as text chunks (``json`` or ``csv``), streamed page by page."""
        return self.history.export(guild_id=guild_id, table_id=table_id, fmt=fmt, since=since)

    async def export_files(self, *, limit: int, guild_id: int | None = None,
                           table_id: int | None = None, fmt: str = "json",
                           since: float | None = None, max_files: int | None = None) -> Export:
        """The history as files of at most ``limit`` bytes for an upload (see
        ``export.export_files``); ``close()`` the answer once the files are sent."""
        return await self.history.export_files(limit=limit, guild_id=guild_id,
                                               table_id=table_id, fmt=fmt, since=since,
                                               max_files=max_files)
