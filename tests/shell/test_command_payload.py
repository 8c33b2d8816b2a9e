"""The slash commands Discord is told about stay exactly what they were: the payload
``python -m bot sync`` sends (each command's translated payload, names, descriptions,
options, choices and their German localisations) is compared with ``command_tree.json``,
recorded from the bot before its commands were built as groups with their handlers.

Refresh the file only for a deliberate change of the commands:
``PYTHONPATH=. python tests/shell/test_command_payload.py > tests/shell/command_tree.json``.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot import build_bot
from bot.config import Settings

RECORDED = Path(__file__).with_name("command_tree.json")


async def sync_payload(database: Path) -> list[dict[str, Any]]:
    """What ``CommandTree.sync`` sends for the bot's global commands (as ``python -m bot sync``
    does: the bot made by ``build_bot``, its start-up run, then every command through the
    translator), as plain JSON."""
    bot = build_bot(Settings(database_path=str(database)))
    await bot.setup_hook()
    try:
        tree = bot.tree
        assert tree.translator is not None
        payload = [await command.get_translated_payload(tree, tree.translator)
                   for command in tree.get_commands()]
    finally:
        await bot.close_service()
    return json.loads(json.dumps(payload))  # type: ignore[no-any-return]


async def test_the_synced_commands_are_the_recorded_ones(tmp_path: Path) -> None:
    payload = await sync_payload(tmp_path / "gaigel.sqlite3")
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    assert [c["name"] for c in payload] == ["gaigel", "declare", "knock", "exchange", "accuse"]
    assert payload == recorded


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        out = asyncio.run(sync_payload(Path(tmp) / "gaigel.sqlite3"))
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    print()
