"""Fair deals on Discord (issue 30 part 1, ``docs/FAIRNESS.md``): the table message shows the
commitment of the next deal before the click that starts it, the deal is dealt from the
committed secret and that click's interaction id, and when it is over the table shows the seed
and the salt, with which anyone can deal it again."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest
from world import FOUR, World, manager

from engine.fair import fair_layout

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

COMMITMENT = re.compile(r"Fair deal (\d+): commitment `([0-9a-f]{64})`")
REVEALED = re.compile(r"Fair deal (\d+): seed `([0-9a-f]{64})` · salt `(\d+)`")


def click_id(result: Any) -> str:
    """The id Discord gave a click (simcord keeps its interaction record on the result)."""
    return str(result._interaction.id)


def commitment_shown(world: World) -> tuple[int, str]:
    """The deal number and commitment on the table message (exactly one such line)."""
    (found,) = COMMITMENT.findall(world.table_message().content)
    return int(found[0]), found[1]


def revealed_shown(world: World) -> tuple[int, str, str]:
    (found,) = REVEALED.findall(world.table_message().content)
    return int(found[0]), found[1], found[2]


def sha256_hex(seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


async def test_the_commitment_shown_before_start_is_the_sha256_of_the_seed_shown_after_the_deal(
        world: World) -> None:
    """Deal 1: the commitment is on the table message from the moment it is posted, the same
    after three people joined and all through the deal; after the deal the table shows the
    seed and the Start click's id as salt, the seed hashes to the commitment and deals exactly
    the cards that were dealt. Deal 2: its commitment is shown beside deal 1's result; the
    Next deal click that completes the vote (not the votes before it) is its salt."""
    await world.new_table("alice", players=4)
    number, first = commitment_shown(world)
    assert number == 1
    for who in FOUR[1:]:
        await world.click_table(who, "join")
    assert commitment_shown(world) == (1, first)
    start = await world.click_table("alice", "start")
    assert commitment_shown(world) == (1, first)
    assert not REVEALED.search(world.table_message().content)
    dealt = world.live().deal.layout
    for who in FOUR[1:]:
        await world.open_hand(who)
    await world.play_deal()
    assert world.state().status == "waiting"
    number, seed, salt = revealed_shown(world)
    assert number == 1 and salt == click_id(start)
    assert sha256_hex(seed) == first
    assert fair_layout(bytes.fromhex(seed), salt, 4) == dealt
    number, second = commitment_shown(world)
    assert number == 2 and second != first
    world.check_no_leaks()
    votes = [await world.click_table(who, "next") for who in ("bob", "carol", "dan", "alice")]
    assert world.state().status == "playing" and world.state().deal_number == 2
    assert commitment_shown(world) == (2, second)
    dealt = world.live().deal.layout
    await world.play_deal()
    number, seed, salt = revealed_shown(world)
    assert number == 2 and salt == click_id(votes[-1])
    assert salt not in {click_id(v) for v in votes[:-1]}
    assert sha256_hex(seed) == second
    assert fair_layout(bytes.fromhex(seed), salt, 4) == dealt


async def test_the_commitment_on_the_table_message_survives_a_restart(world: World) -> None:
    """Before the start and between deals, a restart shows the same commitment, and the deal
    is then dealt from the secret it commits to."""
    await world.seat_four()
    _, first = commitment_shown(world)
    await world.restart()
    await world.env.settle()
    assert commitment_shown(world) == (1, first)
    await world.click_table("alice", "start")
    await world.restart()  # mid-deal: still deal 1's commitment
    await world.env.settle()
    assert commitment_shown(world) == (1, first)
    await world.play_deal()
    _, seed, _ = revealed_shown(world)
    assert sha256_hex(seed) == first
    _, second = commitment_shown(world)
    await world.restart()
    await world.env.settle()
    assert commitment_shown(world) == (2, second)
    assert revealed_shown(world)[1] == seed


async def test_the_fair_deal_lines_in_german(world: World) -> None:
    manager(world, "alice")
    await world.slash("alice", "gaigel settings", language="de")
    await world.new_table("alice", players=2)
    content = world.table_message().content
    (first,) = re.findall(r"Faires Geben, Spiel 1: Commitment `([0-9a-f]{64})`", content)
    await world.click_table("bob", "join")
    start = await world.click_table("alice", "start")
    await world.play_deal()
    content = world.table_message().content
    (seed,) = re.findall(r"Faires Geben, Spiel 1: Seed `([0-9a-f]{64})` · Salt `(\d+)`",
                         content)
    assert sha256_hex(seed[0]) == first and seed[1] == click_id(start)
    assert re.search(r"Faires Geben, Spiel 2: Commitment `[0-9a-f]{64}`", content)
