"""After a deferred "thinking" response, the first message is an edit of the original (issue 25,
item 11): Discord serves a follow-up sent straight after a deferred response as that edit only
for backward compatibility and documents it as deprecated ("Create Followup Message": use Edit
Original Interaction Response). Checked on the requests the bot sends, as simcord logs them."""

from __future__ import annotations

import re

import discord
import pytest
from world import World, text

pytestmark = pytest.mark.simcord(settle_timeout=0.5)

CALLBACK = re.compile(r"/interactions/\d+/(?P<token>[^/]+)/callback")
DEFERRED_CHANNEL_MESSAGE = 5
"""The interaction callback type of a deferred "thinking" response."""
DEFERRED_UPDATE_MESSAGE = 6
"""The callback type of a deferred update of the clicked message (the Hint: its line is written
into the hand once the coach has answered)."""


def after_each_defer(world: World, since: int) -> list[str]:
    """For each deferred response (thinking, or an update of the clicked message) the bot gave
    since request ``since``: what it did
    next with that interaction's token: "edit original", "follow-up" (Create Followup Message)
    or "nothing"."""
    log = world.env.http_requests[since:]
    out = []
    for i, entry in enumerate(log):
        m = CALLBACK.fullmatch(entry.path)
        if (entry.method != "POST" or m is None
                or (entry.json or {}).get("type") not in (DEFERRED_CHANNEL_MESSAGE,
                                                          DEFERRED_UPDATE_MESSAGE)):
            continue
        hook = f"/webhooks/{world.bot.application_id}/{m['token']}"
        nxt = next((e for e in log[i + 1:] if e.path.startswith(hook)), None)
        if nxt is None:
            out.append("nothing")
        elif nxt.method == "PATCH" and nxt.path == hook + "/messages/@original":
            out.append("edit original")
        elif nxt.method == "POST" and nxt.path == hook:
            out.append("follow-up")
        else:
            out.append(f"{nxt.method} {nxt.path}")
    return out


async def test_the_first_message_after_thinking_edits_the_original_response(
        world: World) -> None:
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world.user("mia", roles=[role])
    await world.slash("mia", "gaigel settings", show_points=True)  # Hint and Review
    await world.new_table("alice", players=4, timer=0)
    await world.click_table("bob", "join")
    await world.slash("alice", "gaigel add")
    seen: dict[str, list[str]] = {}

    async def check(what: str, act: object) -> object:
        since = len(world.env.http_requests)
        result = await act  # type: ignore[misc]
        seen[what] = after_each_defer(world, since)
        return result

    # Leave (the table's button, before the start: a computer sits at the table).
    left = await check("Leave", world.click_table("bob", "leave"))
    assert "left" in text(left)
    await world.click_table("bob", "join")
    await world.slash("alice", "gaigel add")
    # Start: the hand is the edited original, ephemeral as the defer made it.
    started = await check("Start", world.click_table("alice", "start"))
    assert started.response.ephemeral and "gg:h:" in str(started.response.components)
    await world.open_hand("bob")
    await world.env.settle()
    who = world.to_play()
    assert who is not None
    hint = next(b.custom_id for b in world.hand_buttons(who) if b.custom_id.endswith(":h"))
    world.env.settle_timeout = 5  # the coach's search (no clock: a fixed number of worlds)
    hinted = await check("Hint", world.click_hand(who, hint))
    world.env.settle_timeout = 0.5
    # the Hint is a line inside the hand: the hand (the deferred update's original) is edited
    assert hinted.response.ephemeral and "\n💡 " in text(hinted)
    assert text(hinted).startswith("**Your cards")
    await world.env.settle()
    skipped = await check("/gaigel skip", world.slash("alice", "gaigel skip"))
    assert "skipped" in text(skipped)
    await world.play_deal()
    assert world.state().status == "waiting"
    world.env.settle_timeout = 30  # the review's search runs on a worker thread
    reviewed = await check("Review", world.click_table("bob", "review"))
    assert reviewed.response.ephemeral and text(reviewed).startswith("🔍 Deal 1")
    world.env.settle_timeout = 0.5
    await check("Next deal", world.click_table("alice", "next"))
    await world.env.settle()
    assert world.state().status == "playing"
    kicked = await check("/gaigel kick", world.slash("alice", "gaigel kick",
                                                     player=world.user("bob")))
    assert "removed" in text(kicked)
    gone = await check("/gaigel leave", world.slash("alice", "gaigel leave"))
    assert text(gone)
    exported = await check("/gaigel export", world.slash("alice", "gaigel export"))
    assert exported.response.ephemeral and exported.response.attachments
    assert seen == {what: ["edit original"] for what in seen}
    assert set(seen) == {"Leave", "Start", "Hint", "/gaigel skip", "Review", "Next deal",
                         "/gaigel kick", "/gaigel leave", "/gaigel export"}
