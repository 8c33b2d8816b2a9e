"""The messages the shell must reach again after a restart (a hand, the DM hand, the knock
ceremony, a turn ping), kept by table, kind and person. No version bump: the game does not
change."""

from __future__ import annotations

from ..storage import queries as q
from ..storage.db import Storage
from .models import ShownMessage
from .registry import TableRegistry


class KeptMessages:
    def __init__(self, storage: Storage, tables: TableRegistry,
                 shards: tuple[int, tuple[int, ...]] | None) -> None:
        self.db = storage
        self.tables = tables
        self.shards = shards

    async def remember_message(self, shown: ShownMessage) -> None:
        """Keep ``shown`` as the live message of its kind for that person at that table."""
        await self.db.write(q.put_shown_message, shown.table_id, shown.kind, shown.user_id,
                            shown.deal_number, shown.channel_id, shown.message_id, shown.token,
                            shown.opened_at)

    async def forget_message(self, table_id: int, kind: str, user_id: int = 0,
                             message_id: int | None = None) -> None:
        """No longer keep that message (with ``message_id``: only if it is still the one
        kept, so a late forget never drops a newer message of the same kind)."""
        await self.db.write(q.delete_shown_message, table_id, kind, user_id, message_id)

    async def shown_messages(self, table_id: int | None = None) -> list[ShownMessage]:
        rows = await self.db.read(q.shown_messages, table_id)
        if self.shards is not None and table_id is None:  # another process's are not ours
            rows = [row for row in rows if row["table_id"] in self.tables]
        return [ShownMessage(**row) for row in rows]
