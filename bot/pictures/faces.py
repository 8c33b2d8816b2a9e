"""The card faces: drawn here with Pillow, committed as PNGs under ``bot/pictures/faces/``.

Suit symbols are drawn as shapes (no font glyphs, nothing copied), the ranks with Pillow's
built-in scalable font (``ImageFont.load_default(size=…)``, no system fonts), so the same
Pillow draws the same pixels anywhere. ``tests/pictures/test_faces.py`` re-draws every face
and compares it with the committed file. Re-draw them after a change:

    python -m bot.pictures.faces

Two sizes from one drawing of each suit and rank: ``emoji/`` (128×128, uploaded as the
application's emojis: a big rank and a big suit, legible at the 22 px Discord gives a button's
emoji) and ``card/`` (``CARD_SIZE``, the cards laid out in the table, ceremony pictures).
Both styles of the ``suits`` setting: German (Eichel, Blatt, Herz, Schellen; A 10 K O U 7)
and French (♣ ♠ ♥ ♦; A 10 K Q J 7), and one card back shared by both.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .names import all_names, card_of_name, face_name

FACES_DIR = Path(__file__).with_name("faces")
EMOJI_SIZE = (128, 128)
CARD_SIZE = (120, 190)
SCALE = 4
"""Drawn this many times larger, then reduced: smooth edges without anti-aliasing tricks."""


RANK_TEXT = {
    "german": {"A": "A", "10": "10", "K": "K", "O": "O", "U": "U", "7": "7"},
    "french": {"A": "A", "10": "10", "K": "K", "O": "Q", "U": "J", "7": "7"},
}

INK = (24, 24, 28, 255)
PAPER = (252, 250, 244, 255)
EDGE = (150, 150, 150, 255)
GERMAN_COLOURS = {
    "E": (139, 84, 36, 255),    # acorn brown
    "B": (38, 140, 58, 255),    # leaf green
    "H": (214, 36, 44, 255),    # heart red
    "S": (232, 168, 20, 255),   # bell yellow
}
FRENCH_COLOURS = {"E": INK, "B": INK, "H": (214, 36, 44, 255), "S": (214, 36, 44, 255)}


@functools.lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


# ---------------------------------------------------------------------- suit shapes


Box = tuple[float, float, float, float]


def _heart(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...], *, flip: bool = False) -> None:
    """Two lobes and a point: ♥ (``flip``: the point up, the body of a spade)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    r = w * 0.27

    def y(v: float) -> float:
        return y1 - (v - y0) if flip else v

    ly = y0 + r
    for cx in (x0 + r, x1 - r):
        cy = y(ly)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    d.polygon([(x0 + w * 0.012, y(ly + r * 0.35)), (x1 - w * 0.012, y(ly + r * 0.35)),
               (x0 + w / 2, y(y1)), ], fill=fill)
    d.polygon([(x0 + r, y(ly)), (x1 - r, y(ly)), (x0 + w / 2, y(y0 + h * 0.3))], fill=fill)


def _stem(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = x0 + w / 2
    d.polygon([(cx - w * 0.05, y0 + h * 0.55), (cx + w * 0.05, y0 + h * 0.55),
               (cx + w * 0.2, y1), (cx - w * 0.2, y1)], fill=fill)


def _acorn(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    """Eichel: a nut under a hatched cup, with a stalk."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = x0 + w / 2
    nut = (x0 + w * 0.2, y0 + h * 0.3, x1 - w * 0.2, y1)
    d.ellipse(nut, fill=(196, 140, 70, 255), outline=fill, width=max(1, int(w * 0.05)))
    cup = (x0 + w * 0.12, y0 + h * 0.16, x1 - w * 0.12, y0 + h * 0.62)
    d.chord(cup, 180, 360, fill=fill)
    d.rectangle((cup[0], y0 + h * 0.37, cup[2], y0 + h * 0.45), fill=fill)
    line = max(1, int(w * 0.03))
    for k in range(1, 5):
        x = cup[0] + (cup[2] - cup[0]) * k / 5
        d.line((x, y0 + h * 0.24, x, y0 + h * 0.44), fill=(90, 50, 20, 255), width=line)
    d.rectangle((cx - w * 0.05, y0, cx + w * 0.05, y0 + h * 0.18), fill=fill)


def _leaf(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    """Blatt: a pointed leaf with its midrib and stalk."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = x0 + w / 2
    pts = []
    steps = 24
    for k in range(steps + 1):  # right edge, top to bottom
        t = k / steps
        half = w * 0.48 * (4 * t * (1 - t)) ** 0.8
        pts.append((cx + half, y0 + h * 0.82 * t))
    pts += [(cx - x + cx, y) for x, y in reversed(pts)]
    d.polygon(pts, fill=fill)
    vein = (230, 245, 225, 255)
    line = max(1, int(w * 0.04))
    d.line((cx, y0 + h * 0.08, cx, y1), fill=fill, width=int(w * 0.08))
    d.line((cx, y0 + h * 0.1, cx, y0 + h * 0.78), fill=vein, width=line)
    for k in range(1, 4):
        yy = y0 + h * (0.18 + 0.17 * k)
        d.line((cx, yy, cx - w * 0.22, yy - h * 0.12), fill=vein, width=line)
        d.line((cx, yy, cx + w * 0.22, yy - h * 0.12), fill=vein, width=line)


def _bell(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    """Schellen: a round sleigh bell with a band, a slit and a loop on top."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    dark = (150, 60, 20, 255)
    line = max(1, int(w * 0.05))
    cx = x0 + w / 2
    d.ellipse((cx - w * 0.1, y0, cx + w * 0.1, y0 + h * 0.2), outline=dark, width=line)
    ball = (x0 + w * 0.04, y0 + h * 0.12, x1 - w * 0.04, y1)
    d.ellipse(ball, fill=fill, outline=dark, width=line)
    cy = (ball[1] + ball[3]) / 2
    d.rectangle((ball[0] + w * 0.02, cy - h * 0.07, ball[2] - w * 0.02, cy + h * 0.01), fill=dark)
    d.ellipse((cx - w * 0.09, y1 - h * 0.3, cx + w * 0.09, y1 - h * 0.12), fill=dark)
    d.line((cx, y1 - h * 0.2, cx, y1 - h * 0.04), fill=dark, width=line)


def _club(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    r = w * 0.22
    cx = x0 + w / 2
    for px, py in ((cx, y0 + r), (x0 + r, y0 + h * 0.52), (x1 - r, y0 + h * 0.52)):
        d.ellipse((px - r, py - r, px + r, py + r), fill=fill)
    d.polygon([(cx, y0 + r), (x0 + r, y0 + h * 0.52), (x1 - r, y0 + h * 0.52)], fill=fill)
    _stem(d, box, fill)


def _spade(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = box
    h = y1 - y0
    _heart(d, (x0, y0, x1, y0 + h * 0.78), fill, flip=True)
    _stem(d, box, fill)


def _diamond(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d.polygon([(x0 + w / 2, y0), (x1 - w * 0.1, y0 + h / 2), (x0 + w / 2, y1),
               (x0 + w * 0.1, y0 + h / 2)], fill=fill)


GERMAN_SHAPES = {"E": _acorn, "B": _leaf, "H": _heart, "S": _bell}
FRENCH_SHAPES = {"E": _club, "B": _spade, "H": _heart, "S": _diamond}


def draw_suit(d: ImageDraw.ImageDraw, suit: str, style: str, box: Box) -> None:
    """The suit's symbol filling ``box`` (left, top, right, bottom)."""
    shapes, colours = ((FRENCH_SHAPES, FRENCH_COLOURS) if style == "french"
                       else (GERMAN_SHAPES, GERMAN_COLOURS))
    shapes[suit](d, box, colours[suit])


def rank_colour(suit: str, style: str) -> tuple[int, ...]:
    return FRENCH_COLOURS[suit] if style == "french" else INK


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, ...], anchor: str) -> None:
    """A rank, drawn a little bold (the built-in font has one weight)."""
    d.text(xy, text, font=font(size), fill=fill, anchor=anchor,
           stroke_width=max(1, size // 22), stroke_fill=fill)


# ---------------------------------------------------------------------- the two sizes


def _canvas(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (size[0] * SCALE, size[1] * SCALE), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def _reduce(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    return img.resize(size, Image.Resampling.LANCZOS)


def _paper(d: ImageDraw.ImageDraw, w: int, h: int, radius: int) -> None:
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=PAPER, outline=EDGE,
                        width=SCALE * 2)


def draw_back(size: tuple[int, int]) -> Image.Image:
    """The back of every card: a blue lattice in a white frame."""
    img, d = _canvas(size)
    w, h = img.size
    _paper(d, w, h, radius=min(w, h) // 10)
    m = min(w, h) // 10
    d.rounded_rectangle((m, m, w - m, h - m), radius=m, fill=(34, 64, 140, 255))
    step = min(w, h) // 6
    line = max(1, SCALE * 2)
    for k in range(-h, w + h, step):
        d.line((k, m, k + (h - 2 * m), h - m), fill=(90, 130, 210, 255), width=line)
        d.line((k, h - m, k + (h - 2 * m), m), fill=(90, 130, 210, 255), width=line)
    # keep the lattice inside the inner frame
    d.rectangle((0, 0, w, m - 1), fill=(0, 0, 0, 0))
    d.rectangle((0, h - m + 1, w, h), fill=(0, 0, 0, 0))
    d.rectangle((0, 0, m - 1, h), fill=(0, 0, 0, 0))
    d.rectangle((w - m + 1, 0, w, h), fill=(0, 0, 0, 0))
    _paper_frame = Image.new("RGBA", img.size, (0, 0, 0, 0))
    fd = ImageDraw.Draw(_paper_frame)
    _paper(fd, w, h, radius=min(w, h) // 10)
    fd.rounded_rectangle((m, m, w - m, h - m), radius=m, fill=(0, 0, 0, 0))
    out = Image.alpha_composite(img, _paper_frame)
    ImageDraw.Draw(out).rounded_rectangle((m, m, w - m, h - m), radius=m,
                                          outline=(20, 40, 100, 255), width=SCALE * 2)
    return _reduce(out, size)


def draw_emoji(card: str | None, style: str) -> Image.Image:
    """128×128: the rank big in the top left, the suit big in the bottom right."""
    if card is None:
        return draw_back(EMOJI_SIZE)
    img, d = _canvas(EMOJI_SIZE)
    w, h = img.size
    _paper(d, w, h, radius=w // 8)
    suit, rank = card[0], card[1:]
    size = int(h * (0.5 if rank == "10" else 0.62))
    _text(d, (w * 0.06, h * 0.04), RANK_TEXT[style][rank], size, rank_colour(suit, style), "la")
    draw_suit(d, suit, style, (w * 0.42, h * 0.4, w * 0.95, h * 0.95))
    return _reduce(img, EMOJI_SIZE)


def draw_card(card: str | None, style: str) -> Image.Image:
    """A playing card (``CARD_SIZE``): the index in two corners, a big rank and suit."""
    if card is None:
        return draw_back(CARD_SIZE)
    img, d = _canvas(CARD_SIZE)
    w, h = img.size
    _paper(d, w, h, radius=w // 10)
    suit, rank = card[0], card[1:]
    colour = rank_colour(suit, style)
    text = RANK_TEXT[style][rank]
    index = Image.new("RGBA", img.size, (0, 0, 0, 0))
    idx = ImageDraw.Draw(index)
    corner = int(w * 0.2)
    _text(idx, (w * 0.07, h * 0.03), text, corner, colour, "la")
    draw_suit(idx, suit, style, (w * 0.07, h * 0.03 + corner * 1.1,
                                 w * 0.07 + corner * 0.8, h * 0.03 + corner * 1.9))
    img.alpha_composite(index)
    img.alpha_composite(index.rotate(180))
    _text(d, (w / 2, h * 0.36), text, int(w * 0.42), colour, "mm")
    s = w * 0.46
    draw_suit(d, suit, style, (w / 2 - s / 2, h * 0.5, w / 2 + s / 2, h * 0.5 + s))
    return _reduce(img, CARD_SIZE)


def drawn() -> dict[str, Image.Image]:
    """Every face file, by its path under ``faces/``: ``emoji/NAME.png``, ``card/NAME.png``."""
    out: dict[str, Image.Image] = {}
    for name in all_names():
        card, style = card_of_name(name)
        out[f"emoji/{name}.png"] = draw_emoji(card, style)
        out[f"card/{name}.png"] = draw_card(card, style)
    return out


def write(folder: Path = FACES_DIR) -> int:
    for rel, img in drawn().items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        img.save(path, format="PNG", optimize=True)
    return 0


@functools.lru_cache(maxsize=256)
def face_png(kind: str, name: str) -> bytes:
    """A committed face file's bytes (``kind``: ``emoji`` or ``card``)."""
    return (FACES_DIR / kind / f"{name}.png").read_bytes()


@functools.lru_cache(maxsize=256)
def card_image(card: str | None, style: str) -> Image.Image:
    """A committed card picture, loaded once (the pictures paste it; never change it)."""
    img = Image.open(FACES_DIR / "card" / f"{face_name(card, style)}.png")
    img.load()
    return img.convert("RGBA")


if __name__ == "__main__":
    sys.exit(write())
