"""The shell flows one way: ``app`` → commands and buttons → handlers → publish → layouts and
render → card text, and nothing imports back up. Checked on the source with ``ast``: every
import statement counts, also one inside a function or under ``TYPE_CHECKING`` (a late import
is an arrow all the same), and ``from . import x`` imports the package as well as ``x``."""

from __future__ import annotations

from pathlib import Path

import bot.shell
from tests.import_graph import cycles, graph_of

SHELL = Path(bot.shell.__file__).parent
PACKAGE = "bot.shell"


def shell_graph() -> dict[str, set[str]]:
    return graph_of(SHELL)


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
    {"layouts", "render", "decide", "primer", "replay_pages", "faces", "daily_text"},
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
