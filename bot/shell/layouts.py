"""The button layouts of the table message, a knock ceremony, a hand, the primer and a replay: pure
functions from what the service says is possible to a ``discord.ui.View`` of the bot's buttons
(``buttons``).

A card button is enabled exactly when ``view.actions`` holds a play of that card: the engine
decides legality, the shell only draws it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from engine import View
from engine.tricks import team_of

from ..service.models import PublicState
from ..texts import say
from .buttons import DailyButton, HandButton, PrimerButton, ReplayButton, TableButton
from .card_text import Faces, card_label, hand_order, meld_points, suit_symbol
from .custom_ids import (
    Accuse,
    AskHint,
    Confirm,
    DailyClick,
    DeclarePair,
    ExchangeSeven,
    HandAct,
    HandClick,
    Knock,
    PlayCard,
    PrimerPage,
    Refresh,
    ReplayPage,
    ShowSevens,
    TableClick,
)
from .faces import face_emoji

FACE_DOWN_OPENINGS = ("hoeher-hat", "zweite-alte")


def primer_buttons(table_id: int, page: int, pages: int, lang: str) -> discord.ui.View:
    """Previous and Next under a primer page (greyed at the ends)."""
    view = _view()
    view.add_item(PrimerButton(PrimerPage(table_id, max(page - 1, 0)),
                               label=say(lang, "btn_previous"), disabled=page <= 0))
    view.add_item(PrimerButton(PrimerPage(table_id, min(page + 1, pages - 1)),
                               label=say(lang, "btn_next_page"), disabled=page >= pages - 1))
    return view


def replay_buttons(table_id: int, deal_id: int, page: int, pages: int,
                   lang: str) -> discord.ui.View:
    """Previous and Next under a replay page (greyed at the ends). Each names the page it
    shows; a greyed one names its own page, so the two ids always differ."""
    view = _view()
    view.add_item(ReplayButton(ReplayPage(table_id, deal_id, max(page - 1, 0)),
                               label=say(lang, "btn_previous"), disabled=page <= 0))
    view.add_item(ReplayButton(ReplayPage(table_id, deal_id, min(page + 1, pages - 1)),
                               label=say(lang, "btn_next_page"), disabled=page >= pages - 1))
    return view


def _view() -> discord.ui.View:
    return discord.ui.View(timeout=None)


def table_buttons(state: PublicState, recount: bool = False) -> discord.ui.View | None:
    """Join/Leave/Add computer/Start before the start; My cards, Next deal, I'm back later;
    Review between deals and after the match at beginner tables; Play again after the match
    (and, on the table open again, while a chair is kept for someone of the last match).
    Join and Add computer only while a chair is free; while a knock's recount is told
    (``recount``), only My cards."""
    lang = state.options.language
    tid, ver = state.table_id, state.version
    view = _view()

    def add(act: str, key: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        view.add_item(TableButton(TableClick(tid, ver, act), label=say(lang, key), style=style))

    free = any(s.empty for s in state.seats)
    if state.status == "open":
        if any(s.away and not s.computer for s in state.seats):  # chairs kept from the last match
            add("again", "btn_again", discord.ButtonStyle.success)
        if free:
            add("join", "btn_join", discord.ButtonStyle.success)
        add("leave", "btn_leave")
        if free:
            add("add", "btn_add")
        add("start", "btn_start", discord.ButtonStyle.primary)
    elif state.status in ("playing", "waiting"):
        add("hand", "btn_hand", discord.ButtonStyle.primary)
        if recount:
            return view
        if state.status == "waiting":
            add("next", "btn_next", discord.ButtonStyle.success)
            if any(s.computer for s in state.seats):
                add("join", "btn_join")  # a person may take over a computer's seat
        if state.view is not None and state.view.last_trick is not None:
            add("last", "btn_last")
        if any(s.away or s.missed for s in state.seats):
            add("back", "btn_back")
        if state.status == "waiting" and _reviewable(state):
            add("review", "btn_review")
    elif state.status == "over":
        add("again", "btn_again", discord.ButtonStyle.success)  # the next match, same seats
        if _reviewable(state):
            add("review", "btn_review")  # the match's last deal may be reviewed too
    else:
        return None
    return view


def _reviewable(state: PublicState) -> bool:
    """A deal has ended at a beginner table: the coach's Review is offered."""
    return state.options.show_points and state.last_result is not None


def next_deal_button(state: PublicState) -> discord.ui.View | None:
    """The button under a finished knock ceremony."""
    if state.status != "waiting":
        return None
    view = _view()
    view.add_item(TableButton(TableClick(state.table_id, state.version, "next"),
                              label=say(state.options.language, "btn_next"),
                              style=discord.ButtonStyle.success))
    return view


def hand_buttons(state: PublicState, view: View, version: int, lang: str, *,
                 retired: bool = False, confirm: HandAct | None = None,
                 faces: Faces = None) -> discord.ui.View:
    """One button per card (per legal opening on the first card), then the claims.
    ``retired``: a hand that will not be updated any more: every card greyed, no claims,
    only Refresh (which answers with a fresh hand). ``confirm``: a knock or an accusation
    clicked once: Cancel takes its place, the confirmation a row below (``_asking``).
    ``faces``: each card shows its face as the button's emoji; the label always carries the
    suit symbol and the rank, so that Acorns and Bells are told apart at a glance even where
    the emoji is small or not drawn."""
    tid = state.table_id

    def button(act: HandAct, label: str, button_style: discord.ButtonStyle,
               disabled: bool = False, emoji: discord.PartialEmoji | None = None) -> HandButton:
        return HandButton(HandClick(tid, version, act), label=label, style=button_style,
                          disabled=disabled, emoji=emoji)

    def team_names(team: int) -> str:
        return ", ".join(s.name for s in state.seats if team_of(s.seat, len(state.seats)) == team)

    return _place(_hand_groups(view, lang, state.options.suit_style, button, team_names,
                               retired=retired, confirm=confirm, faces=faces,
                               hint=state.options.show_points))


def daily_buttons(play_id: int, view: View, version: int, lang: str, style: str, *,
                  names: list[str], confirm: HandAct | None = None, faces: Faces = None,
                  next_deal: bool = False) -> discord.ui.View:
    """A person's daily deal: the hand's buttons as at a table (``gg:d:`` ids, the play's
    version), no Hint; once the deal is over, Next deal (``next_deal``) instead."""

    def button(act: HandAct, label: str, button_style: discord.ButtonStyle,
               disabled: bool = False, emoji: discord.PartialEmoji | None = None) -> DailyButton:
        return DailyButton(DailyClick(play_id, version, act), label=label, style=button_style,
                           disabled=disabled, emoji=emoji)

    def team_names(team: int) -> str:
        return ", ".join(n for s, n in enumerate(names) if team_of(s, len(names)) == team)

    if view.result is not None:
        out = _view()
        if next_deal:
            out.add_item(DailyButton(DailyClick(play_id, version, None, next_deal=True),
                                     label=say(lang, "btn_daily_next"),
                                     style=discord.ButtonStyle.success))
        return out
    return _place(_hand_groups(view, lang, style, button, team_names, confirm=confirm,
                               faces=faces))


ButtonMaker = Callable[..., Any]
"""``make(act, label, style, disabled=False, emoji=None)``: a hand's or a daily deal's button."""


def _hand_groups(view: View, lang: str, style: str, button: ButtonMaker,
                 team_names: Callable[[int], str], *, retired: bool = False,
                 confirm: HandAct | None = None, faces: Faces = None,
                 hint: bool = False) -> list[list[Any]]:
    """The rows of a hand: the cards, then the claims (or the knock's confirmation)."""
    plays: dict[str, list[str | None]] = {}
    for a in view.actions:
        if a.do == "play" and a.card is not None:
            plays.setdefault(a.card, []).append(a.opening)
    cards: list[Any] = []
    for i in hand_order(view.hand, view.trump_suit):
        card = view.hand[i]
        openings = plays.get(card)
        emoji = face_emoji(card, style, faces)
        label = card_label(card, style)
        options: list[str | None] = list(openings) if openings else [None]
        for opening in options:
            text = label
            if opening in FACE_DOWN_OPENINGS:
                text = f"{label} · {say(lang, 'face_down')}"
            cards.append(button(
                PlayCard(i, card, opening), text,
                discord.ButtonStyle.primary if openings and not retired
                else discord.ButtonStyle.secondary,
                disabled=not openings or retired, emoji=emoji))
    if retired:
        refresh = button(Refresh(), say(lang, "btn_refresh"), discord.ButtonStyle.primary)
        return [cards, [refresh]]
    claims: list[Any] = []
    success = discord.ButtonStyle.success
    for a in view.actions:
        if a.do == "declare" and a.suit is not None:
            pts = meld_points(a.suit, a.double, view.trump_suit)
            claims.append(button(DeclarePair(a.suit, a.double),
                                 say(lang, "btn_declare", points=pts,
                                     suit=suit_symbol(a.suit, style)), success))
        elif a.do == "exchange":
            claims.append(button(ExchangeSeven(), say(lang, "btn_exchange"), success))
        elif a.do == "sevens":
            claims.append(button(ShowSevens(), say(lang, "btn_sevens"), success))
    for a in view.actions:
        if a.do == "knock":
            claims.append(button(Knock(), say(lang, "btn_knock"), discord.ButtonStyle.secondary))
        elif a.do == "accuse":
            if a.against is None:
                label = say(lang, "btn_accuse")
            else:
                label = say(lang, "btn_accuse_against",
                            name=team_names(a.against) or str(a.against))
            claims.append(button(Accuse(a.against), label[:80], discord.ButtonStyle.secondary))
    if confirm is not None:
        if isinstance(confirm, Knock):
            yes_label = say(lang, "btn_confirm_knock")
        elif isinstance(confirm, Accuse) and confirm.against is not None:
            yes_label = say(lang, "btn_confirm_accuse_named",
                            name=team_names(confirm.against) or str(confirm.against))
        else:
            yes_label = say(lang, "btn_confirm_accuse")
        return [cards, *_asking(
            claims, confirm,
            cancel=button(Refresh(), say(lang, "btn_cancel"), discord.ButtonStyle.secondary),
            yes=button(Confirm(confirm), yes_label[:80], discord.ButtonStyle.danger))]
    if hint and view.to_play == view.seat and view.result is None:
        claims.append(button(AskHint(), say(lang, "btn_hint"), discord.ButtonStyle.secondary))
    claims.append(button(Refresh(), say(lang, "btn_refresh"), discord.ButtonStyle.secondary))
    return [cards, claims]


def _asking(claims: list[Any], claim: HandAct, *, cancel: Any,
            yes: Any) -> list[list[Any]]:
    """The claims while a knock or an accusation waits for its confirmation, laid out so that
    a double-click on the claim never confirms it: Cancel takes the claim's own place (the
    claims before it stay where they were, greyed; none follow it), and the confirmation
    has a row of its own below. (At most two rows of cards and two of claims: it fits.)"""
    at = next((i for i, b in enumerate(claims) if b.click is not None and b.click.act == claim), 0)
    before = claims[:at]
    for b in before:
        b.item.disabled = True
    return [[*before, cancel], [yes]]


def _place(groups: list[list[Any]]) -> discord.ui.View:
    """Each group starts on a new row, five buttons a row, at most five rows."""
    out = _view()
    row = 0
    for group in groups:
        for k, item in enumerate(group):
            r = row + k // 5
            if r > 4:
                break
            item.item.row = r
            out.add_item(item)
        row += max(1, -(-len(group) // 5))
    return out
