"""The coach of a beginner table: what the ``strong`` computer player would play from a
person's seat, from that seat's view alone (it watches the deal as the seat saw it, never more).
The hints a person asked for in a deal are counted and told with the deal's result."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from engine import Action, Deal, seat_view
from engine.tricks import team_of, winner_index

from .computer import make_computer
from .errors import ServiceError
from .table import LiveTable
from .views import seated

COACH_LEVEL = "strong"


@dataclass(frozen=True)
class Hint:
    action: Action
    takes_trick: bool
    """The card would take the trick as it lies now."""
    partner_takes: bool
    """The trick is already the partner's, and stays so with this card."""
    count: int
    """Hints this seat has asked for in this deal, this one included."""


async def hint_for(t: LiveTable, user_id: int, budget_ms: int | None) -> Hint:
    """The coach's play (or claim) for ``user_id``'s seat at ``t``; refused unless the table
    has the beginner option and it is that seat's turn."""
    chair = seated(t, user_id)
    deal = t.deal
    if not t.options.show_points:
        raise ServiceError("no_coach")
    if t.status != "playing" or deal is None or deal.over:
        raise ServiceError("deal_over")
    seat = t.seat_of_chair(chair)
    if deal.to_play != seat:
        raise ServiceError("not_your_turn")
    coach = make_computer(COACH_LEVEL, seat, t.players, t.rules, budget_ms=budget_ms)
    replay = Deal(deal.layout, deal.rules)
    for action in deal.actions:
        coach.observe([e.seen_by(seat) for e in replay.apply(action)])
    view = seat_view(deal, seat)
    action = await asyncio.to_thread(coach.choose, view)
    t.hints[chair] = t.hints.get(chair, 0) + 1
    takes = partner = False
    if action.do == "play" and action.card is not None and view.trick.plays:
        plays = [(s, c) for s, c in view.trick.plays if c is not None]
        if plays:
            best_seat = plays[winner_index(plays, view.trump_suit)][0]
            after = plays + [(seat, action.card)]
            winner = after[winner_index(after, view.trump_suit)][0]
            takes = winner == seat
            partner = (winner == best_seat and best_seat != seat
                       and team_of(best_seat, t.players) == team_of(seat, t.players))
    return Hint(action, takes, partner, t.hints[chair])
