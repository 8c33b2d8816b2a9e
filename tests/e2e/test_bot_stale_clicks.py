"""Old messages stay on Discord forever: a click on a closed table's message must not disturb the
live table opened since in the same channel (issue 13, bug 1)."""

from __future__ import annotations

import pytest
from world import World, buttons, custom_ids, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def test_a_click_on_an_old_tables_messages_leaves_the_new_table_in_the_channel(
        world: World) -> None:
    await world.new_table("alice", players=2)
    await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    old_hand = await world.open_hand("alice")
    old_table = world.table_message()
    old_id = world.table_id()
    await world.slash("alice", "gaigel end")
    await world.new_table("alice", players=2)
    await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    new_id = world.svc.table_in_channel(world.channel.id)
    assert new_id is not None and new_id != old_id

    alice = world.user("alice")
    refresh = next(c for c in custom_ids(old_hand) if c.endswith(":r"))
    await alice.click(old_hand, custom_id=refresh)
    old_table = next(m for m in world.channel.history() if m.id == old_table.id)
    for cid in [b.custom_id for b in buttons(old_table) if not b.disabled and b.custom_id]:
        await alice.click(old_table, custom_id=cid)

    assert world.svc.table_in_channel(world.channel.id) == new_id
    for command in ("gaigel score", "gaigel hand", "knock"):
        answer = text(await world.slash("alice", command))
        assert "There is no table in this channel" not in answer, (command, answer)
    answer = text(await world.slash("alice", "declare", points=20))
    assert "There is no table in this channel" not in answer
    answer = text(await world.slash("alice", "gaigel new", players=2))
    assert "already has a table" in answer
