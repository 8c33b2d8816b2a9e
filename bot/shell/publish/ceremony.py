"""The knock ceremony: a knock, an accusation or five Sevens told in one public message, edited
a few times as the claiming team's tricks are turned over and counted."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from ...pictures.recount import RecountScene, render_recount
from ...service.errors import ServiceError
from ...service.models import Committed, PublicState, ShownMessage
from ...service.service import GameService
from ...texts import say
from ..card_text import cards_line
from ..faces import CardFaces
from ..layouts import next_deal_button
from ..pacing import Pacing
from ..render import (
    ceremony_frames,
    ceremony_trick_counts,
    recount_picture_text,
    seat_name,
    team_label,
    verdict_lines,
)
from .timers import now

log = logging.getLogger("bot.shell")


class Ceremonies:
    def __init__(self, client: discord.Client, service: GameService, pacing: Pacing,
                 on_done: Callable[[int], None], faces: CardFaces | None = None) -> None:
        self.client = client
        self.faces = faces if faces is not None else CardFaces()
        self.service = service
        self.pacing = pacing
        """``ceremony_step``: the pause between the edits."""
        self.on_done = on_done
        """Told the table's id when a ceremony is over (the table message redraws)."""
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.kept: set[int] = set()
        """Tables with a ceremony kept in the database (read at start, see ``restore``)."""

    def start(self, state: PublicState, outcome: Committed) -> None:
        action = outcome.action
        assert action is not None
        lang = state.options.language
        name = seat_name(state, outcome.seat)
        recount: dict[str, Any] = {}
        for e in outcome.events:
            if e.kind == "recount":
                recount = e.data
        teams = state.teams
        faces = self.faces.for_table(state)
        scenes: list[RecountScene | None] = []
        if action.do == "sevens":
            cards: list[str] = next((list(e.data.get("cards") or []) for e in outcome.events
                                     if e.kind == "sevens_shown"), [])
            call = say(lang, "sevens_call", name=name,
                       cards=cards_line(cards, state.options.suit_style, faces))
            frames = [call]
            if outcome.deal_end is not None:
                frames.append("\n".join([call, *verdict_lines(state, outcome.deal_end)]))
        else:
            team = state.seats[recount.get("team", 0) % len(state.seats)].team if recount else 0
            label = team_label(state, team) if teams == 3 else "ABC"[team]
            key = ("knock_call" if action.do == "knock" else "accuse_call") \
                + ("_three" if teams == 3 else "")
            call = say(lang, key, name=name, team=label)
            frames = ceremony_frames(state, call, recount, outcome.deal_end, faces)
            if state.options.pictures:
                tricks = tuple(tuple(cards) for cards in recount.get("tricks", []))
                style = "french" if state.options.suit_style == "french" else "german"
                counts = ceremony_trick_counts(recount, outcome.deal_end)
                # The frames from the total on (the last, or the last two with a verdict)
                # draw the marriages and the total too, as their text says them.
                counted = len(counts) - (2 if outcome.deal_end is not None else 1)
                total = recount.get("points")
                melds = (total - recount.get("card_points", 0)) if total is not None else 0
                labels = (say(lang, "recount_picture_melds"), say(lang, "recount_picture_total"))
                scenes = [RecountScene(style, tricks[:n], len(state.seats),
                                       melds=melds if i >= counted else 0,
                                       total=total if i >= counted else None,
                                       labels=labels) if n else None
                          for i, n in enumerate(counts)]
        self.tasks[state.table_id] = asyncio.create_task(self._run(state, frames, scenes))

    async def restore(self) -> None:
        """After a start: which tables have a ceremony whose button must go at the next deal."""
        try:
            shown = await self.service.shown_messages()
        except Exception:
            log.exception("reading the kept ceremonies failed")
            return
        self.kept.update(m.table_id for m in shown if m.kind == "ceremony")

    def busy(self, table_id: int) -> bool:
        task = self.tasks.get(table_id)
        return task is not None and not task.done()

    async def _run(self, state: PublicState, frames: list[str],
                   scenes: list[RecountScene | None]) -> None:
        try:
            await self._tell(state, frames, scenes)
        finally:
            self.tasks.pop(state.table_id, None)
            self.on_done(state.table_id)

    async def _tell(self, state: PublicState, frames: list[str],
                    scenes: list[RecountScene | None]) -> None:
        """Post the call, then edit it frame by frame; a frame that turns over more tricks
        carries their picture (``scenes``, one per frame; empty: text only)."""
        channel = self.client.get_partial_messageable(state.channel_id, guild_id=state.guild_id)
        try:
            msg = await channel.send(content=frames[0])
        except discord.HTTPException as exc:
            log.warning("table %d: posting the knock failed (%s)", state.table_id, exc.status)
            return
        self.kept.add(state.table_id)
        try:
            await self.service.remember_message(ShownMessage(
                state.table_id, "ceremony", 0, state.deal_number, msg.channel.id, msg.id, None,
                now()))
        except Exception:
            log.exception("table %d: keeping the ceremony failed", state.table_id)
        shown: RecountScene | None = None
        for i, frame in enumerate(frames[1:], 1):
            if self.pacing.ceremony_step:
                await asyncio.sleep(self.pacing.ceremony_step)
            kwargs: dict[str, Any] = {"content": frame}
            scene = scenes[i] if i < len(scenes) else None
            if scene is not None and scene != shown:
                data, fmt = await asyncio.to_thread(render_recount, scene)
                alt = recount_picture_text(state.options.language, state.options.suit_style,
                                           scene.tricks, scene.melds, scene.total)
                kwargs["attachments"] = [discord.File(io.BytesIO(data), filename=f"recount.{fmt}",
                                                      description=alt)]
                shown = scene
            view = None
            if i == len(frames) - 1:
                try:
                    view = next_deal_button(self.service.public_state(state.table_id))
                except (ServiceError, RuntimeError):
                    view = None
            try:
                if view is not None:
                    kwargs["view"] = view
                await msg.edit(**kwargs)
            except discord.HTTPException as exc:
                log.warning("table %d: a ceremony edit failed (%s)", state.table_id, exc.status)
            finally:
                if view is not None:
                    view.stop()

    def retire(self, table_id: int, deal_number: int) -> None:
        """A new deal began: the last deal's ceremony loses its Next deal button (also one
        posted before a restart: it is kept in the database)."""
        if table_id not in self.kept:
            return
        self.kept.discard(table_id)

        async def strip() -> None:
            task = self.tasks.get(table_id)
            if task is not None and not task.done():
                with contextlib.suppress(Exception):
                    await task
            try:
                kept = [m for m in await self.service.shown_messages(table_id)
                        if m.kind == "ceremony" and m.deal_number < deal_number]
            except Exception:
                log.exception("table %d: reading the kept ceremony failed", table_id)
                return
            for m in kept:
                if m.channel_id is None or m.message_id is None:
                    continue
                channel = self.client.get_partial_messageable(m.channel_id)
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(m.message_id).edit(view=None)
                with contextlib.suppress(Exception):
                    await self.service.forget_message(table_id, "ceremony")

        asyncio.create_task(strip())
