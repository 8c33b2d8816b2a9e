"""The shell flows one way: ``app`` → commands and buttons → handlers → publish → layouts and
render → card text, and nothing imports back up. Checked on the source with ``ast``: every
import statement counts, also one inside a function or under ``TYPE_CHECKING`` (a late import
is an arrow all the same), and ``from . import x`` imports the package as well as ``x``."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.shell

SHELL = Path(bot.shell.__file__).parent
PACKAGE = "bot.shell"


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name of a ``from … import`` statement's module."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(path: Path, root: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports, by any import statement anywhere."""
    module = module_name(path, root)
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name
                while name and name not in known:
                    name = name.rpartition(".")[0]
                if name:
                    out.add(name)
        elif isinstance(node, ast.ImportFrom):
            target = resolve(module, is_package, node)
            name = target
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                out.add(name)
            for alias in node.names:  # ``from . import x``: x may be a module
                sub = f"{target}.{alias.name}"
                if sub in known:
                    out.add(sub)
    out.discard(module)
    return out


def graph_of(package: Path) -> dict[str, set[str]]:
    """Each module of the package → the package's modules it imports."""
    root = package.parent
    while (root / "__init__.py").exists():
        root = root.parent
    files = sorted(package.rglob("*.py"))
    known = {module_name(p, root) for p in files}
    return {module_name(p, root): imports_of(p, root, known) for p in files}


def shell_graph() -> dict[str, set[str]]:
    return graph_of(SHELL)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_checker_sees_a_circle_through_a_late_and_a_type_only_import(
        tmp_path: Path) -> None:
    """The checker itself: a late import in a function and one under TYPE_CHECKING close a
    circle it reports; ``from . import x`` counts as importing x."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .b import g\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from . import c\n")
    (pkg / "c.py").write_text("from .a import f\n")
    graph = graph_of(pkg)
    assert graph["pkg.b"] == {"pkg", "pkg.c"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_no_module_of_the_shell_imports_back_up_no_circle_anywhere() -> None:
    graph = shell_graph()
    assert f"{PACKAGE}.app" in graph and f"{PACKAGE}.handlers.play" in graph
    assert cycles(graph) == []


def test_the_buttons_know_no_handler_and_no_client() -> None:
    """The DynamicItems are given their routes at start-up: they import neither the bot
    (``app``) nor a handler, and the layouts only the buttons and what draws them."""
    graph = shell_graph()
    above = {f"{PACKAGE}.{m}" for m in ("app", "commands", "handlers", "publish")}

    def reaches(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for w in graph.get(todo.pop(), ()):
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    for module in (f"{PACKAGE}.buttons", f"{PACKAGE}.layouts"):
        assert not {m for m in reaches(module)
                    if any(m == b or m.startswith(b + ".") for b in above)}, module


LAYERS = [
    {"app", "run", "translator"},
    {"commands"},
    {"handlers"},
    {"publish"},
    {"layouts", "render", "decide", "primer", "replay_pages", "faces"},
    {"buttons", "card_text", "custom_ids", "names", "alarms", "pacing"},
]
"""The shell from the top down: the bot wires commands and buttons to the handlers, which
answer and hand over to the publishers, which draw with the layouts and texts, down to the
card text. (The buttons' classes sit at the bottom: the layouts draw them, and they reach their
handlers only through the routes the bot gives them.)"""


def layer(module: str) -> int:
    name = module.removeprefix(f"{PACKAGE}.").split(".")[0]
    return next((i for i, names in enumerate(LAYERS) if name in names), -1)


def test_every_arrow_of_the_shell_points_down_or_sideways_never_up() -> None:
    graph = shell_graph()
    modules = [m for m in graph if m != PACKAGE]
    assert [m for m in modules if layer(m) < 0] == []  # a new module is given its layer
    up = sorted(f"{m} -> {w}" for m in modules for w in graph[m]
                if w != PACKAGE and layer(w) < layer(m))
    assert up == []
