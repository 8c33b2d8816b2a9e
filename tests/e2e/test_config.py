"""Settings from the environment and ``.env``: what a server admin configures, and what a bad
value does (the bot names it and does not start)."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from bot import build_bot
from bot.config import Settings, SettingsError, load_settings


def test_the_environment_wins_over_the_env_file(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("COMPUTER_BUDGET_MS=120\nDATABASE_PATH=a.sqlite3\n")
    settings = load_settings(env, environ={})
    assert settings.computer_budget_ms == 120 and settings.database_path == "a.sqlite3"
    assert load_settings(env, environ={"COMPUTER_BUDGET_MS": "450"}).computer_budget_ms == 450
    assert load_settings(None, environ={}).computer_budget_ms == 300
    assert load_settings(None, environ={"COMPUTER_BUDGET_MS": " "}).computer_budget_ms == 300


@pytest.mark.parametrize("value", ["fast", "5", "99999"])
def test_a_bad_setting_is_named_and_the_bot_does_not_start(
        value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SettingsError, match="COMPUTER_BUDGET_MS"):
        load_settings(None, environ={"COMPUTER_BUDGET_MS": value})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COMPUTER_BUDGET_MS", value)
    from bot.cli import main
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "COMPUTER_BUDGET_MS" in err and "Traceback" not in err
    assert not (tmp_path / "gaigel.sqlite3").exists()


async def test_the_strong_computers_think_as_long_as_the_setting_says(tmp_path: Path) -> None:
    bot = build_bot(Settings(database_path=str(tmp_path / "g.sqlite3"), computer_budget_ms=42))
    await bot.setup_hook()
    try:
        svc = bot.service
        assert svc is not None and svc.computer_budget_ms == 42
        state = await svc.create_table(1, 100, 1, "Alice", players=2, level="strong")
        await svc.start(state.table_id, 1, fill=True)
        brains = svc.tables[state.table_id].brains
        assert brains and all(getattr(b, "budget_ms", None) == 42 for b in brains.values())
    finally:
        await bot.close_service()


async def test_the_computers_think_in_as_many_processes_as_the_setting_says(
        tmp_path: Path) -> None:
    cores = len(os.sched_getaffinity(0))
    assert load_settings(None, environ={}).computer_workers == max(1, cores - 1)
    assert load_settings(None, environ={"COMPUTER_WORKERS": " "}).computer_workers == max(
        1, cores - 1)
    assert load_settings(None, environ={"COMPUTER_WORKERS": "3"}).computer_workers == 3
    for bad in ("0", "many"):
        with pytest.raises(SettingsError, match="COMPUTER_WORKERS"):
            load_settings(None, environ={"COMPUTER_WORKERS": bad})
    bot = build_bot(Settings(database_path=str(tmp_path / "g.sqlite3"), computer_workers=2))
    await bot.setup_hook()
    try:
        svc = bot.service
        assert svc is not None and len(svc.thinking.pids) == 2
        assert {p.pid for p in multiprocessing.active_children()} >= set(svc.thinking.pids)
    finally:
        await bot.close_service()
    assert not [p for p in multiprocessing.active_children() if p.name == "gaigel-thinking"]




async def test_the_coach_thinks_in_as_many_processes_of_its_own_as_the_setting_says(
        tmp_path: Path) -> None:
    """``COACH_WORKERS``: 1 by default (and blank), started by the first Hint (here by hand);
    0: the coach asks the computers' processes."""
    assert load_settings(None, environ={}).coach_workers == 1
    assert load_settings(None, environ={"COACH_WORKERS": " "}).coach_workers == 1
    assert load_settings(None, environ={"COACH_WORKERS": "0"}).coach_workers == 0
    assert load_settings(None, environ={"COACH_WORKERS": "2"}).coach_workers == 2
    for bad in ("-1", "many"):
        with pytest.raises(SettingsError, match="COACH_WORKERS"):
            load_settings(None, environ={"COACH_WORKERS": bad})
    bot = build_bot(Settings(database_path=str(tmp_path / "two.sqlite3"), computer_workers=1,
                             coach_workers=2))
    await bot.setup_hook()
    try:
        svc = bot.service
        assert svc is not None and svc.coaching.pids == []
        await svc.coaching.start()
        coach = set(svc.coaching.pids)
        assert len(coach) == 2 and not coach & set(svc.thinking.pids)
        assert {p.pid for p in multiprocessing.active_children()
                if p.name == "gaigel-coach"} == coach
    finally:
        await bot.close_service()
    assert not [p for p in multiprocessing.active_children() if p.name == "gaigel-coach"]
    bot = build_bot(Settings(database_path=str(tmp_path / "none.sqlite3"), computer_workers=1,
                            coach_workers=0))
    await bot.setup_hook()
    try:
        svc = bot.service
        assert svc is not None and svc.coaching is svc.thinking
    finally:
        await bot.close_service()

@pytest.mark.skipif(not hasattr(os, "sched_getscheduler"), reason="Linux scheduling classes")
async def test_the_thinking_processes_give_way_as_the_priority_setting_says(
        tmp_path: Path) -> None:
    """``low`` (the default, and a blank value): niceness 19, the normal scheduling class, so
    a Hint keeps a share of a busy host's cores; ``idle``: idle priority too; ``normal``: the
    bot's own niceness and class."""
    assert load_settings(None, environ={}).thinking_priority == "low"
    assert load_settings(None, environ={"THINKING_PRIORITY": " "}).thinking_priority == "low"
    assert load_settings(None, environ={"THINKING_PRIORITY": "IDLE"}).thinking_priority == "idle"
    assert load_settings(None, environ={"THINKING_PRIORITY": "Normal"}
                         ).thinking_priority == "normal"
    with pytest.raises(SettingsError, match="THINKING_PRIORITY"):
        load_settings(None, environ={"THINKING_PRIORITY": "fast"})
    own = os.getpriority(os.PRIO_PROCESS, 0)
    for priority, policy, niceness in (("low", os.SCHED_OTHER, 19), ("idle", os.SCHED_IDLE, 19),
                                       ("normal", os.SCHED_OTHER, own)):
        bot = build_bot(Settings(database_path=str(tmp_path / f"{priority}.sqlite3"),
                                 computer_workers=1, thinking_priority=priority))
        await bot.setup_hook()
        try:
            svc = bot.service
            assert svc is not None
            [pid] = svc.thinking.pids
            assert os.sched_getscheduler(pid) == policy, priority
            assert os.getpriority(os.PRIO_PROCESS, pid) == niceness, priority
        finally:
            await bot.close_service()

def test_database_url_wins_over_the_path_and_a_bad_one_is_named(tmp_path: Path) -> None:
    settings = load_settings(None, environ={"DATABASE_PATH": "a.sqlite3"})
    assert settings.database == "a.sqlite3" and settings.sqlite_file == "a.sqlite3"
    settings = load_settings(None, environ={"DATABASE_PATH": "a.sqlite3",
                                            "DATABASE_URL": "postgresql://u:p@h/gaigel"})
    assert settings.database == "postgresql://u:p@h/gaigel" and settings.sqlite_file is None
    settings = load_settings(None, environ={"DATABASE_URL": "sqlite:///b.sqlite3"})
    assert settings.database == "sqlite:///b.sqlite3" and settings.sqlite_file == "b.sqlite3"
    assert load_settings(None, environ={"DATABASE_URL": " "}).database == "gaigel.sqlite3"
    for bad in ("mysql://h/db", "gaigel.sqlite3"):
        with pytest.raises(SettingsError, match="DATABASE_URL"):
            load_settings(None, environ={"DATABASE_URL": bad})


def test_shard_settings_make_a_sharded_bot_with_those_shards(tmp_path: Path) -> None:
    import discord
    plain = build_bot(Settings(database_path=str(tmp_path / "g.sqlite3")))
    assert not isinstance(plain, discord.AutoShardedClient)
    settings = load_settings(None, environ={"SHARD_COUNT": "4", "SHARD_IDS": "2, 3",
                                            "DATABASE_PATH": str(tmp_path / "g.sqlite3")})
    assert settings.shards == (4, (2, 3))
    bot = build_bot(settings)
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count == 4 and bot.shard_ids == [2, 3]
    assert load_settings(None, environ={"SHARD_COUNT": "2"}).shards == (2, (0, 1))
    for bad in ({"SHARD_IDS": "0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
                {"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "x"},
                {"SHARD_COUNT": "0"}):
        with pytest.raises(SettingsError, match="SHARD"):
            load_settings(None, environ=bad)
