"""What each command and button does: turn the interaction into one service call, then
render the answer from the service's state after the commit.

Every refusal (a ``ServiceError``) becomes a short ephemeral answer to the one who asked;
nothing is changed then, because the service changes nothing when it refuses.
"""

from __future__ import annotations

import contextlib
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from engine import View

from ..service.errors import ServiceError
from ..service.models import LIVE, PublicState
from .cards import meld_points, suit_name, suit_symbol
from .components import hand_buttons
from .items import hand_action
from .render import (
    hand_content,
    last_trick_text,
    pair_letters,
    rules_text,
    score_text,
    table_content,
)
from .texts import TEXTS, lang_of, level_name, say, word

if TYPE_CHECKING:
    from .app import GaigelBot

log = logging.getLogger("bot.shell")

Interaction = discord.Interaction[Any]

NEEDED_PERMISSIONS = ("view_channel", "send_messages", "read_message_history")
THREAD_PERMISSIONS = ("view_channel", "send_messages_in_threads", "read_message_history")


SUIT_WORDS = {
    "E": ("e", "eichel", "acorns", "acorn", "clubs", "club", "kreuz", "♣", "♣️", "🌰"),
    "B": ("b", "blatt", "laub", "grün", "gruen", "leaves", "leaf", "spades", "spade", "pik", "♠", "♠️", "🍃"),
    "H": ("h", "herz", "rot", "hearts", "heart", "♥", "♥️", "❤️"),
    "S": ("s", "schellen", "schelle", "bells", "bell", "diamonds", "diamond", "karo", "♦", "♦️", "🔔"),
}


def parse_suit(text: str) -> str | None:
    """A suit from a code, a German, English or French name, or a symbol."""
    t = text.strip().lower()
    for suit, words in SUIT_WORDS.items():
        if t in words:
            return suit
    return None


def plain(name: str) -> str:
    """A user's name as text, never as markdown or a mention."""
    return discord.utils.escape_markdown(discord.utils.escape_mentions(name))


class Handlers:
    def __init__(self, bot: GaigelBot) -> None:
        self.bot = bot

    # ------------------------------------------------------------------ helpers

    @property
    def svc(self) -> Any:
        return self.bot.svc

    def lang(self, interaction: Interaction, state: PublicState | None = None) -> str:
        if state is not None:
            return state.options.language
        return lang_of(str(interaction.locale))

    async def answer(self, interaction: Interaction, text: str, **kwargs: Any) -> None:
        """An ephemeral answer, as the response or (once responded) as a follow-up."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True, **kwargs)
            else:
                await interaction.response.send_message(text, ephemeral=True, **kwargs)
        except discord.HTTPException as exc:
            log.info("an answer could not be sent (%s)", exc.status)

    def table_here(self, interaction: Interaction) -> int | None:
        if interaction.channel_id is None:
            return None
        return self.svc.table_in_channel(interaction.channel_id)  # type: ignore[no-any-return]

    def state(self, table_id: int) -> PublicState | None:
        try:
            return self.svc.public_state(table_id)  # type: ignore[no-any-return]
        except ServiceError:
            return None

    async def tell_dm_closed(self, interaction: Interaction, lang: str) -> None:
        """Told once, in the channel, ephemerally: the DM mirror could not reach you."""
        uid = interaction.user.id
        if uid in self.bot.hands.dm_tell and interaction.guild_id is not None:
            self.bot.hands.dm_tell.discard(uid)
            await self.answer(interaction, say(lang, "dm_closed"))

    async def defer_for_computers(self, interaction: Interaction,
                                  state: PublicState | None) -> None:
        """Before a service call that lets computer players think (start, next deal, skip,
        kick, leave): take Discord's 3-second deadline off the table by deferring."""
        if state is None or interaction.response.is_done():
            return
        if any(s.computer or s.away for s in state.seats) or state.status == "playing":
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def guarded(self, interaction: Interaction, coro: Any) -> None:
        """Run a handler; an unexpected error is logged and answered, never left silent."""
        try:
            await coro
        except Exception:
            log.exception("handling an interaction failed")
            await self.answer(interaction, say(self.lang(interaction), "error"))

    # ------------------------------------------------------------------ hands

    def hand_message(self, state: PublicState, view: View, version: int, lang: str,
                     note: str | None = None) -> tuple[str, discord.ui.View]:
        return hand_content(state, view, lang, note), hand_buttons(state, view, version, lang)

    async def open_hand(self, interaction: Interaction, table_id: int,
                        note: str | None = None) -> None:
        """Send the caller's hand as a new ephemeral message (it becomes the live one)."""
        uid = interaction.user.id
        state = self.state(table_id)
        lang = self.lang(interaction, state)
        try:
            view, version = self.svc.hand_view(table_id, uid)
        except ServiceError as exc:
            text = exc.message(lang) if exc.code != "not_started" else say(lang, "hand_no_deal")
            if note:
                text = f"{note}\n{text}"
            await self.answer(interaction, text)
            return
        assert state is not None
        content, buttons = self.hand_message(state, view, version, lang, note)
        in_dm = interaction.guild_id is None
        if not in_dm:
            self.bot.hands.claim(table_id, uid, interaction, version)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(content, view=buttons, ephemeral=not in_dm)
            else:
                await interaction.response.send_message(content, view=buttons,
                                                        ephemeral=not in_dm)
        except discord.HTTPException as exc:
            log.info("table %d: sending a hand failed (%s)", table_id, exc.status)
            self.bot.hands.forget(table_id, uid)
            return
        finally:
            buttons.stop()
        if not in_dm:
            self.bot.hands.answered(table_id, uid, version)
            if await self.bot.hands.wants_dm(uid) and (table_id, uid) not in self.bot.hands.dms:
                self.bot.hands.touch(table_id)
            await self.tell_dm_closed(interaction, lang)

    async def hand_click(self, interaction: Interaction, table_id: int, version: int,
                         act: str, arg: str) -> None:
        await self.guarded(interaction, self._hand_click(interaction, table_id, version, act, arg))

    async def _hand_click(self, interaction: Interaction, table_id: int, version: int,
                          act: str, arg: str) -> None:
        uid = interaction.user.id
        in_dm = interaction.guild_id is None
        refusal: ServiceError | None = None
        acted = False
        await self.svc.load(table_id)
        if not in_dm:
            self.bot.hands.claim(table_id, uid, interaction, version)
        if act != "r":
            fields = hand_action(act, arg)
            if fields is None:
                refusal = ServiceError("bad_action")
            else:
                try:
                    await self.svc.act(table_id, uid, expected_version=version,
                                       run_computers=False, **fields)
                    acted = True
                except ServiceError as exc:
                    refusal = exc
        state = self.state(table_id)
        lang = self.lang(interaction, state)
        note = None
        if refusal is not None:
            note = say(lang, "hand_changed") if refusal.code == "stale" else refusal.message(lang)
        try:
            view, new_version = self.svc.hand_view(table_id, uid)
        except ServiceError as exc:
            self.bot.hands.forget(table_id, uid)
            text = exc.message(lang) if exc.code != "not_started" else say(lang, "hand_no_deal")
            await interaction.response.edit_message(content=text, view=None)
            return
        assert state is not None
        content, buttons = self.hand_message(state, view, new_version, lang, note)
        try:
            await interaction.response.edit_message(content=content, view=buttons)
        except discord.HTTPException as exc:
            log.info("table %d: answering a click failed (%s)", table_id, exc.status)
        finally:
            buttons.stop()
        if in_dm:
            self.bot.hands.dm_adopt(table_id, uid, interaction.message)
        else:
            self.bot.hands.answered(table_id, uid, new_version)
        if acted and any(s.computer or s.away for s in state.seats):
            self.bot.advance(table_id)
        if not in_dm:
            await self.tell_dm_closed(interaction, lang)

    # ------------------------------------------------------------------ table buttons

    async def table_click(self, interaction: Interaction, table_id: int, version: int,
                          act: str) -> None:
        await self.guarded(interaction, self._table_click(interaction, table_id, act))

    async def _table_click(self, interaction: Interaction, table_id: int, act: str) -> None:
        uid = interaction.user.id
        name = interaction.user.display_name
        await self.svc.load(table_id)
        state = self.state(table_id)
        lang = self.lang(interaction, state)
        if state is None:
            await self.answer(interaction, ServiceError("no_table").message(lang))
            return
        if act == "hand":
            await self.open_hand(interaction, table_id)
            return
        if act == "last":
            await self.answer(interaction, last_trick_text(state, lang))
            return
        if act not in ("join", "leave", "add", "start", "next", "back"):
            await self.answer(interaction, ServiceError("bad_action").message(lang))
            return
        if act in ("leave", "start", "next"):  # computers may play before the answer
            await self.defer_for_computers(interaction, state)
        reply = hand_note = None
        try:
            if act == "join":
                reply = await self.join_table(state, uid, name, None, lang)
            elif act == "leave":
                reply = await self.leave_table(state, uid, lang)
            elif act == "add":
                after = await self.svc.add_computer(table_id, uid)
                reply = self.added_text(state, after, lang)
            elif act == "back":
                await self.svc.back(table_id, uid)
                reply = say(lang, "welcome_back")
            elif act == "start":
                await self.svc.start(table_id, uid)
                hand_note = say(lang, "started")
            elif await self.svc.next_deal(table_id, uid):  # "next": True once the deal starts
                hand_note = say(lang, "next_started")
            else:  # "next": this vote counted, others still to come
                reply = say(lang, "ready_waiting")
        except ServiceError as exc:
            await self.answer(interaction, exc.message(lang))
            return
        self.bot.tables.touch(table_id)
        if hand_note is not None:
            await self.open_hand(interaction, table_id, hand_note)
        else:
            await self.answer(interaction, reply or "")

    # ------------------------------------------------------------------ playing commands

    async def act_command(self, interaction: Interaction, do: str, **fields: Any) -> None:
        """/knock, /exchange, /accuse, /declare: one action by the caller at this channel's
        table. The answer is ephemeral; the table (and a knock's ceremony) tell the rest."""
        tid = self.table_here(interaction)
        lang = self.lang(interaction, self.state(tid) if tid is not None else None)
        if tid is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        uid = interaction.user.id
        try:
            await self.svc.act(tid, uid, do, run_computers=False, **fields)
        except ServiceError as exc:
            await self.answer(interaction, self.refusal_text(tid, lang, do, exc, fields))
            return
        self.bot.advance(tid)
        state = self.state(tid)
        style = state.options.suit_style if state else "german"
        if do == "declare":
            trump = state.view.trump_suit if state and state.view else ""
            text = say(lang, "declared", points=meld_points(fields["suit"], fields.get("double", False), trump),
                       suit=f"{suit_symbol(fields['suit'], style)} {suit_name(fields['suit'], lang, style)}")
        elif do == "exchange":
            text = say(lang, "exchanged")
        else:
            text = say(lang, "knocked" if do == "knock" else "accused")
        await self.answer(interaction, text)

    def refusal_text(self, tid: int, lang: str, do: str, exc: ServiceError,
                     fields: dict[str, Any]) -> str:
        """Why a /declare, /knock, /exchange or /accuse was refused, in words for that action
        (the engine's reason code picks the sentence; codes without one keep their own)."""
        code = exc.code
        state = self.state(tid)
        if code == "deal_over":
            return say(lang, "why_deal_over")
        if do == "declare" and code == "meld_closed":
            talon_gone = state is not None and state.view is not None and not state.view.talon
            after_talon = state is not None and state.rules.options().get("meld_after_talon")
            key = "talon" if talon_gone and not after_talon else "trick"
            return say(lang, f"why_declare_meld_closed_{key}")
        if do == "declare" and code == "no_marriage":
            style = state.options.suit_style if state is not None else "german"
            suit = fields.get("suit") or "E"
            pair = f"{suit_symbol(suit, style)}{pair_letters(style)}"
            return say(lang, "why_declare_no_marriage",
                       pair=("2× " if fields.get("double") else "") + pair)
        if do == "accuse" and code == "not_allowed" and state is not None:
            against = fields.get("against")
            if state.teams == 3 and against is None:
                return say(lang, "why_accuse_name")
        key = f"why_{do}_{code}"
        if key in TEXTS:
            return say(lang, key)
        return exc.message(lang)

    def declarable(self, interaction: Interaction) -> tuple[int | None, View | None]:
        tid = self.table_here(interaction)
        if tid is None:
            return None, None
        try:
            view, _ = self.svc.hand_view(tid, interaction.user.id)
        except ServiceError:
            return tid, None
        return tid, view

    async def declare(self, interaction: Interaction, points: int, suit: str | None) -> None:
        """/declare 40 (trump pair), /declare 20 suit (plain pair), 80 and plain 40: doubles."""
        tid, view = self.declarable(interaction)
        state = self.state(tid) if tid is not None else None
        lang = self.lang(interaction, state)
        if tid is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        if view is None:
            # Not seated, or no deal: the service says which.
            await self.act_command(interaction, "declare", suit=suit or "E", double=False)
            return
        trump = view.trump_suit
        if suit:
            parsed = parse_suit(suit)
            if parsed is None:
                await self.answer(interaction, say(lang, "unknown_suit"))
                return
            suit = parsed
        else:
            suit = None
        if points not in (20, 40, 80):
            await self.answer(interaction, say(lang, "bad_points"))
            return
        pick: tuple[str, bool]
        if points == 80:
            pick = (trump, True)
        elif points == 40:
            pick = (trump, False) if suit in (None, trump) else (suit, True)
        else:
            if suit is None:
                fits = [a.suit for a in view.actions
                        if a.do == "declare" and not a.double and a.suit != trump]
                if len(fits) == 1 and fits[0] is not None:
                    suit = fits[0]
                elif len(fits) > 1:
                    await self.answer(interaction, say(lang, "need_suit"))
                    return
                elif any(a.do == "declare" and a.suit == trump for a in view.actions):
                    await self.answer(interaction, say(lang, "trump_pair_40"))
                    return
                else:
                    await self.answer(interaction, say(lang, "no_pairs_now"))
                    return
            if suit == trump:
                await self.answer(interaction, say(lang, "trump_pair_40"))
                return
            pick = (suit, False)
        await self.act_command(interaction, "declare", suit=pick[0], double=pick[1])

    def declare_choices(self, interaction: Interaction, want_points: int | None) -> list[tuple[str, int, str]]:
        """Exactly the pairs the caller can declare now: (name, points, suit)."""
        tid, view = self.declarable(interaction)
        if view is None or tid is None:
            return []
        state = self.state(tid)
        lang = self.lang(interaction, state)
        style = state.options.suit_style if state else "german"
        out = []
        for a in view.actions:
            if a.do != "declare" or a.suit is None:
                continue
            pts = meld_points(a.suit, a.double, view.trump_suit)
            if want_points is not None and pts != want_points:
                continue
            pair = ("2× " if a.double else "") + pair_letters(style)
            name = f"{pts} — {suit_symbol(a.suit, style)} {suit_name(a.suit, lang, style)} {pair}"
            out.append((name, pts, a.suit))
        return out

    async def accuse(self, interaction: Interaction, player: discord.abc.User | None) -> None:
        state, lang = self.state_here(interaction)
        if state is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        against: int | None = None
        if player is not None:
            named = next((s for s in state.seats if s.user_id == player.id and not s.computer), None)
            if named is None:
                await self.answer(interaction, say(lang, "not_at_table", name=plain(player.display_name)))
                return
            me = next((s for s in state.seats if s.user_id == interaction.user.id
                       and not s.computer), None)
            if me is not None and me.team == named.team:
                await self.answer(interaction, say(lang, "why_accuse_own"))
                return
            if state.teams == 3:
                against = named.seat % state.teams
        await self.act_command(interaction, "accuse", against=against)

    # ------------------------------------------------------------------ /gaigel ...

    def missing_permissions(self, interaction: Interaction) -> list[str]:
        perms = interaction.app_permissions
        channel = interaction.channel
        needed = THREAD_PERMISSIONS if isinstance(channel, discord.Thread) else NEEDED_PERMISSIONS
        return [p for p in needed if not getattr(perms, p, False)]

    async def new_table(self, interaction: Interaction, **options: Any) -> None:
        lang = self.lang(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.answer(interaction, say(lang, "guild_only"))
            return
        missing = self.missing_permissions(interaction)
        if missing:
            await self.answer(interaction, say(lang, "missing_perms",
                                               perms=", ".join(p.replace("_", " ") for p in missing)))
            return
        try:
            state = await self.svc.create_table(
                interaction.guild_id, interaction.channel_id, interaction.user.id,
                interaction.user.display_name, **options)
        except ServiceError as exc:
            await self.answer(interaction, exc.message(lang))
            return
        lang = state.options.language
        channel = interaction.channel
        try:
            msg = await self.bot.tables.post(channel, state)
        except discord.HTTPException as exc:
            log.warning("table %d: posting the table message failed (%s)", state.table_id, exc.status)
            with contextlib.suppress(ServiceError):
                await self.svc.end(state.table_id, interaction.user.id)
            await self.answer(interaction, say(lang, "missing_perms", perms="send messages"))
            return
        await self.svc.set_message(state.table_id, msg.id)
        self.bot.tables.touch(state.table_id)
        await self.answer(interaction, say(lang, "opened", table=state.table_id, link=msg.jump_url))

    async def hand(self, interaction: Interaction) -> None:
        tid = self.table_here(interaction)
        if tid is None:
            await self.answer(interaction, say(self.lang(interaction), "no_table_here"))
            return
        await self.open_hand(interaction, tid)

    def state_here(self, interaction: Interaction) -> tuple[PublicState | None, str]:
        """The state of this channel's table (None if there is none) and the caller's language."""
        tid = self.table_here(interaction)
        state = self.state(tid) if tid is not None else None
        return state, self.lang(interaction, state)

    async def add_computer(self, interaction: Interaction, level: str | None,
                           seat: int | None) -> None:
        """/gaigel add: the host seats a computer of a chosen level, in a chosen seat."""
        state, lang = self.state_here(interaction)
        if state is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        try:
            after = await self.svc.add_computer(state.table_id, interaction.user.id, level,
                                                None if seat is None else seat - 1)
        except ServiceError as exc:
            await self.answer(interaction, exc.message(lang))
            return
        self.bot.tables.touch(state.table_id)
        await self.answer(interaction, self.added_text(state, after, lang))

    @staticmethod
    def added_text(before: PublicState, after: PublicState, lang: str) -> str:
        """Which computer sat down where (the chair that was empty before and is not now)."""
        new = next((s for s in after.seats if s.computer and any(
            b.chair == s.chair and b.empty for b in before.seats)), None)
        if new is None:
            return say(lang, "added", name="?", level="?", seat="?")
        return say(lang, "added", name=new.name, level=level_name(lang, new.level or ""),
                   seat=new.chair + 1)

    async def join_table(self, state: PublicState, uid: int, name: str, chair: int | None,
                         lang: str) -> str:
        """Join (the table's Join button, /gaigel join): a free chair before the start; between
        deals the chair of a computer, and the table is told whose seat the person took."""
        before = {s.chair: s for s in state.seats}
        after = await self.svc.join(state.table_id, uid, name, chair)
        mine = next((s for s in after.seats if s.user_id == uid and not s.computer), None)
        old = before.get(mine.chair) if mine is not None else None
        if old is None or old.empty or not old.computer:
            return say(lang, "joined")
        self.bot.tables.notice(state.table_id, say(lang, "takes_over", name=name,
                                                   computer=old.name))
        return say(lang, "took_over", name=old.name)

    async def join(self, interaction: Interaction, seat: int | None) -> None:
        """/gaigel join [seat]: the Join button as a command, with a chosen seat."""
        state, lang = self.state_here(interaction)
        if state is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        try:
            text = await self.join_table(state, interaction.user.id, interaction.user.display_name,
                                         None if seat is None else seat - 1, lang)
        except ServiceError as exc:
            await self.answer(interaction, exc.message(lang))
            return
        self.bot.tables.touch(state.table_id)
        await self.answer(interaction, text)

    async def last(self, interaction: Interaction) -> None:
        state, lang = self.state_here(interaction)
        if state is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        await self.answer(interaction, last_trick_text(state, lang))

    async def score(self, interaction: Interaction) -> None:
        state, lang = self.state_here(interaction)
        if state is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        text = score_text(state, state.score) if state.score else say(lang, "stats_none")
        head = say(lang, "score")
        await self.answer(interaction, f"**{head}** — {text}")

    async def rules(self, interaction: Interaction) -> None:
        state, lang = self.state_here(interaction)
        if state is not None:
            await self.answer(interaction, rules_text(state.options, state.rules, lang))
            return
        if interaction.guild_id is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        options = await self.svc.get_settings(interaction.guild_id)
        await self.answer(interaction, rules_text(options, options.engine_rules(), options.language))

    def is_manager(self, interaction: Interaction) -> bool:
        perms = interaction.permissions
        return bool(perms.manage_guild or perms.administrator)

    async def settings(self, interaction: Interaction, **changes: Any) -> None:
        lang = self.lang(interaction)
        if interaction.guild_id is None:
            await self.answer(interaction, say(lang, "guild_only"))
            return
        if not self.is_manager(interaction):
            await self.answer(interaction, say(lang, "manager_only"))
            return
        changes = {k: v for k, v in changes.items() if v is not None}
        try:
            if changes:
                options = await self.svc.set_settings(interaction.guild_id, **changes)
            else:
                options = await self.svc.get_settings(interaction.guild_id)
        except ServiceError as exc:
            await self.answer(interaction, exc.message(lang))
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
                 f" · {w('computers_knock')} {w(options.computer_knock)}")
        await self.answer(interaction, say(lang, "settings_saved" if changes else "settings_now",
                                           settings=shown))

    async def export(self, interaction: Interaction, scope: str, fmt: str) -> None:
        lang = self.lang(interaction)
        if interaction.guild_id is None:
            await self.answer(interaction, say(lang, "guild_only"))
            return
        kwargs: dict[str, Any]
        if scope == "server":
            if not self.is_manager(interaction):
                await self.answer(interaction, say(lang, "manager_only"))
                return
            kwargs = {"guild_id": interaction.guild_id}
        else:
            # The live table, or else the last one, so a host can export a finished match.
            last = (await self.svc.last_table_in_channel(interaction.channel_id)
                    if interaction.channel_id is not None else None)
            if last is None:
                await self.answer(interaction, say(lang, "no_table_here"))
                return
            if last["host_id"] != interaction.user.id and not self.is_manager(interaction):
                await self.answer(interaction, say(lang, "host_or_manager"))
                return
            kwargs = {"table_id": last["table_id"]}
        await interaction.response.defer(ephemeral=True, thinking=True)
        buf = io.StringIO()
        try:
            async for chunk in self.svc.export(fmt=fmt, **kwargs):
                buf.write(chunk)
        except ServiceError as exc:
            await interaction.followup.send(exc.message(lang), ephemeral=True)
            return
        data = buf.getvalue().encode("utf-8")
        name = f"gaigel-{scope}-{kwargs.get('table_id') or interaction.guild_id}.{fmt}"
        await interaction.followup.send(say(lang, "export_done", scope=scope, fmt=fmt),
                                        file=discord.File(io.BytesIO(data), filename=name),
                                        ephemeral=True)

    async def stats(self, interaction: Interaction, player: discord.abc.User | None) -> None:
        lang = self.lang(interaction)
        if interaction.guild_id is None:
            await self.answer(interaction, say(lang, "guild_only"))
            return
        target = player or interaction.user
        data = await self.svc.stats(interaction.guild_id, target.id)
        lines = [f"**{target.display_name}**"]
        lines += [f"{k.replace('_', ' ')}: {v}" for k, v in data.items()
                  if k not in ("user_id", "guild_id") and not isinstance(v, dict | list)]
        await self.answer(interaction, "\n".join(lines) if len(lines) > 1 else say(lang, "stats_none"))

    async def leaderboard(self, interaction: Interaction) -> None:
        lang = self.lang(interaction)
        if interaction.guild_id is None:
            await self.answer(interaction, say(lang, "guild_only"))
            return
        rows = await self.svc.leaderboard(interaction.guild_id)
        if not rows:
            await self.answer(interaction, say(lang, "stats_none"))
            return
        lines = []
        for i, row in enumerate(rows, 1):
            name = row.get("name") or (f"<@{row['user_id']}>" if row.get("user_id") else "?")
            rest = " · ".join(f"{k.replace('_', ' ')} {v}" for k, v in row.items()
                              if k not in ("name", "user_id", "guild_id"))
            lines.append(f"{i}. {name} — {rest}")
        await self.answer(interaction, "\n".join(lines)[:2000])

    async def leave_table(self, state: PublicState, uid: int, lang: str) -> str:
        """Leave (the table's Leave button, /gaigel leave) and the answer to give: before the
        start the chair is freed, later a computer takes it and the table is told."""
        tid = state.table_id
        seat = next((s for s in state.seats if s.user_id == uid and not s.computer), None)
        await self.svc.leave(tid, uid)
        self.bot.hands.forget(tid, uid)
        after = self.state(tid)
        if after is None or after.status not in LIVE:
            return say(lang, "left_closed")
        if state.status == "open":
            return say(lang, "left")
        if seat is not None:
            self.bot.tables.notice(tid, say(lang, "walked_out", name=seat.name))
        return say(lang, "left_playing")

    async def leave(self, interaction: Interaction) -> None:
        """/gaigel leave: also once the match has started (the Leave button is only on the
        table before the start, where a slip costs nothing)."""
        state, lang = self.state_here(interaction)
        if state is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        await self.defer_for_computers(interaction, state)
        try:
            text = await self.leave_table(state, interaction.user.id, lang)
        except ServiceError as exc:
            await self.answer(interaction, exc.message(lang))
            return
        self.bot.tables.touch(state.table_id)
        await self.answer(interaction, text)

    async def host_command(self, interaction: Interaction, what: str,
                           player: discord.abc.User | None = None) -> None:
        """/gaigel end, kick, skip: the host's tools."""
        state, lang = self.state_here(interaction)
        if state is None:
            await self.answer(interaction, say(lang, "no_table_here"))
            return
        tid = state.table_id
        uid = interaction.user.id
        try:
            if what == "end":
                await self.svc.end(tid, uid)
                self.bot.timers.arm(tid, None, 0)
                text = say(lang, "end_done")
            elif what == "skip":
                await self.defer_for_computers(interaction, state)
                await self.svc.skip(tid, uid)
                text = say(lang, "skip_done")
            else:
                assert player is not None
                seat = next((s for s in state.seats if s.user_id == player.id and not s.computer), None)
                if seat is None:
                    if not self.svc.is_host(tid, uid):
                        raise ServiceError("not_host")
                    await self.answer(interaction, say(lang, "not_at_table",
                                                       name=plain(player.display_name)))
                    return
                await self.defer_for_computers(interaction, state)
                await self.svc.kick(tid, uid, seat.chair)
                self.bot.hands.forget(tid, player.id)
                if state.status == "open":
                    text = say(lang, "kick_done_open", name=seat.name)
                else:
                    text = say(lang, "kick_done", name=seat.name)
                    self.bot.tables.notice(tid, say(lang, "kicked", name=seat.name))
        except ServiceError as exc:
            await self.answer(interaction, exc.message(lang))
            return
        self.bot.tables.touch(tid)
        await self.answer(interaction, text)

    async def dm(self, interaction: Interaction, on: bool) -> None:
        lang = self.lang(interaction)
        uid = interaction.user.id
        await self.svc.set_user_prefs(uid, dm_mirror=on)
        self.bot.hands.set_dm(uid, on)
        tid = self.table_here(interaction)
        if on and tid is not None:
            state = self.state(tid)
            if state is not None and state.view is not None and any(s.user_id == uid for s in state.seats):
                await self.bot.hands._push_dm(state, uid)
                if uid in self.bot.hands.dm_failed:
                    self.bot.hands.dm_tell.discard(uid)
                    await self.answer(interaction, say(lang, "dm_closed"))
                    return
        await self.answer(interaction, say(lang, "dm_on" if on else "dm_off"))

    def table_text(self, state: PublicState) -> str:
        return table_content(state)
