"""The table message's picture: attached with pictures on, none with pictures off, sent
again only when what it shows changes, and never a hidden card."""

from __future__ import annotations

import copy
import io
from collections import Counter
from dataclasses import replace

import discord
import pytest
from PIL import Image
from world import CARD_FACE, World, cards_in_text

from bot.pictures.recount import RecountScene, render_recount, rows
from bot.pictures.slate import render_slate, slate_scene
from bot.pictures.table import render_table, table_scene
from bot.shell.faces import upload_faces
from engine import public_view

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


async def manager_sets(world: World, **settings: str) -> None:
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world.user("mia", roles=[role])
    result = await world.slash("mia", "gaigel settings", **settings)
    assert "saved" in result.response.content, result.response.content


def picture_uploads(world: World, message_id: int) -> int:
    """Edits of the table message that carried a new picture."""
    return sum(1 for e in world.env.http_requests
               if e.method == "PATCH" and e.path.endswith(f"/messages/{message_id}")
               and isinstance(e.json, dict)
               and any("id" in a and not str(a["id"]).isdigit() or str(a.get("id")) == "0"
                       for a in e.json.get("attachments") or [] if "filename" in a))


async def test_the_table_message_carries_a_picture_of_the_table(world: World) -> None:
    await world.start_four()
    await world.play_card(world.to_play())
    msg = world.table_message()
    assert len(msg.attachments) == 1
    att = msg.attachments[0]
    assert att.filename in ("table.png", "table.jpg")
    data = world.env.backend.cdn.get(att.url)
    assert data is not None and len(data) < 100_000
    with Image.open(io.BytesIO(data)) as img:
        assert img.format in ("PNG", "JPEG") and img.width > 400 and img.height > 150
    # It is the picture of what the public table shows now.
    scene = table_scene(world.state())
    assert scene is not None and render_table(scene)[0] == data
    # The text no longer lists the last trick's cards (the picture shows them).
    assert "Last trick" not in msg.content or "taken by" in msg.content


async def test_no_picture_when_the_server_chose_text_only(world: World) -> None:
    await manager_sets(world, pictures="off")
    await world.start_four()
    for _ in range(5):
        await world.play_card(world.to_play())
    msg = world.table_message()
    assert msg.attachments == []
    assert "Last trick" in msg.content and "🌰" in msg.content + "🌰"  # text as before
    assert picture_uploads(world, msg.id) == 0


async def test_the_picture_is_sent_again_only_when_what_it_shows_changes(world: World) -> None:
    await world.start_four()
    mid = world.state().message_id
    before = picture_uploads(world, mid)
    shown = world.table_message().attachments[0].url
    # The table message redrawn with nothing changed on the table: no new picture.
    assert await world.bot.tables.redraw(world.table_id())
    assert picture_uploads(world, mid) == before
    assert world.table_message().attachments[0].url == shown
    await world.play_card(world.to_play())
    assert picture_uploads(world, mid) == before + 1
    assert world.table_message().attachments[0].url != shown


async def test_the_picture_never_shows_a_hidden_card(world: World) -> None:
    """Over a whole deal: every card the picture shows is one the public view shows, a
    face-down card is a back; and the same public table with other hidden hands draws the
    same bytes."""
    await world.start_four()
    checked = 0
    while not world.live().deal.over:
        deal = world.live().deal
        state = world.state()
        scene = table_scene(state)
        assert scene is not None
        public = Counter(public_view(deal).visible_cards())
        drawn = Counter(c for _, c in scene.trick + scene.last if c is not None)
        if scene.face_up is not None:
            drawn[scene.face_up] += 1
        assert not drawn - public, f"the picture shows {dict(drawn - public)}"
        assert [c for _, c in scene.trick] == [c for _, c in state.view.trick.plays]
        # Swap two other seats' hidden hands: the public table and its picture stay the same.
        other = copy.deepcopy(deal)
        other.hands[1], other.hands[2] = other.hands[2], other.hands[1]
        twin = replace(state, view=public_view(other, show_points=False))
        assert table_scene(twin) == scene
        assert render_table(table_scene(twin))[0] == render_table(scene)[0]
        await world.play_card(world.to_play())
        checked += 1
    assert checked >= 20


def cards_in_order(line: str) -> tuple[str, ...]:
    from world import _RANK_TO_CODE, _SYM_TO_SUIT, CARD_LABEL
    return tuple(_SYM_TO_SUIT[s] + _RANK_TO_CODE[r] for s, r in CARD_LABEL.findall(line))


async def test_the_recount_turns_each_trick_over_as_a_picture_row(world: World) -> None:
    await world.start_four()
    await world.play_deal()
    ceremony = world.channel.last_message
    assert "Verdict" in ceremony.content
    tricks = tuple(cards_in_order(line.split(":", 1)[1].rsplit("—", 1)[0])
                   for line in ceremony.content.splitlines() if line.startswith("Trick "))
    assert tricks and all(len(t) == 4 for t in tricks)
    assert len(ceremony.attachments) == 1
    data = world.env.backend.cdn.get(ceremony.attachments[0].url)
    # Exactly the tricks the text turns over, a row each, with points and subtotals, then
    # the marriages and the total the text says.
    lines = ceremony.content.splitlines()
    total = int(next(ln for ln in lines if ln.startswith("**Total:"))[9:].rstrip("*"))
    cards = int(next(ln for ln in lines if ln.startswith("Cards:")).split(":")[1])
    scene = RecountScene(world.state().options.suit_style, tricks, 4, melds=total - cards,
                         total=total, labels=("Marriages, Seven", "Total"))
    assert render_recount(scene)[0] == data
    assert rows(scene)[-1][1] == sum(pts for pts, _ in rows(scene))
    with Image.open(io.BytesIO(data)) as img:
        assert img.height > 40 * len(tricks)


async def test_score_is_drawn_on_a_slate(world: World) -> None:
    await world.start_four()
    await world.play_deal()
    result = await world.slash("alice", "gaigel score")
    msg = result.response.message
    assert "I" in msg.content  # the text stays
    assert len(msg.attachments) == 1 and msg.attachments[0].filename.startswith("score.")
    data = world.env.backend.cdn.get(msg.attachments[0].url)
    score = world.state().score
    scene = slate_scene(score, ["team A", "team B"], pool_label="pool: None",
                        footer="10 strokes")
    assert render_slate(scene)[0] == data
    marks = [t.marks for t in scene.teams]
    assert sorted(len(m) for m in marks) == [0, 1]  # one team has its stroke (I, or V)


async def test_score_without_pictures_is_text_only(world: World) -> None:
    await manager_sets(world, pictures="off")
    await world.start_four()
    result = await world.slash("alice", "gaigel score")
    assert result.response.message.attachments == []


def words_of(cards: object, lang: str = "en", style: str = "german") -> list[str]:
    from bot.shell.card_text import card_words
    return [card_words(c, lang, style) for c in cards]  # type: ignore[attr-defined]


async def test_with_a_picture_the_table_text_still_lists_the_last_tricks_cards(world: World) -> None:
    """Screen readers and notifications read the text only: the last trick's cards and who
    played each stay in it when the picture shows them too."""
    await world.start_four()
    for _ in range(4):
        await world.play_card(world.to_play())
    msg = world.table_message()
    assert len(msg.attachments) == 1
    last = world.state().view.last_trick
    line = next(ln for ln in msg.content.splitlines() if ln.startswith("**Last trick**"))
    assert "taken by" in line
    played = [(world.state().seats[s].name, c) for s, c in last.plays]
    assert cards_in_text(line) == Counter(c for _, c in played)
    for name, _ in played:
        assert name in line


async def test_the_table_pictures_description_names_the_public_cards_it_shows(world: World) -> None:
    await upload_faces(world.bot)
    await world.restart()  # with faces: the text has emoji markup, the description none
    await world.start_four()
    for _ in range(5):
        await world.play_card(world.to_play())
    state = world.state()
    att = world.table_message().attachments[0]
    alt = att.description or ""
    assert "<:" not in alt and "gg_" not in alt
    view = state.view
    assert alt.startswith("Table picture. Trump: ")
    for (seat, _), words in zip(view.last_trick.plays, words_of(c for _, c in view.last_trick.plays),
                                strict=True):
        assert f"{state.seats[seat].name} {words}" in alt
    (seat, card), = view.trick.plays
    assert f"{state.seats[seat].name} {words_of([card])[0]}" in alt
    # Nothing but the public cards: no card of a hand is named.
    from engine.cards import CODES
    hidden = [c for c in CODES if c not in public_view(world.live().deal).visible_cards()]
    assert not [w for w in words_of(hidden) if w in alt]


async def test_the_recount_picture_counts_the_marriages_and_names_its_cards(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The recount picture's total is the text's (cards and marriages, not the cards alone),
    and its description names the tricks' cards in words, with no emoji markup."""
    await upload_faces(world.bot)
    await world.restart()
    await world.start_four()
    await world.play_deal()
    ceremony = world.channel.last_message
    total = int(next(ln for ln in ceremony.content.splitlines()
                     if ln.startswith("**Total:"))[len("**Total: "):].rstrip("*"))
    cards = int(next(ln for ln in ceremony.content.splitlines()
                     if ln.startswith("Cards:")).split(":")[1])
    tricks = tuple(tuple(CARD_FACE.findall(line.split(":", 1)[1].rsplit("—", 1)[0]))
                   for line in ceremony.content.splitlines() if line.startswith("Trick "))
    att = ceremony.attachments[0]
    scene = RecountScene("german", tricks, 4, melds=total - cards, total=total,
                         labels=("Marriages, Seven", "Total"))
    assert render_recount(scene)[0] == world.env.backend.cdn.get(att.url)
    alt = att.description or ""
    assert "<:" not in alt and "gg_" not in alt
    assert f"Total: {total}." in alt
    for trick in tricks:
        assert ", ".join(words_of(trick)) in alt


def test_the_recount_pictures_total_includes_the_marriages() -> None:
    """46 with a marriage of 40 over 6 card points: the picture draws the marriages' row and
    the total, not the card subtotal alone."""
    tricks = (("EU", "E7", "B7", "H7"),)
    cards_only = RecountScene("german", tricks, 4)
    counted = RecountScene("german", tricks, 4, melds=40, total=46)
    no_marriage = RecountScene("german", tricks, 4, melds=0, total=6)
    drawn = {render_recount(s)[0] for s in (cards_only, counted, no_marriage)}
    assert len(drawn) == 3
    with Image.open(io.BytesIO(render_recount(counted)[0])) as a, \
            Image.open(io.BytesIO(render_recount(cards_only)[0])) as b:
        assert a.height > b.height  # the marriages and the total are rows of their own
