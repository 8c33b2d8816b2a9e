"""The picture of the table: the trump, the current trick by seat, the last trick small.

``table_scene`` reads what the picture shows from ``PublicState`` only (the public view holds
no hand, and a face-down card of the first trick is ``None`` there until its trick is
complete: it is drawn as a back). Under each card of the last trick stands the name of who
played it: "taken by" alone leaves the reader to work out whose card was whose.
``replay_scene`` draws a finished deal's frame (``engine.history``) the same way: the deal is
over, so every card of the trick is face up. The scene is the cache key: ``render_table``
draws each scene once (an LRU), off the event loop (the shell calls it in a thread).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.history import DealHistory

from ..service.models import PublicState
from ..texts import say
from .draw import CHALK, DIM, FELT, GOLD, card_at, drawable, encode, short, slot, text
from .faces import CARD_SIZE, draw_suit, font

TRICK_SCALE = 0.75
LAST_SCALE = 0.42
LAST_GAP = 12
"""Between the last trick's cards: room for the name of who played each."""


@dataclass(frozen=True)
class TableScene:
    """Exactly what the picture shows (and nothing else): the cache key."""

    style: str
    trump: str
    face_up: str | None
    """The indicator while it lies face up (public)."""
    names: tuple[str, ...]
    """Seats in engine order (0 leads)."""
    to_play: int | None
    trick: tuple[tuple[int, str | None], ...]
    """(seat, card) in playing order; None: face down."""
    last: tuple[tuple[int, str | None], ...]
    labels: tuple[str, str, str, str]
    """The words "Trump", "Trick", "Last trick" and "taken by <name>" in the table's
    language."""


def table_scene(state: PublicState) -> TableScene | None:
    """What the table's picture shows, or None when there is no deal to show."""
    view = state.view
    if view is None or state.status not in ("playing", "waiting", "over"):
        return None
    lang = state.options.language
    names = tuple(short(s.name or f"#{s.chair + 1}") for s in state.seats)
    last = view.last_trick
    winner = last.winner if last is not None else None
    taken = (say(lang, "taken_by", name=names[winner])
             if winner is not None and 0 <= winner < len(names) else "")
    return TableScene(
        style="french" if state.options.suit_style == "french" else "german",
        trump=view.trump_suit, face_up=view.indicator, names=names,
        to_play=view.to_play if state.status == "playing" else None,
        trick=tuple(view.trick.plays) if state.status == "playing" else (),
        last=tuple(last.plays) if last is not None else (),
        labels=(say(lang, "trump"), say(lang, "trick"), say(lang, "last_trick"), taken))


LABEL_SIZES = (13, 12, 11, 10)
"""The last trick's name labels: the largest of these that fits under a card."""


def fitted(name: str, width: float) -> tuple[str, int]:
    """A name and the font size that fit ``width`` (the smallest size, shortened with "…",
    when none does)."""
    for size in LABEL_SIZES:
        if font(size).getlength(drawable(name)) <= width:
            return name, size
    size = LABEL_SIZES[-1]
    while len(name) > 1 and font(size).getlength(drawable(name + "…")) > width:
        name = name[:-1].rstrip()
    return name + "…", size


def replay_scene(history: DealHistory, index: int, names: tuple[str, ...], style: str,
                 lang: str) -> TableScene:
    """The table at frame ``index`` of a finished deal: its trick, all face up (the trick is
    empty on the deal's and the end's frames), the complete trick before it small, the
    face-up card while it lay. ``names``: the seats' in engine order, as people wrote them."""
    frames = history.frames
    frame = frames[index]
    before = [f for f in frames[1:index] if f.kind == "trick" and f.winner is not None]
    last = before[-1] if before else None
    shown = tuple(short(n) for n in names)
    winner = last.winner if last is not None else None
    taken = (say(lang, "taken_by", name=shown[winner])
             if winner is not None and 0 <= winner < len(shown) else "")
    return TableScene(
        style="french" if style == "french" else "german", trump=frame.trump_suit,
        face_up=frame.indicator, names=shown, to_play=None,
        trick=tuple((p.seat, p.card) for p in frame.plays) if frame.kind == "trick" else (),
        last=tuple((p.seat, p.card) for p in last.plays) if last is not None else (),
        labels=(say(lang, "trump"), say(lang, "trick"), say(lang, "last_trick"), taken))


@functools.lru_cache(maxsize=256)
def render_table(scene: TableScene) -> tuple[bytes, str]:
    """The picture (bytes and its format, ``png`` or ``jpg``), drawn once per scene."""
    return encode(draw_table(scene))


def draw_table(scene: TableScene) -> Image.Image:
    """The table's picture, before encoding."""
    players = len(scene.names)
    cw, ch = (round(v * TRICK_SCALE) for v in CARD_SIZE)
    lw, lh = (round(v * LAST_SCALE) for v in CARD_SIZE)
    col = cw + 16
    pad = 16
    trump_w = cw + 2 * pad
    trick_w = players * col + pad
    trump_label, trick_label, last_label, taken = scene.labels
    pitch = lw + LAST_GAP
    last_w = max(players * pitch - LAST_GAP, round(font(15).getlength(drawable(taken)))) + 2 * pad
    width = trump_w + trick_w + last_w
    height = ch + 96
    img = Image.new("RGBA", (width, height), FELT)
    d = ImageDraw.Draw(img)
    # the trump: the face-up card while it lies, else the suit drawn large
    text(d, (pad, 10), trump_label, 18)
    top = 38
    if scene.face_up is not None:
        img.alpha_composite(card_at(scene.face_up, scene.style, TRICK_SCALE), (pad, top))
    else:
        d.ellipse((pad, top + 10, pad + cw, top + 10 + cw), fill=(245, 243, 235, 255))
        m = cw * 0.18
        draw_suit(d, scene.trump, scene.style, (pad + m, top + 10 + m, pad + cw - m,
                                                top + 10 + cw - m))
    # the current trick: a column per seat, the name under its card
    x0 = trump_w
    text(d, (x0, 10), trick_label, 18)
    played = dict(scene.trick)
    for seat, name in enumerate(scene.names):
        x = x0 + seat * col
        box = (x, top, x + cw, top + ch)
        if seat in played:
            img.alpha_composite(card_at(played[seat], scene.style, TRICK_SCALE), (x, top))
        else:
            slot(d, box)
        colour = GOLD if seat == scene.to_play else CHALK
        text(d, (x + cw / 2, top + ch + 8), name, 15, colour, "ma")
    # the last trick, small, who played each card under it, and who took it
    x1 = trump_w + trick_w
    if scene.last:
        text(d, (x1 + pad, 10), last_label, 16, DIM)
        for k, (seat, card) in enumerate(scene.last):
            x = x1 + pad + k * pitch
            img.alpha_composite(card_at(card, scene.style, LAST_SCALE), (x, top))
            if 0 <= seat < players:
                name, size = fitted(scene.names[seat], pitch - 4)
                text(d, (x + lw / 2, top + lh + 5), name, size, CHALK, "ma")
        text(d, (x1 + pad, top + lh + 26), taken, 15, DIM)
    return img
