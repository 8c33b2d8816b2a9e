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

At 22 px every two faces of a pack must stay apart (the test measures it), for an eye as
well as in pixels: each suit has its own colour, which its rank wears too (brown acorn with
its cup, green leaf, red heart, round golden-yellow bell; the French pack in four colours as
online card rooms deal it: green clubs, black spades, red hearts, blue diamonds), and the
Ober (Q) holds his suit high with a bar over his letter, the Unter (J) low with a bar under.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

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
    "E": (104, 58, 20, 255),    # acorn: dark brown
    "B": (28, 128, 48, 255),    # leaf: green
    "H": (208, 28, 40, 255),    # heart: red
    "S": (196, 128, 0, 255),    # bell: gold (its rank; the bell itself is yellow)
}
FRENCH_COLOURS = {                 # the four-colour pack of online card rooms
    "E": (0, 132, 56, 255),     # clubs: green
    "B": INK,                   # spades: black
    "H": (208, 28, 40, 255),    # hearts: red
    "S": (22, 88, 206, 255),    # diamonds: blue
}


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


def _german_heart(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    """Herz, with a shine as the German pack's other suits have (and its own face)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    _heart(d, box, fill)
    d.ellipse((x0 + w * 0.14, y0 + h * 0.1, x0 + w * 0.3, y0 + h * 0.3),
              fill=(246, 140, 140, 255))


def _stem(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = x0 + w / 2
    d.polygon([(cx - w * 0.05, y0 + h * 0.55), (cx + w * 0.05, y0 + h * 0.55),
               (cx + w * 0.2, y1), (cx - w * 0.2, y1)], fill=fill)


def _acorn(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    """Eichel: a tall brown nut under a wide, dark, scaly cup, with a stalk on top (tall and
    brown where the bell is round and yellow)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = x0 + w / 2
    line = max(1, int(w * 0.035))
    nut = (190, 118, 48, 255)
    d.ellipse((x0 + w * 0.2, y0 + h * 0.26, x1 - w * 0.2, y1), fill=nut, outline=fill,
              width=line)
    d.ellipse((x0 + w * 0.32, y0 + h * 0.55, x0 + w * 0.42, y0 + h * 0.8),
              fill=(226, 170, 100, 255))  # a shine on the nut
    d.rounded_rectangle((cx - w * 0.06, y0, cx + w * 0.06, y0 + h * 0.2), radius=w * 0.04,
                        fill=fill)  # the stalk
    cup = (x0 + w * 0.04, y0 + h * 0.12, x1 - w * 0.04, y0 + h * 0.5)
    d.chord((cup[0], cup[1], cup[2], cup[3] + (cup[3] - cup[1])), 180, 360, fill=fill)
    d.rounded_rectangle((cup[0], cup[3] - h * 0.04, cup[2], cup[3] + h * 0.06),
                        radius=h * 0.05, fill=fill)  # the rim
    scale = (150, 96, 44, 255)
    for k in range(1, 6):  # the cup's scales, a criss-cross
        x = cup[0] + (cup[2] - cup[0]) * k / 6
        d.line((x - w * 0.08, cup[1] + h * 0.14, x + w * 0.08, cup[3] + h * 0.02), fill=scale,
               width=line)
        d.line((x + w * 0.08, cup[1] + h * 0.14, x - w * 0.08, cup[3] + h * 0.02), fill=scale,
               width=line)


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
    """Schellen: a round, golden-yellow sleigh bell with a band round its middle, a slot
    below and a loop on top."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    yellow = (250, 204, 36, 255)
    dark = (150, 92, 0, 255)
    line = max(1, int(w * 0.045))
    cx = x0 + w / 2
    r = min(w, h * 0.88) / 2
    cy = y1 - r
    d.ellipse((cx - w * 0.11, cy - r - h * 0.13, cx + w * 0.11, cy - r + h * 0.07),
              outline=dark, width=line)  # the loop
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=yellow, outline=dark, width=line)
    d.ellipse((cx - r * 0.62, cy - r * 0.78, cx - r * 0.2, cy - r * 0.4),
              fill=(255, 244, 190, 255))  # a shine
    band = r * 0.13
    d.rectangle((cx - r + line, cy - band * 1.6, cx + r - line, cy - band * 0.4), fill=dark)
    d.ellipse((cx - r * 0.2, cy + r * 0.3, cx + r * 0.2, cy + r * 0.7), fill=dark)  # the hole
    d.line((cx, cy + r * 0.5, cx, cy + r - line), fill=dark, width=line * 2)  # the slot
    del fill  # the bell is yellow itself; the suit's gold is its rank's


def _club(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    r = w * 0.22
    cx = x0 + w / 2
    for px, py in ((cx, y0 + r), (x0 + r, y0 + h * 0.52), (x1 - r, y0 + h * 0.52)):
        d.ellipse((px - r, py - r, px + r, py + r), fill=fill)
    d.polygon([(cx, y0 + r), (x0 + r, y0 + h * 0.52), (x1 - r, y0 + h * 0.52)], fill=fill)
    d.ellipse((cx - r * 0.7, y0 + h * 0.5 - r * 0.7, cx + r * 0.7, y0 + h * 0.5 + r * 0.7),
              fill=fill)  # no gap where the stem meets the leaves
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


GERMAN_SHAPES = {"E": _acorn, "B": _leaf, "H": _german_heart, "S": _bell}
FRENCH_SHAPES = {"E": _club, "B": _spade, "H": _heart, "S": _diamond}


def draw_suit(d: ImageDraw.ImageDraw, suit: str, style: str, box: Box) -> None:
    """The suit's symbol filling ``box`` (left, top, right, bottom)."""
    shapes, colours = ((FRENCH_SHAPES, FRENCH_COLOURS) if style == "french"
                       else (GERMAN_SHAPES, GERMAN_COLOURS))
    shapes[suit](d, box, colours[suit])


def rank_colour(suit: str, style: str) -> tuple[int, ...]:
    """The rank in its suit's colour: the colour alone tells the suit at a glance."""
    return FRENCH_COLOURS[suit] if style == "french" else GERMAN_COLOURS[suit]


@functools.lru_cache(maxsize=64)
def _glyphs(text: str) -> Image.Image:
    """The rank's letters, bold, cropped to their ink (a mask, drawn large once)."""
    size = 400
    mask = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(mask).text((size // 4, size // 4), text, font=font(size), fill=255,
                              stroke_width=size // 16, stroke_fill=255)
    bbox = mask.getbbox()
    assert bbox is not None
    return mask.crop(bbox)


def _rank(img: Image.Image, text: str, box: Box, fill: tuple[int, ...],
          align: str = "top") -> float:
    """The rank as high as ``box``, at its left (``align``: ``top`` or ``bottom``; "10" is
    narrowed to the box's width); its width."""
    x0, y0, x1, y1 = box
    glyphs = _glyphs(text)
    h = round(y1 - y0)
    w = min(round(glyphs.width * h / glyphs.height), round(x1 - x0))
    mask = glyphs.resize((w, h), Image.Resampling.LANCZOS)
    img.paste(fill, (round(x0), round(y0 if align == "top" else y1 - h)), mask)
    return w


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


def _suit_on_paper(img: Image.Image, suit: str, style: str, box: Box) -> None:
    """The suit with a rim of paper round it: where it meets the rank, the two stay apart."""
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw_suit(ImageDraw.Draw(layer), suit, style, box)
    rim = layer.getchannel("A").filter(ImageFilter.MaxFilter(2 * (img.width // 64) + 1))
    img.paste(PAPER, (0, 0), rim)
    img.alpha_composite(layer)


def _court_bar(d: ImageDraw.ImageDraw, box: Box, fill: tuple[int, ...]) -> None:
    """The Ober's bar over its letter, the Unter's under it (Q and J in the French pack)."""
    d.rounded_rectangle(box, radius=(box[3] - box[1]) / 2, fill=fill)


def draw_emoji(card: str | None, style: str) -> Image.Image:
    """128×128, for the 22 px of a button: the rank big in its suit's colour, the suit big.
    The Ober's (Q's) suit sits high with a bar over the letter, the Unter's (J's) low with a
    bar under it, as on German cards where the Ober holds his sign up and the Unter low."""
    if card is None:
        return draw_back(EMOJI_SIZE)
    img, d = _canvas(EMOJI_SIZE)
    w, h = img.size
    _paper(d, w, h, radius=w // 8)
    suit, rank = card[0], card[1:]
    colour = rank_colour(suit, style)
    text = RANK_TEXT[style][rank]
    if rank == "O":
        _suit_on_paper(img, suit, style, (w * 0.45, h * 0.04, w * 0.97, h * 0.56))
        rw = _rank(img, text, (w * 0.06, h * 0.35, w * 0.6, h * 0.96), colour, "bottom")
        _court_bar(d, (w * 0.06, h * 0.21, min(w * 0.06 + rw, w * 0.4), h * 0.29), colour)
    else:
        rw = _rank(img, text, (w * 0.06, h * 0.04, w * 0.6, h * 0.65), colour)
        if rank == "U":
            _court_bar(d, (w * 0.06, h * 0.71, min(w * 0.06 + rw, w * 0.4), h * 0.79), colour)
        _suit_on_paper(img, suit, style, (w * 0.45, h * 0.44, w * 0.97, h * 0.96))
    return _reduce(img, EMOJI_SIZE)


def draw_card(card: str | None, style: str) -> Image.Image:
    """A playing card (``CARD_SIZE``): the index in two corners, a big rank and suit (the
    Ober's suit above its letter, as on the emoji)."""
    if card is None:
        return draw_back(CARD_SIZE)
    img, d = _canvas(CARD_SIZE)
    w, h = img.size
    _paper(d, w, h, radius=w // 10)
    suit, rank = card[0], card[1:]
    colour = rank_colour(suit, style)
    text = RANK_TEXT[style][rank]
    # the index, in the top left corner and turned round in the bottom right one
    index = Image.new("RGBA", img.size, (0, 0, 0, 0))
    idx = ImageDraw.Draw(index)
    x, ih, bar = w * 0.07, h * 0.1, h * 0.02
    y = h * 0.03
    if rank == "O":
        y += bar * 1.6
    iw = _rank(index, text, (x, y, w * 0.3, y + ih), colour)
    if rank == "O":
        _court_bar(idx, (x, y - bar * 1.6, x + iw, y - bar * 0.6), colour)
    y += ih + bar * 0.6
    if rank == "U":
        _court_bar(idx, (x, y, x + iw, y + bar), colour)
        y += bar * 1.6
    draw_suit(idx, suit, style, (x, y, x + ih * 0.85, y + ih * 0.85))
    img.alpha_composite(index)
    img.alpha_composite(index.rotate(180))
    # the middle: the rank over the suit; the Ober's suit over his letter
    s, rh, bar = w * 0.46, h * 0.19, h * 0.035
    rw = min(_glyphs(text).width * rh / _glyphs(text).height, w * 0.5)
    rx = w / 2 - rw / 2
    if rank == "O":
        draw_suit(d, suit, style, (w / 2 - s / 2, h * 0.17, w / 2 + s / 2, h * 0.17 + s))
        _court_bar(d, (rx, h * 0.5, rx + rw, h * 0.5 + bar), colour)
        _rank(img, text, (rx, h * 0.57, rx + rw, h * 0.57 + rh), colour)
    else:
        _rank(img, text, (rx, h * 0.2, rx + rw, h * 0.2 + rh), colour)
        if rank == "U":
            _court_bar(d, (rx, h * 0.42, rx + rw, h * 0.42 + bar), colour)
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
