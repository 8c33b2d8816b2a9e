"""The table's picture: the last trick says who played which card."""

from __future__ import annotations

from PIL import Image, ImageChops

from bot.pictures.draw import drawable
from bot.pictures.faces import CARD_SIZE, font
from bot.pictures.table import LAST_GAP, LAST_SCALE, TableScene, draw_table, fitted

NAMES = ("alice", "bob", "carla", "dave")
LAST = ((2, "EA"), (3, "E10"), (0, "EK"), (1, "E7"))
"""carla led the last trick, then dave, alice and bob."""


def picture(names: tuple[str, ...] = NAMES,
            last: tuple[tuple[int, str | None], ...] = LAST) -> Image.Image:
    return draw_table(TableScene("german", "H", None, names, 0, ((0, "BK"),), last,
                                 ("Trump", "Trick", "Last trick", "taken by carla")))


def changed(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


def test_the_last_trick_names_who_played_each_card() -> None:
    base = picture()
    for k, (seat, _card) in enumerate(LAST):
        # where the k-th card of the last trick lies: change that card alone
        moved = tuple((s, "S7" if i == k else c) for i, (s, c) in enumerate(LAST))
        card = changed(base, picture(last=moved))
        assert card is not None
        # rename the seat who played it: under that card, and under no other, its name changes
        renamed = tuple("zed" if i == seat else n for i, n in enumerate(NAMES))
        other = picture(names=renamed)
        for j in range(len(LAST)):
            moved_j = tuple((s, "S7" if i == j else c) for i, (s, c) in enumerate(LAST))
            box_j = changed(base, picture(last=moved_j))
            assert box_j is not None
            strip = (box_j[0] - 5, box_j[3], box_j[2] + 5, box_j[3] + 24)
            label = changed(base.crop(strip), other.crop(strip))
            if j != k:
                assert label is None, f"renaming {NAMES[seat]} changed the name under card {j}"
                continue
            assert label is not None, f"no name under the card {NAMES[seat]} played"
            middle = strip[0] + (label[0] + label[2]) / 2
            assert abs(middle - (card[0] + card[2]) / 2) <= 3, "the name is not under its card"


def test_the_same_cards_played_by_others_draw_another_picture() -> None:
    others = tuple(((s + 1) % 4, c) for s, c in LAST)
    assert changed(picture(), picture(last=others)) is not None


def test_a_name_under_a_small_card_fits_its_width() -> None:
    width = round(CARD_SIZE[0] * LAST_SCALE) + LAST_GAP - 4
    for name in ("alice", "Computer 2", "Juergen Weiss", "Maximiliane vo…", "Jürgen"):
        shown, size = fitted(name, width)
        assert font(size).getlength(drawable(shown)) <= width, name
        assert shown == name or shown.endswith("…") and name.startswith(shown[:-1]), name
    assert fitted("Computer 2", width)[0] == "Computer 2"  # computers stay told apart
