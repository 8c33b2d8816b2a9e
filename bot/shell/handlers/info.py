"""Information: the last trick, the score, the rules, a player's stats, the leaderboard and
the history export. Nothing here changes a table."""

from __future__ import annotations

import io
from typing import Any

import discord

from ...texts import say
from ..render import last_trick_text, rules_text, score_text
from .context import HandlerBase, Request, handler
from .lobby import LobbyHandlers


class InfoHandlers(HandlerBase):
    @handler(table=True)
    async def last(self, req: Request) -> None:
        await req.answer(last_trick_text(req.table, req.lang))

    @handler(table=True)
    async def score(self, req: Request) -> None:
        state, lang = req.table, req.lang
        if not state.score:
            await req.answer(f"**{say(lang, 'score')}** — {say(lang, 'stats_none')}")
            return
        legend = say(lang, f"score_legend_{state.score['kind']}", limit=state.score["limit"])
        await req.answer(f"**{say(lang, 'score')}** — {score_text(state, state.score)}\n"
                         f"-# {legend}")

    @handler()
    async def rules(self, req: Request) -> None:
        """The channel's table's rules, or else the server's defaults for new tables."""
        state, lang = req.state, req.lang
        if state is not None:
            await req.answer(rules_text(state.options, state.rules, lang))
            return
        guild_id = req.interaction.guild_id
        if guild_id is None:
            await req.answer(say(lang, "no_table_here"))
            return
        options = await self.svc.get_settings(guild_id)
        await req.answer(rules_text(options, options.engine_rules(), options.language))

    @handler()
    async def export(self, req: Request, scope: str, fmt: str) -> None:
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
        await interaction.response.defer(ephemeral=True, thinking=True)
        buf = io.StringIO()
        async for chunk in self.svc.export(fmt=fmt, **kwargs):
            buf.write(chunk)
        data = buf.getvalue().encode("utf-8")
        name = f"gaigel-{scope}-{kwargs.get('table_id') or interaction.guild_id}.{fmt}"
        await interaction.followup.send(say(lang, "export_done", scope=scope, fmt=fmt),
                                        file=discord.File(io.BytesIO(data), filename=name),
                                        ephemeral=True)

    @handler()
    async def stats(self, req: Request, player: discord.abc.User | None) -> None:
        interaction, lang = req.interaction, req.caller_lang
        if interaction.guild_id is None:
            await req.answer(say(lang, "guild_only"))
            return
        target = player or interaction.user
        data = await self.svc.stats(interaction.guild_id, target.id)
        lines = [f"**{target.display_name}**"]
        lines += [f"{k.replace('_', ' ')}: {v}" for k, v in data.items()
                  if k not in ("user_id", "guild_id") and not isinstance(v, dict | list)]
        await req.answer("\n".join(lines) if len(lines) > 1 else say(lang, "stats_none"))

    @handler()
    async def leaderboard(self, req: Request) -> None:
        interaction, lang = req.interaction, req.caller_lang
        if interaction.guild_id is None:
            await req.answer(say(lang, "guild_only"))
            return
        rows = await self.svc.leaderboard(interaction.guild_id)
        if not rows:
            await req.answer(say(lang, "stats_none"))
            return
        lines = []
        for i, row in enumerate(rows, 1):
            name = row.get("name") or (f"<@{row['user_id']}>" if row.get("user_id") else "?")
            rest = " · ".join(f"{k.replace('_', ' ')} {v}" for k, v in row.items()
                              if k not in ("name", "user_id", "guild_id"))
            lines.append(f"{i}. {name} — {rest}")
        await req.answer("\n".join(lines)[:2000])
