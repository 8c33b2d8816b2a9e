"""The committed card faces are exactly what ``bot/pictures/faces.py`` draws, and every two
of them can be told apart at the size of a button's emoji."""

from __future__ import annotations

from itertools import combinations

from PIL import Image, ImageChops, ImageStat

from bot.pictures.faces import CARD_SIZE, EMOJI_SIZE, FACES_DIR, draw_emoji, drawn, rank_colour
from bot.pictures.names import BACK_NAME, all_names, card_of_name, face_name
from engine.cards import CODES


def test_every_committed_face_is_the_drawing_redrawn() -> None:
    faces = drawn()
    committed = sorted(p.relative_to(FACES_DIR).as_posix() for p in FACES_DIR.rglob("*.png"))
    assert committed == sorted(faces), "re-draw with: python -m bot.pictures.faces"
    for rel, img in faces.items():
        with Image.open(FACES_DIR / rel) as f:
            on_disk = f.convert("RGBA")
        assert on_disk.size == img.size, rel
        assert on_disk.tobytes() == img.tobytes(), f"{rel} differs from its drawing"


def test_faces_cover_both_packs_and_a_back_in_two_sizes() -> None:
    names = all_names()
    assert len(names) == 49 and len(set(names)) == 49
    assert {face_name(c, s) for s in ("german", "french") for c in CODES} | {"gg_back"} == set(names)
    for name in names:
        assert name.replace("_", "").isalnum() and 2 <= len(name) <= 32  # Discord's emoji names
        card, style = card_of_name(name)
        assert face_name(card, style) == name
        with Image.open(FACES_DIR / "emoji" / f"{name}.png") as e:
            assert e.size == EMOJI_SIZE
        with Image.open(FACES_DIR / "card" / f"{name}.png") as c:
            assert c.size == CARD_SIZE


def test_faces_of_different_cards_differ() -> None:
    faces = drawn()
    emoji = {faces[f"emoji/{n}.png"].tobytes() for n in all_names()}
    assert len(emoji) == 49


def test_names_in_pictures_are_spelled_in_letters_the_font_draws() -> None:
    """Pillow's built-in font has no umlauts: a German name is spelled out, never boxes."""
    from PIL import Image, ImageDraw

    from bot.pictures.draw import drawable, text
    from bot.pictures.faces import font

    assert drawable("Jürgen Weiß") == "Juergen Weiss"
    assert drawable("Zoë · Renée…") == "Zoe · Renee..."
    assert drawable("李雷 🂡") == "?? ?"

    def drawn(s: str) -> bytes:
        img = Image.new("L", (400, 40))
        text(ImageDraw.Draw(img), (2, 2), s, 24, 255)
        return img.tobytes()

    def raw(s: str) -> bytes:
        img = Image.new("L", (400, 40))
        ImageDraw.Draw(img).text((2, 2), s, font=font(24), fill=255)
        return img.tobytes()

    assert drawn("Jürgen") == raw("Juergen") != raw("Jürgen")


BUTTON = (22, 22)
"""The size Discord draws a button's emoji at."""
CLEAR = 16
"""Two faces at button size differ by at least this much (of 255, averaged over pixels and
channels): Acorns and Bells of one rank measured 13.6-13.9 when they were misread."""


def at_button_size(img: Image.Image) -> Image.Image:
    """A face as a button shows it: on white, at 22×22."""
    white = Image.new("RGBA", img.size, (255, 255, 255, 255))
    white.alpha_composite(img)
    return white.convert("RGB").resize(BUTTON, Image.Resampling.LANCZOS)


def difference(a: Image.Image, b: Image.Image) -> float:
    """The absolute difference of two RGB pictures, averaged over all pixels and channels."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_every_two_faces_differ_clearly_at_button_size() -> None:
    """Every two cards of one pack, and the back, stay apart at 22 px. (One card in the two
    packs may look alike, the Hearts: a table plays one pack.)"""
    faces = drawn()
    small = {n: at_button_size(faces[f"emoji/{n}.png"]) for n in all_names()}
    measured = []
    for style in ("german", "french"):
        pack = [n for n in all_names() if n == BACK_NAME or card_of_name(n)[1] == style]
        measured += [(difference(small[a], small[b]), a, b) for a, b in combinations(pack, 2)]
    assert len(measured) == 2 * 25 * 24 // 2
    worst = sorted(measured)[:5]
    assert worst[0][0] >= CLEAR, "too alike at 22 px: " + ", ".join(
        f"{a} and {b} ({d:.1f})" for d, a, b in worst if d < CLEAR)


def ink_rows(img: Image.Image, left: float) -> float:
    """The mean height (0 top, 1 bottom) of what is drawn right of ``left`` (a fraction)."""
    grey = img.convert("L")
    w, h = grey.size
    total = weight = 0.0
    for y in range(h):
        for x in range(int(w * left), w - 6):
            ink = 255 - grey.getpixel((x, y)) if img.getpixel((x, y))[3] else 0
            total += ink * y
            weight += ink
    return total / weight / h


def test_the_ober_holds_his_suit_high_and_the_unter_low() -> None:
    """As on German cards: not one letter alone tells Ober from Unter (Q from J)."""
    for style in ("german", "french"):
        for suit in "EBHS":
            ober, unter = (draw_emoji(suit + r, style) for r in ("O", "U"))
            assert ink_rows(ober, 0.62) < 0.4 < 0.6 < ink_rows(unter, 0.62), (style, suit)


def test_each_suit_has_its_own_colour_in_both_packs() -> None:
    """Four colours in each pack (the French one as online card rooms deal it): the colour
    alone tells the suit."""
    for style in ("german", "french"):
        colours = [rank_colour(s, style)[:3] for s in "EBHS"]
        for a, b in combinations(colours, 2):
            assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 > 90, (style, a, b)
