"""The lobby: opening a table, the table message's buttons, joining (also taking a computer's
chair between deals), seating computers, leaving, the host's tools (end, kick, skip) and the
server's settings."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from ...service.errors import NotHost, ServiceError
from ...service.models import LIVE, PublicState
from ...texts import level_name, refusal, refusal_text, say, word
from ..custom_ids import TableClick
from ..decide import table_act, table_message
from ..names import shown
from ..render import last_trick_text
from .context import HandlerBase, Interaction, Parts, Request, guard, handler
from .play import PlayHandlers

log = logging.getLogger("bot.shell")

NEEDED_PERMISSIONS = ("view_channel", "send_messages", "read_message_history")
THREAD_PERMISSIONS = ("view_channel", "send_messages_in_threads", "read_message_history")


class LobbyHandlers(HandlerBase):
    def __init__(self, parts: Parts, play: PlayHandlers) -> None:
        super().__init__(parts)
        self.play = play
        """The table message's "My cards" opens a hand."""

    # ------------------------------------------------------------------ the table's buttons

    async def table_click(self, interaction: Interaction, click: TableClick | None) -> None:
        # None: a field out of the database's range, a forged id, not a table
        req = await self.table_request(interaction, None if click is None else click.table_id)
        if req is None or click is None:
            return
        if not await self.current_message(req, click.act):
            await req.answer(refusal(req.lang, "old_table_message"))
            return
        await guard(req, self._table_click(req, click.act, click.version))

    async def current_message(self, req: Request, act: str) -> bool:
        """Whether a table button was clicked on the table's current message (or on the knock
        ceremony's Next deal). A table message replaced by a fresh one (Discord limits edits of
        messages older than an hour) is never acted on, whatever version its buttons carry."""
        state, clicked = req.table, req.clicked.message_id
        place = table_message(clicked, state.message_id, act)
        if place != "ceremony?":
            return place == "current"
        kept = await self.svc.shown_messages(state.table_id)
        return any(m.kind == "ceremony" and m.message_id == clicked for m in kept)

    async def _table_click(self, req: Request, act: str, version: int) -> None:
        state, lang, uid = req.table, req.lang, req.user_id
        table_id = state.table_id
        what = table_act(act)
        if what.kind == "hand":
            await self.play.open_hand(req, table_id)
            return
        if what.kind == "last":
            await req.answer(last_trick_text(state, lang, self.parts.faces.for_table(state)))
            return
        if what.kind == "review":
            await self.play.review(req, table_id)
            return
        if what.kind == "unknown":
            await req.answer(refusal(lang, "bad_action"))
            return
        if what.computers_first:
            await self.defer_for_computers(req)
        reply = hand_note = None
        if act == "join":
            reply = await self.join_table(req, None)
        elif act == "leave":
            reply = await self.leave_table(req)
        elif act == "add":
            # the button's version: a double-click seats one computer, not two
            after = await self.svc.add_computer(table_id, uid, expected_version=version)
            reply = self.added_text(state, after, lang)
        elif act == "back":
            await self.svc.back(table_id, uid)
            reply = say(lang, "welcome_back")
        elif act == "again":
            await self.svc.play_again(table_id, uid)
            reply = say(lang, "again_open" if state.status == "over" else "again_back")
        elif act == "start":
            # The click's id, which Discord assigns, is the deal's salt (docs/FAIRNESS.md).
            await self.svc.start(table_id, uid, salt=str(req.interaction.id))
            hand_note = say(lang, "started")
        elif await self.svc.next_deal(table_id, uid, salt=str(req.interaction.id)):
            # "next": True once this click completed the vote and dealt, with its id as salt
            hand_note = say(lang, "next_started")
        else:  # "next": this vote counted, others still to come
            reply = say(lang, "ready_waiting")
        self.parts.tables.touch(table_id)
        if hand_note is not None:
            await self.play.open_hand(req, table_id, hand_note)
        else:
            await req.answer(reply or "")

    # ------------------------------------------------------------------ opening a table

    @staticmethod
    def missing_permissions(interaction: Interaction) -> list[str]:
        perms = interaction.app_permissions
        channel = interaction.channel
        needed = THREAD_PERMISSIONS if isinstance(channel, discord.Thread) else NEEDED_PERMISSIONS
        return [p for p in needed if not getattr(perms, p, False)]

    @handler()
    async def new_table(self, req: Request, **options: Any) -> None:
        interaction, lang = req.interaction, req.caller_lang
        if interaction.guild_id is None or interaction.channel_id is None:
            await req.answer(say(lang, "guild_only"))
            return
        missing = self.missing_permissions(interaction)
        if missing:
            await req.answer(say(lang, "missing_perms",
                                 perms=", ".join(p.replace("_", " ") for p in missing)))
            return
        try:
            state = await self.svc.create_table(
                interaction.guild_id, interaction.channel_id, req.user_id, req.name, **options)
        except ServiceError as exc:
            await req.answer(refusal_text(lang, exc))
            return
        lang = state.options.language
        tables = self.parts.tables
        try:
            msg = await tables.post(interaction.channel, state)
        except discord.HTTPException as exc:
            log.warning("table %d: posting the table message failed (%s)", state.table_id,
                        exc.status)
            with contextlib.suppress(ServiceError):
                await self.svc.end(state.table_id, req.user_id)
            await req.answer(say(lang, "missing_perms", perms="send messages"))
            return
        await self.svc.set_message(state.table_id, msg.id)
        tables.touch(state.table_id)
        if self.parts.links:
            await req.answer(say(lang, "opened", table=state.table_id, link=msg.jump_url))
        else:  # offline: the table message is right there in the page
            await req.answer(say(lang, "opened_here", table=state.table_id))

    # ------------------------------------------------------------------ seats

    def computer_levels(self) -> tuple[str, ...]:
        """The computer levels on offer (``/gaigel new``, ``add`` and ``settings`` complete them)."""
        return self.svc.computer_levels()

    @handler(table=True)
    async def add_computer(self, req: Request, level: str | None, seat: int | None) -> None:
        """/gaigel add: the host seats a computer of a chosen level, in a chosen seat."""
        state = req.table
        after = await self.svc.add_computer(state.table_id, req.user_id, level,
                                            None if seat is None else seat - 1)
        self.parts.tables.touch(state.table_id)
        await req.answer(self.added_text(state, after, req.lang))

    @staticmethod
    def added_text(before: PublicState, after: PublicState, lang: str) -> str:
        """Which computer sat down where (the chair that was empty before and is not now)."""
        new = next((s for s in after.seats if s.computer and any(
            b.chair == s.chair and b.empty for b in before.seats)), None)
        if new is None:
            return say(lang, "added", name="?", level="?", seat="?")
        return say(lang, "added", name=shown(new.name), level=level_name(lang, new.level or ""),
                   seat=new.chair + 1)

    async def join_table(self, req: Request, chair: int | None) -> str:
        """Join (the table's Join button, /gaigel join): a free chair before the start; between
        deals the chair of a computer, and the table is told whose seat the person took."""
        state, lang, uid, name = req.table, req.lang, req.user_id, req.name
        before = {s.chair: s for s in state.seats}
        after = await self.svc.join(state.table_id, uid, name, chair)
        mine = next((s for s in after.seats if s.user_id == uid and not s.computer), None)
        old = before.get(mine.chair) if mine is not None else None
        if old is None or old.empty or not old.computer:
            return say(lang, "joined")
        self.parts.tables.notice(state.table_id, say(lang, "takes_over", name=shown(name),
                                                     computer=shown(old.name)))
        return say(lang, "took_over", name=shown(old.name))

    @handler(table=True)
    async def join(self, req: Request, seat: int | None) -> None:
        """/gaigel join [seat]: the Join button as a command, with a chosen seat."""
        text = await self.join_table(req, None if seat is None else seat - 1)
        self.parts.tables.touch(req.table.table_id)
        await req.answer(text)

    async def leave_table(self, req: Request) -> str:
        """Leave (the table's Leave button, /gaigel leave) and the answer to give: before the
        start the chair is freed, later a computer takes it and the table is told."""
        state, lang, uid = req.table, req.lang, req.user_id
        tid = state.table_id
        seat = next((s for s in state.seats if s.user_id == uid and not s.computer), None)
        await self.svc.leave(tid, uid)
        self.parts.hands.forget(tid, uid)
        after = self.state(tid)
        if after is None or after.status not in LIVE:
            return say(lang, "left_closed")
        if state.status == "open":
            return say(lang, "left")
        if seat is not None:
            self.parts.tables.notice(tid, say(lang, "walked_out", name=shown(seat.name)))
        return say(lang, "left_playing")

    @handler(table=True)
    async def leave(self, req: Request) -> None:
        """/gaigel leave: also once the match has started (the Leave button is only on the
        table before the start, where a slip costs nothing)."""
        await self.defer_for_computers(req)
        text = await self.leave_table(req)
        self.parts.tables.touch(req.table.table_id)
        await req.answer(text)

    # ------------------------------------------------------------------ the host's tools

    @handler(table=True)
    async def host_command(self, req: Request, what: str,
                           player: discord.abc.User | None = None) -> None:
        """/gaigel end, kick, skip."""
        state, lang, uid = req.table, req.lang, req.user_id
        tid = state.table_id
        if what == "end":
            await self.svc.end(tid, uid)
            self.parts.timers.stop(tid)
            text = say(lang, "end_done")
        elif what == "skip":
            await self.defer_for_computers(req)
            await self.svc.skip(tid, uid)
            text = say(lang, "skip_done")
        else:
            assert player is not None
            seat = next((s for s in state.seats if s.user_id == player.id and not s.computer),
                        None)
            if seat is None:
                if not self.svc.is_host(tid, uid):
                    raise NotHost()
                await req.answer(say(lang, "not_at_table", name=shown(player.display_name)))
                return
            await self.defer_for_computers(req)
            await self.svc.kick(tid, uid, seat.chair)
            self.parts.hands.forget(tid, player.id)
            if state.status == "open":
                text = say(lang, "kick_done_open", name=shown(seat.name))
            else:
                text = say(lang, "kick_done", name=shown(seat.name))
                self.parts.tables.notice(tid, say(lang, "kicked", name=shown(seat.name)))
        self.parts.tables.touch(tid)
        await req.answer(text)

    # ------------------------------------------------------------------ server settings

    @staticmethod
    def is_manager(interaction: Interaction) -> bool:
        perms = interaction.permissions
        return bool(perms.manage_guild or perms.administrator)

    @handler()
    async def settings(self, req: Request, **changes: Any) -> None:
        interaction, lang = req.interaction, req.caller_lang
        if interaction.guild_id is None:
            await req.answer(say(lang, "guild_only"))
            return
        if not self.is_manager(interaction):
            await req.answer(say(lang, "manager_only"))
            return
        changes = {k: v for k, v in changes.items() if v is not None}
        try:
            if changes:
                options = await self.svc.set_settings(interaction.guild_id, **changes)
            else:
                options = await self.svc.get_settings(interaction.guild_id)
        except ServiceError as exc:
            await req.answer(refusal_text(lang, exc))
            return
        lang = options.language

        def w(key: str) -> str:
            return word(lang, key)

        scoring = "strokes_kind" if options.scoring == "strokes" else options.scoring
        shown = (f"{w('preset')} {w(options.preset)} · {w('language')} {w(options.language)}"
                 f" · {w('suits')} {w(options.suit_style)} · {w('scoring')} {w(scoring)}"
                 f" · {w('strokes')} {options.strokes} · {w('timer')} {options.turn_timer}s"
                 f" · {w('computer')} {level_name(lang, options.level)}"
                 f" · {w('points_shown')} {say(lang, 'yes' if options.show_points else 'no')}"
                 f" · {w('computers_knock')} {w(options.computer_knock)}"
                 f" · {w('season')} {w(options.season)} · {w('rating')} {w(options.rating)}"
                 f" · {w('pictures')} {say(lang, 'yes' if options.pictures else 'no')}")
        await req.answer(say(lang, "settings_saved" if changes else "settings_now",
                             settings=shown))
