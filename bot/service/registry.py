"""The tables in memory: every live table, which channel holds which, and a bounded cache of
closed ones (their old messages' buttons still answer)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator

from .errors import NoTable
from .table import LiveTable

CLOSED_KEPT = 256
"""Closed tables kept in memory for the buttons of their old messages; a click on an older one
reads it back from the database (``GameService.load``), so memory does not grow with every
table closed."""


class TableRegistry:
    def __init__(self, closed_kept: int = CLOSED_KEPT) -> None:
        self._tables: dict[int, LiveTable] = {}
        self._channels: dict[int, int] = {}
        """Channel id → its live table's id (one live table per channel)."""
        self._closed: OrderedDict[int, None] = OrderedDict()
        """Closed tables in memory, the least recently used first."""
        self.closed_kept = closed_kept

    def __getitem__(self, table_id: int) -> LiveTable:
        return self._tables[table_id]

    def __contains__(self, table_id: int) -> bool:
        return table_id in self._tables

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._tables))

    def get(self, table_id: int) -> LiveTable | None:
        return self._tables.get(table_id)

    def need(self, table_id: int) -> LiveTable:
        """The table, or the ``no_table`` refusal."""
        t = self._tables.get(table_id)
        if t is None:
            raise NoTable()
        return t

    def add(self, t: LiveTable) -> None:
        """A table enters memory; a live one takes its channel (a closed table in the channel's
        old entry leaves memory)."""
        if t.live:
            old = self._channels.get(t.channel_id)
            if old is not None and old != t.id:
                self._tables.pop(old, None)
            self._channels[t.channel_id] = t.id
        self._tables[t.id] = t

    def discard(self, table_id: int) -> None:
        self._tables.pop(table_id, None)

    def in_channel(self, channel_id: int) -> int | None:
        """The live (open, playing or waiting) table of a channel."""
        tid = self._channels.get(channel_id)
        if tid is None:
            return None
        t = self._tables.get(tid)
        return tid if t is not None and t.live else None

    def live_ids(self) -> list[int]:
        return [tid for tid, t in self._tables.items() if t.live]

    def note_closed(self, t: LiveTable) -> None:
        """A table is closed (or a closed one was used): its channel is free, and it becomes the
        most recently used closed table; the least recently used beyond ``closed_kept`` leave
        memory (not one whose lock is held: it is in use). The channel is freed only while it
        still points at this table: a click on an old table's message, after a new table opened
        in the same channel, must not unlink the new one."""
        if self._channels.get(t.channel_id) == t.id:
            del self._channels[t.channel_id]
        self._closed[t.id] = None
        self._closed.move_to_end(t.id)
        for _ in range(len(self._closed) - self.closed_kept):
            old = next(iter(self._closed))
            table = self._tables.get(old)
            if table is not None and table.lock.locked():
                self._closed.move_to_end(old)
                continue
            del self._closed[old]
            if table is not None and not table.live:
                del self._tables[old]
