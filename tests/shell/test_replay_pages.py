"""The pages of ``/gaigel replay`` without Discord (``bot.shell.replay_pages``): finished
deals of two, three, four and six players, stored by the real service, as pages within
Discord's 2000 characters in both languages, every hand of the moment listed, the first
trick's face-down cards face up in the picture, and the fair-deal line when the record has
one. The bot's answers are in tests/e2e/test_bot_replay.py."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.pictures.names import face_name
from bot.pictures.table import render_table
from bot.service import GameService
from bot.service.computer_matches import CHANNEL_BASE, play_table
from bot.shell.card_text import card_label
from bot.shell.decide import Clicked, own_replay
from bot.shell.render import MAX_CONTENT
from bot.shell.replay_pages import is_replay_page, page_frames, replay_page
from engine.actions import sevens
from engine.cards import CANONICAL_PACK
from engine.history import DealHistory, deal_history, record_history
from engine.record import parse_record
from engine.testing import deal_from

PLAYERS = (2, 3, 4, 6)


def faces(emoji_id: int) -> dict[str, int]:
    """Every card face uploaded, each with this emoji id (Discord's are 18 or 19 digits)."""
    return {face_name(card, style): emoji_id for card in set(CANONICAL_PACK)
            for style in ("german", "french")}


@pytest.fixture(scope="module")
def deals(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Any, DealHistory]]:
    """Two finished deals of a table of computers for each number of players."""
    path = tmp_path_factory.mktemp("replay") / "gaigel.sqlite3"

    async def play() -> list[tuple[Any, DealHistory]]:
        svc = await GameService.open(str(path), seed=3)
        out = []
        try:
            for players in PLAYERS:
                await play_table(svc, players, 2, players=players)
                last = await svc.last_table_in_channel(CHANNEL_BASE + players)
                assert last is not None
                for number in (1, 2):
                    deal = await svc.finished_deal(last["table_id"], number)
                    out.append((deal, record_history(parse_record(deal.record))))
        finally:
            await svc.close()
        return out

    return asyncio.run(play())


def test_every_page_fits_a_message_and_lists_every_hand_of_its_moment(
        deals: list[tuple[Any, DealHistory]]) -> None:
    long_faces = faces(1_234_567_890_123_456_789)
    for deal, history in deals:
        pages = page_frames(history)
        assert len(pages) == len(history.frames) - (1 if len(history.frames) > 2 else 0)
        for lang in ("en", "de"):
            for page in range(len(pages)):
                shown = replay_page(deal.record, deal.place, history, page, lang, "german",
                                    long_faces)
                assert len(shown.content) <= MAX_CONTENT
                assert is_replay_page(shown.content)
                assert (shown.page, shown.pages) == (page, len(pages))
                frame = history.frames[pages[page][0]]
                if any(frame.hands):
                    hand_lines = [ln for ln in shown.content.splitlines()
                                  if ln.startswith("▸ ")]
                    assert len(hand_lines) == history.players, shown.content
        end = replay_page(deal.record, deal.place, history, len(pages) - 1, "en", "german")
        assert "**End of the deal**" in end.content and "Result:" in end.content


def test_a_page_too_long_with_faces_shows_the_cards_as_symbols(
        deals: list[tuple[Any, DealHistory]]) -> None:
    deal, history = next((d, h) for d, h in deals if h.players == 6)
    huge = faces(10**60)  # a face 80 characters long: thirty hands' cards cannot fit
    shown = replay_page(deal.record, deal.place, history, 0, "en", "french", huge)
    assert len(shown.content) <= MAX_CONTENT and "<:" not in shown.content
    dealt = history.frames[0].hands[0]
    assert all(card_label(card, "french") in shown.content for card in dealt)


def test_the_first_tricks_face_down_cards_are_drawn_face_up(
        deals: list[tuple[Any, DealHistory]]) -> None:
    found = [(d, h) for d, h in deals
             if len(h.frames) > 2 and any(p.face_down for p in h.frames[1].plays)]
    assert found, "no deal with a face-down opening"
    deal, history = found[0]
    shown = replay_page(deal.record, deal.place, history, 0, "en", "german")
    assert shown.scene.trick == tuple((p.seat, p.card) for p in history.frames[1].plays)
    assert all(card is not None for _, card in shown.scene.trick)
    assert "played face down" in shown.content
    data, fmt = render_table(shown.scene)
    assert fmt in ("png", "jpg") and 0 < len(data) < 100_000


def test_the_end_shows_the_fair_deal_line_when_the_record_has_one(
        deals: list[tuple[Any, DealHistory]]) -> None:
    deal, _ = deals[0]
    fair = {"commitment": "63" * 32, "seed": "0f" * 32, "salt": "1234567890"}
    record = {**deal.record, "fair": fair}
    history = record_history(parse_record(record))
    last = len(page_frames(history)) - 1
    for lang, words in (("en", "Fair deal: commitment"), ("de", "Faires Geben: Commitment")):
        end = replay_page(record, deal.place, history, last, lang, "german").content
        assert words in end and fair["commitment"] in end and fair["seed"] in end
        assert "1234567890" in end
    plain = {k: v for k, v in deal.record.items() if k != "fair"}  # dealt before fair deals
    plain_history = record_history(parse_record(plain))
    without = replay_page(plain, deal.place, plain_history, last, "en", "german").content
    assert "Fair deal" not in without


def test_only_the_clickers_own_private_replay_page_turns_its_page() -> None:
    page = "**Replay** · deal 1 at this table · 4 players, Württemberg rules · 1/7\n…"
    german = "**Rückschau** · Spiel 1 an diesem Tisch · 4 Spieler, Regeln: x · 1/7"
    assert own_replay(Clicked(5, ephemeral=True, asked_by=11, content=page), 11)
    assert own_replay(Clicked(5, ephemeral=True, asked_by=None, content=german), 11)
    assert not own_replay(Clicked(5, ephemeral=True, asked_by=12, content=page), 11)
    assert not own_replay(Clicked(5, ephemeral=False, asked_by=11, content=page), 11)
    assert not own_replay(Clicked(5, ephemeral=True, asked_by=11, content="Your cards"), 11)
    assert not own_replay(Clicked(None, ephemeral=True, content=page), 11)


def test_a_deal_ended_before_its_first_card_has_a_page_for_the_deal_and_one_for_the_end(
) -> None:
    deal = deal_from(["EA E10 EK HO S10", "E7 B7 H7 S7 E7", "EO HA H10 SA SK", "EU BA BU BO H10"],
                     "B10")
    deal.apply(sevens(1))
    history = deal_history(deal.layout, deal.rules, deal.actions)
    assert page_frames(history) == [(0,), (1,)]
    record = {"seats": [{"seat": s, "name": n} for s, n in enumerate("ABCD")], "number": 1}
    first = replay_page(record, 1, history, 0, "en", "german").content
    assert "**Dealt:**" in first and "Trick 1" not in first
    end = replay_page(record, 1, history, 1, "en", "german").content
    assert "B shows five Sevens before the first card" in end
