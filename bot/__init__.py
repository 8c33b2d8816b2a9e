"""Discord front end for the Gaigel rules engine: ``build_bot()`` makes the bot, not started."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config import Settings
    from .shell.app import GaigelBot

from .shell.pacing import Pacing

__all__ = ["Pacing", "build_bot"]


def build_bot(settings: Settings | None = None, **options: Any) -> GaigelBot:
    """The bot object, configured from the environment and ``.env`` exactly as ``python -m bot``
    is (so ``DATABASE_URL`` or ``DATABASE_PATH`` picks the database, ``SHARD_COUNT`` and
    ``SHARD_IDS`` the shards: an ``AutoShardedClient`` then). Not started: ``bot.run(token)``, or a harness
    such as simcord, starts it. ``options`` go to ``GaigelBot`` (``pacing``,
    ``service_options``, ``offline``)."""
    from .config import load_settings
    from .shell.app import GaigelBot, ShardedGaigelBot
    settings = settings if settings is not None else load_settings()
    if settings.shards is not None:  # SHARD_COUNT: these shards in this process
        return ShardedGaigelBot(settings, **options)
    return GaigelBot(settings, **options)
