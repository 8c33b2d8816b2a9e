"""The daily deals (``/gaigel daily``): a person's private deal against three computers, in
messages only they see (ephemeral), its buttons answered by editing that message; the day's
results and rankings; refusals (no peeking, a bad or future day) ephemeral, nothing changed."""

from __future__ import annotations

import logging

import discord

from ...service.errors import ServiceError
from ...texts import lang_of, refusal, refusal_text, say
from ..custom_ids import Accuse, DailyClick, Knock
from ..daily_text import daily_content, results_text, seat_names, set_lines
from ..decide import Question, hand_click
from ..layouts import daily_buttons
from ..publish.timers import now
from ..render import clip
from .context import (
    THINKING,
    HandlerBase,
    Interaction,
    Parts,
    Request,
    guard,
    handler,
    think,
)

log = logging.getLogger("bot.shell")

SHOWS = ("play", "leaderboard", "results")


class DailyHandlers(HandlerBase):
    confirming: dict[tuple[int, int], Question]
    """(play, user) → the knock or accusation asked, waiting for its confirmation."""

    def __init__(self, parts: Parts) -> None:
        super().__init__(parts)
        self.confirming = {}

    async def _lang(self, interaction: Interaction) -> str:
        """German for a German Discord client, else the server's language."""
        caller = lang_of(str(interaction.locale))
        if caller == "de" or interaction.guild_id is None:
            return caller
        return (await self.svc.get_settings(interaction.guild_id)).language

    @handler()
    async def daily(self, req: Request, show: str = "play", day: str | None = None) -> None:
        """/gaigel daily [show] [day]."""
        interaction = req.interaction
        guild_id = interaction.guild_id
        if guild_id is None:
            await req.answer(say(req.caller_lang, "guild_only"))
            return
        lang = req.lang = await self._lang(interaction)
        if show not in SHOWS:
            await req.answer(refusal(lang, "bad_action"))
            return
        daily = self.svc.daily
        asked = daily.check_day(day)  # a bad or future day: refused, nothing made
        if show == "play":
            if asked != daily.today():
                await self._past_day(req, asked)
                return
            await think(interaction)
            dset = await daily.get_set(guild_id, asked, make=True)
            state = await daily.play(guild_id, req.user_id, req.name)
            if state is None:
                results = await daily.results(guild_id, req.user_id, asked)
                await req.answer(clip("\n".join([say(lang, "daily_all_played", day=asked),
                                                 results_text(lang, results, viewer=req.user_id)])))
                return
            assert dset is not None
            note = "\n".join(set_lines(lang, dset, revealed=False))
            faces = self.parts.faces.for_table(None) if state.pictures else None
            buttons = daily_buttons(state.play_id, state.view, state.version, lang,
                                    state.style, names=seat_names(lang, req.name),
                                    faces=faces, next_deal=not state.finished_day)
            try:
                await req.answer(daily_content(state, lang, req.name, faces, note=note),
                                 view=buttons)
            finally:
                buttons.stop()
            return
        results = await daily.results(guild_id, req.user_id, asked)
        await req.answer(results_text(lang, results, deals=show == "results",
                                      viewer=req.user_id))

    async def _past_day(self, req: Request, day: str) -> None:
        """``/gaigel daily play <a past day>``: its commitments and seeds (once over); it is no
        longer played."""
        assert req.interaction.guild_id is not None
        dset = await self.svc.daily.get_set(req.interaction.guild_id, day)
        if dset is None:
            raise ServiceError("daily_no_set", day=day)
        lines = [say(req.lang, "daily_past_day", day=day)]
        lines += set_lines(req.lang, dset, revealed=self.svc.daily.is_over(day))
        await req.answer(clip("\n".join(lines)))

    # ------------------------------------------------------------------ its buttons

    async def daily_click(self, interaction: Interaction, click: DailyClick | None) -> None:
        """A card, a claim, Refresh or Next deal in a person's daily deal: the service acts
        (each action committed first), then the same message shows the deal afresh."""
        lang = await self._lang(interaction)
        req = Request(interaction, lang, None)
        if click is None or interaction.guild_id is None:
            await req.answer(refusal(lang, "bad_action"))
            return
        await guard(req, self._click(req, click))

    async def _click(self, req: Request, click: DailyClick) -> None:
        interaction, uid, lang = req.interaction, req.user_id, req.lang
        guild_id = interaction.guild_id
        assert guild_id is not None
        daily = self.svc.daily
        clicked = req.clicked
        own = clicked.message_id is not None and clicked.ephemeral and (
            clicked.asked_by is None or clicked.asked_by == uid)
        # Computers may think: defer first. The person's own message is edited (a deferred
        # update); a daily button forged onto any other message gets a new private one, so
        # a hand never lands in a public message.
        if own:
            await interaction.response.defer()
        else:
            await think(interaction)
        note: str | None = None
        asked = None
        if click.next_deal:
            state = await daily.play(guild_id, uid, req.name)
            if state is None:
                results = await daily.results(guild_id, uid, daily.today())
                await interaction.edit_original_response(
                    content=clip("\n".join([say(lang, "daily_all_played", day=daily.today()),
                                            results_text(lang, results, viewer=uid)])), view=None)
                interaction.extras.pop(THINKING, None)
                return
        else:
            key = (click.play_id, uid)
            step = hand_click(click.act, click.version, self.confirming.get(key), now())
            if step.question is None:
                self.confirming.pop(key, None)
            else:
                self.confirming[key] = step.question
            asked = step.asked
            if step.meaning == "act":
                fields = click.act.service_fields() if click.act is not None else None
                if fields is None:
                    note = refusal(lang, "bad_action")
                else:
                    try:
                        await daily.act(guild_id, uid, click.play_id, click.version, **fields)
                    except ServiceError as exc:
                        if exc.code == "daily_not_yours":
                            raise
                        note = say(lang, "hand_changed") if exc.code == "stale" \
                            else refusal_text(lang, exc)
            elif step.meaning == "stale":
                note = say(lang, "hand_changed")
            elif step.meaning == "lapsed":
                note = say(lang, "confirm_lapsed")
            elif asked is not None:
                note = say(lang, "confirm_knock") if isinstance(asked, Knock) \
                    else say(lang, "confirm_accuse")
                if step.meaning == "ask_again":
                    note = f"{say(lang, 'confirm_too_quick')}\n{note}"
            state = await daily.show(guild_id, uid, click.play_id)
        faces = self.parts.faces.for_table(None) if state.pictures else None
        buttons = daily_buttons(state.play_id, state.view, state.version, lang, state.style,
                                names=seat_names(lang, req.name),
                                confirm=asked if isinstance(asked, Knock | Accuse) else None,
                                faces=faces, next_deal=not state.finished_day)
        try:
            await interaction.edit_original_response(
                content=daily_content(state, lang, req.name, faces, note=note), view=buttons)
            interaction.extras.pop(THINKING, None)
        except discord.HTTPException as exc:
            log.info("daily play %d: answering a click failed (%s)", click.play_id, exc.status)
        finally:
            buttons.stop()
