"""The stats picture of ``/gaigel stats``: a person's rating over their last rated matches as a
line, and their deals won, knocks (right and wrong), marriages and Gaigels as bars.

Plain data in, PNG bytes out: no Discord, no database, and nothing about cards. Drawing takes
a few milliseconds of CPU, so the shell calls ``draw`` through ``asyncio.to_thread``.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 720, 330
BACKGROUND = (43, 45, 49)      # Discord's dark message background
GRID = (78, 80, 88)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
LINE = (88, 101, 242)
BARS = ((67, 181, 129), (67, 181, 129), (237, 66, 69), (250, 166, 26), (235, 69, 158))


@dataclass(frozen=True)
class ChartData:
    """What the picture shows, with its words already in the reader's language (Pillow's
    built-in font has Latin letters but no Greek: write "mu", not "μ")."""

    title: str
    ratings: Sequence[float]
    """The rating (ordinal) after each rated match, oldest first (at most the last 50)."""
    rating_caption: str
    no_rating: str
    bars: Sequence[tuple[str, int]]
    """(label, count): deals won, right knocks, wrong knocks, marriages, Gaigels."""


FONT_FILES = ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "Arial.ttf")
"""Fonts with German letters (ä, ö, ü, ß), looked up in the system's font folders; without
any of them, Pillow's built-in font (Latin letters without umlauts)."""


@functools.cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in FONT_FILES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def draw(data: ChartData) -> bytes:
    """The picture as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    pen = ImageDraw.Draw(image)
    title, small = _font(20), _font(13)
    pen.text((16, 10), data.title, fill=TEXT, font=title)
    _line(pen, data, (16, 48, 412, HEIGHT - 34), small)
    _bars(pen, data.bars, (470, 48, WIDTH - 16, HEIGHT - 34), small)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _line(pen: ImageDraw.ImageDraw, data: ChartData, box: tuple[int, int, int, int],
          font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> None:
    left, top, right, bottom = box
    pen.rectangle(box, outline=GRID)
    pen.text((left, bottom + 6), data.rating_caption, fill=MUTED, font=font)
    points = list(data.ratings)
    if not points:
        pen.text((left + 12, (top + bottom) // 2 - 8), data.no_rating, fill=MUTED, font=font)
        return
    lo, hi = min(points + [0.0]), max(points + [0.0])
    if hi - lo < 1:
        hi, lo = hi + 0.5, lo - 0.5
    pad = 10

    def y(v: float) -> float:
        return bottom - pad - (v - lo) / (hi - lo) * (bottom - top - 2 * pad)

    labelled: list[float] = []
    for v in (lo, hi, 0.0):
        if any(abs(y(v) - y(w)) < 16 for w in labelled):
            continue  # too close to a label already drawn
        labelled.append(v)
        pen.line([(left + 1, y(v)), (right - 1, y(v))], fill=GRID)
        pen.text((right + 4, y(v) - 7), f"{v:.1f}", fill=MUTED, font=font)
    step = (right - left - 2 * pad) / max(1, len(points) - 1)
    xy = [(left + pad + i * step, y(v)) for i, v in enumerate(points)]
    if len(xy) == 1:
        x0, y0 = xy[0]
        pen.ellipse((x0 - 3, y0 - 3, x0 + 3, y0 + 3), fill=LINE)
    else:
        pen.line(xy, fill=LINE, width=3, joint="curve")
    x1, y1 = xy[-1]
    pen.text((x1 - 30, max(top + 2, y1 - 20)), f"{points[-1]:.1f}", fill=TEXT, font=font)


def _bars(pen: ImageDraw.ImageDraw, bars: Sequence[tuple[str, int]],
          box: tuple[int, int, int, int],
          font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> None:
    left, top, right, bottom = box
    most = max([count for _, count in bars] + [1])
    row = (bottom - top) / max(1, len(bars))
    for i, (label, count) in enumerate(bars):
        y0 = top + i * row
        pen.text((left, y0), f"{label}: {count}", fill=TEXT, font=font)
        width = (right - left) * count / most
        pen.rectangle((left, y0 + 18, left + max(2.0, width), y0 + row - 8),
                      fill=BARS[i % len(BARS)])
