"""Refusals: every bad click or command gets a clear ephemeral answer and changes nothing."""

from __future__ import annotations

import pytest
from world import FOUR, World, custom_ids, playable_ids, rig, rigged_pack, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def stale_answers(world: World, last: int) -> int:
    """How many of the bot's last ``last`` interaction answers told of a changed hand."""
    answers = [str((e.json or {}).get("data", {}).get("content", "")) for e in world.env.http_requests
               if e.method == "POST" and e.path.endswith("/callback")][-last:]
    return sum("Your hand changed" in a for a in answers)


async def test_a_user_who_is_not_seated_is_told_so_and_nothing_changes(world: World) -> None:
    await world.start_four()
    before = world.state().version
    result = await world.click_table("eve", "hand")
    assert result.response.ephemeral and "not seated" in text(result)
    result = await world.slash("eve", "knock")
    assert result.response.ephemeral and "not seated" in text(result)
    result = await world.slash("eve", "gaigel hand")
    assert "not seated" in text(result)
    assert world.state().version == before


async def test_a_start_by_a_guest_an_early_start_and_a_second_join_are_refused(world: World) -> None:
    await world.new_table("alice", players=4)
    result = await world.click_table("bob", "start")
    assert "Only the host" in text(result)
    result = await world.click_table("alice", "start")
    assert "Not every seat" in text(result)
    await world.click_table("bob", "join")
    result = await world.click_table("bob", "join")
    assert "already seated" in text(result)
    for who in FOUR[2:]:
        await world.click_table(who, "join")
    await world.click_table("alice", "start")
    assert world.state().status == "playing"


async def test_a_click_on_a_stale_hand_gets_a_fresh_hand_and_never_a_wrong_play(world: World) -> None:
    await world.start_four()
    old = world.hand("alice")
    old_ids = world.playable("alice")
    fresh = await world.open_hand("alice")  # a second hand message, same version
    await world.click_hand("alice", world.playable("alice")[0])  # plays from the new one
    version = world.state().version
    plays = len(world.live().deal.actions)
    world.hands["alice"] = old
    result = await world.click_hand("alice", old_ids[-1])
    assert "Your hand changed" in text(result)
    assert len(world.live().deal.actions) == plays and world.state().version == version
    # The answer is a fresh hand on the same message, with current buttons.
    assert result.response.id == old.id
    assert all(c.split(":")[3] == str(version) for c in custom_ids(result.response.message))
    assert fresh.id != old.id


async def test_a_double_click_plays_one_card(world: World) -> None:
    await world.start_four()
    hand = world.hand("alice")
    cid = world.playable("alice")[0]
    results = await world.click_together([("alice", hand, cid), ("alice", hand, cid)])
    deal = world.live().deal
    assert len([a for a in deal.actions if a.seat == 0]) == 1
    assert all(r.acknowledged for r in results)
    assert stale_answers(world, 2) == 1


async def test_the_same_card_clicked_in_the_channel_hand_and_its_dm_mirror_at_once_plays_once(
        world: World) -> None:
    await world.start_four()
    dm = await world.dm_hand("alice")
    cid = world.playable("alice")[0]
    card = cid.split(":")[4]
    dm_cid = next(c for c in playable_ids(dm) if c.split(":")[4] == card)
    results = await world.click_together([("alice", world.hand("alice"), cid),
                                          ("alice", dm, dm_cid)])
    assert all(r.acknowledged for r in results)
    assert [a.seat for a in world.live().deal.actions] == [0]
    # the one card played is the card clicked, and the other click was answered as stale
    assert world.live().deal.actions[0].card == card.split(".")[1]
    assert stale_answers(world, 2) == 1
    await world.play_deal()
    assert world.state().status == "waiting"


async def test_a_double_click_in_the_dm_mirror_plays_one_card(world: World) -> None:
    await world.start_four()
    dm = await world.dm_hand("alice")
    cid = playable_ids(dm)[0]
    results = await world.click_together([("alice", dm, cid), ("alice", dm, cid)])
    assert all(r.acknowledged for r in results)
    assert [a.seat for a in world.live().deal.actions] == [0]
    assert world.to_play() == "bob"
    assert stale_answers(world, 2) == 1


async def test_two_players_clicking_at_the_same_moment_play_in_turn(world: World) -> None:
    await world.start_four()
    await world.play_card("alice")
    assert world.to_play() == "bob"
    bob, carol = world.hand("bob"), world.hand("carol")
    version = world.state().version
    b_id = world.playable("bob")[0]
    # carol's hand shows no playable card (not her turn): she tries a refresh-era button
    carol_card = next(c for c in custom_ids(carol) if ":p" in c)
    results = await world.click_together([("bob", bob, b_id), ("carol", carol, carol_card)],
                                       forge=True)
    deal = world.live().deal
    assert [a.seat for a in deal.actions] == [0, 1]
    assert world.state().version > version
    answer = text(results[1])
    assert "Your hand changed" in answer or "not your turn" in answer


async def test_an_illegal_card_from_a_modified_client_is_refused(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    # Alice leads with a trump Ace in her hand, which no opening may lead.
    rig(monkeypatch, rigged_pack([["EA", "B7", "H7", "S7", "BU"], [], [], []], "EK"))
    await world.start_four()
    live = world.live()
    deal = live.deal
    hand = deal.hands[0]
    illegal = next((c for c in hand if not any(a.card == c for a in deal.legal_plays(0))), None)
    assert illegal == "EA"  # a trump may not lead with an opening in this deal
    version = world.state().version
    cid = f"gg:h:{world.table_id()}:{version}:p0.{illegal}.g"
    (result,) = await world.click_together([("alice", world.hand("alice"), cid)], forge=True)
    assert result.acknowledged
    assert world.state().version == version and deal.actions == []
    assert "opening" in text(result) or "trump" in text(result).lower()


async def test_declare_without_a_pair_and_knock_by_a_non_player_are_answered(world: World) -> None:
    await world.start_four()
    version = world.state().version
    result = await world.slash("bob", "declare", points=20, suit="H")
    assert result.response.ephemeral
    assert "cannot declare" in text(result) or "do not hold" in text(result) or "no pair" in text(result)
    result = await world.slash("bob", "declare", points=40)
    assert result.response.ephemeral
    assert world.state().version == version
    result = await world.slash("zoe", "knock")
    assert "not seated" in text(result)
    assert world.state().version == version


async def test_commands_without_a_table_point_to_gaigel_new(world: World) -> None:
    for name in ("knock", "exchange", "gaigel hand", "gaigel last", "gaigel score"):
        result = await world.slash("alice", name)
        assert result.response.ephemeral and "/gaigel new" in text(result), name
    result = await world.slash("alice", "declare", points=40)
    assert "/gaigel new" in text(result)
