"""Marriages, the Seven exchange and accusations through /declare, /exchange, /accuse and the
hand's buttons, on rigged deals."""

from __future__ import annotations

import contextlib
import os
import sqlite3

import discord
import pytest
from world import FOUR, World, custom_ids, rig, rigged_pack

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def started(world: World, cards: int = 0) -> None:
    """Four people seated, the deal started, every hand open, ``cards`` cards played."""
    await world.start_four()
    for _ in range(cards):
        await world.play_card(world.to_play())


def place(message: discord.Message, act: str) -> tuple[int, int]:
    """Where the hand button with this act code sits: (row, index in the row)."""
    for r, row in enumerate(message.components):
        for i, button in enumerate(getattr(row, "children", [])):
            if (button.custom_id or "").split(":")[4:] == [act]:
                return r, i
    raise AssertionError(f"no {act} button: {custom_ids(message)}")


def database() -> list[str]:
    """Everything the bot's SQLite file holds, as SQL."""
    with contextlib.closing(sqlite3.connect(os.environ["DATABASE_PATH"])) as db:
        return list(db.iterdump())


async def test_declare_offers_exactly_the_pairs_the_caller_can_declare_now(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    # alice: the Bells Ace to open and win the first trick, the trump pair and the Herz pair.
    rig(monkeypatch, rigged_pack([["SA", "HK", "HO", "EK", "EO"], [], ["E7"], []], "EA"))
    await started(world)
    alice = world.user("alice")
    # Before a trick is won nothing can be declared.
    assert await alice.autocomplete(world.channel, "declare", "points", "") == []
    result = await world.slash("alice", "declare", points=40)
    assert "not won a trick" in result.response.content
    # Ge-Elfen: the Bells Ace face up wins the first trick.
    ace = next(c for c in world.playable("alice") if ".SA.g" in c)
    await world.click_hand("alice", ace)
    for who in FOUR[1:]:
        await world.play_card(who)
    assert world.to_play() == "alice"
    choices = await alice.autocomplete(world.channel, "declare", "points", "")
    assert sorted(c["value"] for c in choices) == [20, 40]
    suits = await alice.autocomplete(world.channel, "declare", "suit", "", points=20)
    assert [c["value"] for c in suits] == ["H"]
    # Others have nothing to declare.
    assert await world.user("bob").autocomplete(world.channel, "declare", "points", "") == []
    # The hand shows the declare buttons.
    labels = [b.label for b in world.hand_buttons("alice")]
    assert any(label.startswith("Declare 40") for label in labels)
    result = await world.slash("alice", "declare", points=40)
    assert "You declared 40" in result.response.content
    assert "Marriages" in world.table_message().content
    result = await world.slash("alice", "declare", points=20, suit="Herz")
    assert "You declared 20" in result.response.content
    assert await alice.autocomplete(world.channel, "declare", "points", "") == []
    result = await world.slash("alice", "declare", points=20, suit="H")
    assert result.response.ephemeral and "already been declared" in result.response.content
    assert len(world.live().deal.melds) == 2
    # carol (alice's partner) may exchange the trump Seven now: her team has a trick.
    assert any(b.custom_id.endswith(":x") for b in world.hand_buttons("carol"))
    result = await world.slash("carol", "exchange")
    assert "exchanged" in result.response.content
    assert world.live().deal.indicator == "E7"
    assert "exchanged the trump Seven" in world.table_message().content
    # bob's team has no trick: no exchange for them.
    result = await world.slash("bob", "exchange")
    assert result.response.ephemeral and ("trump Seven" in result.response.content
                                          or "not won a trick" in result.response.content)


async def test_an_accusation_turns_over_the_accused_teams_tricks(world: World) -> None:
    await started(world, cards=4)
    version = world.state().version
    result = await world.hand_action("bob", "a")
    assert "Accuse now?" in result.response.content and world.state().version == version
    await world.env.advance_time(1)  # a deliberate confirmation, not a double-click
    result = await world.hand_action("bob", "c")
    assert result.acknowledged
    state = world.state()
    assert state.status == "waiting"
    assert state.last_result.reason == "false_accusation"
    ceremony = world.channel.last_message
    assert "An accusation by" in ceremony.content and "team A played on past 101" in ceremony.content
    assert "Verdict: false accusation" in ceremony.content
    assert any(c.endswith(":next") for c in custom_ids(ceremony))


async def test_the_knock_button_in_the_hand_knocks_once_confirmed(world: World) -> None:
    await world.seat_four()
    await world.click_table("alice", "start")
    version = world.state().version
    result = await world.hand_action("alice", "k")
    assert result.response.content.startswith("✊ Knock now?")
    assert world.state().version == version and world.state().status == "playing"
    await world.env.advance_time(1)  # a deliberate confirmation, not a double-click
    await world.hand_action("alice", "c")
    state = world.state()
    assert state.last_result.reason == "untergaigelt"
    assert "a knock by alice" in world.channel.last_message.content
    assert "untergaigelt" in world.channel.last_message.content
    assert "B: V" in world.table_message().content or "A: V" in world.table_message().content


async def test_a_double_click_on_knock_never_knocks_and_the_deal_goes_on(world: World) -> None:
    await world.seat_four()
    await world.click_table("alice", "start")
    before, version = database(), world.state().version
    knock_at = place(world.hand("alice"), "k")
    await world.hand_action("alice", "k")
    asked = world.hand("alice")
    # The second click of a double-click lands where Knock was: on Cancel.
    assert place(asked, "r") == knock_at and place(asked, "ck") != knock_at
    # Were the confirmation under the pointer, 150 ms later it would still not count.
    await world.env.advance_time(0.15)
    await world.hand_action("alice", "c")
    content = world.hand("alice").content
    assert content.startswith("⏳ Too quick") and "Knock now?" in content
    assert place(world.hand("alice"), "ck") != knock_at
    await world.env.advance_time(0.5)  # again too quick: the question was just shown again
    await world.hand_action("alice", "c")
    assert "Too quick" in world.hand("alice").content
    state = world.state()
    assert (state.version, state.status, state.last_result) == (version, "playing", None)
    assert database() == before
    who = world.to_play()
    assert who is not None
    await world.play_card(who)
    assert world.state().version > version and world.state().status == "playing"


async def test_a_double_click_on_accuse_never_accuses_but_a_second_later_it_does(
        world: World) -> None:
    await started(world, cards=4)
    before, version = database(), world.state().version
    accuse_at = place(world.hand("bob"), "a")
    await world.hand_action("bob", "a")
    asked = world.hand("bob")
    assert place(asked, "r") == accuse_at and place(asked, "ca") != accuse_at
    await world.env.advance_time(0.15)
    await world.hand_action("bob", "c")
    content = world.hand("bob").content
    assert content.startswith("⏳ Too quick") and "Accuse now?" in content
    assert world.state().version == version and database() == before
    await world.env.advance_time(1)
    await world.hand_action("bob", "c")
    assert world.state().last_result.reason == "false_accusation"


async def test_the_ceremony_tells_the_verdict_before_the_table_message_does(world: World) -> None:
    await started(world, cards=4)
    world.bot.pacing.table_edit_interval, world.bot.pacing.ceremony_step = 0.0, 2.0
    await world.slash("bob", "knock")
    ceremony = world.channel.last_message
    assert "a knock by bob" in ceremony.content and "Verdict" not in ceremony.content
    assert "Deal 1:" not in world.table_message().content  # no spoiler while cards are turned
    for _ in range(6):
        await world.env.advance_time(2)
    ceremony = world.channel.history()[-1]
    assert "Verdict: untergaigelt" in ceremony.content
    assert "Deal 1:" in world.table_message().content
    assert any(c.endswith(":next") for c in custom_ids(world.table_message()))


async def test_five_sevens_are_shown_from_the_hand_and_win(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, rigged_pack([[], ["E7", "E7", "B7", "B7", "H7"], [], []], "SA"))
    await world.seat_four()
    await world.click_table("alice", "start")
    await world.open_hand("bob")
    result = await world.hand_action("bob", "s")
    assert result.acknowledged
    state = world.state()
    assert state.last_result.reason == "five_sevens"
    assert "Five Sevens, shown by bob" in world.channel.last_message.content
    assert "Verdict: five Sevens" in world.channel.last_message.content


async def test_a_knock_asked_in_the_hand_can_be_cancelled_and_lapses_after_30_seconds(
        world: World) -> None:
    await world.seat_four(timer=0)
    await world.click_table("alice", "start")
    await world.open_hand("alice")
    version = world.state().version
    await world.hand_action("alice", "k")
    await world.hand_action("alice", "r")  # Cancel
    assert "Knock now?" not in world.hand("alice").content
    assert not any(b.custom_id.split(":")[4].startswith("c") for b in world.hand_buttons("alice"))
    await world.hand_action("alice", "k")
    confirm = next(b.custom_id for b in world.hand_buttons("alice")
                   if b.custom_id.split(":")[4].startswith("c"))
    await world.env.advance_time(31)
    result = await world.click_hand("alice", confirm)
    assert "lapsed" in result.response.content
    assert world.state().version == version and world.state().status == "playing"


async def test_knock_and_accuse_buttons_are_grey_and_after_the_cards(world: World) -> None:
    await world.seat_four()
    await world.click_table("alice", "start")
    hand = world.hand_buttons("alice")
    kinds = [b.custom_id.split(":")[4][0] for b in hand]
    knock = next(b for b in hand if b.custom_id.split(":")[4] == "k")
    assert knock.style == discord.ButtonStyle.secondary
    assert kinds.index("k") > max(i for i, k in enumerate(kinds) if k == "p")
