"""Information: the last trick, the score, the rules, the primer, a finished deal's replay, a
player's stats, the leaderboard and the history export. Nothing here changes a table."""

from __future__ import annotations

import asyncio
import io
import math
from datetime import UTC, datetime
from typing import Any, cast

import discord

from engine.history import NotOver, record_history
from engine.record import parse_record

from ...pictures.rating_chart import ChartData, draw
from ...pictures.slate import render_slate, slate_scene
from ...pictures.table import render_table
from ...service.errors import ServiceError
from ...service.export import Export, parse_since
from ...service.models import TableOptions
from ...service.names import plain_name
from ...service.ratings import MIN_MATCHES
from ...texts import refusal, say, say_n, team_name
from ..custom_ids import PrimerPage, ReplayPage
from ..decide import own_primer, own_replay
from ..layouts import primer_buttons, replay_buttons
from ..names import shown
from ..primer import page_count, primer_page
from ..render import last_trick_text, rules_text, score_text, team_label
from ..replay_pages import ReplayShown, replay_page
from .context import HandlerBase, Interaction, Request, guard, handler, think
from .lobby import LobbyHandlers


class InfoHandlers(HandlerBase):
    @handler(table=True)
    async def last(self, req: Request) -> None:
        await req.answer(last_trick_text(req.table, req.lang,
                                         self.parts.faces.for_table(req.table)))

    @handler(table=True)
    async def score(self, req: Request) -> None:
        state, lang = req.table, req.lang
        if not state.score:
            await req.answer(f"**{say(lang, 'score')}** — {say(lang, 'stats_none')}")
            return
        legend = say(lang, f"score_legend_{state.score['kind']}", limit=state.score["limit"])
        text = f"**{say(lang, 'score')}** — {score_text(state, state.score)}\n-# {legend}"
        if not state.options.pictures:
            await req.answer(text)
            return
        score = state.score
        names = [team_name(t["team"]) if state.teams != 3 else team_label(state, t["team"])
                 for t in score["teams"]]
        names = [say(lang, "team", name=n) if state.teams != 3 else n for n in names]
        scene = slate_scene(score, names, pool_label=say(lang, "pool", count=score.get("pool")),
                            footer=say_n(lang, "of_strokes", score["limit"], limit=score["limit"])
                            if score["kind"] == "strokes" else "")
        data, fmt = await asyncio.to_thread(render_slate, scene)
        await req.answer(text, file=discord.File(io.BytesIO(data), filename=f"score.{fmt}",
                                                 description=score_text(state, score)[:1000]))

    @handler()
    async def rules(self, req: Request) -> None:
        """The channel's table's rules, or else the server's defaults for new tables."""
        state, lang = req.state, req.lang
        if state is not None:
            await req.answer(rules_text(state.options, state.rules, lang) + "\n"
                             + say(lang, "rules_primer"))
            return
        guild_id = req.interaction.guild_id
        if guild_id is None:
            await req.answer(say(lang, "no_table_here"))
            return
        options = await self.svc.get_settings(guild_id)
        await req.answer(rules_text(options, options.engine_rules(), options.language) + "\n"
                         + say(options.language, "rules_primer"))

    # ------------------------------------------------------------------ the primer

    @handler()
    async def help(self, req: Request) -> None:
        """/gaigel help: the primer's first page, for this channel's table (or the server's
        defaults), ephemeral, with Previous/Next."""
        table_id = req.state.table_id if req.state is not None else 0
        options, lang = await self._primer_options(req, table_id)
        view = primer_buttons(table_id, 0, page_count(), lang)
        try:
            await req.interaction.response.send_message(
                primer_page(0, options, options.engine_rules() if req.state is None
                            else req.state.rules, lang, at_table=req.state is not None),
                view=view, ephemeral=True)
        finally:
            view.stop()

    async def primer_click(self, interaction: Interaction, click: PrimerPage | None) -> None:
        """Previous/Next: the same message shows the asked page (in the clicker's own primer;
        anywhere else, a new private page)."""
        if click is None:
            req = self.request(interaction, table_id=None)
            await req.answer(refusal(req.lang, "bad_action"))
            return
        if click.table_id:
            await self.svc.load(click.table_id)
        req = self.request(interaction, click.table_id or None)
        await guard(req, self._primer_turn(req, click))

    async def _primer_turn(self, req: Request, click: PrimerPage) -> None:
        options, lang = await self._primer_options(req, click.table_id)
        rules = req.state.rules if req.state is not None else options.engine_rules()
        page = max(0, min(click.page, page_count() - 1))
        view = primer_buttons(click.table_id, page, page_count(), lang)
        content = primer_page(page, options, rules, lang,
                              at_table=bool(click.table_id) and req.state is not None)
        try:
            if own_primer(req.clicked, req.user_id):
                await req.interaction.response.edit_message(content=content, view=view)
            else:
                await req.interaction.response.send_message(content, view=view, ephemeral=True)
        finally:
            view.stop()

    async def _primer_options(self, req: Request, table_id: int) -> tuple[TableOptions, str]:
        """The table's options, else the server's defaults (in the caller's language)."""
        if table_id and req.state is not None:
            return req.state.options, req.lang
        guild_id = req.interaction.guild_id
        options = await self.svc.get_settings(guild_id) if guild_id else TableOptions()
        return options, req.caller_lang if guild_id is None else options.language

    # ------------------------------------------------------------------ replays

    async def replay(self, interaction: Interaction, number: int | None = None) -> None:
        """/gaigel replay [deal]: privately, a finished deal of this channel's table (its live
        one, else its newest, as the export takes), by default the last one that ended; page
        by page with Previous/Next."""
        req = self.request(interaction)
        await guard(req, self._replay_command(req, number))

    async def _replay_command(self, req: Request, number: int | None) -> None:
        channel_id = req.interaction.channel_id
        last = (await self.svc.last_table_in_channel(channel_id)
                if channel_id is not None else None)
        if last is None or not await self.svc.load(last["table_id"]):
            await req.answer(say(req.lang, "no_table_here"))
            return
        table_id = last["table_id"]
        at_table = self.request(req.interaction, table_id)  # in the table's language
        if at_table.state is None:
            await req.answer(say(req.lang, "no_table_here"))
            return
        await guard(at_table, self._show_replay(at_table, table_id, number=number))

    async def daily_replay(self, interaction: Interaction, day: str, number: int | None,
                           player: discord.abc.User | None) -> None:
        """/gaigel replay day:<day> [deal] [player]: a daily deal of a day that is over, as
        the caller (or ``player``) played it, privately, page by page."""
        req = self.request(interaction)
        req.lang = req.caller_lang
        await guard(req, self._daily_replay_command(req, day, number or 1, player))

    async def _daily_replay_command(self, req: Request, day: str, number: int,
                                    player: discord.abc.User | None) -> None:
        guild_id = req.interaction.guild_id
        if guild_id is None:
            await req.answer(say(req.lang, "guild_only"))
            return
        daily = self.svc.daily
        asked = daily.check_day(day)
        play_id, record = await daily.record(guild_id, req.user_id, asked, number,
                                             player.id if player is not None else None)
        await self._show_daily_replay(req, play_id, record)

    async def _show_daily_replay(self, req: Request, play_id: int, record: dict[str, Any],
                                 page: int = 0, edit: bool = False) -> None:
        """A page of a daily play (a day that is over: its seed is in the record)."""
        info = record["daily"]
        history = record_history(parse_record(record))
        settings = await self.svc.get_settings(record["guild"])
        faces = self.parts.faces.for_table(None) if settings.pictures else None
        extra = say(req.lang, "daily_replay_head", day=info["day"], number=info["deal"],
                    name=shown(info["name"]), score=f"{info['score']:+d}")
        shown_page = replay_page(record, info["deal"], history, page, req.lang,
                                 settings.suit_style, faces, head=extra)
        view = replay_buttons(0, play_id, shown_page.page, shown_page.pages, req.lang)
        await self._show_replay_page(req, shown_page, view, settings.pictures, edit)

    async def replay_click(self, interaction: Interaction, click: ReplayPage | None) -> None:
        """Previous/Next: the asked page of the same deal, made afresh from the stored deal
        (in the clicker's own replay; anywhere else, a new private page). Table 0: a daily
        play (its id in the deal's place)."""
        if click is not None and click.table_id == 0:
            await self._daily_replay_click(interaction, click)
            return
        # None: a field out of the database's range, a forged id, not a table
        req = await self.table_request(interaction, None if click is None else click.table_id)
        if req is None or click is None:
            return
        await guard(req, self._show_replay(req, click.table_id, deal_id=click.deal_id,
                                           page=click.page,
                                           edit=own_replay(req.clicked, req.user_id)))

    async def _daily_replay_click(self, interaction: Interaction, click: ReplayPage) -> None:
        daily = self.request(interaction, table_id=None)
        daily.lang = daily.caller_lang
        guild_id = interaction.guild_id
        if guild_id is None:
            await daily.answer(refusal(daily.lang, "bad_action"))
            return

        async def turn() -> None:
            record = await self.svc.daily.record_by_id(guild_id, click.deal_id)
            await self._show_daily_replay(daily, click.deal_id, record, click.page,
                                          edit=own_replay(daily.clicked, daily.user_id))

        await guard(daily, turn())

    async def _show_replay(self, req: Request, table_id: int, *, number: int | None = None,
                           deal_id: int | None = None, page: int = 0,
                           edit: bool = False) -> None:
        """A page of a finished deal (the service refuses one that is not over), with the
        table's faces and suit style, and its picture unless the table has ``pictures: off``
        (drawn in a thread, as the table's)."""
        state = req.table
        deal = await self.svc.finished_deal(table_id, number, deal_id=deal_id)
        try:
            history = record_history(parse_record(deal.record))
        except NotOver:
            raise ServiceError("deal_not_over", number=deal.place) from None
        options = state.options
        shown_page = replay_page(deal.record, deal.place, history, page, req.lang,
                                 options.suit_style, self.parts.faces.for_table(state))
        view = replay_buttons(table_id, deal.deal_id, shown_page.page, shown_page.pages,
                              req.lang)
        await self._show_replay_page(req, shown_page, view, options.pictures, edit)

    @staticmethod
    async def _show_replay_page(req: Request, shown_page: ReplayShown,
                                view: discord.ui.View, pictures: bool, edit: bool) -> None:
        """A replay page privately: a new message, or the clicked one edited (◀/▶); with
        pictures, the table of that trick drawn in a thread."""
        files: list[discord.File] = []
        if pictures:
            data, fmt = await asyncio.to_thread(render_table, shown_page.scene)
            files.append(discord.File(io.BytesIO(data), filename=f"replay.{fmt}",
                                      description=shown_page.alt))
        try:
            if edit:
                await req.interaction.response.edit_message(
                    content=shown_page.content, view=view, attachments=files)
            else:
                await req.interaction.response.send_message(
                    shown_page.content, view=view, ephemeral=True, files=files)
        finally:
            view.stop()

    @handler()
    async def export(self, req: Request, scope: str, fmt: str, since: str | None = None) -> None:
        """The history as files: plain when small, else gzip-compressed and, beyond one
        upload, in several files and messages (at most ``MAX_FILES``; the answer names the
        ``since`` that fetches the rest)."""
        interaction, lang = req.interaction, req.caller_lang
        if interaction.guild_id is None:
            await req.answer(say(lang, "guild_only"))
            return
        kwargs: dict[str, Any]
        if scope == "server":
            if not LobbyHandlers.is_manager(interaction):
                await req.answer(say(lang, "manager_only"))
                return
            kwargs = {"guild_id": interaction.guild_id}
        else:
            # The live table, or else the last one, so a host can export a finished match.
            last = (await self.svc.last_table_in_channel(interaction.channel_id)
                    if interaction.channel_id is not None else None)
            if last is None:
                await req.answer(say(lang, "no_table_here"))
                return
            if last["host_id"] != req.user_id and not LobbyHandlers.is_manager(interaction):
                await req.answer(say(lang, "host_or_manager"))
                return
            kwargs = {"table_id": last["table_id"]}
        moment = None
        if since is not None:
            try:
                moment = parse_since(since)
            except ValueError:
                await req.answer(say(lang, "export_bad_since"))
                return
        await think(interaction)
        limit = upload_limit(interaction)
        export = await self.svc.export_files(limit=limit, fmt=fmt, since=moment, **kwargs)
        try:
            base = f"gaigel-{scope}-{kwargs.get('table_id') or interaction.guild_id}"
            await send_export(interaction, lang, export, base=base, scope=scope, fmt=fmt,
                              since=moment, budget=limit)
        finally:
            export.close()

    async def _server_lang(self, req: Request) -> str:
        """German for a German Discord client, else the server's language (as its tables)."""
        if req.caller_lang == "de" or req.interaction.guild_id is None:
            return req.caller_lang
        return (await self.svc.get_settings(req.interaction.guild_id)).language

    @handler()
    async def stats(self, req: Request, player: discord.abc.User | None) -> None:
        interaction, lang = req.interaction, req.caller_lang
        if interaction.guild_id is None:
            await req.answer(say(lang, "guild_only"))
            return
        lang = await self._server_lang(req)
        target = player or interaction.user
        name = plain_name(target.display_name)  # drawn and in the alt text: no bidi marks
        data = await self.svc.stats(interaction.guild_id, target.id)
        lines = [f"**{shown(target.display_name)}**"]
        lines += [f"{k.replace('_', ' ')}: {v}" for k, v in data.items()
                  if k not in ("user_id", "guild_id") and not isinstance(v, dict | list)]
        if not data.get("deals_played"):
            await req.answer("\n".join(lines) if len(lines) > 1 else say(lang, "stats_none"))
            return
        season, history = await self.svc.rating_history(interaction.guild_id, target.id)
        chart = ChartData(
            title=say(lang, "chart_title", name=name),
            ratings=[h["rating"] for h in history],
            rating_caption=say(lang, "chart_rating", count=len(history),
                               season=say(lang, "season_all") if season == "all" else season),
            no_rating=say(lang, "chart_no_rating"),
            bars=[(say(lang, "chart_deals_won"), data["deals_won"]),
                  (say(lang, "chart_knocks_right"), data["knocks_right"]),
                  (say(lang, "chart_knocks_wrong"), data["knocks_wrong"]),
                  (say(lang, "chart_marriages"), data["marriages"]),
                  (say(lang, "chart_gaigels"), data["gaigels_won"])])
        png = await asyncio.to_thread(draw, chart)
        def n(key: str, count: int) -> str:
            return say_n(lang, key, count, n=count)

        alt = say(lang, "chart_alt", name=name,
                  rating=f"{history[-1]['rating']:.1f}" if history else "–",
                  count=n("n_rated_matches", len(history)),
                  won=n("n_deals_won", data["deals_won"]),
                  right=n("n_right_knocks", data["knocks_right"]),
                  wrong=n("n_wrong_knocks", data["knocks_wrong"]),
                  marriages=n("n_marriages", data["marriages"]),
                  gaigels=n("n_gaigels", data["gaigels_won"]))
        await req.answer("\n".join(lines), file=discord.File(
            io.BytesIO(png), filename="gaigel-stats.png", description=alt[:1024]))

    async def season_names(self, guild_id: int) -> list[str]:
        """The seasons that have ratings on the server, newest first (``leaderboard`` completes
        them)."""
        _, names = await self.svc.seasons(guild_id)
        return names

    @handler()
    async def leaderboard(self, req: Request, season: str | None) -> None:
        interaction, lang = req.interaction, req.caller_lang
        if interaction.guild_id is None:
            await req.answer(say(lang, "guild_only"))
            return
        lang = await self._server_lang(req)
        current, seasons = await self.svc.seasons(interaction.guild_id)
        if season is not None and season not in seasons and season != current:
            await req.answer(say(lang, "leaderboard_no_season", season=shown(season[:20]),
                                 seasons=", ".join(seasons) or "—"))
            return
        name, rows = await self.svc.leaderboard(interaction.guild_id, season=season)
        shown_season = say(lang, "season_all") if name == "all" else name
        if not rows:
            await req.answer(say(lang, "leaderboard_empty", min=MIN_MATCHES,
                                 season=shown_season))
            return
        lines = [say(lang, "leaderboard_title", season=shown_season, min=MIN_MATCHES)]
        for i, row in enumerate(rows, 1):
            member = interaction.guild.get_member(row["user_id"]) if interaction.guild else None
            who = member.display_name if member is not None else row["name"]
            lines.append(say(lang, "leaderboard_row", rank=i, name=shown(who),
                             rating=f"{row['rating']:.1f}",
                             matches=say_n(lang, "n_matches", row["matches"], n=row["matches"]),
                             won=say_n(lang, "n_deals_won", row["deals_won"], n=row["deals_won"]),
                             trend=trend_text(row["trend"])))
        await req.answer("\n".join(lines)[:2000])


def trend_text(change: float) -> str:
    """The rating's change over the last matches: ▲1.2, ▼0.4 or ±0.0."""
    if round(change, 1) == 0:
        return "±0.0"
    return f"{'▲' if change > 0 else '▼'}{abs(change):.1f}"


UPLOAD_MARGIN = 64 << 10
"""Room in a request for what is not the files (the message, the form's boundaries)."""


def upload_limit(interaction: Interaction) -> int:
    """The bytes of files one message may carry: the smaller of Discord's limit for this
    interaction (``attachment_size_limit``, which Discord documents as the largest of the
    default, the server's boosts and the caller's Nitro) and the server's as discord.py knows
    it (``Guild.filesize_limit``: 10 MiB without boosts), less ``UPLOAD_MARGIN``. Discord
    documents the limit per file; it is kept here for a whole message, which costs nothing
    but a message more and never risks a 413 for the request as a whole."""
    limits = [interaction.filesize_limit]
    if interaction.guild is not None:
        limits.append(interaction.guild.filesize_limit)
    return min(limits) - UPLOAD_MARGIN


def batches(sizes: list[int], budget: int, most: int = 10) -> list[list[int]]:
    """The files (by index) in messages: at most ``most`` files (Discord takes 10) and
    ``budget`` bytes a message, in order."""
    out: list[list[int]] = []
    total = 0
    for i, size in enumerate(sizes):
        if not out or len(out[-1]) == most or total + size > budget:
            out.append([])
            total = 0
        out[-1].append(i)
        total += size
    return out


def utc_day(ts: float | None) -> str:
    return "–" if ts is None else datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d")


def utc_moment(ts: float) -> str:
    """A moment as ``since`` takes it, to the second, never after ``ts``."""
    return datetime.fromtimestamp(math.floor(ts), UTC).strftime("%Y-%m-%dT%H:%M:%S")


async def send_export(interaction: Interaction, lang: str, export: Export, *, base: str,
                      scope: str, fmt: str, since: float | None, budget: int) -> None:
    """The export's answer: what was sent (deals, days, files, compression) and, when it
    stopped short, how to get the rest; the files in as many messages as they need. The
    first message is the deferred response's (edited), the others follow-ups."""
    if not export.deals:
        await interaction.edit_original_response(
            content=say(lang, "export_empty") if since is None
            else say(lang, "export_none_since", since=utc_moment(since)))
        return
    files = export.files
    lines = [say(lang, "export_done", scope=scope, fmt=fmt,
                 deals=say_n(lang, "export_deals", export.deals, n=export.deals),
                 first=utc_day(export.first_ended), last=utc_day(export.last_ended))]
    if len(files) > 1:
        lines.append(say(lang, "export_parts", files=len(files), fmt=fmt.upper()))
    elif files[0].compressed:
        lines.append(say(lang, "export_gzip_one"))
    if export.rest_since is not None:
        lines.append(say(lang, "export_rest", max=len(files),
                         since=utc_moment(export.rest_since)))
    groups = batches([f.size for f in files], budget)

    def named(i: int) -> discord.File:
        f = files[i]
        part = f"-{i + 1}-of-{len(files)}" if len(files) > 1 else ""
        name = f"{base}{part}.{fmt}" + (".gz" if f.compressed else "")
        return discord.File(cast(io.BufferedIOBase, f.data), filename=name)

    for n, group in enumerate(groups):
        text = "\n".join(lines) if n == 0 else ""
        if len(groups) > 1:
            key = "export_batch" if len(group) > 1 else "export_batch_one"
            text += ("\n" if text else "") + say(lang, key, first=group[0] + 1,
                                                  last=group[-1] + 1, files=len(files))
        attached = [named(i) for i in group]
        try:
            if n == 0:
                await interaction.edit_original_response(content=text, attachments=attached)
            else:
                await interaction.followup.send(text, files=attached, ephemeral=True)
        finally:
            for file in attached:
                file.close()  # gives the data back its own close (discord.File stubs it)
