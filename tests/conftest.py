"""Shared test fixtures."""

import itertools
import logging
import multiprocessing
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pg import INSTALL_HINT, PostgresServer, find_bindir

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


@pytest.fixture(autouse=True)
def _no_thinking_process_left() -> Iterator[None]:
    """Fail any test that leaves a thinking process running, the computers' or the coach's (a
    service it did not close)."""
    yield
    left = [p.pid for p in multiprocessing.active_children()
            if p.name in ("gaigel-thinking", "gaigel-coach")]
    if left:
        pytest.fail(f"thinking processes left running: {left}", pytrace=False)


# ---------------------------------------------------------------------- both storage back ends


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the session (skipped when it is not installed)."""
    bindir = find_bindir()
    if bindir is None:
        pytest.skip(INSTALL_HINT)
    server = PostgresServer(bindir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def new_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """Makes empty databases of each back end in turn: SQLite files, or fresh PostgreSQL
    databases. Storage and service tests take this (or ``db_url``) to run on both."""
    if request.param == "sqlite":
        names = itertools.count(1)
        return lambda: f"sqlite:///{tmp_path / f'g{next(names)}.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database


@pytest.fixture
def db_url(new_db_url: Callable[[], str]) -> str:
    """One empty database of each back end."""
    return new_db_url()


# ---------------------------------------------------------------------- a long history

SIMULATED_GUILD = 424_242_424_242_424_242
"""The server of the simulated history (a bot test pins its guild to this id)."""
SIMULATED_DEALS = 6000


@pytest.fixture(scope="session")
def simulated_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file of 6,000 finished deals played by ``python -m bot simulate`` (20 tables of
    four computers, 300 deals each, seeded) in server ``SIMULATED_GUILD``: built once per
    session (about 40 s of one core), copied by each test that uses it."""
    import subprocess
    import sys

    path = tmp_path_factory.mktemp("history") / "simulated.sqlite3"
    subprocess.run([sys.executable, "-m", "bot", "simulate", "--db", str(path), "--tables",
                    "20", "--deals", str(SIMULATED_DEALS // 20), "--seed", "1", "--guild",
                    str(SIMULATED_GUILD)], cwd=Path(__file__).resolve().parents[1], check=True,
                   capture_output=True)
    return path


@pytest.fixture
def simulated_copy(simulated_history: Path, tmp_path: Path) -> Path:
    """A copy of the simulated history this test may change."""
    import shutil

    return Path(shutil.copy(simulated_history, tmp_path / "simulated.sqlite3"))


@pytest.fixture
def deals_repeat(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal mixes the id of the click that started it into its cards (``docs/FAIRNESS.md``),
    and the offline mode numbers clicks by the real clock, so every run's Start click has
    another id: the offline tests deal as if no click had started a deal (salt ""), so that a
    seed gives the same deals every run."""
    import bot.service.lobby as lobby
    monkeypatch.setattr(lobby, "checked_salt", lambda salt: "")
