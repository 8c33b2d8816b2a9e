"""Shared test fixtures."""

import logging
from collections.abc import Iterator

import pytest

# Fixtures of the bot tests (simcord_bot, world): tests/world.py.
pytest_plugins = ("world",)


@pytest.fixture(autouse=True)
def _fail_on_discord_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail any test during which a ``discord.*`` logger logged at ERROR or above."""
    yield
    records = caplog.get_records("setup") + caplog.get_records("call")
    bad = [
        f"{r.name}: {r.getMessage()}"
        for r in records
        if r.levelno >= logging.ERROR and (r.name == "discord" or r.name.startswith("discord."))
    ]
    if bad:
        pytest.fail("discord logged errors:\n" + "\n".join(bad), pytrace=False)
