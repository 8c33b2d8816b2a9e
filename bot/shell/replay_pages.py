"""A finished deal as the pages of a private message (``/gaigel replay``): the deal with its
first trick, then one page a trick, the end (the claim, its recount, the result and the
fair-deal line) last. Each page has the table's picture at that trick (``replay_scene``).

The words are the terminal replay's (``bot.replay``: the same sentences, line by line), with
the table's card faces and suit style, names escaped for Discord, headings in bold and each
hand on a marked line. Pure: a page is a function of the stored deal, so a page button needs only
the deal's id and the page's number, also after a restart. The deal is over: every hand may
be shown; the service never hands out a deal that is not (``FinishedDeal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.history import DealHistory

from ..pictures.table import TableScene, replay_scene
from ..replay import Words, frame_lines, intro_lines, seat_names
from ..texts import LANGUAGES, say, word
from .card_text import Faces, card_label, suit_name
from .names import shown
from .render import MAX_CONTENT, clip


def page_frames(history: DealHistory) -> list[tuple[int, ...]]:
    """The frames of each page: the deal together with the first trick (the hands as dealt
    are the hands at trick 1), then one trick a page, then the end."""
    count = len(history.frames)
    if count > 2 and history.frames[1].kind == "trick":
        return [(0, 1), *((i,) for i in range(2, count))]
    return [(i,) for i in range(count)]


def is_replay_page(content: str | None) -> bool:
    """Whether a message's text is a replay page (in any language): its head comes first."""
    if not content:
        return False
    heads = (say(lang, "replay_page_head").split("{", 1)[0] for lang in LANGUAGES)
    return any(content.startswith(head) for head in heads if head)


@dataclass(frozen=True)
class ReplayShown:
    """One page of a replay: its text, the picture's scene, which page of how many."""

    content: str
    scene: TableScene
    page: int
    pages: int

    @property
    def alt(self) -> str:
        """The picture's description (plain words, no card faces)."""
        return " · ".join(part for part in self.scene.labels if part)


def replay_page(record: dict[str, Any], place: int, history: DealHistory, page: int,
                lang: str, style: str, faces: Faces = None,
                head: str | None = None) -> ReplayShown:
    """Page ``page`` (from 0, clamped) of the finished deal ``record`` (a deal record, the
    ``place``-th deal of its table), within Discord's 2000 characters: the cards as faces
    when they fit, else as suit symbols and ranks. ``head``: a line under the page's head
    (a daily deal's day, deal and player)."""
    pages = page_frames(history)
    page = max(0, min(page, len(pages) - 1))
    plain = seat_names(record, history.players, lang)
    content = _content(record, place, history, pages, page, lang, style, faces, plain, head)
    if len(content) > MAX_CONTENT and faces:
        content = _content(record, place, history, pages, page, lang, style, None, plain, head)
    scene = replay_scene(history, pages[page][-1], tuple(plain), style, lang)
    return ReplayShown(clip(content), scene, page, len(pages))


def _content(record: dict[str, Any], place: int, history: DealHistory,
             pages: list[tuple[int, ...]], page: int, lang: str, style: str, faces: Faces,
             plain: list[str], extra: str | None = None) -> str:
    w = Words(history, [shown(n) for n in plain], lang,
              card=lambda card: card_label(card, style, faces),
              suit=lambda suit: suit_name(suit, lang, style), sep=" ")
    head = say(lang, "replay_page_head", place=place, page=page + 1, pages=len(pages),
               players=history.players, preset=word(lang, history.rules.preset))
    number = record.get("number")
    if isinstance(number, int) and number != place:
        head += " · " + say(lang, "replay_page_match", number=number)
    lines = [head] if extra is None else [head, extra]
    if page == 0:
        lines += intro_lines(w)
    for index in pages[page]:
        lines += [_discord_line(line) for line in frame_lines(index, w)]
    return "\n".join(lines)


HAND_MARK = "▸ "
"""Before each hand. Not a markdown list: a list item would take the lines after it in."""


def _discord_line(line: str) -> str:
    """A terminal line for Discord: a heading in bold, a hand marked (``HAND_MARK``), the
    rest as it is (without the terminal's indent)."""
    if line.startswith("    "):
        return HAND_MARK + line.strip()
    if line.startswith("  "):
        return line.strip()
    return f"**{line}**" if line else line
