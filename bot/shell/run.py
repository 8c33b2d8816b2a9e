"""Connecting to Discord: ``python -m bot`` (run) and ``python -m bot sync`` (see ``bot.cli``)."""

from __future__ import annotations

import logging
import sys

import discord

from ..config import Settings

log = logging.getLogger("bot")


async def sync_faces(bot: discord.Client) -> bool:
    """Upload the missing card faces; a refusal is said, and the bot shows text cards."""
    from .faces import upload_faces
    try:
        uploaded, present = await upload_faces(bot)
    except discord.HTTPException as exc:
        print(f"card faces: uploading the emojis failed ({exc.status} {exc.text}); "
              "the bot shows cards as text", file=sys.stderr)
        return False
    print(f"card faces: {uploaded} uploaded, {present} already there")
    return True


def setup_logging(settings: Settings) -> None:
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO),
                                root=True)


def run(settings: Settings) -> int:
    """Connect to Discord with the token and play until stopped."""
    from .. import build_bot
    assert settings.discord_token, "without a token bot.cli starts the offline mode"
    setup_logging(settings)
    bot = build_bot(settings)
    try:
        bot.run(settings.discord_token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token (DISCORD_TOKEN)", file=sys.stderr)
        return 2
    return 0


async def sync(settings: Settings) -> int:
    """Sync the slash commands: to ``DEV_GUILD_ID`` at once when set, else globally; then
    upload the card faces the application lacks as its emojis (``bot.shell.faces``)."""
    from .. import build_bot
    if not settings.discord_token:
        print("DISCORD_TOKEN is not set (see .env.example)", file=sys.stderr)
        return 2
    setup_logging(settings)
    bot = build_bot(settings)
    try:
        await bot.login(settings.discord_token)
        if settings.dev_guild_id:
            guild = discord.Object(id=settings.dev_guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
            print(f"synced {len(synced)} commands to guild {settings.dev_guild_id}")
        else:
            synced = await bot.tree.sync()
            print(f"synced {len(synced)} global commands (may take up to an hour to show)")
        await sync_faces(bot)
    except discord.LoginFailure:
        print("Discord refused the token (DISCORD_TOKEN)", file=sys.stderr)
        return 2
    finally:
        await bot.close()
    return 0

