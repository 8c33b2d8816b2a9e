"""Shared drawing helpers of the pictures: the felt, text, cards at a scale, the encoding."""

from __future__ import annotations

import functools
import io
import unicodedata

from PIL import Image, ImageDraw

from .faces import CARD_SIZE, card_image, font

FELT = (28, 92, 58, 255)
FELT_DARK = (20, 70, 44, 255)
CHALK = (236, 236, 228, 255)
GOLD = (250, 210, 90, 255)
DIM = (170, 200, 180, 255)
MAX_BYTES = 100_000
"""Every picture stays under this (Discord shows it at once, and it uploads fast)."""


SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                         "ß": "ss", "ẞ": "SS", "–": "-", "—": "-", "−": "-", "×": "x",
                         "„": '"', "“": '"', "”": '"', "‘": "'", "’": "'"})
"""German letters and signs as the pictures' font can draw them (Pillow's built-in font
covers printable ASCII, "…" and "·" only): "Jürgen" reads "Juergen", never "J□rgen"."""

FONT_EXTRA = frozenset("…·")


@functools.lru_cache(maxsize=1024)
def drawable(s: str) -> str:
    """``s`` in letters the font has: German spelled out, other accents dropped ("é" → "e"),
    anything else (other scripts, emoji) as "?" rather than an empty box."""
    s = unicodedata.normalize("NFKD", s.translate(SPELLED))
    return "".join(ch if (" " <= ch <= "~" or ch in FONT_EXTRA) else "?"
                   for ch in s if not unicodedata.combining(ch))


def short(name: str, limit: int = 14) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


@functools.lru_cache(maxsize=512)
def card_at(card: str | None, style: str, scale: float) -> Image.Image:
    """A committed card picture at a scale (cached: a table draws the same few again)."""
    img = card_image(card, style)
    if scale == 1:
        return img
    w, h = CARD_SIZE
    return img.resize((round(w * scale), round(h * scale)), Image.Resampling.LANCZOS)


def slot(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """An empty place for a card (dashed look: a thin rounded outline)."""
    d.rounded_rectangle(box, radius=8, outline=FELT_DARK, width=3)


def text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int,
         fill: tuple[int, ...] = CHALK, anchor: str = "la") -> None:
    d.text(xy, drawable(s), font=font(size), fill=fill, anchor=anchor)


def encode(img: Image.Image, kind: str = "jpg") -> tuple[bytes, str]:
    """(bytes, ``jpg`` or ``png``) under ``MAX_BYTES``. Pictures of cards are JPEGs (quality
    90, no chroma subsampling: a red edge stays sharp; under 1 ms, where a PNG of the same
    table takes 15-60 ms to compress); flat drawings such as the slate are PNGs."""
    rgb = img.convert("RGB")
    if kind == "png":
        out = io.BytesIO()
        rgb.save(out, format="PNG", compress_level=6)
        if out.tell() <= MAX_BYTES:
            return out.getvalue(), "png"
    for quality in (90, 80, 70, 60, 50, 40):
        out = io.BytesIO()
        rgb.save(out, format="JPEG", quality=quality, subsampling=0)
        if out.tell() <= MAX_BYTES:
            break
    return out.getvalue(), "jpg"
