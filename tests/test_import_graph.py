"""No import circle: a reader can follow the modules of a package one way, from what calls to
what is called. Every ``import`` counts, also those inside functions and under
``TYPE_CHECKING``: a circle closed by a late import is still a circle to read."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that the file at ``path`` imports (``from p import x`` counts
    as importing the module ``p.x`` when it is one, else ``p``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            targets = [f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in known
                       else origin for alias in node.names]
        else:
            continue
        for target in targets:
            # the longest known module the target names (a module, or the package it is in)
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def import_graph(*packages: str) -> dict[str, set[str]]:
    """Module → the modules it imports, within ``packages`` (folders under the project)."""
    files = [f for p in packages for f in sorted((ROOT / p).rglob("*.py"))]
    known = {module_name(f) for f in files}
    return {module_name(f): imported_modules(f, known) for f in files}


def import_circles(graph: dict[str, set[str]], within: str = "") -> list[list[str]]:
    """The circles among the modules whose names start with ``within`` (each circle once, as
    the strongly connected groups of more than one module, or a module importing itself)."""
    nodes = sorted(n for n in graph if n.startswith(within))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if not nxt.startswith(within):
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph[node]:
                circles.append(sorted(group))

    for node in nodes:
        if node not in index:
            visit(node)
    return circles


def test_the_import_graph_finds_a_circle_closed_by_a_late_import(tmp_path: Path) -> None:
    graph = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}, "q.x": {"q.x"}}
    assert import_circles(graph, "p.") == [["p.a", "p.b", "p.c"]]
    assert import_circles(graph, "q.") == [["q.x"]]
    assert import_circles({"p.a": {"p.b"}, "p.b": set()}) == []


def test_the_storage_modules_import_each_other_one_way() -> None:
    graph = import_graph("bot")
    assert "bot.storage.db" in graph["bot.storage.sqlite"]  # it sees the imports
    assert import_circles(graph, "bot.storage") == []


def test_the_engine_modules_import_each_other_one_way() -> None:
    graph = import_graph("engine")
    assert "engine.deal" in graph["engine"]  # it sees the imports
    assert import_circles(graph, "engine") == []
