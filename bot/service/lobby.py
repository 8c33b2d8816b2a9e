"""The lobby: opening a table, seats (people and computers), starting, dealing again, leaving
and ending. Every change is one ``commit`` under the table's lock (``TableChanges``)."""

from __future__ import annotations

import logging
from typing import Any

from engine.fair import FairError, check_salt

from ..storage import queries as q
from ..storage.errors import is_duplicate
from .computer import levels
from .computer_seats import ComputerTurns
from .core import Change, TableChanges, need_host, need_host_before_start
from .deals import Dealing
from .errors import BadOption, NotSeated, NotStarted, ServiceError
from .models import Committed, PublicState
from .settings import Settings
from .table import Chair, LiveTable
from .views import public_state, seated

log = logging.getLogger("bot.service")

NEWCOMER_MATCHES = 3  # a host with fewer finished matches here gets the beginner help


def kept(t: LiveTable, chair: int) -> bool:
    """A chair kept for a person of the last match until they take it back: while the table is
    open again, a person's chair marked away (``Lobby.play_again``)."""
    c = t.chairs[chair]
    return t.status == "open" and c is not None and not c.computer and c.away


class Lobby:
    def __init__(self, core: TableChanges, dealing: Dealing, computers: ComputerTurns,
                 settings: Settings) -> None:
        self.core = core
        self.dealing = dealing
        self.computers = computers
        self.settings = settings

    async def create_table(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                           *, seat_host: bool = True, **options: Any) -> PublicState:
        """A new table in a channel (one live table per channel), with guild defaults.

        ``options``: any ``TableOptions`` field (players, preset, rules, scoring, strokes,
        target, deals, turn_timer, level, show_points, language, suit_style). Three-player
        tables score 5/3/1 unless a scoring is given. Without ``show_points`` a host who has
        finished fewer than ``NEWCOMER_MATCHES`` matches here gets the beginner help (a
        newcomer finds it without looking), anyone else the server's setting.
        """
        async with self.core.create_lock:
            if self.core.tables.in_channel(channel_id) is not None:
                raise ServiceError("table_exists")
            base = await self.settings.get_settings(guild_id)
            options = {k: v for k, v in options.items() if v is not None}
            if "show_points" not in options and not base.show_points and await self.core.db.run(
                    q.finished_matches, guild_id, host_id) < NEWCOMER_MATCHES:
                options["show_points"] = True
            if options.get("players", base.players) == 3 and "scoring" not in options:
                options["scoring"] = "three"
            elif options.get("players", base.players) != 3 and base.scoring == "three" \
                    and "scoring" not in options:
                options["scoring"] = "strokes"
            opts = base.changed(levels(), **options)
            rules = opts.engine_rules()
            now = self.core.clock()
            draw = self.core.seed_draw()

            def txn(c: Any) -> tuple[int, bytes]:
                tid = q.insert_table(c, guild_id, channel_id, host_id, opts.players,
                                     rules.to_json(), opts.to_json(), now)
                # the first deal's secret, stored with the table: committed to at once
                seed = TableChanges.seed_for(draw, tid, 1)
                q.set_next_seed(c, tid, seed.hex())
                if seat_host:
                    q.put_seat(c, tid, 0, host_id, host_name, False, None)
                return tid, seed

            try:
                tid, first_seed = await self.core.db.write(txn)
            except Exception as exc:
                if is_duplicate(exc):  # another start in this channel won
                    raise ServiceError("table_exists") from None
                raise
            t = LiveTable(tid, guild_id, channel_id, host_id, opts, rules)
            t.next_seed = first_seed
            if seat_host:
                t.chairs[0] = Chair(0, host_id, host_name)
            self.core.tables.add(t)
            log.info("table %d created in guild %d channel %d", tid, guild_id, channel_id)
            return public_state(t)

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the public message (no version bump: hands do not change)."""
        t = self.core.tables.need(table_id)

        def txn(c: Any) -> None:
            c.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

        await self.core.db.write(txn)
        t.message_id = message_id

    async def configure(self, table_id: int, user_id: int, **options: Any) -> PublicState:
        """Change a table's options before it starts (host)."""
        async with self.core.change(table_id) as change:
            t = change.table
            need_host(t, user_id)
            if t.status != "open":
                raise ServiceError("already_started")
            opts = t.options.changed(levels(), **options)
            if any(c is not None and c.chair >= opts.players for c in t.chairs):
                raise BadOption("seats beyond the new player count are taken")
            rules = opts.engine_rules()
            await self.core.commit(t, players=opts.players, rules=q.dumps(rules.to_json()),
                               options=q.dumps(opts.to_json()))
            t.chairs = (t.chairs + [None] * opts.players)[:opts.players]
            t.options, t.rules = opts, rules
            return public_state(t)

    async def join(self, table_id: int, user_id: int, name: str,
                   chair: int | None = None) -> PublicState:
        """Take a seat (the first free one, or ``chair``). Between deals a person may take over
        a computer's chair. A person whose chair is kept from the last match takes it back."""
        async with self.core.change(table_id) as change:
            t = change.table
            if t.status not in ("open", "waiting"):
                raise ServiceError("already_started" if t.live else "table_closed")
            own = t.chair_of_user(user_id)
            if own is not None and t.status == "open" and kept(t, own):
                await self._take_back(t, own)
                return public_state(t)
            if own is not None:
                raise ServiceError("already_seated")
            chair = self._chair_to_take(t, chair, takeover=t.status == "waiting")
            current = t.chairs[chair]
            if current is not None and not (current.computer and t.status == "waiting"):
                raise ServiceError("seat_taken")
            await self.core.commit(t, lambda c: q.put_seat(c, t.id, chair, user_id, name, False,
                                                           None))
            t.chairs[chair] = Chair(chair, user_id, name)
            return public_state(t)

    @staticmethod
    def _chair_to_take(t: LiveTable, chair: int | None, *, takeover: bool = False) -> int:
        """The chair asked for, or the first free one; refused when there is none. With
        ``takeover`` (a person joining between deals) the first computer's chair is free too."""
        if chair is None:
            free = [i for i, c in enumerate(t.chairs)
                    if c is None or (takeover and c.computer)]
            if not free:
                raise ServiceError("table_full")
            chair = free[0]
        if not 0 <= chair < t.players:
            raise ServiceError("no_seat")
        return chair

    async def play_again(self, table_id: int, user_id: int) -> PublicState:
        """After a finished match, the next one at the same table: the same options and chairs,
        computers kept, each person's chair kept for them until they click Play again (or
        Join, or leave), the match score afresh once the host starts. The finished match stays
        as it was (its deals, results and ratings are rows of their own). On a table already
        opened again, the person takes their kept chair back."""
        async with self.core.create_lock, self.core.change(table_id) as change:
            t = change.table
            if t.status == "open":
                own = seated(t, user_id)
                if not kept(t, own):
                    raise ServiceError("already_seated")
                await self._take_back(t, own)
                return public_state(t)
            if t.status != "over":
                raise ServiceError("match_running" if t.live else "table_closed")
            own = seated(t, user_id)
            other = self.core.tables.in_channel(t.channel_id)
            if other is not None and other != t.id:
                raise ServiceError("table_exists")
            # A kept chair: a person's chair marked away while the table is open.
            marks = [(c.chair, c.chair != own) for c in t.humans()]

            def txn(c: Any) -> None:
                for chair, away in marks:
                    q.set_away(c, t.id, chair, away, 0)
                q.clear_ready(c, t.id)

            try:
                await self.core.commit(t, txn, status="open")
            except Exception as exc:
                if is_duplicate(exc):  # a new table opened in the channel meanwhile
                    raise ServiceError("table_exists") from None
                raise
            t.status = "open"
            for chair, away in marks:
                c = t.chairs[chair]
                assert c is not None
                c.away, c.missed = away, 0
            t.match, t.match_id, t.last_end = None, None, None
            t.deal, t.deal_id = None, None
            t.deal_number, t.shift = 0, 0
            t.ready.clear()
            t.hints = {}
            self.core.tables.add(t)  # the channel's live table again
            log.info("table %d open again for the next match", t.id)
            return public_state(t)

    async def _take_back(self, t: LiveTable, chair: int) -> None:
        """A person takes back the chair kept for them from the last match."""
        await self.core.commit(t, lambda c: q.set_away(c, t.id, chair, False, 0))
        c = t.chairs[chair]
        assert c is not None
        c.away, c.missed = False, 0

    async def add_computer(self, table_id: int, user_id: int, level: str | None = None,
                           chair: int | None = None,
                           expected_version: int | None = None) -> PublicState:
        """The host seats a computer player (first free chair, or ``chair``). Refused
        (``table_moved``) when ``expected_version`` is not the table's: the second click of a
        double-click on "Add computer" seats no second computer."""
        async with self.core.change(table_id) as change:
            t = change.table
            need_host_before_start(t, user_id)
            if expected_version is not None and expected_version != t.version:
                raise ServiceError("table_moved")
            level = level or t.options.level
            if level not in levels():
                raise ServiceError("unknown_level", level=level)
            chair = self._chair_to_take(t, chair)
            if t.chairs[chair] is not None:
                raise ServiceError("seat_taken")
            await self._seat_computer(t, chair, level, f"Computer {chair + 1}")
            return public_state(t)

    async def _seat_computer(self, t: LiveTable, chair: int, level: str, name: str,
                             **columns: Any) -> None:
        await self.core.commit(t, lambda c: q.put_seat(c, t.id, chair, None, name, True, level),
                               **columns)
        t.chairs[chair] = Chair(chair, None, name, True, level)
        t.claims_due = True

    async def leave(self, table_id: int, user_id: int) -> list[Committed]:
        """Leave a table. Before the start the chair is freed; later a computer takes it over.
        A leaving host hands the table to another person, or ends it if none is left."""
        async with self.core.change(table_id) as change:
            await self._remove_person(change, seated(change.table, user_id))
        return change.outcomes

    async def kick(self, table_id: int, user_id: int, chair: int) -> list[Committed]:
        """The host removes a seat's occupant (a person is replaced by a computer once the
        match has started)."""
        async with self.core.change(table_id) as change:
            t = change.table
            need_host(t, user_id)
            if not 0 <= chair < t.players or t.chairs[chair] is None:
                raise ServiceError("no_seat")
            occupant = t.chairs[chair]
            if occupant is not None and not occupant.computer and occupant.user_id == user_id:
                raise ServiceError("kick_self")
            await self._remove_person(change, chair)
        return change.outcomes

    async def _remove_person(self, change: Change, chair: int) -> None:
        t = change.table
        occupant = t.chairs[chair]
        assert occupant is not None
        if not t.live:
            raise ServiceError("table_closed")
        others = [c for c in t.humans() if c.chair != chair]
        new_host: dict[str, Any] = {}
        if occupant.user_id == t.host_id and not occupant.computer:
            if not others:
                await self._close(t, "ended")
                return
            new_host = {"host_id": others[0].user_id}
        if t.status == "open":
            await self.core.commit(t, lambda c: q.delete_seat(c, t.id, chair), **new_host)
            t.chairs[chair] = None
        else:
            name = occupant.name if occupant.computer else f"{occupant.name} (Computer)"
            await self._seat_computer(t, chair, occupant.level or t.options.level, name, **new_host)
        if new_host:
            t.host_id = new_host["host_id"]
        if occupant.user_id is not None:
            t.ready.discard(occupant.user_id)
        if t.status == "playing":
            await self.computers.run(change)

    async def start(self, table_id: int, user_id: int, *, fill: bool = False,
                    salt: str = "") -> list[Committed]:
        """The host starts the match (``fill``: seat computers in the empty chairs first).
        ``salt``: the id of the click that starts it ("" when none did), mixed into the deal."""
        salt = checked_salt(salt)
        async with self.core.change(table_id) as change:
            t = change.table
            need_host_before_start(t, user_id)
            host = t.chair_of_user(user_id)
            waiting = [c.name for c in t.chairs
                       if c is not None and c.chair != host and kept(t, c.chair)]
            if waiting:
                raise ServiceError("seats_kept", names=", ".join(waiting))
            if host is not None and kept(t, host):  # the host starting is back
                await self._take_back(t, host)
            for i, c in enumerate(t.chairs):
                if c is None:
                    if not fill:
                        raise ServiceError("not_full")
                    await self._seat_computer(t, i, t.options.level, f"Computer {i + 1}")
            await self.dealing.start(change, new_match=True, salt=salt)
            more = await self.computers.run(change, one_card=True)
        if more:
            await self.computers.play_on(table_id, change.outcomes)
        return change.outcomes

    async def next_deal(self, table_id: int, user_id: int, *, salt: str = "") -> list[Committed]:
        """Deal again: at once when the host asks, else when every present person is ready.
        Returns the new deal's outcomes, or nothing while others are not ready yet. ``salt``:
        the id of this click, mixed into the deal if this click deals it."""
        salt = checked_salt(salt)
        async with self.core.change(table_id) as change:
            t = change.table
            if t.status == "playing":
                raise ServiceError("deal_running")
            if t.status == "open":
                raise NotStarted()
            if t.status != "waiting":
                raise ServiceError("match_over" if t.status == "over" else "table_closed")
            chair = t.chair_of_user(user_id)
            if user_id != t.host_id:
                if chair is None:
                    raise NotSeated()
                if user_id not in t.ready:
                    await self.core.commit(t, lambda c: q.set_ready(c, t.id, chair))
                    t.ready.add(user_id)
                waiting_for = [c for c in t.humans()
                               if not c.away and c.user_id not in t.ready]
                if waiting_for:
                    return []
            await self.dealing.start(change, new_match=False, salt=salt)
            more = await self.computers.run(change, one_card=True)
        if more:
            await self.computers.play_on(table_id, change.outcomes)
        return change.outcomes

    async def end(self, table_id: int, user_id: int) -> PublicState:
        """The host closes the table (a deal in progress is left unfinished and unexported)."""
        async with self.core.change(table_id) as change:
            t = change.table
            need_host(t, user_id)
            if not t.live:
                raise ServiceError("table_closed")
            await self._close(t, "ended")
            return public_state(t)

    async def _close(self, t: LiveTable, status: str) -> None:
        now = self.core.clock()
        match_id = t.match_id

        def end_match(c: Any) -> None:
            if match_id is not None:
                q.end_match(c, match_id, now)

        await self.core.commit(t, end_match, now=now, status=status)
        t.status = status
        t.brains = {}
        self.core.tables.note_closed(t)
        log.info("table %d %s", t.id, status)

    async def back(self, table_id: int, user_id: int) -> PublicState:
        """A person marked away plays again."""
        async with self.core.change(table_id) as change:
            t = change.table
            chair = seated(t, user_id)
            c = t.chairs[chair]
            assert c is not None
            if not c.away and not c.missed:
                raise ServiceError("not_away")
            await self.core.commit(t, lambda db: q.set_away(db, t.id, chair, False, 0))
            c.away, c.missed = False, 0
            return public_state(t)


def checked_salt(salt: str) -> str:
    """A deal's salt as ``engine.fair`` takes it (decimal digits or ""), else ``bad_option``
    before anything changes."""
    try:
        return check_salt(salt)
    except FairError as exc:
        raise BadOption(str(exc)) from None
