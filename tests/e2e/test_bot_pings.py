"""Turn pings (issue 15, item 5): ten seconds into a person's turn, one message mentions them
(in the channel, or in the DM for a DM-mirror player); it goes as soon as they play. At most
one per table; none where the person turned them off, none at a table without a timer unless
asked for."""

from __future__ import annotations

import asyncio

import pytest
from world import World

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def pings(world: World) -> list[object]:
    return [m for m in world.channel.history() if "your turn at table" in m.content]


async def test_a_person_who_has_not_played_within_ten_seconds_is_mentioned_once(
        world: World) -> None:
    await world.start_four()  # the default turn timer: pings on
    who = world.to_play()
    assert who is not None
    await world.env.advance_time(5)
    assert pings(world) == []
    await world.env.advance_time(6)
    sent = pings(world)
    assert len(sent) == 1 and f"<@{world.user(who).id}>" in sent[0].content
    await world.env.advance_time(30)
    assert len(pings(world)) == 1  # never more than one per table
    await world.play_card(who)
    await world.env.settle()
    assert [m for m in pings(world) if f"<@{world.user(who).id}>" in m.content] == []


async def test_no_ping_for_whoever_turned_them_off_nor_without_a_timer_unless_asked(
        world: World) -> None:
    await world.start_four(timer=0)
    who = world.to_play()
    assert who is not None
    await world.env.advance_time(11)
    assert pings(world) == []
    result = await world.slash(who, "gaigel ping", mode="on")
    assert "Turn pings on" in result.response.content
    await world.play_card(who)
    nxt = world.to_play()
    assert nxt is not None and nxt != who
    await world.slash(nxt, "gaigel ping", mode="on")
    await world.env.advance_time(11)
    assert len(pings(world)) == 1
    await world.slash(nxt, "gaigel ping", mode="off")
    await world.play_card(nxt)
    after = world.to_play()
    await world.slash(after, "gaigel ping", mode="off")
    await world.env.advance_time(11)
    assert pings(world) == []


async def test_a_dm_mirror_player_is_pinged_in_the_dm(world: World) -> None:
    await world.new_table("alice", players=4)
    for who in ("bob", "carol", "dan"):
        await world.click_table(who, "join")
    for who in ("alice", "bob", "carol", "dan"):
        await world.slash(who, "gaigel dm", mode="on")
    await world.click_table("alice", "start")
    await world.env.settle()
    who = world.to_play()
    assert who is not None
    await world.env.advance_time(11)
    assert pings(world) == []
    dms = [m for m in world.visible(who) if m.guild is None and "your turn" in m.content]
    assert len(dms) == 1


async def test_every_tables_ping_comes_from_one_clock_and_a_redraw_never_arms_a_second(
        world: World) -> None:
    """Three tables' turns are waited on by one task (a process with thousands of tables
    sleeps once, not once per table, nor once per open hand); each table still gets exactly
    its one ping."""
    tables = [world] + [World(world.env, world.guild, world.guild.create_text_channel(f"t{i}"))
                        for i in range(2)]
    for i, w in enumerate(tables):
        names = [f"p{i}{k}" for k in range(4)]
        await w.new_table(names[0], players=4)
        for who in names[1:]:
            await w.click_table(who, "join")
        await w.click_table(names[0], "start")
    await world.env.settle()
    pings_of = world.bot.pings
    sleepers = [t for t in asyncio.all_tasks() if "Alarms._run" in repr(t.get_coro())]
    # one each for the turn pings, the turn timers and the hands' tokens, whatever the tables
    assert len(sleepers) == 3 and len(pings_of.waiting) == 3
    assert not [t for t in asyncio.all_tasks() if "sleep" in repr(t.get_coro())]
    for w in tables:  # a redraw of an unchanged turn (a hand opened) arms nothing new
        await w.open_hand(w.to_play() or "")
    assert len(pings_of.waiting) == 3
    await world.env.advance_time(11)
    for w in tables:
        sent = [m for m in w.channel.history() if "your turn at table" in m.content]
        assert len(sent) == 1 and f"<@{w.user(w.to_play() or '').id}>" in sent[0].content
    await world.env.advance_time(30)
    assert sum(len(pings(w)) for w in tables) == 3
    assert pings_of.waiting.get(world.table_id()) is None


def dm_pings(world: World, who: str) -> list[object]:
    return [m for m in world.visible(who) if m.guild is None and "your turn" in m.content]


async def test_a_ping_live_at_a_restart_is_the_turns_only_ping_and_goes_when_they_play(
        world: World) -> None:
    """Issue 25, item 4: the live ping is kept in the database; the restarted bot adopts it
    (no second ping for the same turn) and deletes it once the person plays."""
    await world.start_four()
    who = world.to_play()
    assert who is not None
    await world.env.advance_time(11)
    assert len(pings(world)) == 1
    await world.restart()
    await world.env.advance_time(30)
    sent = pings(world)
    assert len(sent) == 1 and f"<@{world.user(who).id}>" in sent[0].content
    await world.play_card(who)
    await world.env.settle()
    assert pings(world) == []
    kept = await world.svc.shown_messages(world.table_id())
    assert [m for m in kept if m.kind == "ping"] == []
    nxt = world.to_play()  # the next person's turn is pinged as before
    assert nxt is not None and nxt != who
    await world.env.advance_time(11)
    sent = pings(world)
    assert len(sent) == 1 and f"<@{world.user(nxt).id}>" in sent[0].content


async def test_a_ping_whose_turn_passed_before_a_restart_is_deleted_by_the_restarted_bot(
        world: World) -> None:
    """A ping kept in the database whose turn is no longer running (its deletion did not
    happen before the bot stopped) is deleted at the next start."""
    await world.start_four()
    who = world.to_play()
    assert who is not None
    await world.env.advance_time(11)
    assert len(pings(world)) == 1
    pinged = world.bot.pings
    pinged.live.clear()  # the bot stops before it could delete the ping: it forgets it
    await world.play_card(who)
    await world.env.settle()
    assert len(pings(world)) == 1  # left behind in the channel (and kept in the database)
    await world.restart()
    await world.env.settle()
    assert pings(world) == []
    assert [m for m in await world.svc.shown_messages(world.table_id()) if m.kind == "ping"] == []


async def test_a_dm_ping_live_at_a_restart_goes_when_they_play(world: World) -> None:
    await world.new_table("alice", players=4)
    for who in ("bob", "carol", "dan"):
        await world.click_table(who, "join")
    for who in ("alice", "bob", "carol", "dan"):
        await world.slash(who, "gaigel dm", mode="on")
    await world.click_table("alice", "start")
    await world.env.settle()
    who = world.to_play()
    assert who is not None
    await world.env.advance_time(11)
    assert len(dm_pings(world, who)) == 1
    await world.restart()
    await world.env.advance_time(30)
    assert len(dm_pings(world, who)) == 1
    await world.play_card(who)
    await world.env.settle()
    assert dm_pings(world, who) == [] and pings(world) == []


async def test_ending_the_table_deletes_its_ping(world: World) -> None:
    """Issue 25, item 5: ``/gaigel end`` closes the table, and its ping goes with it."""
    await world.start_four()
    await world.env.advance_time(11)
    assert len(pings(world)) == 1
    await world.slash("alice", "gaigel end")
    await world.env.settle()
    assert world.state().status == "ended"
    assert pings(world) == []
    await world.env.advance_time(60)
    assert pings(world) == []
    assert [m for m in await world.svc.shown_messages(world.table_id()) if m.kind == "ping"] == []


async def test_when_the_last_person_leaves_the_closed_table_loses_its_ping(
        world: World) -> None:
    """Issue 25, item 5: Alice plays alone against computers; she is pinged, leaves, and the
    table closes with its ping."""
    await world.new_table("alice", players=2)
    await world.click_table("alice", "add")
    await world.click_table("alice", "start")
    await world.env.settle()
    assert world.to_play() == "alice"
    await world.env.advance_time(11)
    assert len(pings(world)) == 1
    result = await world.slash("alice", "gaigel leave")
    assert result.response is not None
    await world.env.settle()
    assert world.state().status == "ended"
    assert pings(world) == []
    await world.env.advance_time(60)
    assert pings(world) == []
