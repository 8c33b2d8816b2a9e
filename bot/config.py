"""Settings of the bot, read from the environment and an optional ``.env`` file.

Plain pydantic plus python-dotenv (no pydantic-settings): five variables do not need another
dependency. ``.env.example`` documents every variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from dotenv import dotenv_values
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

ENV_VARIABLES = ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL",
                 "COMPUTER_BUDGET_MS")


class Settings(BaseModel):
    """What ``python -m bot`` and ``build_bot()`` are configured with."""

    model_config = ConfigDict(frozen=True)

    discord_token: str | None = Field(default=None, repr=False)
    """Needed only to connect to Discord; tests and the offline mode run without one."""
    database_path: str = "gaigel.sqlite3"
    dev_guild_id: int | None = None
    """When set, ``python -m bot sync`` syncs the commands to this one server (instant)."""
    log_level: str = "INFO"
    computer_budget_ms: int = Field(default=300, ge=10, le=10_000)
    """Thinking time per decision of a ``strong`` computer (the search's deadline): more is
    a little stronger and slower; the other levels answer at once."""

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("computer_budget_ms", mode="before")
    @classmethod
    def _blank_budget_is_default(cls, value: object) -> object:
        return 300 if isinstance(value, str) and not value.strip() else value

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
