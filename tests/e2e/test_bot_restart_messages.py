"""Messages that outlive a restart (issue 13, bugs 3-5): the knock ceremony's Next deal button
goes when the next deal starts, one DM hand per person and table, and a hand that can still be
edited is kept up to date; when a deal ends, its DM hand is retired."""

from __future__ import annotations

import discord
import pytest
from world import World, custom_ids

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def ceremonies(world: World) -> list[discord.Message]:
    table = world.state().message_id
    return [m for m in world.channel.history()
            if m.id != table and ("a knock by" in m.content or "accused" in m.content)]


def dm_hands(world: World, who: str) -> list[discord.Message]:
    return [m for m in world.visible(who) if m.guild is None
            and any(c.startswith("gg:h:") for c in custom_ids(m))]


async def test_after_a_restart_between_deals_the_old_ceremony_loses_next_deal(
        world: World) -> None:
    await world.start_four()
    await world.play_deal()
    told = ceremonies(world)
    assert told and any(c.endswith(":next") for c in custom_ids(told[-1]))
    await world.restart()
    await world.click_table("alice", "next")  # the host deals again
    assert world.state().status == "playing"
    await world.env.settle()
    told = ceremonies(world)
    assert custom_ids(told[-1]) == []


async def test_one_dm_hand_per_player_and_table_across_a_restart(world: World) -> None:
    await world.new_table("alice", players=4)
    for who in ("bob", "carol", "dan"):
        await world.click_table(who, "join")
    await world.slash("bob", "gaigel dm", mode="on")
    await world.click_table("alice", "start")
    await world.env.settle()
    assert len(dm_hands(world, "bob")) == 1
    dm = dm_hands(world, "bob")[0]
    await world.restart()
    await world.play_card(world.to_play())
    await world.play_card(world.to_play())
    await world.env.settle()
    now = dm_hands(world, "bob")
    assert [m.id for m in now] == [dm.id]
    assert "Your cards" in now[0].content


async def test_a_deal_over_retires_its_dm_hand_and_the_next_deal_gets_one(world: World) -> None:
    await world.new_table("alice", players=4)
    for who in ("bob", "carol", "dan"):
        await world.click_table(who, "join")
    await world.slash("bob", "gaigel dm", mode="on")
    await world.click_table("alice", "start")
    await world.play_deal()
    first = dm_hands(world, "bob")
    assert len(first) == 1
    await world.restart()
    await world.click_table("alice", "next")
    await world.env.settle()
    retired = next(m for m in world.visible("bob") if m.id == first[0].id)
    assert retired.content.startswith("Deal 1 is over") and custom_ids(retired) == []
    live = dm_hands(world, "bob")
    assert len(live) == 1 and live[0].id != first[0].id


async def test_a_hand_opened_before_a_restart_is_kept_up_to_date_after_it(world: World) -> None:
    await world.start_four(timer=0)
    watcher = next(w for w in ("alice", "bob", "carol", "dan") if w != world.to_play())
    before = world.hand(watcher).content
    await world.restart()
    played = world.to_play()
    assert played is not None and played != watcher
    await world.play_card(played)
    await world.env.settle()
    after = world.hand(watcher).content
    assert after != before and f"{played} " in after  # the card played shows in the trick
