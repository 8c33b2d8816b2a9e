"""Settings of the bot, read from the environment and an optional ``.env`` file.

Plain pydantic plus python-dotenv (no pydantic-settings): a few variables do not need another
dependency. ``.env.example`` documents every variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from dotenv import dotenv_values
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from .service.coach import COACH_WORKERS
from .thinking import ThinkingPriority, default_workers

ENV_VARIABLES = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL",
                 "COMPUTER_BUDGET_MS", "COMPUTER_WORKERS", "THINKING_PRIORITY", "COACH_WORKERS",
                 "SHARD_COUNT", "SHARD_IDS")


class Settings(BaseModel):
    """What ``python -m bot`` and ``build_bot()`` are configured with."""

    model_config = ConfigDict(frozen=True)

    discord_token: str | None = Field(default=None, repr=False)
    """Needed only to connect to Discord; tests and the offline mode run without one."""
    database_path: str = "gaigel.sqlite3"
    database_url: str | None = None
    """``sqlite:///FILE`` or ``postgresql://user:password@host/database``; when set it wins
    over ``database_path`` (see ``database``)."""
    shard_count: int | None = Field(default=None, ge=1)
    """Discord gateway shards of the whole bot (all processes together); unset: discord.py
    decides and this one process runs them all."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (``SHARD_IDS=0,1``); needs ``shard_count``. Unset with a
    count: all of them."""
    dev_guild_id: int | None = None
    """When set, ``python -m bot sync`` syncs the commands to this one server (instant)."""
    log_level: str = "INFO"
    computer_budget_ms: int = Field(default=300, ge=10, le=10_000)
    """Thinking time per decision of a ``strong`` computer (the search's deadline): more is
    a little stronger and slower; the other levels answer at once."""
    computer_workers: int = Field(default_factory=default_workers, ge=1, le=256)
    """Processes that think for the computers (``bot.thinking``); default: the cores less one
    for the event loop, at least one."""
    thinking_priority: ThinkingPriority = "low"
    """``low``: the computers' thinking processes at niceness 19, giving way to the bot's own
    process and keeping a small share of a core other programs keep busy; ``idle``: at idle
    priority too (Linux ``SCHED_IDLE``), giving way to every other program; ``normal``: the
    bot's own priority, an equal share beside other programs (``bot.thinking.worker``). A
    computer's search has a deadline: given way, it values fewer worlds, it does not wait."""
    coach_workers: int = Field(default=COACH_WORKERS, ge=0, le=64)
    """Processes of the coach's own (the Hint and the Review at beginner tables, which a
    person waits for, with no deadline): at the bot's own priority, started at the first Hint,
    so that a Hint never queues behind the computers' searches nor waits seconds on a busy
    host; 0: the coach asks the computers' processes, at ``thinking_priority``."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def database(self) -> str:
        """What the storage opens: ``DATABASE_URL`` if set, else the file ``DATABASE_PATH``."""
        return self.database_url or self.database_path

    @property
    def sqlite_file(self) -> str | None:
        """The SQLite file in use, or None on PostgreSQL."""
        from .storage.db import parse_url
        kind, where = parse_url(self.database)
        return where if kind == "sqlite" else None

    @field_validator("database_url", mode="before")
    @classmethod
    def _blank_url_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, str):
            from .storage.db import StorageError, parse_url
            try:
                if "://" not in value:
                    raise StorageError("a URL such as sqlite:///gaigel.sqlite3 or "
                                       "postgresql://user:password@host/database")
                parse_url(value)
            except StorageError as exc:
                raise ValueError(str(exc)) from None
            return value.strip()
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [p.strip() for p in value.replace(" ", ",").split(",") if p.strip()]
            if not parts:
                return None
            if not all(p.isdigit() for p in parts):
                raise ValueError("a list of shard numbers such as 0,1,2")
            return tuple(int(p) for p in parts)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            bad = [i for i in self.shard_ids if i >= self.shard_count]
            if bad or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError(f"SHARD_IDS must be distinct numbers from 0 to "
                                 f"{self.shard_count - 1}")
        return self

    @property
    def shards(self) -> tuple[int, tuple[int, ...]] | None:
        """``(count, ids)`` this process runs, or None when discord.py decides."""
        if self.shard_count is None:
            return None
        ids = self.shard_ids if self.shard_ids is not None else tuple(range(self.shard_count))
        return self.shard_count, ids

    @field_validator("dev_guild_id", "shard_count", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        """An empty ``DEV_GUILD_ID=`` or ``SHARD_COUNT=`` in a .env file means unset."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("computer_budget_ms", "computer_workers", "coach_workers", mode="before")
    @classmethod
    def _blank_is_default(cls, value: object, info: ValidationInfo) -> object:
        """An empty ``COMPUTER_BUDGET_MS=`` (or workers) in a .env file means the default."""
        if isinstance(value, str) and not value.strip():
            assert info.field_name is not None
            return cls.model_fields[info.field_name].get_default(call_default_factory=True)
        return value

    @field_validator("thinking_priority", mode="before")
    @classmethod
    def _blank_priority_is_low(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip().lower() or "low"
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) and value.strip() else "INFO"


def load_settings(
    env_file: str | os.PathLike[str] | None = ".env",
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Settings from ``environ`` (default ``os.environ``) over the ``.env`` file.

    The real environment wins over the file, as python-dotenv's ``load_dotenv`` does by
    default; the file is read without changing ``os.environ``.
    """
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    source = os.environ if environ is None else environ
    values.update({k: source[k] for k in ENV_VARIABLES if k in source})
    try:
        return Settings.model_validate(
            {k.lower(): v for k, v in values.items() if k in ENV_VARIABLES})
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']).upper()}: {e['msg']}"
                             for e in exc.errors())
        raise SettingsError(f"bad setting in the environment or .env: {problems}") from None


class SettingsError(ValueError):
    """A variable of the environment or ``.env`` has a value the bot cannot use."""
