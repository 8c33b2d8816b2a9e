"""No import circle: a reader can follow the modules of a package one way, from what calls to
what is called. Every ``import`` counts, also those inside functions and under
``TYPE_CHECKING``: a circle closed by a late import is still a circle to read."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import cycles, import_graph


def test_the_import_graph_finds_a_circle_closed_by_a_late_import(tmp_path: Path) -> None:
    graph = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}}
    assert cycles(graph) == [["p.a", "p.b", "p.c"]]
    assert cycles({"p.a": {"p.b"}, "p.b": set()}) == []


def test_the_storage_modules_import_each_other_one_way() -> None:
    graph = import_graph("bot")
    assert "bot.storage.db" in graph["bot.storage.sqlite"]  # it sees the imports
    assert cycles({m: {w for w in ws if w.startswith("bot.storage")}
                   for m, ws in graph.items() if m.startswith("bot.storage")}) == []


def test_the_engine_modules_import_each_other_one_way() -> None:
    graph = import_graph("engine")
    assert "engine.deal" in graph["engine"]  # it sees the imports
    assert cycles(graph) == []


def test_no_import_circle_anywhere_in_the_bot_or_the_engine() -> None:
    """Issue 26: a reader follows every package of bot/ and engine/ one way (the service's
    package no longer imports what imports it, nor storage's interface its back ends)."""
    graph = import_graph("bot", "engine")
    assert "bot.service.service" in graph["bot.service"]  # the package's own imports count
    assert cycles(graph) == []
