"""The knock ceremony's picture: the claiming team's tricks turned over, a row each, with the
trick's points and the running subtotal. The tricks are the ones the ceremony turns over in
its text (a recount makes them public); nothing else is drawn."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import POINTS

from .draw import CHALK, DIM, FELT, GOLD, card_at, encode, text
from .faces import CARD_SIZE

SCALE = 0.4


@dataclass(frozen=True)
class RecountScene:
    style: str
    tricks: tuple[tuple[str, ...], ...]
    """The tricks turned over so far, in the order they are counted."""
    players: int
    melds: int = 0
    """Points of the team's marriages and Seven exchange, drawn once the tricks are counted."""
    total: int | None = None
    """The team's total (cards, marriages, Seven) as the ceremony's text says it; None while
    the tricks are still being turned over (the picture then shows card points only)."""
    labels: tuple[str, str] = ("Marriages, Seven", "Total")
    """The words for the marriages row and the total row, in the table's language."""


def rows(scene: RecountScene) -> list[tuple[int, int]]:
    """(points, subtotal) of each row."""
    out, subtotal = [], 0
    for cards in scene.tricks:
        pts = sum(POINTS[c] for c in cards)
        subtotal += pts
        out.append((pts, subtotal))
    return out


@functools.lru_cache(maxsize=64)
def render_recount(scene: RecountScene) -> tuple[bytes, str]:
    cw, ch = (round(v * SCALE) for v in CARD_SIZE)
    row_h = ch + 8
    pad = 12
    label_w = 40
    width = pad + label_w + scene.players * (cw + 4) + 150
    extra = 0 if scene.total is None else (2 if scene.melds else 1)
    height = pad * 2 + max(1, len(scene.tricks)) * row_h + extra * 30
    img = Image.new("RGBA", (width, height), FELT)
    d = ImageDraw.Draw(img)
    for n, (cards, (pts, subtotal)) in enumerate(zip(scene.tricks, rows(scene), strict=True)):
        y = pad + n * row_h
        text(d, (pad, y + ch / 2), f"{n + 1}.", 18, DIM, "lm")
        for k, card in enumerate(cards):
            img.alpha_composite(card_at(card, scene.style, SCALE),
                                (pad + label_w + k * (cw + 4), y))
        x = pad + label_w + scene.players * (cw + 4) + 10
        text(d, (x, y + ch / 2), f"+{pts}", 20, CHALK, "lm")
        text(d, (x + 60, y + ch / 2), f"= {subtotal}", 20, GOLD, "lm")
    if scene.total is not None:
        # The marriages and the total, as the text says them (not the card points alone).
        y = pad + max(1, len(scene.tricks)) * row_h + 15
        x = pad + label_w + scene.players * (cw + 4) + 10
        melds_label, total_label = scene.labels
        if scene.melds:
            text(d, (x - 8, y), melds_label, 18, DIM, "rm")
            text(d, (x, y), f"+{scene.melds}", 20, CHALK, "lm")
            y += 30
        text(d, (x - 8, y), total_label, 20, GOLD, "rm")
        text(d, (x + 60, y), f"= {scene.total}", 20, GOLD, "lm")
    return encode(img)
