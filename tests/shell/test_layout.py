"""The shell's drawing, without Discord's network: the buttons of the table message and of a
hand, and the texts, from a real service on a real SQLite file. The engine decides what is
legal; these check that the drawing shows exactly that, and no hidden card in public."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.service import GameService
from bot.shell.card_text import card_label
from bot.shell.custom_ids import Accuse, Confirm, HandClick, Knock, PlayCard, Refresh, TableClick
from bot.shell.layouts import hand_buttons, next_deal_button, table_buttons
from bot.shell.render import hand_content, table_content

ALICE, BOB = 11, 12


def acts(view: Any) -> list[str]:
    return [TableClick.parse(item.custom_id).act for item in view.children]  # type: ignore[union-attr]


async def two_players(tmp_path: Path) -> tuple[GameService, int]:
    svc = await GameService.open(str(tmp_path / "gaigel.sqlite3"), seed=3)
    state = await svc.create_table(1, 100, ALICE, "Alice", players=2)
    return svc, state.table_id


async def test_before_the_start_the_table_offers_join_and_add_only_while_a_chair_is_free(
        tmp_path: Path) -> None:
    svc, tid = await two_players(tmp_path)
    try:
        assert acts(table_buttons(svc.public_state(tid))) == ["join", "leave", "add", "start"]
        await svc.join(tid, BOB, "Bob")
        assert acts(table_buttons(svc.public_state(tid))) == ["leave", "start"]
    finally:
        await svc.close()


async def test_while_playing_the_table_offers_my_cards_and_never_a_card(tmp_path: Path) -> None:
    svc, tid = await two_players(tmp_path)
    try:
        await svc.join(tid, BOB, "Bob")
        await svc.start(tid, ALICE)
        state = svc.public_state(tid)
        assert acts(table_buttons(state)) == ["hand"]
        assert acts(table_buttons(state, recount=True)) == ["hand"]
        assert next_deal_button(state) is None
        assert state.view is not None
        seen = set(state.view.visible_cards())  # the face-up card (a twin may be in a hand)
        hidden = {card for uid in (ALICE, BOB) for card in svc.hand_view(tid, uid)[0].hand}
        words = table_content(state).split()
        assert hidden - seen and not [c for c in hidden - seen
                                      if card_label(c, "german") in words]
    finally:
        await svc.close()


async def test_review_is_offered_after_a_deal_and_after_the_match_at_beginner_tables_only(
        tmp_path: Path) -> None:
    for beginner in (True, False):
        svc = await GameService.open(str(tmp_path / f"{beginner}.sqlite3"), seed=3)
        try:
            state = await svc.create_table(1, 100, ALICE, "Alice", players=2,
                                           show_points=beginner)
            tid = state.table_id
            await svc.join(tid, BOB, "Bob")
            await svc.start(tid, ALICE)
            assert "review" not in acts(table_buttons(svc.public_state(tid)))
            while svc.public_state(tid).status == "playing":
                who = next(s.user_id for s in svc.public_state(tid).seats if s.to_play)
                assert who is not None
                view, version = svc.hand_view(tid, who)
                knock = [a for a in view.actions if a.do == "knock"]
                action = knock[0] if knock else next(a for a in view.actions if a.do == "play")
                await svc.act(tid, who, action.do, card=action.card, opening=action.opening,
                              expected_version=version)
            state = svc.public_state(tid)
            assert state.status == "waiting" and "next" in acts(table_buttons(state))
            assert ("review" in acts(table_buttons(state))) is beginner
            over = table_buttons(replace(state, status="over"))
            # Play again under every finished match (issue 29), then Review at beginner tables.
            assert acts(over) == (["again", "review"] if beginner else ["again"])
        finally:
            await svc.close()


async def test_a_card_button_is_enabled_exactly_when_the_engine_lists_a_play_of_it(
        tmp_path: Path) -> None:
    svc, tid = await two_players(tmp_path)
    try:
        await svc.join(tid, BOB, "Bob")
        await svc.start(tid, ALICE)
        state = svc.public_state(tid)
        for uid in (ALICE, BOB):
            view, version = svc.hand_view(tid, uid)
            legal = {(a.card, a.opening) for a in view.actions if a.do == "play"}
            drawn = hand_buttons(state, view, version, "en")
            enabled, disabled = set(), set()
            for item in drawn.children:
                click = HandClick.parse(item.custom_id)  # type: ignore[attr-defined]
                assert click is not None and click.version == version
                if isinstance(click.act, PlayCard):
                    key = (click.act.card, click.act.opening)
                    (disabled if item.item.disabled else enabled).add(key)  # type: ignore[attr-defined]
            assert enabled == legal
            assert {card for card, _ in enabled | disabled} == set(view.hand)
            assert all(card_label(c, "german") in hand_content(state, view, "en")
                       for c in view.hand)
    finally:
        await svc.close()


def test_a_hand_is_held_trumps_first_then_each_suit_from_the_ace_down() -> None:
    from bot.shell.card_text import sorted_hand
    hand = ("S7", "HA", "E10", "HU", "SA", "EK", "H10")
    assert sorted_hand(hand, "S") == ["SA", "S7", "E10", "EK", "HA", "H10", "HU"]
    assert sorted_hand(("BU", "B7", "BA"), "H") == ["BA", "BU", "B7"]


async def test_the_hands_buttons_follow_the_held_order(tmp_path: Path) -> None:
    from bot.shell.card_text import sorted_hand
    svc, tid = await two_players(tmp_path)
    try:
        await svc.join(tid, BOB, "Bob")
        await svc.start(tid, ALICE)
        state = svc.public_state(tid)
        view, version = svc.hand_view(tid, ALICE)
        cards = [HandClick.parse(item.custom_id).act.card  # type: ignore[union-attr]
                 for item in hand_buttons(state, view, version, "en").children
                 if isinstance(HandClick.parse(item.custom_id).act,  # type: ignore[union-attr,attr-defined]
                               PlayCard)]
        held = sorted_hand(view.hand, view.trump_suit)
        assert [c for i, c in enumerate(cards) if i == 0 or cards[i - 1] != c] == \
            [c for i, c in enumerate(held) if i == 0 or held[i - 1] != c]
    finally:
        await svc.close()


def places(view: Any) -> dict[str, tuple[int, int]]:
    """Each button's act code by its place in the message: (row, index in the row)."""
    out = {}
    for r, row in enumerate(view.to_components()):
        for i, button in enumerate(row["components"]):
            out[button["custom_id"].split(":")[4]] = (r, i)
    return out


async def test_a_double_click_on_knock_or_accuse_lands_on_cancel_never_on_the_confirmation(
        tmp_path: Path) -> None:
    svc, tid = await two_players(tmp_path)
    try:
        await svc.join(tid, BOB, "Bob")
        await svc.start(tid, ALICE)
        state = svc.public_state(tid)
        for uid in (ALICE, BOB):
            view, version = svc.hand_view(tid, uid)
            plain = places(hand_buttons(state, view, version, "en"))
            for claim in (Knock(), Accuse()):
                code = claim.code + claim.arg
                asked = hand_buttons(state, view, version, "en", confirm=claim)
                now = places(asked)
                assert now["r"] == plain[code]  # Cancel, where the claim was
                assert now["c" + code][0] > plain[code][0]  # the confirmation: a row below
                assert code not in now
                for act, place in plain.items():  # the claims before it stay put, greyed
                    if act[0] != "p" and place < plain[code]:
                        assert now[act] == place
                for item in asked.children:
                    act = HandClick.parse(item.custom_id).act  # type: ignore[attr-defined,union-attr]
                    if isinstance(act, Confirm | Refresh):
                        assert not item.item.disabled  # type: ignore[attr-defined]
                    elif not isinstance(act, PlayCard):
                        assert item.item.disabled  # type: ignore[attr-defined]
    finally:
        await svc.close()
