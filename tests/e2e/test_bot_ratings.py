"""Ratings through the real bot in simcord: the stats picture, the leaderboard by rating, a
person who left the server and a person who only ever played computers."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from world import World

from tests.e2e.test_bot_commands import manager, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def match_against_computers(world: World, who: str = "alice") -> None:
    """``who`` and three random computers play a one-stroke match (one deal)."""
    await world.new_table(who, players=4, strokes=1, computer="random")
    for _ in range(3):
        await world.click_table(who, "add")
    await world.click_table(who, "start")
    await world.play_deal()
    assert world.state().status == "over"


async def test_stats_answer_has_the_rating_picture_in_english_and_german(world: World) -> None:
    await match_against_computers(world)
    result = await world.slash("alice", "gaigel stats")
    assert "deals played: 1" in text(result) and "marriages:" in text(result)
    (attachment,) = result.response.attachments
    data = await attachment.read()
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (720, 330)
    assert attachment.description.startswith("alice: rating ")
    assert "after 1 rated match;" in attachment.description
    manager(world, "erin")
    await world.slash("erin", "gaigel settings", language="de")
    result = await world.slash("alice", "gaigel stats")
    (attachment,) = result.response.attachments
    assert Image.open(io.BytesIO(await attachment.read())).format == "PNG"
    assert "nach 1 gewerteten Partie;" in attachment.description
    # someone who never played: no picture, no error
    result = await world.slash("bob", "gaigel stats")
    assert not result.response.attachments


async def test_leaderboard_lists_a_person_who_left_and_only_played_computers(
        world: World) -> None:
    for _ in range(5):
        await match_against_computers(world)
    result = await world.slash("bob", "gaigel leaderboard")
    lines = text(result).splitlines()
    assert lines[0].startswith("**Leaderboard**, season all time")
    assert len(lines) == 2 and lines[1].startswith("1. alice — rating ")
    assert "5 matches" in lines[1]
    alice = world.user("alice")
    world.guild.remove_member(alice)
    result = await world.slash("bob", "gaigel leaderboard")
    assert text(result).splitlines()[1].startswith("1. alice — rating ")  # the stored name
    result = await world.slash("bob", "gaigel stats", player=alice.user)
    assert "deals played: 5" in text(result)
    (attachment,) = result.response.attachments
    assert "after 5 rated matches" in attachment.description
    result = await world.slash("bob", "gaigel leaderboard", season="1999-01")
    assert text(result) == "There is no season 1999-01 on this server. Seasons: all."


async def test_leaderboard_season_autocomplete_offers_the_seasons_that_exist(
        world: World) -> None:
    bob = world.user("bob")
    assert await bob.autocomplete(world.channel, "gaigel leaderboard", "season", "") == []
    await match_against_computers(world)
    manager(world, "erin")
    await world.slash("erin", "gaigel settings", season="monthly")
    result = await world.slash("erin", "gaigel settings")
    assert "season monthly" in text(result)
    await match_against_computers(world)
    choices = await bob.autocomplete(world.channel, "gaigel leaderboard", "season", "")
    names = [c["value"] for c in choices]
    assert len(names) == 2 and names[1] == "all" and names[0][:2] == "20"
    result = await world.slash("bob", "gaigel leaderboard", season="all")
    assert text(result) == "No one has 5 rated matches in season all time yet."
