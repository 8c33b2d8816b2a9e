"""Playing: the hand (open, click a card or a claim), the claim commands (/declare, /knock,
/exchange, /accuse) and the DM mirror. Which pair ``/declare 20`` means is the service's
(``bot.service.declare``); the engine decides what is legal."""

from __future__ import annotations

import logging
from typing import Any

import discord

from engine import View
from engine.tricks import team_of

from ...service.declare import pair_to_declare
from ...service.errors import NotStarted, ServiceError, StaleTable
from ...service.models import PublicState
from ...texts import has, refusal, refusal_text, say
from ..card_text import meld_points, suit_name, suit_symbol
from ..custom_ids import Accuse, AskHint, HandAct, HandClick, Knock
from ..decide import Question, hand_click, own_hand
from ..layouts import hand_buttons
from ..names import shown
from ..publish.timers import now
from ..render import accused_names, hand_content, hint_text, pair_letters, review_text
from .context import HandlerBase, Interaction, Parts, Request, guard, handler, send, think

log = logging.getLogger("bot.shell")


class PlayHandlers(HandlerBase):
    def __init__(self, parts: Parts) -> None:
        super().__init__(parts)
        self.primer_told: set[int] = set()
        """People whose first hand has pointed them to the primer (a cache of their prefs)."""
        self.confirming: dict[tuple[int, int], Question] = {}
        """(table, user) → the knock or accusation asked. Kept in memory: after a restart a
        confirmation has lapsed (click again)."""

    # ------------------------------------------------------------------ the hand

    def hand_message(self, state: PublicState, view: View, version: int, lang: str,
                     note: str | None = None,
                     confirm: HandAct | None = None) -> tuple[str, discord.ui.View]:
        faces = self.parts.faces.for_table(state)
        return (hand_content(state, view, lang, note, faces),
                hand_buttons(state, view, version, lang, confirm=confirm, faces=faces))

    @handler(table=True)
    async def hand(self, req: Request) -> None:
        """/gaigel hand."""
        await self.open_hand(req, req.table.table_id)

    async def open_hand(self, req: Request, table_id: int, note: str | None = None) -> None:
        """Send the caller's hand as a new ephemeral message (it becomes the live one)."""
        interaction, uid, lang = req.interaction, req.user_id, req.lang
        hands = self.parts.hands
        state = self.state(table_id)
        try:
            view, version = self.svc.hand_view(table_id, uid)
        except ServiceError as exc:
            text = say(lang, "hand_no_deal") if isinstance(exc, NotStarted) \
                else refusal_text(lang, exc)
            if note:
                text = f"{note}\n{text}"
            await req.answer(text)
            return
        assert state is not None
        first = uid not in self.primer_told and not (
            await self.svc.get_user_prefs(uid)).primer_told
        if first:  # a person's first hand ever points to the primer, once
            note = "\n".join(filter(None, [note, say(lang, "first_hand_primer")]))
        content, buttons = self.hand_message(state, view, version, lang, note)
        in_dm = req.in_dm
        if not in_dm:
            hands.claim(table_id, uid, interaction, version)
        message_id: int | None = None
        try:
            message_id = await send(interaction, content, view=buttons, ephemeral=not in_dm,
                                    wait=True)
        except discord.HTTPException as exc:
            log.info("table %d: sending a hand failed (%s)", table_id, exc.status)
            hands.forget(table_id, uid)
            return
        finally:
            buttons.stop()
        if first:
            self.primer_told.add(uid)
            await self.svc.set_user_prefs(uid, primer_told=True)
        if not in_dm:
            hands.answered(table_id, uid, version)
            await hands.opened(table_id, uid, interaction, message_id, state.deal_number)
            if await hands.wants_dm(uid) and not hands.has_dm(table_id, uid):
                hands.touch(table_id)
            await self.tell_dm_closed(req)

    async def tell_dm_closed(self, req: Request) -> None:
        """Told once, in the channel, ephemerally: the DM mirror could not reach you."""
        if not req.in_dm and self.parts.hands.dm_closed_news(req.user_id):
            await req.answer(say(req.lang, "dm_closed"))

    async def hand_click(self, interaction: Interaction, click: HandClick | None) -> None:
        """A card or a claim clicked in a hand: act, then answer by editing that hand."""
        if click is None:  # a table id no database holds: a forged id, not a table
            req = self.request(interaction, table_id=None)
            await req.answer(refusal(req.lang, "bad_action"))
            return
        await self.svc.load(click.table_id)
        req = self.request(interaction, click.table_id)
        if req.state is not None and not req.in_dm and not req.at_table(req.state):
            await req.answer(refusal(req.lang, "other_table"))
            return
        if isinstance(click.act, AskHint):
            await guard(req, self._hint(req, click))
            return
        await guard(req, self._hand_click(req, click))

    async def _hint(self, req: Request, click: HandClick) -> None:
        """The coach's play as one line inside the clicked hand, which is re-rendered with it
        (the next render, once a card is played, has none: no message piles up). Computed for
        the table's version; if the table moved on meanwhile, the hand is shown as it is now,
        without the stale line. A Hint button forged onto another message gets a new private
        message instead."""
        interaction, uid, table_id = req.interaction, req.user_id, click.table_id
        if not own_hand(req.clicked):
            await think(interaction)
            hint = await self.svc.hint(table_id, uid)
            state = self.state(table_id)
            lang = state.options.language if state is not None else req.lang
            style = state.options.suit_style if state is not None else "german"
            await req.answer(hint_text(hint, lang, style, self.parts.faces.for_table(state)))
            return
        hands = self.parts.hands
        if not req.in_dm:
            hands.claim(table_id, uid, interaction, click.version)
        answered: int | None = None
        try:
            await interaction.response.defer()  # the hand itself is edited when the coach answers
            hint = await self.svc.hint(table_id, uid)
            state = self.state(table_id)
            view, version = self.svc.hand_view(table_id, uid)
            assert state is not None
            lang = state.options.language
            faces = self.parts.faces.for_table(state)
            line = hint_text(hint, lang, state.options.suit_style, faces) \
                if version == hint.version else None
            content = hand_content(state, view, lang, None, faces, hint=line)
            buttons = hand_buttons(state, view, version, lang, faces=faces)
            try:
                await interaction.edit_original_response(content=content, view=buttons)
                answered = version
            except discord.HTTPException as exc:
                log.info("table %d: answering a Hint failed (%s)", table_id, exc.status)
            finally:
                buttons.stop()
            if req.in_dm:
                hands.dm_adopt(table_id, uid, interaction.message, state.deal_number)
        finally:
            if not req.in_dm:
                hands.answered(table_id, uid, answered if answered is not None
                               else click.version)

    async def review(self, req: Request, table_id: int) -> None:
        """The coach's review of the clicker's plays in the last deal (the table's Review
        button), in a new ephemeral message; the search runs in a thinking process meanwhile."""
        await think(req.interaction)
        review = await self.svc.review(table_id, req.user_id)
        await req.answer(review_text(review, req.lang, req.table.options.suit_style))

    async def _hand_click(self, req: Request, click: HandClick) -> None:
        interaction, uid, table_id = req.interaction, req.user_id, click.table_id
        hands = self.parts.hands
        refused: ServiceError | None = None
        acted = False
        own = own_hand(req.clicked)
        if not req.in_dm:
            hands.claim(table_id, uid, interaction, click.version)
        act = click.act
        key = (table_id, uid)
        step = hand_click(act, click.version, self.confirming.get(key), now())
        if step.question is None:
            self.confirming.pop(key, None)
        else:
            self.confirming[key] = step.question
        if step.meaning == "stale":  # a forged version no table has: nothing to act on
            refused = StaleTable()
        elif step.meaning == "act":
            fields = act.service_fields() if act is not None else None
            if fields is None:
                refused = ServiceError("bad_action")
            else:
                try:
                    await self.svc.act(table_id, uid, expected_version=click.version,
                                       run_computers=False, **fields)
                    acted = True
                except ServiceError as exc:
                    refused = exc
        state = self.state(table_id)
        lang = state.options.language if state is not None else req.lang
        note = None
        asked = step.asked
        if refused is not None:
            note = say(lang, "hand_changed") if isinstance(refused, StaleTable) \
                else refusal_text(lang, refused)
        elif step.meaning == "lapsed":
            note = say(lang, "confirm_lapsed")
        elif asked is not None:
            accused = accused_names(state, asked.against) \
                if isinstance(asked, Accuse) and state is not None else None
            note = say(lang, "confirm_knock") if isinstance(asked, Knock) \
                else say(lang, "confirm_accuse_named", name=accused) if accused \
                else say(lang, "confirm_accuse")
            if step.meaning == "ask_again":
                note = f"{say(lang, 'confirm_too_quick')}\n{note}"
        try:
            view, new_version = self.svc.hand_view(table_id, uid)
        except ServiceError as exc:
            hands.forget(table_id, uid)
            text = say(lang, "hand_no_deal") if isinstance(exc, NotStarted) \
                else refusal_text(lang, exc)
            if own:
                await interaction.response.edit_message(content=text, view=None)
            else:
                await req.answer(text)
            return
        assert state is not None
        content, buttons = self.hand_message(state, view, new_version, lang, note, asked)
        new_message: int | None = None
        try:
            if own:
                await interaction.response.edit_message(content=content, view=buttons)
            else:
                callback = await interaction.response.send_message(content, view=buttons,
                                                                   ephemeral=not req.in_dm)
                new_message = callback.message_id
        except discord.HTTPException as exc:
            log.info("table %d: answering a click failed (%s)", table_id, exc.status)
        finally:
            buttons.stop()
        if req.in_dm and own:
            hands.dm_adopt(table_id, uid, interaction.message, state.deal_number)
        else:
            hands.answered(table_id, uid, new_version)
            if not own:
                await hands.opened(table_id, uid, interaction, new_message, state.deal_number)
        if acted and any(s.computer or s.away for s in state.seats):
            self.parts.advance(table_id)
        await self.tell_dm_closed(req)

    # ------------------------------------------------------------------ claim commands

    @handler(table=True)
    async def act_command(self, req: Request, do: str, **fields: Any) -> None:
        """/knock, /exchange, /accuse, /declare: one action by the caller at this channel's
        table. The answer is ephemeral; the table (and a knock's ceremony) tell the rest."""
        await self._act(req, do, **fields)

    async def _act(self, req: Request, do: str, **fields: Any) -> None:
        tid, lang = req.table.table_id, req.lang
        try:
            await self.svc.act(tid, req.user_id, do, run_computers=False, **fields)
        except ServiceError as exc:
            await req.answer(self.refusal_text(tid, lang, do, exc, fields))
            return
        self.parts.advance(tid)
        state = self.state(tid)
        style = state.options.suit_style if state else "german"
        if do == "declare":
            trump = state.view.trump_suit if state and state.view else ""
            text = say(lang, "declared",
                       points=meld_points(fields["suit"], fields.get("double", False), trump),
                       suit=f"{suit_symbol(fields['suit'], style)} "
                            f"{suit_name(fields['suit'], lang, style)}")
        elif do == "exchange":
            text = say(lang, "exchanged")
        else:
            text = say(lang, "knocked" if do == "knock" else "accused")
        await req.answer(text)

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
        if has(key):
            return say(lang, key)
        return refusal_text(lang, exc)

    def declarable(self, interaction: Interaction) -> tuple[int | None, View | None]:
        tid = self.svc.table_in_channel(interaction.channel_id) \
            if interaction.channel_id is not None else None
        if tid is None:
            return None, None
        try:
            view, _ = self.svc.hand_view(tid, interaction.user.id)
        except ServiceError:
            return tid, None
        return tid, view

    @handler(table=True)
    async def declare(self, req: Request, points: int, suit: str | None) -> None:
        """/declare 40 (trump pair), /declare 20 suit (plain pair), 80 and plain 40: doubles."""
        _tid, view = self.declarable(req.interaction)
        if view is None:
            # Not seated, or no deal: the service says which.
            await self._act(req, "declare", suit="E", double=False)
            return
        pair, double = pair_to_declare(view, points, suit)
        await self._act(req, "declare", suit=pair, double=double)

    def declare_choices(self, interaction: Interaction,
                        want_points: int | None) -> list[tuple[str, int, str]]:
        """Exactly the pairs the caller can declare now: (name, points, suit)."""
        tid, view = self.declarable(interaction)
        if view is None or tid is None:
            return []
        req = self.request(interaction, tid)
        lang = req.lang
        style = req.state.options.suit_style if req.state else "german"
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

    @handler(table=True)
    async def accuse(self, req: Request, player: discord.abc.User | None) -> None:
        state, lang = req.table, req.lang
        against: int | None = None
        if player is not None:
            named = next((s for s in state.seats if s.user_id == player.id and not s.computer),
                         None)
            if named is None:
                await req.answer(say(lang, "not_at_table", name=shown(player.display_name)))
                return
            me = next((s for s in state.seats if s.user_id == req.user_id
                       and not s.computer), None)
            if me is not None and me.team == named.team:
                await req.answer(say(lang, "why_accuse_own"))
                return
            if state.teams == 3:
                against = team_of(named.seat, len(state.seats))
        await self._act(req, "accuse", against=against)

    # ------------------------------------------------------------------ turn pings

    @handler()
    async def ping(self, req: Request, on: bool) -> None:
        """/gaigel ping on|off: a mention when it is your turn and you have not played within
        ten seconds (kept for you, at every table)."""
        await self.svc.set_user_prefs(req.user_id, ping=on)
        await req.answer(say(req.caller_lang, "ping_on" if on else "ping_off"))

    # ------------------------------------------------------------------ the DM mirror

    @handler()
    async def dm(self, req: Request, on: bool) -> None:
        uid, lang = req.user_id, req.caller_lang
        hands = self.parts.hands
        await self.svc.set_user_prefs(uid, dm_mirror=on)
        hands.set_dm(uid, on)
        state = req.state
        if on and state is not None and state.view is not None \
                and any(s.user_id == uid for s in state.seats):
            if not await hands.push_dm(state, uid):
                hands.dm_closed_news(uid)
                await req.answer(say(lang, "dm_closed"))
                return
        await req.answer(say(lang, "dm_on" if on else "dm_off"))
