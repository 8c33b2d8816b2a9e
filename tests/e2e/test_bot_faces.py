"""Card faces as the application's emojis: uploaded by sync (only the missing ones, never
twice), used by the bot at start-up when present, text cards and one log line when not."""

from __future__ import annotations

import discord
import pytest
from world import World, buttons, cards_in_text

from bot.pictures.names import all_names, face_name
from bot.shell.card_text import card_label, suit_symbol
from bot.shell.faces import faces_mark, upload_faces
from bot.shell.run import sync_faces

pytestmark = pytest.mark.simcord(settle_timeout=0.5)


def app_emoji_names(world: World) -> list[str]:
    return sorted(e.name for e in world.env.backend.application_emojis.values())


def face_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name.startswith("bot") and r.getMessage().startswith("card faces")]


async def test_sync_uploads_only_the_missing_faces_and_never_twice(world: World) -> None:
    backend = world.env.backend
    backend.create_application_emoji("someone_elses")  # not ours: left alone
    backend.create_application_emoji(face_name("EA", "german"))  # already there,
    backend.create_application_emoji(faces_mark())  # from this very drawing
    assert await upload_faces(world.bot) == (48, 1)
    names = app_emoji_names(world)
    assert sorted(set(names) - {"someone_elses"}) == sorted([*all_names(), faces_mark()])
    assert len(names) == len(set(names)) == 51
    posts = [r for r in world.env.http_requests
             if r.method == "POST" and r.path.endswith("/emojis")]
    assert await sync_faces(world.bot)  # what `python -m bot sync` runs: nothing left to do
    assert [r for r in world.env.http_requests
            if r.method == "POST" and r.path.endswith("/emojis")] == posts
    assert len(app_emoji_names(world)) == 51


async def test_faces_uploaded_from_another_drawing_are_replaced_once(world: World) -> None:
    """Redrawn faces reach Discord: faces under an older mark (or under none, as uploaded
    before marks) are deleted and uploaded again, someone else's emojis left alone; the next
    sync uploads nothing."""
    backend = world.env.backend
    backend.create_application_emoji("someone_elses")
    backend.create_application_emoji(face_name("EA", "german"))
    backend.create_application_emoji("gg_faces_00000000")  # an older drawing
    assert await upload_faces(world.bot) == (49, 0)
    names = app_emoji_names(world)
    assert sorted(names) == sorted([*all_names(), faces_mark(), "someone_elses"])
    deletes = [r for r in world.env.http_requests
               if r.method == "DELETE" and "/emojis/" in r.path]
    assert len(deletes) == 2
    assert await upload_faces(world.bot) == (0, 49)
    assert len([r for r in world.env.http_requests
                if r.method == "DELETE" and "/emojis/" in r.path]) == 2


async def test_without_faces_cards_are_text_and_one_line_says_why(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    caplog.clear()
    await world.restart()  # no faces uploaded
    assert face_lines(caplog) == [
        "card faces: not uploaded yet (run python -m bot sync); cards are shown as text"]
    await world.start_four()
    cards = [b for b in world.hand_buttons("alice") if b.custom_id.split(":")[4].startswith("p")]
    assert cards and all(b.emoji is None for b in cards)
    for b in cards:  # 🌰A and the like
        assert list(cards_in_text(b.label)) == [b.custom_id.split(".")[1]]


async def test_a_refused_lookup_means_text_cards_and_one_warning(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    await upload_faces(world.bot)
    world.env.inject_error("GET", "/applications/*/emojis", status=403, code=50013,
                           message="Missing Access")
    caplog.clear()
    await world.restart()
    lines = face_lines(caplog)
    assert len(lines) == 1 and "could not be read (403)" in lines[0], lines
    assert not world.bot.faces
    await world.start_four()
    assert all(b.emoji is None for b in world.hand_buttons("alice"))


async def test_with_faces_the_hand_shows_them_and_the_table_names_cards_by_them(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    await upload_faces(world.bot)
    caplog.clear()
    await world.restart()  # the bot looks its faces up at start-up
    assert face_lines(caplog) == ["card faces: 49 application emojis in use"]
    ids = {e.name: e.id for e in world.env.backend.application_emojis.values()}
    await world.start_four()
    own = world.svc.hand_view(world.table_id(), world.users["alice"].id)[0].hand
    cards = [b for b in world.hand_buttons("alice") if b.custom_id.split(":")[4].startswith("p")]
    assert {b.emoji.name for b in cards} == {face_name(c, "german") for c in own}
    for b in cards:
        assert b.emoji.id == ids[b.emoji.name]
        card = b.emoji.name.split("_")[2]
        # suit and rank in the label: Acorns and Bells told apart where the face is small
        assert b.label.split(" ")[0] == card_label(card, "german")
        assert suit_symbol(card[0], "german") in b.label
    world.check_no_leaks()
    who = world.to_play()
    await world.play_card(who)
    played = world.state().view.trick.plays[0][1]
    content = world.table_message().content
    assert f"<:{face_name(played, 'german')}:{ids[face_name(played, 'german')]}>" in content
    world.check_no_leaks()
    # A whole deal with faces: the leak checks read the faces' names.
    await world.play_deal()
    assert world.state().status == "waiting"
    ceremony = world.channel.last_message
    assert "<:gg_german_" in ceremony.content


async def manager_sets(world: World, **settings: str) -> None:
    role = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    world.user("mia", roles=[role])
    result = await world.slash("mia", "gaigel settings", **settings)
    assert "saved" in result.response.content, result.response.content


async def test_french_tables_use_the_french_faces(world: World) -> None:
    await upload_faces(world.bot)
    await world.restart()
    await manager_sets(world, suits="french")
    await world.start_four()
    names = {b.emoji.name for b in world.hand_buttons("bob") if b.emoji is not None}
    assert names and all(n.startswith("gg_french_") for n in names)


async def test_pictures_off_means_text_cards_even_with_faces(world: World) -> None:
    await upload_faces(world.bot)
    await world.restart()
    await manager_sets(world, pictures="off")
    await world.start_four()
    assert all(b.emoji is None for b in buttons(world.hand("alice")))
    assert "<:gg_" not in world.table_message().content



async def test_a_table_recovered_at_a_restart_is_redrawn_with_faces_at_once(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """The faces are looked up in ``setup_hook``, before ``on_ready`` redraws the recovered
    tables: the first redraw after a restart names the cards by their faces (issue 25, item 2;
    the offline mode's path is in tests/e2e/test_offline.py)."""
    await upload_faces(world.bot)
    await world.restart()
    await world.start_four(timer=0)
    await world.play_card(world.to_play())
    table_id = world.state().message_id
    caplog.clear()
    seen = len(world.env.http_requests)
    await world.restart()
    await world.env.settle()
    redraws = [r for r in world.env.http_requests[seen:]
               if r.method == "PATCH" and r.path.endswith(f"/messages/{table_id}")]
    assert redraws, "the recovered table was not redrawn"
    assert "<:gg_german_" in redraws[0].json["content"]
    assert face_lines(caplog) == ["card faces: 49 application emojis in use"]
