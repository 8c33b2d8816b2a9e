"""Anything at all, in any order: people who click whatever they see, type any command with
any options, click together, come back to old messages, and let time pass, while the deals go
on. Every action is answered, nothing the bot or discord.py logs is an error (the ``world``
fixture, ``tests/conftest.py``), nobody ever sees a card or a secret they may not
(``World.check_no_leaks`` after every step), and after it all the people can still play a
deal to its end.

``GAIGEL_CHAOS_SEED`` and ``GAIGEL_CHAOS_STEPS`` run other or longer walks. The people's
choices come from the seed; the computers think against the clock, so two runs of one seed
may part ways where a computer's card differs."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from simcord import SetupError
from simcord.interactions import command_leaves
from world import World, buttons, custom_ids

# the computers and the coach think in processes, in real time: settle for up to 8 s, below
# the 10-second turn ping (which the walk lets come by advancing the virtual clock: the
# ``world`` fixture puts the bot's alarms on it alone, ``alarms_on_the_virtual_clock``)
pytestmark = pytest.mark.simcord(settle_timeout=8)

SEEDS = [int(s) for s in os.environ.get("GAIGEL_CHAOS_SEED", "1 2").split()]
STEPS = int(os.environ.get("GAIGEL_CHAOS_STEPS", "200"))
PEOPLE = ("alice", "bob", "carol", "dan", "erin")
FINALE = 400
"""Plays at most after the walk, until a deal ends."""
DEAL_OVER = "table N deal N over: team N wins N"
"""The service's log line of a deal that ended, its numbers read as N."""
TREE = json.loads((Path(__file__).resolve().parents[1] / "shell" / "command_tree.json").read_text())

WORDS = ["", "heuristic", "strong", "random", "beginner", "2026-11-28", "today", "yesterday",
         "1", "-1", "999999999999", "x" * 150, "🃏", "@everyone", "<@1>", "**bold**", "EA",
         "Herz", "hearts", "'; drop table tables; --", "\u202eevil", "None", "null"]


COMMANDS = [(" ".join(path), leaf.get("options", []))
            for c in TREE for path, leaf in command_leaves(c)]
"""Every command a person can type, with its options (simcord's own reading of the tree)."""


def _value(option: dict[str, Any], world: World, rng: random.Random) -> Any:
    """A value a person could send for ``option``: one of its choices, or anything its type
    allows within its bounds."""
    if option.get("choices"):
        return rng.choice(option["choices"])["value"]
    kind = option["type"]
    if kind == 4:
        low, high = option.get("min_value", -5), option.get("max_value", 10**6)
        return rng.choice([low, high, rng.randint(low, min(high, low + 60)),
                           rng.randint(low, high)])
    if kind == 5:
        return rng.random() < 0.5
    if kind == 6:
        return world.user(rng.choice(PEOPLE))
    return rng.choice(WORDS)


def pending_tasks(env: Any) -> str:
    """The bot's unfinished tasks, each with where it waits and whether simcord's settle
    waits for it (a task it does not track can outlive a settle): what to read when an action
    was not answered."""
    lines = []
    for task in asyncio.all_tasks():
        if task.done() or task is asyncio.current_task():
            continue
        tracked = "tracked" if task in env._work.tasks else "NOT tracked by simcord"
        where = " <- ".join(f"{f.f_code.co_name}:{f.f_lineno}" for f in task.get_stack(limit=6))
        lines.append(f"  {task.get_name()} ({tracked}): {where}")
    return "pending tasks:\n" + "\n".join(lines)


def enabled(message: Any) -> list[str]:
    """The custom_ids of the buttons a person can click on ``message``."""
    return [b.custom_id for b in buttons(message) if not b.disabled and b.custom_id]


class Walk:
    """One random walk of people at one channel's tables."""

    def __init__(self, world: World, rng: random.Random) -> None:
        self.world = world
        self.rng = rng
        self.answered = 0
        self.refused: Counter[str] = Counter()
        self.slow = 0
        self.received: set[int] = set()
        """The interactions discord.py received (its ``on_interaction`` event)."""
        self.listen()

    def listen(self) -> None:
        """Note every interaction the bot's discord.py receives (again after a restart): its
        ``on_interaction`` event, which the bot itself does not handle."""
        async def on_interaction(interaction: Any) -> None:
            self.received.add(interaction.id)

        assert not hasattr(self.world.bot, "on_interaction")
        self.world.bot.on_interaction = on_interaction  # type: ignore[attr-defined]

    async def restart(self) -> None:
        await self.world.restart()
        self.listen()

    async def note(self, who: str, result: Any) -> None:
        """Every interaction is answered; a hand that comes back in the channel becomes
        ``who``'s latest (a hand mirrored in their DMs is clicked from there, by the user)."""
        if not result.acknowledged:
            waiting = pending_tasks(self.world.env)
            received = result._interaction.id in self.received
            await self.world.env.settle(timeout=60)
            pytest.fail(f"{who}'s action was not answered"
                        + (" until simcord settled once more (its settle returned early)"
                           if result.acknowledged else "")
                        + ("" if received else "; discord.py never received it")
                        + "\n" + waiting)
        self.answered += 1
        response = result.response
        if (response is not None and response.channel_id == self.world.channel.id
                and any(c.startswith("gg:h:") for c in custom_ids(response.message))):
            self.world.hands[who] = response.message

    async def click_anything(self, who: str) -> None:
        """An enabled button of any message this person can see, old or new."""
        seen = [m for m in self.world.visible(who) if enabled(m)]
        if not seen:
            return
        message = self.rng.choice(seen[-6:] if self.rng.random() < 0.8 else seen)
        cid = self.rng.choice(enabled(message))
        member = self.world.user(who)
        actor = member if message.guild is not None else member.user  # a hand in their DMs
        await self.note(who, await actor.click(message, custom_id=cid))

    async def forge_anything(self, who: str) -> None:
        """A custom_id seen anywhere by anyone, sent from a message this person sees (in the
        channel or in their DMs)."""
        ids = [c for name in PEOPLE for m in self.world.visible(name) for c in custom_ids(m)]
        seen = self.world.visible(who)
        if not ids or not seen:
            return
        result = await self.world.forge_click(who, self.rng.choice(seen), self.rng.choice(ids))
        await self.note(who, result)

    async def type_anything(self, who: str) -> None:
        name, options = self.rng.choice(COMMANDS)
        filled = {o["name"]: _value(o, self.world, self.rng) for o in options
                  if o.get("required") or self.rng.random() < 0.4}
        if name == "gaigel new" and self.rng.random() < 0.7:
            filled["timer"] = 0  # most tables without a clock, so that deals get played
        await self.note(who, await self.world.slash(who, name, **filled))

    async def play_on(self) -> None:
        """What keeps the deals going: the person to play plays, a team at 101 knocks."""
        world = self.world
        tid = world.svc.table_in_channel(world.channel.id)
        if tid is None or world.state().status != "playing":
            await self.open_and_start(tid)
            return
        knockers = [k for k in world.team_with_101() if k in PEOPLE]
        if knockers and self.rng.random() < 0.7:
            await self.note(knockers[0], await world.slash(knockers[0], "knock"))
            return
        who = world.to_play()
        if who is None:
            return
        ids = world.playable(who) if who in world.hands else []
        if not ids:  # no hand kept, or one of an older table: open it from the table
            await world.open_hand(who)
            ids = world.playable(who)
        if ids:
            await self.note(who, await world.click_hand(who, self.rng.choice(ids)))

    async def open_and_start(self, tid: int | None) -> None:
        """No deal running: someone opens a table (or joins the open one) and its host starts."""
        world = self.world
        if tid is None:
            host = self.rng.choice(PEOPLE)
            await self.note(host, await world.slash(host, "gaigel new", players=self.rng.choice(
                [2, 3, 4, 4, 6]), timer=0))
            return
        state = world.state()
        if state.status == "open":
            # join, come back to a kept chair, or the host adds a computer or starts: a table
            # with more seats than people starts only once the host has added computers
            who = self.rng.choice(PEOPLE)
            acts = [c.rsplit(":", 1)[1] for c in enabled(world.table_message())]
            act = self.rng.choice([a for a in acts if a != "leave"] + ["/gaigel join"])
            if act == "/gaigel join":
                await self.note(who, await world.slash(who, "gaigel join"))
                return
            if act in ("add", "start"):
                who = world.name_of(state.host_id) or who
            await self.note(who, await world.click_table(who, act))
            return
        # between deals, or the match over: anyone clicks what the table message offers
        table = world.table_message()
        ids = enabled(table)
        if ids:
            who = self.rng.choice(PEOPLE)
            await self.note(who, await world.user(who).click(table, custom_id=self.rng.choice(ids)))

    async def together(self) -> None:
        """Two people click what they see at the same moment (in the channel or in their DMs)."""
        picks = []
        for who in self.rng.sample(PEOPLE, 2):
            seen = [m for m in self.world.visible(who) if enabled(m)]
            if seen:
                message = self.rng.choice(seen[-4:])
                cid = self.rng.choice(enabled(message))
                picks.append((who, message, cid))
        for (who, _, _), result in zip(picks, await self.world.click_together(picks), strict=True):
            await self.note(who, result)

    async def play_to_the_end_of_a_deal(self, ended: Callable[[], int]) -> None:
        """After the walk, if no deal has ended yet (a host who typed ``/gaigel end`` at every
        table, say): the people only play on, at most ``FINALE`` times, until one ends."""
        for _ in range(FINALE):
            if ended():
                return
            await self.guarded(self.play_on())
            await self.guarded(self.world.env.settle())  # a computer's turn: let it think
            self.check_no_leaks()

    def check_no_leaks(self) -> None:
        """No hidden card or deal secret shown anywhere (``World.check_no_leaks``)."""
        if self.world.svc.table_in_channel(self.world.channel.id) is not None:
            self.world.check_no_leaks()

    async def guarded(self, action: Awaitable[None]) -> None:
        """``action``, with what a Discord client refuses to send counted, and a settle time
        that ran out given up to a minute more."""
        try:
            await action
        except SetupError as e:
            # what a Discord client itself refuses to send (a value out of bounds, a
            # member's command in a place it is not offered): never reaches the bot
            self.refused[str(e)[:60]] += 1
        except TimeoutError:
            # simcord's settle time ran out while a computer or the coach was still thinking
            # (a loaded machine): the bot must finish within a minute, or the walk fails
            self.slow += 1
            await self.world.env.settle(timeout=60)

    async def step(self) -> None:
        who = self.rng.choice(PEOPLE)
        r = self.rng.random()
        if r < 0.40:
            await self.guarded(self.play_on())
        elif r < 0.65:
            await self.guarded(self.click_anything(who))
        elif r < 0.85:
            await self.guarded(self.type_anything(who))
        elif r < 0.90:
            await self.guarded(self.forge_anything(who))
        elif r < 0.95:
            await self.guarded(self.together())
        elif r < 0.99:
            await self.guarded(self.let_time_pass())
        else:
            await self.guarded(self.restart())

    async def let_time_pass(self) -> None:
        """Time passes in minutes at most: a table's turns that run out in one advance are
        each a computer's thinking in a process, in real time."""
        for _ in range(self.rng.choice([1, 1, 2, 5, 15])):
            await self.world.env.advance_time(self.rng.choice([5, 30, 60]))
            await self.world.env.settle()


@pytest.mark.parametrize("seed", SEEDS)
async def test_anything_people_do_in_any_order_is_answered_and_shows_no_hidden_card(
        world: World, seed: int, caplog: pytest.LogCaptureFixture) -> None:
    rng = random.Random(seed)
    walk = Walk(world, rng)
    await world.new_table("alice", players=4, timer=0)
    for who in PEOPLE[1:3]:
        await world.click_table(who, "join")
    for _ in range(STEPS):
        await walk.step()
        walk.check_no_leaks()

    def said() -> Counter[str]:
        return Counter(re.sub(r"\d+", "N", r.getMessage()).split(" (")[0]
                       for r in caplog.records if r.name == "bot.service")

    def deals_ended() -> int:
        return said()[DEAL_OVER]

    await walk.play_to_the_end_of_a_deal(deals_ended)
    told = said()
    print(f"seed {seed}: {walk.answered} answered, {walk.slow} slow,",
          f"{sum(walk.refused.values())} refused by the client ({dict(walk.refused)});",
          dict(told.most_common(12)))
    assert walk.answered > STEPS // 4
    assert walk.slow <= STEPS // 20, f"{walk.slow} steps outlasted simcord's settle time"
    # whatever was done before, the people could still play a deal to its end
    assert told[DEAL_OVER] >= 1, dict(told)
