"""The coach of a beginner table (issue 15, item 7): a Hint button in the hand of the person to
play asks the strong computer player from that seat's view; the answer is a legal card (or a
due claim), nothing changes at the table, and the deal's result says how many hints each
person asked for."""

from __future__ import annotations

import discord
import pytest
from world import World

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def beginner_table(world: World) -> None:
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world.user("mia", roles=[role])
    await world.slash("mia", "gaigel settings", show_points=True)
    await world.start_four(timer=0)


async def test_a_hint_names_a_card_the_player_may_play_and_changes_nothing(
        world: World) -> None:
    await beginner_table(world)
    who = world.to_play()
    assert who is not None
    hints = [b for b in world.hand_buttons(who) if b.custom_id.endswith(":h")]
    assert len(hints) == 1
    others = [w for w in ("alice", "bob", "carol", "dan") if w != who]
    assert not any(b.custom_id.endswith(":h") for b in world.hand_buttons(others[0]))
    version = world.state().version
    playable = {c.split(":")[4].split(".")[1] for c in world.playable(who)}
    result = await world.click_hand(who, hints[0].custom_id)
    text = result.followups[-1].content if result.followups else result.response.content
    assert text.startswith("💡 The coach would") and "(Hint 1 this deal.)" in text
    assert world.state().version == version
    from bot.shell.card_text import card_label
    assert any(card_label(c) in text for c in playable) or "knock" in text or "declare" in text
    await world.play_deal()
    assert f"Hints asked: {who} 1" in world.table_message().content


async def test_no_hint_button_without_the_beginner_option(world: World) -> None:
    await world.start_four()
    who = world.to_play()
    assert who is not None
    assert not any(b.custom_id.endswith(":h") for b in world.hand_buttons(who))
