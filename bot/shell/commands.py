"""The slash commands: ``/gaigel …`` for tables, ``/declare``, ``/knock``, ``/exchange`` and
``/accuse`` for play. Names and descriptions are ``locale_str`` so the translator can give
them German names; the handlers do the work.

Built as discord.py's ``GroupCog`` builds a group: ``GaigelGroup`` is made with the handlers
it calls (its commands are its methods), and ``play_commands`` makes the four play commands
around the play handlers; the bot adds both to its tree once the handlers exist
(``register``). No command looks anything up on the client.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from .handlers.daily import DailyHandlers
from .handlers.info import InfoHandlers
from .handlers.lobby import LobbyHandlers
from .handlers.play import PlayHandlers

Interaction = discord.Interaction[Any]

KNOCK_CHOICES = [Choice(name=_("At once, the moment their team has 101"), value="at_once"),
                 Choice(name=_("On their own turn: people may knock first"), value="own_turn")]


def matching(names: Iterable[str], current: str) -> list[Choice[str]]:
    """The names containing what was typed, as autocomplete offers them (at most 25)."""
    return [Choice(name=n, value=n) for n in names if current.lower() in n.lower()][:25]


class GaigelGroup(app_commands.Group):
    """``/gaigel …``: tables, seats, information and the server's settings."""

    def __init__(self, lobby: LobbyHandlers, play: PlayHandlers, info: InfoHandlers,
                 daily: DailyHandlers | None = None) -> None:
        super().__init__(name=_("gaigel"), description=_("Play Gaigel, the Swabian card game"),
                         guild_only=False)
        self.lobby = lobby
        self.play = play
        self.info = info
        self.daily_handlers = daily

    def level_choices(self, current: str) -> list[Choice[str]]:
        """The computer levels on offer (from the service), filtered by what was typed."""
        return matching(self.lobby.computer_levels(), current)

    @app_commands.command(name=_("new"), description=_("Open a Gaigel table in this channel"))
    @app_commands.describe(players=_("Number of players"), preset=_("Rules preset"),
                           strokes=_("Strokes per match"),
                           timer=_("Seconds per turn (0: no timer)"),
                           computer=_("Level of computer players for empty seats"),
                           knock=_("When computer partners knock"),
                           beginner=_("Beginner help: running points, Hint and Review"
                                      " (default: on for your first three matches here)"))
    @app_commands.choices(
        players=[Choice(name="2", value=2), Choice(name="3", value=3),
                 Choice(name="4", value=4), Choice(name="6", value=6)],
        preset=[Choice(name=_("Württemberg (pagat)"), value="wuerttemberg"),
                Choice(name=_("Classic (1907)"), value="classic")],
        knock=KNOCK_CHOICES,
        beginner=[Choice(name=_("on"), value="on"),
                  Choice(name=_("off"), value="off")])  # type: ignore[misc]
    @app_commands.guild_only()
    async def new(self, interaction: Interaction, players: int | None = None,
                  preset: str | None = None,
                  strokes: app_commands.Range[int, 1, 50] | None = None,
                  timer: app_commands.Range[int, 0, 86400] | None = None,
                  computer: str | None = None, knock: str | None = None,
                  beginner: str | None = None) -> None:
        await self.lobby.new_table(
            interaction, players=players, preset=preset, strokes=strokes, turn_timer=timer,
            level=computer, computer_knock=knock,
            show_points=None if beginner is None else beginner == "on")

    @new.autocomplete("computer")
    async def _levels(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return self.level_choices(current)

    @app_commands.command(name=_("add"),
                          description=_("Seat a computer player (host, before the start)"))
    @app_commands.describe(computer=_("Level of the computer player (default: the table's)"),
                           seat=_("Seat number (default: the first free one)"))
    async def add(self, interaction: Interaction, computer: str | None = None,
                  seat: app_commands.Range[int, 1, 6] | None = None) -> None:
        await self.lobby.add_computer(interaction, computer, seat)

    @add.autocomplete("computer")
    async def _add_levels(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return self.level_choices(current)

    @app_commands.command(
        name=_("join"),
        description=_("Take a seat at this channel's table; between deals, a computer's seat"))
    @app_commands.describe(
        seat=_("Seat number (default: the first free one, or the first computer's)"))
    async def join(self, interaction: Interaction,
                   seat: app_commands.Range[int, 1, 6] | None = None) -> None:
        await self.lobby.join(interaction, seat)

    @app_commands.command(name=_("hand"), description=_("Show your cards at this channel's table"))
    async def hand(self, interaction: Interaction) -> None:
        await self.play.hand(interaction)

    @app_commands.command(name=_("last"),
                          description=_("Show the last trick (older tricks stay face down)"))
    async def last(self, interaction: Interaction) -> None:
        await self.info.last(interaction)

    @app_commands.command(
        name=_("replay"),
        description=_("A finished deal of this channel's table, trick by trick, for you alone"))
    @app_commands.describe(
        deal=_("Which deal of the table, the first being 1 (default: the last finished one)"),
        day=_("A day of the daily deals that is over (YYYY-MM-DD): its deal, as you or "
              "another player played it"),
        player=_("Whose play of that daily deal (default: yours)"))
    async def replay(self, interaction: Interaction,
                     deal: app_commands.Range[int, 1, 1_000_000] | None = None,
                     day: app_commands.Range[str, 1, 40] | None = None,
                     player: discord.User | None = None) -> None:
        if day is not None:
            await self.info.daily_replay(interaction, day, deal, player)
            return
        await self.info.replay(interaction, deal)

    @app_commands.command(name=_("score"), description=_("Show the match score"))
    async def score(self, interaction: Interaction) -> None:
        await self.info.score(interaction)

    @app_commands.command(name=_("rules"), description=_("The table's rules in plain words"))
    async def rules(self, interaction: Interaction) -> None:
        await self.info.rules(interaction)

    @app_commands.command(name=_("help"),
                          description=_("How to play Gaigel, in a few short pages"))
    async def help_(self, interaction: Interaction) -> None:
        await self.info.help(interaction)

    @app_commands.command(name=_("settings"),
                          description=_("Server defaults for new tables (server managers)"))
    @app_commands.describe(
        preset=_("Default rules preset"), language=_("Language of the tables"),
        suits=_("Suit symbols"), strokes=_("Strokes per match"),
        timer=_("Seconds per turn (0: no timer)"),
        computer=_("Default computer level"), scoring=_("How a match is scored"),
        show_points=_("Beginner option: show running points"),
        knock=_("When computer partners knock"),
        season=_("Rating seasons: the leaderboard begins afresh each season"),
        rating=_("Ratings move after every match or after every deal"),
        pictures=_("Cards as pictures (on) or text only (off)"))
    @app_commands.choices(
        preset=[Choice(name=_("Württemberg (pagat)"), value="wuerttemberg"),
                Choice(name=_("Classic (1907)"), value="classic")],
        season=[Choice(name=_("None"), value="none"), Choice(name=_("Monthly"), value="monthly"),
                Choice(name=_("Quarterly"), value="quarterly")],
        rating=[Choice(name=_("After every match"), value="match"),
                Choice(name=_("After every deal"), value="deal")],
        language=[Choice(name="English", value="en"), Choice(name="Deutsch", value="de")],
        suits=[Choice(name=_("German suits"), value="german"),
               Choice(name=_("French suits"), value="french")],
        scoring=[Choice(name=_("Strokes"), value="strokes"),
                 Choice(name=_("Tokens"), value="tokens"),
                 Choice(name=_("Game points"), value="points")],
        knock=KNOCK_CHOICES,
        pictures=[Choice(name=_("on"), value="on"), Choice(name=_("off"), value="off")])
    @app_commands.guild_only()
    async def settings(self, interaction: Interaction, preset: str | None = None,
                       language: str | None = None, suits: str | None = None,
                       strokes: app_commands.Range[int, 1, 50] | None = None,
                       timer: app_commands.Range[int, 0, 86400] | None = None,
                       computer: str | None = None, scoring: str | None = None,
                       show_points: bool | None = None, knock: str | None = None,
                       season: str | None = None, rating: str | None = None,
                       pictures: str | None = None) -> None:
        await self.lobby.settings(
            interaction, preset=preset, language=language, suit_style=suits, strokes=strokes,
            turn_timer=timer, level=computer, scoring=scoring, show_points=show_points,
            computer_knock=knock, season=season, rating=rating,
            pictures=None if pictures is None else pictures == "on")

    @settings.autocomplete("computer")
    async def _settings_levels(self, interaction: Interaction,
                               current: str) -> list[Choice[str]]:
        return self.level_choices(current)

    @app_commands.command(name=_("export"),
                          description=_("The history as a file (hosts and server managers)"))
    @app_commands.describe(
        scope=_("This table or the whole server"), format=_("File format"),
        since=_("Only deals that ended on or after this day (YYYY-MM-DD, UTC)"))
    @app_commands.choices(scope=[Choice(name=_("table"), value="table"),
                                 Choice(name=_("server"), value="server")],
                          format=[Choice(name="JSON", value="json"),
                                  Choice(name="CSV", value="csv")])
    @app_commands.guild_only()
    async def export(self, interaction: Interaction, scope: str = "table", format: str = "json",
                     since: app_commands.Range[str, 1, 40] | None = None) -> None:
        await self.info.export(interaction, scope, format, since)

    @app_commands.command(name=_("stats"), description=_("A player's results on this server"))
    @app_commands.describe(player=_("The player (default: you)"))
    @app_commands.guild_only()
    async def stats(self, interaction: Interaction, player: discord.User | None = None) -> None:
        await self.info.stats(interaction, player)

    @app_commands.command(name=_("leaderboard"), description=_("The best players on this server"))
    @app_commands.describe(season=_("An older season (default: the current one)"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: Interaction, season: str | None = None) -> None:
        await self.info.leaderboard(interaction, season)

    @leaderboard.autocomplete("season")
    async def _seasons(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        """The seasons that have ratings on this server, newest first."""
        if interaction.guild_id is None:
            return []
        return matching(await self.info.season_names(interaction.guild_id), current)

    @app_commands.command(
        name=_("leave"),
        description=_("Leave this channel's table; once it has started, a computer takes your seat"))
    async def leave(self, interaction: Interaction) -> None:
        await self.lobby.leave(interaction)

    @app_commands.command(name=_("end"), description=_("End this channel's table (host)"))
    async def end(self, interaction: Interaction) -> None:
        await self.lobby.host_command(interaction, "end")

    @app_commands.command(name=_("kick"),
                          description=_("Remove a player; a computer takes the seat (host)"))
    @app_commands.describe(player=_("The player to remove"))
    async def kick(self, interaction: Interaction, player: discord.User) -> None:
        await self.lobby.host_command(interaction, "kick", player)

    @app_commands.command(name=_("skip"),
                          description=_("Let a computer play the current turn (host)"))
    async def skip(self, interaction: Interaction) -> None:
        await self.lobby.host_command(interaction, "skip")

    @app_commands.command(name=_("ping"), description=_("Be mentioned when it is your turn"))
    @app_commands.describe(mode=_("on or off"))
    @app_commands.choices(mode=[Choice(name=_("on"), value="on"),
                                Choice(name=_("off"), value="off")])
    async def ping(self, interaction: Interaction, mode: str) -> None:
        await self.play.ping(interaction, mode == "on")

    @app_commands.command(
        name=_("daily"),
        description=_("The daily deals: everyone on this server plays the same six deals"))
    @app_commands.describe(show=_("Play (default), the leaderboard, or every deal's results"),
                           day=_("Which day (YYYY-MM-DD, UTC; default: today)"))
    @app_commands.choices(show=[Choice(name=_("play"), value="play"),
                                Choice(name=_("leaderboard"), value="leaderboard"),
                                Choice(name=_("results"), value="results")])
    @app_commands.guild_only()
    async def daily(self, interaction: Interaction, show: str = "play",
                    day: app_commands.Range[str, 1, 40] | None = None) -> None:
        assert self.daily_handlers is not None
        await self.daily_handlers.daily(interaction, show, day)

    @app_commands.command(name=_("dm"), description=_("Also keep your hand in a direct message"))
    @app_commands.describe(mode=_("on or off"))
    @app_commands.choices(mode=[Choice(name=_("on"), value="on"),
                                Choice(name=_("off"), value="off")])
    async def dm(self, interaction: Interaction, mode: str) -> None:
        await self.play.dm(interaction, mode == "on")


# ---------------------------------------------------------------------- playing


def play_commands(play: PlayHandlers) -> list[app_commands.Command[Any, ..., None]]:
    """``/declare``, ``/knock``, ``/exchange`` and ``/accuse``, each calling ``play``."""

    @app_commands.command(name=_("declare"), description=_("Declare a marriage (King and Ober)"))
    @app_commands.describe(points=_("20 plain pair, 40 trump pair, 80 or plain 40: both pairs"),
                           suit=_("Suit of the pair"))
    async def declare(interaction: Interaction, points: int, suit: str | None = None) -> None:
        await play.declare(interaction, points, suit)

    @declare.autocomplete("points")
    async def _declare_points(interaction: Interaction, current: str) -> list[Choice[int]]:
        """Exactly the pairs the caller can declare now."""
        seen: dict[int, str] = {}
        for name, pts, _suit in play.declare_choices(interaction, None):
            if str(pts).startswith(current.strip()) and pts not in seen:
                seen[pts] = name
        return [Choice(name=name, value=pts) for pts, name in seen.items()][:25]

    @declare.autocomplete("suit")
    async def _declare_suit(interaction: Interaction, current: str) -> list[Choice[str]]:
        """The suits of the pairs the caller can declare now (for the points already chosen)."""
        points = getattr(interaction.namespace, "points", None)
        want = points if isinstance(points, int) else None
        out: dict[str, str] = {}
        for name, _pts, suit in play.declare_choices(interaction, want):
            if current.strip().lower() in name.lower() and suit not in out:
                out[suit] = name
        return [Choice(name=name, value=suit) for suit, name in out.items()][:25]

    @app_commands.command(name=_("knock"), description=_("Claim “Aus!”: your team has 101"))
    async def knock(interaction: Interaction) -> None:
        await play.act_command(interaction, "knock")

    @app_commands.command(name=_("exchange"),
                          description=_("Swap the trump Seven for the face-up card"))
    async def exchange(interaction: Interaction) -> None:
        await play.act_command(interaction, "exchange")

    @app_commands.command(name=_("accuse"),
                          description=_("Accuse the opponents of playing on past 101"))
    @app_commands.describe(player=_("A player of the accused side (three players only)"))
    async def accuse(interaction: Interaction, player: discord.User | None = None) -> None:
        await play.accuse(interaction, player)

    return [declare, knock, exchange, accuse]


def register(tree: app_commands.CommandTree[Any], *, lobby: LobbyHandlers, play: PlayHandlers,
             info: InfoHandlers, daily: DailyHandlers | None = None) -> None:
    """Add the commands, built with the handlers they call, to the bot's tree."""
    tree.add_command(GaigelGroup(lobby, play, info, daily))
    for command in play_commands(play):
        tree.add_command(command)
