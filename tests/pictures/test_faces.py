"""The committed card faces are exactly what ``bot/pictures/faces.py`` draws."""

from __future__ import annotations

from PIL import Image

from bot.pictures.faces import CARD_SIZE, EMOJI_SIZE, FACES_DIR, drawn
from bot.pictures.names import all_names, card_of_name, face_name
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
