"""``/gaigel score`` as players draw it: a slate in a wooden frame, chalk strokes per team
(I a stroke, V a double, erased strokes crossed), tokens as a pile, game points as tallies."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from .draw import encode, text

SLATE = (44, 56, 52, 255)
FRAME = (140, 96, 52, 255)
FRAME_DARK = (100, 66, 34, 255)
CHALK = (236, 236, 226, 255)
CHALK_DIM = (170, 176, 170, 255)
TOKEN = (214, 170, 60, 255)
TOKEN_EDGE = (150, 110, 30, 255)


@dataclass(frozen=True)
class SlateTeam:
    name: str
    marks: tuple[tuple[int, int], ...] = ()
    """(size, erased): size 1 a stroke, 2 a V; erased how many of its arms are struck."""
    held: int = 0
    """Tokens held."""
    total: int = 0
    """Game points (or 5/3/1 points)."""


@dataclass(frozen=True)
class SlateScene:
    kind: str
    """strokes, tokens, points or three (``MatchScore.kind``)."""
    teams: tuple[SlateTeam, ...]
    pool: int | None = None
    """Tokens in the pool (``tokens``)."""
    pool_label: str = ""
    footer: str = ""


def slate_scene(score: dict[str, Any], names: list[str], pool_label: str = "",
                footer: str = "") -> SlateScene:
    """From ``MatchScore.display()`` and the teams' names (in the order of its teams)."""
    teams = tuple(
        SlateTeam(name, tuple((int(s), int(e)) for s, e in t.get("marks", [])),
                  int(t.get("held") or 0), int(t.get("total") or 0))
        for name, t in zip(names, score["teams"], strict=True))
    return SlateScene(score["kind"], teams, score.get("pool"), pool_label, footer)


def _jitter(k: int, spread: int = 3) -> int:
    """A hand-drawn wobble that is the same every time (no randomness in a picture)."""
    return (k * 7919) % (2 * spread + 1) - spread


def _stroke(d: ImageDraw.ImageDraw, x: float, y: float, h: float, k: int,
            colour: tuple[int, ...] = CHALK) -> None:
    d.line((x + _jitter(k, 2), y, x - 3 + _jitter(k + 1, 2), y + h), fill=colour, width=5)


def _cross(d: ImageDraw.ImageDraw, x0: float, y: float, x1: float, h: float) -> None:
    d.line((x0 - 6, y + h * 0.65, x1 + 6, y + h * 0.35), fill=CHALK, width=4)


def _strokes(d: ImageDraw.ImageDraw, x: float, y: float, h: float,
             marks: tuple[tuple[int, int], ...]) -> None:
    for k, (size, erased) in enumerate(marks):
        if size == 2:
            d.line((x, y, x + 14, y + h), fill=CHALK, width=5)
            d.line((x + 14, y + h, x + 28, y), fill=CHALK, width=5)
            if erased:
                _cross(d, x + (14 if erased == 1 else 0), y, x + 28, h)
            x += 44
        else:
            _stroke(d, x, y, h, k)
            if erased:
                _cross(d, x - 3, y, x + 3, h)
            x += 22


def _tokens(d: ImageDraw.ImageDraw, x: float, y: float, n: int) -> None:
    """A pile: coins stacked in columns of five, a little offset."""
    for k in range(n):
        col, row = divmod(k, 5)
        cx, cy = x + col * 34 + (row % 2) * 3, y + 34 - row * 7
        d.ellipse((cx, cy, cx + 28, cy + 12), fill=TOKEN, outline=TOKEN_EDGE, width=2)


def _tally(d: ImageDraw.ImageDraw, x: float, y: float, h: float, n: int) -> None:
    """Game points as tallies: four strokes and a fifth across."""
    for group in range(0, n, 5):
        count = min(5, n - group)
        for k in range(min(4, count)):
            _stroke(d, x + k * 12, y, h, group + k)
        if count == 5:
            d.line((x - 8, y + h * 0.75, x + 46, y + h * 0.25), fill=CHALK, width=4)
        x += 70


@functools.lru_cache(maxsize=64)
def render_slate(scene: SlateScene) -> tuple[bytes, str]:
    rows = len(scene.teams) + (1 if scene.kind == "tokens" and scene.pool is not None else 0)
    row_h = 64
    width, border = 640, 18
    height = border * 2 + 20 + rows * row_h + (30 if scene.footer else 0)
    img = Image.new("RGBA", (width, height), FRAME)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width - 1, height - 1), outline=FRAME_DARK, width=4)
    d.rectangle((border, border, width - border, height - border), fill=SLATE)
    name_w = 190
    y = border + 16
    items = [(t.name, t) for t in scene.teams]
    for name, team in items:
        text(d, (border + 16, y + 22), name[:22], 22, CHALK, "lm")
        x = border + 16 + name_w
        if scene.kind == "strokes":
            _strokes(d, x, y + 4, 38, team.marks)
        elif scene.kind == "tokens":
            _tokens(d, x, y, team.held)
        else:
            _tally(d, x, y + 4, 38, team.total)
            text(d, (width - border - 16, y + 22), str(team.total), 22, CHALK_DIM, "rm")
        y += row_h
    if scene.kind == "tokens" and scene.pool is not None:
        text(d, (border + 16, y + 22), scene.pool_label, 20, CHALK_DIM, "lm")
        _tokens(d, border + 16 + name_w, y, scene.pool)
        y += row_h
    if scene.footer:
        text(d, (border + 16, y + 6), scene.footer, 16, CHALK_DIM, "la")
    return encode(img, "png")
