"""The daily deal's message without simcord: its custom_ids (``gg:d:``), its buttons (the
engine's view decides what is enabled, as in a table's hand), its text (the seat's own view,
nothing else) and the results' text (the asker's own row is never cut off)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from world import cards_in_text

from bot.service.daily import DailyState, PlayRow, Results, Standing
from bot.shell.custom_ids import NO_VERSION, Confirm, DailyClick, Knock, PlayCard, Refresh
from bot.shell.daily_text import daily_content, results_text, seat_names
from bot.shell.layouts import daily_buttons
from engine import Action, Deal, Layout, seat_view
from engine.deal import Result


def test_a_daily_click_names_the_play_its_version_and_the_act() -> None:
    for act in (PlayCard(3, "EA", None), PlayCard(0, "H10", "hoeher-hat"), Knock(), Refresh(),
                Confirm(Knock())):
        click = DailyClick(42, 7, act)
        assert click.custom_id.startswith("gg:d:42:7:")
        assert DailyClick.parse(click.custom_id) == click
    nxt = DailyClick(42, 7, None, next_deal=True)
    assert nxt.custom_id == "gg:d:42:7:n" and DailyClick.parse(nxt.custom_id) == nxt
    assert DailyClick.parse("gg:d:99999999999999999999:1:r") is None
    far = DailyClick.parse("gg:d:1:99999999999999999999:r")
    assert far is not None and far.version == NO_VERSION
    odd = DailyClick.parse("gg:d:1:1:z")
    assert odd is not None and odd.act is None and not odd.next_deal


def state_of(deal: Deal, *, score: int | None = None, done: int = 0,
             claim: tuple[int, str] | None = None) -> DailyState:
    progress = tuple(PlayRow(n, n, True, 100) for n in range(1, done + 1))
    points = (deal.points[0], deal.points[1]) if deal.result is not None else None
    return DailyState(1, "2026-11-25", done + 1 if deal.result is None else done, 9,
                      len(deal.actions), seat_view(deal, 0), "german", "en", "c" * 64,
                      progress, False, score, points, claim)


def test_the_cards_enabled_are_the_views_plays_and_the_text_shows_only_the_seats_view() -> None:
    deal = Deal(Layout.seeded(4, 5))
    for _ in range(6):  # into the second trick
        seat = deal.to_play
        assert seat is not None
        deal.apply(deal.legal_plays(seat)[0])
    while deal.to_play != 0:
        seat = deal.to_play
        assert seat is not None
        deal.apply(deal.legal_plays(seat)[0])
    state = state_of(deal)
    view = state.view
    buttons = daily_buttons(9, view, state.version, "en", "german", names=seat_names("en", "a"))
    enabled = {b.click.act.card for b in buttons.children  # type: ignore[attr-defined]
               if isinstance(b.click.act, PlayCard) and not b.item.disabled}  # type: ignore[attr-defined]
    assert enabled == {a.card for a in view.actions if a.do == "play"}
    assert all(c.startswith("gg:d:9:") for c in (b.item.custom_id for b in buttons.children))  # type: ignore[attr-defined]
    text = daily_content(state, "en", "a")
    assert not cards_in_text(text) - Counter(view.visible_cards())
    others = Counter(c for s in (1, 2, 3) for c in deal.hands[s]) - Counter(view.visible_cards())
    assert not cards_in_text(text) & others


def test_a_finished_deal_offers_only_the_next_one_and_no_card() -> None:
    deal = Deal(Layout.seeded(4, 6))
    deal.apply(Action(0, "knock"))  # a wrong knock: lost double
    assert deal.result == Result(1, 2, "untergaigelt")
    state = state_of(deal, score=-2000, done=1, claim=(0, "knock"))
    buttons = daily_buttons(9, state.view, state.version, "en", "german",
                            names=seat_names("en", "a"), next_deal=True)
    ids = [b.item.custom_id for b in buttons.children]  # type: ignore[attr-defined]
    assert ids == ["gg:d:9:1:n"]
    assert not daily_buttons(9, state.view, 1, "en", "german", names=[], next_deal=False).children
    text = daily_content(state, "en", "a")
    assert "You knocked" in text and "You lost 2 games" in text and "**-2000**" in text
    other = daily_content(replace(state, claim=(1, "accuse")), "de", "a")
    assert "Computer links hat deine Seite angeklagt" in other


def test_the_results_keep_the_askers_own_row_when_many_played() -> None:
    people = [Standing(u, f"p{u:03d}", 0, 0, 100 - u / 10) for u in range(1, 41)]
    deals = {1: [(u, f"p{u:03d}", 1000 - u, float(40 - u)) for u in range(1, 41)]}
    results = Results("2026-11-25", False, deals, people, people, ("2026-11-23", "2026-11-29"))
    text = results_text("en", results, viewer=37)
    assert "37. p037" in text and "11. p011" not in text and "10. p010" in text
    line = next(t for t in text.splitlines() if t.startswith("Deal 1:"))
    assert line.startswith("Deal 1: p037 +963") and "more" in line and len(line) < 320
    assert "figures can change" in text
