"""`/gaigel export` of a long history (issue 25, item 12): a server of 6,000 simulated deals
(15 MB of JSON, more than the 10 MiB one upload may carry) gets its history compressed, in
several files and messages when even that is too large, and the answer always says what was
sent and how to get the rest (``since``)."""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import simcord.interactions
from conftest import SIMULATED_DEALS, SIMULATED_GUILD
from world import World, manager, text

pytestmark = pytest.mark.simcord(settle_timeout=60)
"""The export works for seconds in a thread (reading, encoding, compressing): wait it out."""


@pytest.fixture(autouse=True)
def _the_bots_database_holds_the_simulated_history(simulated_history: Path,
                                                    tmp_path: Path) -> None:
    """Before the bot opens it (``simcord_bot`` opens ``tmp_path/gaigel.sqlite3``)."""
    shutil.copy(simulated_history, tmp_path / "gaigel.sqlite3")


@pytest.fixture
def server(world: World) -> World:
    """The server the history was played on, with a manager, Mia."""
    w = World(world.env, guild=world.env.create_guild(name="Alb", id=SIMULATED_GUILD))
    manager(w, "mia")
    return w


def uploads_up_to(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    """Discord tells the bot, with each interaction, that its files may have ``size`` bytes
    (``attachment_size_limit``; simcord says 25 MiB)."""
    real = simcord.interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = real(*args, **kwargs)
        payload["attachment_size_limit"] = size
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)


async def deal_ids(messages: list[Any]) -> tuple[list[int], list[int]]:
    """The deals in the files of these messages, and the files' sizes."""
    ids, sizes = [], []
    for m in messages:
        for att in m.attachments:
            data = await att.read()
            sizes.append(len(data))
            assert att.filename.endswith(".json.gz")
            doc = json.loads(gzip.decompress(data))
            assert doc["count"] == len(doc["deals"])
            ids += [d["deal_id"] for d in doc["deals"]]
    return ids, sizes


async def test_a_server_of_6000_deals_gets_its_history_as_one_compressed_file(
        server: World) -> None:
    result = await server.slash("mia", "gaigel export", scope="server", format="json")
    assert result.response.ephemeral and not result.followups
    assert f"{SIMULATED_DEALS} deals" in text(result) and "gzip" in text(result)
    (attachment,) = result.response.attachments
    assert attachment.filename == f"gaigel-server-{SIMULATED_GUILD}.json.gz"
    data = await attachment.read()
    assert len(data) < 10 * 1024 * 1024 - 64 * 1024
    doc = json.loads(gzip.decompress(data))
    assert doc["count"] == len(doc["deals"]) == SIMULATED_DEALS
    assert {d["guild"] for d in doc["deals"]} == {SIMULATED_GUILD}
    # CSV: one compressed table, no cell a spreadsheet would run
    result = await server.slash("mia", "gaigel export", scope="server", format="csv")
    (attachment,) = result.response.attachments
    assert attachment.filename.endswith(".csv.gz")
    rows = list(csv.reader(io.StringIO(gzip.decompress(await attachment.read()).decode())))
    assert len(rows) == 1 + SIMULATED_DEALS


async def test_a_history_beyond_ten_uploads_comes_in_ten_files_and_names_the_rest(
        server: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """With uploads of 160 KiB (the compressed history is about 1.1 MB) the answer is ten
    whole files, in as many messages as their sizes need, and a `since` that brings the rest;
    nothing is lost."""
    uploads_up_to(monkeypatch, 160 * 1024)
    result = await server.slash("mia", "gaigel export", scope="server", format="json")
    messages = [result.response, *result.followups]
    assert all(m.ephemeral for m in messages)
    assert sum(len(m.attachments) for m in messages) == 10
    first, sizes = await deal_ids(messages)
    assert max(sizes) <= 96 * 1024 and len(first) == len(set(first)) < SIMULATED_DEALS
    words = text(result)
    assert "It comes in 10 files" in words and "File 1 of 10" in words
    assert f"{len(first)} deals" in words
    since = re.search(r"`/gaigel export since:(\S+)`", words)
    assert since is not None, words
    # each message's files fit one upload together
    for m in messages:
        assert sum(a.size for a in m.attachments) <= 96 * 1024
    result = await server.slash("mia", "gaigel export", scope="server", format="json",
                                since=since.group(1))
    rest, _ = await deal_ids([result.response, *result.followups])
    assert "since:" not in text(result)
    assert len(set(first) | set(rest)) == SIMULATED_DEALS


async def test_a_since_that_is_no_date_is_answered_and_nothing_is_sent(server: World) -> None:
    result = await server.slash("mia", "gaigel export", scope="server", format="json",
                                since="last week")
    assert result.response.ephemeral and not result.response.attachments
    assert "`since` takes a day such as 2025-03-01" in text(result)
    result = await server.slash("mia", "gaigel export", scope="server", format="json",
                                since="2099-01-01")
    assert not result.response.attachments
    assert text(result) == "No deal ended at 2099-01-01T00:00:00 (UTC) or later."
