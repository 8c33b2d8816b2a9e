"""Old messages stay on Discord forever: a click on a closed table's message must not disturb the
live table opened since in the same channel (issue 13, bug 1)."""

from __future__ import annotations

import pytest
from gaigel_sim import Sim, buttons, custom_ids

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def text(result: object) -> str:
    r = result.response  # type: ignore[attr-defined]
    return r.content if r is not None else ""


async def test_a_click_on_an_old_tables_messages_leaves_the_new_table_in_the_channel(
        sim: Sim) -> None:
    await sim.new_table("alice", players=2)
    await sim.click_table("alice", "add")
    await sim.click_table("alice", "start")
    old_hand = await sim.open_hand("alice")
    old_table = sim.table_message()
    old_id = sim.table_id()
    await sim.slash("alice", "gaigel end")
    await sim.new_table("alice", players=2)
    await sim.click_table("alice", "add")
    await sim.click_table("alice", "start")
    new_id = sim.svc.table_in_channel(sim.channel.id)
    assert new_id is not None and new_id != old_id

    alice = sim.user("alice")
    refresh = next(c for c in custom_ids(old_hand) if c.endswith(":r"))
    await alice.click(old_hand, custom_id=refresh)
    old_table = next(m for m in sim.channel.history() if m.id == old_table.id)
    for cid in [b.custom_id for b in buttons(old_table) if not b.disabled and b.custom_id]:
        await alice.click(old_table, custom_id=cid)

    assert sim.svc.table_in_channel(sim.channel.id) == new_id
    for command in ("gaigel score", "gaigel hand", "knock"):
        answer = text(await sim.slash("alice", command))
        assert "There is no table in this channel" not in answer, (command, answer)
    answer = text(await sim.slash("alice", "declare", points=20))
    assert "There is no table in this channel" not in answer
    answer = text(await sim.slash("alice", "gaigel new", players=2))
    assert "already has a table" in answer
