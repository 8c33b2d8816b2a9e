"""The shell's decisions: what a click means, given the state. Plain functions of plain values
(no Discord, no service), so each is tested on its own; the handlers gather the values
(``Clicked`` from the interaction), decide here, then act.

- ``hand_click``: what a click in a hand means, with the knock or accusation question that
  may be waiting for its confirmation (a confirmation within ``CONFIRM_PAUSE`` of the question
  is the tail of a double-click: asked again, never taken as a yes).
- ``own_hand``, ``own_primer``, ``own_replay``: whether the clicked message may be edited in
  answer.
- ``table_message``: whether a table button was clicked on the table's current message.
- ``table_act``: what a table button asks for, and whether computers may play before the answer.
- ``computers_may_think``: whether to defer before a call that lets computers play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..service.models import PublicState
from .custom_ids import NO_VERSION, Accuse, Confirm, HandAct, Knock, Refresh
from .primer import is_primer_page
from .replay_pages import is_replay_page

# ---------------------------------------------------------------------- a click in a hand

CONFIRM_SECONDS = 30
"""A knock or an accusation clicked in a hand must be confirmed within this time."""

CONFIRM_PAUSE = 1.0
"""A confirmation sooner than this after the question was shown is the second half of a
double-click on the claim, not a yes: the question is shown again."""


@dataclass(frozen=True)
class Question:
    """A knock or an accusation clicked once, waiting for its confirmation."""

    claim: HandAct
    version: int
    """The table's version the claim was clicked at."""
    shown: float
    """When the question was (last) shown, in ``now()`` seconds."""
    deadline: float


HandMeaning = Literal["stale", "ask", "ask_again", "lapsed", "show", "act"]
"""- ``stale``: the click carries a version no table has (forged): "your hand changed";
- ``ask``: a knock or an accusation, clicked once: ask to confirm it;
- ``ask_again``: a confirmation too soon after the question (a double-click): ask again;
- ``lapsed``: a confirmation with no live question for that claim at that version;
- ``show``: Refresh (and Cancel): only show the hand afresh;
- ``act``: hand the act (a card, a claim, a confirmed knock or accusation) to the service."""


@dataclass(frozen=True)
class HandStep:
    meaning: HandMeaning
    question: Question | None
    """The question waiting after this click (None: none)."""

    @property
    def asked(self) -> HandAct | None:
        """The claim the hand asks about, if it asks."""
        if self.meaning in ("ask", "ask_again") and self.question is not None:
            return self.question.claim
        return None


def hand_click(act: HandAct | None, version: int, waiting: Question | None,
               at: float) -> HandStep:
    """What a click of ``act`` (None: a malformed one) at ``version`` means at time ``at``,
    when ``waiting`` is the question this person's hand at this table shows (if any)."""
    if version == NO_VERSION:
        return HandStep("stale", None)
    if isinstance(act, Knock | Accuse):
        # A knock or an accusation lost is a double game: the first click only asks.
        return HandStep("ask", Question(act, version, at, at + CONFIRM_SECONDS))
    if isinstance(act, Confirm):
        if (waiting is None or waiting.claim != act.claim or waiting.version != version
                or at > waiting.deadline):
            return HandStep("lapsed", None)
        # Rounded: two float clocks a second apart may differ by a hair less than 1.0.
        if round(at - waiting.shown, 3) < CONFIRM_PAUSE:
            return HandStep("ask_again", replace(waiting, shown=at))
        return HandStep("act", None)
    if isinstance(act, Refresh):
        return HandStep("show", None)
    return HandStep("act", None)


# ---------------------------------------------------------------------- the clicked message


@dataclass(frozen=True)
class Clicked:
    """The message a button was clicked on, as far as the decisions need it."""

    message_id: int | None
    """None: the click came without its message."""
    ephemeral: bool = False
    dm: bool = False
    """In a direct message (the DM mirror)."""
    asked_by: int | None = None
    """Who the message answered (its interaction's user), if Discord says."""
    content: str = ""


def own_hand(clicked: Clicked) -> bool:
    """Whether the clicked message is the clicker's own hand (their ephemeral message or their
    DM). Only that message may be edited with a hand: a hand button forged onto the public
    table message is answered with a new ephemeral message instead."""
    return clicked.message_id is not None and (clicked.ephemeral or clicked.dm)


def own_primer(clicked: Clicked, user_id: int) -> bool:
    """Whether the clicked message is the clicker's own primer: private (ephemeral), sent in
    answer to them, and showing a primer page. Only that message may turn its page: a page
    button forged onto the table message, a hand or anything else gets a new one."""
    if clicked.message_id is None or not clicked.ephemeral:
        return False
    if clicked.asked_by is not None and clicked.asked_by != user_id:
        return False
    return is_primer_page(clicked.content)


def own_replay(clicked: Clicked, user_id: int) -> bool:
    """Whether the clicked message is the clicker's own replay page (private, sent in answer
    to them, showing a replay): only that message turns its page; anywhere else the page is
    a new private message."""
    if clicked.message_id is None or not clicked.ephemeral:
        return False
    if clicked.asked_by is not None and clicked.asked_by != user_id:
        return False
    return is_replay_page(clicked.content)


# ---------------------------------------------------------------------- a table button

TableMessage = Literal["current", "old", "ceremony?"]


def table_message(clicked_id: int | None, current_id: int | None, act: str) -> TableMessage:
    """Whether a table button was clicked on the table's current message (also when either id
    is unknown), on an old one (a table message replaced by a fresh one is never acted on,
    whatever version its buttons carry), or, for Next deal, perhaps on the knock ceremony's
    (``ceremony?``: the kept ceremonies say)."""
    if clicked_id is None or current_id is None or clicked_id == current_id:
        return "current"
    return "ceremony?" if act == "next" else "old"


@dataclass(frozen=True)
class TableAct:
    kind: Literal["hand", "last", "review", "change", "unknown"]
    """``hand``, ``last``, ``review``: answered to the clicker alone; ``change``: a change of
    the table (join, leave, add, start, next, back, again); ``unknown``: no act of the table's."""
    computers_first: bool = False
    """Computers may play before the answer (leave, start, next): defer first."""


CHANGES = ("join", "leave", "add", "start", "next", "back", "again")


def table_act(act: str) -> TableAct:
    """What a button of the table message asks for."""
    if act == "hand":
        return TableAct("hand")
    if act == "last":
        return TableAct("last")
    if act == "review":
        return TableAct("review")
    if act in CHANGES:
        return TableAct("change", computers_first=act in ("leave", "start", "next"))
    return TableAct("unknown")


def computers_may_think(state: PublicState) -> bool:
    """Whether a call that lets computers play (start, next deal, skip, kick, leave) may take
    longer than Discord's 3 seconds: a computer or an away seat, or a deal under way."""
    return any(s.computer or s.away for s in state.seats) or state.status == "playing"
