"""The import graph of the project's packages, read from the source with ``ast``: every
import statement counts, also one inside a function or under ``TYPE_CHECKING`` (a late import
is an arrow all the same), and ``from . import x`` imports the package as well as ``x``. Used
by tests/test_import_graph.py (no circle anywhere) and tests/shell/test_shell_imports.py (the
shell's layers)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def import_graph(*packages: str) -> dict[str, set[str]]:
    """Module → the modules it imports, within ``packages`` (folders under the project)."""
    graph: dict[str, set[str]] = {}
    files = [f for p in packages for f in sorted((ROOT / p).rglob("*.py"))]
    known = {module_name(f, ROOT) for f in files}
    for f in files:
        graph[module_name(f, ROOT)] = imports_of(f, ROOT, known)
    return graph
