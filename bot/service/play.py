"""Playing a deal: a person's action, the computers' replies, the turn timer and the host's
skip. The engine decides what is legal (``Deal.refusal``); this only finds the seat."""

from __future__ import annotations

from engine import Action
from engine.actions import ACTION_KINDS
from engine.cards import SUITS, parse_card

from .computer_seats import ComputerTurns
from .core import TableChanges, need_deal, need_host
from .deals import Dealing
from .errors import Refused, ServiceError, StaleTable
from .models import Committed
from .views import seated

AWAY_AFTER = 3
"""Turns timed out in a row after which a seat is marked away."""


class Play:
    def __init__(self, core: TableChanges, dealing: Dealing, computers: ComputerTurns) -> None:
        self.core = core
        self.dealing = dealing
        self.computers = computers

    async def act(self, table_id: int, user_id: int, do: str, *, card: str | None = None,
                  opening: str | None = None, suit: str | None = None, double: bool = False,
                  against: int | None = None, expected_version: int | None = None,
                  run_computers: bool = True) -> list[Committed]:
        """A person's action, then the computers' replies; every outcome in order.

        Raises ``StaleTable`` when ``expected_version`` is not the table's version,
        ``NotSeated``, ``NotStarted``, ``deal_over`` (between deals), ``table_closed``,
        ``bad_action``, or ``Refused`` with the engine's code (``not_your_turn``, ...).
        """
        async with self.core.change(table_id) as change:
            t = change.table
            chair = seated(t, user_id)
            deal = need_deal(t)
            if expected_version is not None and expected_version != t.version:
                raise StaleTable()
            if do not in ACTION_KINDS:
                raise ServiceError("bad_action")
            if card is not None:
                parsed = parse_card(str(card))
                if parsed is None:
                    raise ServiceError("bad_action")
                card = parsed
            if suit is not None:
                suit = str(suit).upper()
                if suit not in SUITS:
                    raise ServiceError("bad_action")
            action = Action(t.seat_of_chair(chair), do, card=card, opening=opening, suit=suit,
                            double=bool(double), against=against)
            code = deal.refusal(action)
            if code is not None:
                raise Refused(code)
            c = t.chairs[chair]
            assert c is not None
            updates = [(chair, False, 0)] if (c.away or c.missed) else []
            await self.dealing.apply(change, action, actor=user_id, via="human",
                                     chair_updates=updates)
            more = run_computers and await self.computers.run(change, one_card=True)
        if more:
            await self.computers.play_on(table_id, change.outcomes)
        return change.outcomes

    async def advance(self, table_id: int) -> list[Committed]:
        """Let the computers act if it is their turn (or they have claims), one card a change."""
        return await self.computers.play_on(table_id, [])

    async def timeout_turn(self, table_id: int, expected_version: int) -> list[Committed]:
        """The turn timer ran out: a computer plays this turn for the absent person.

        ``StaleTable`` when the table moved on since ``expected_version``. After three turns
        in a row the seat is marked away (a computer plays it) until ``back``.
        """
        async with self.core.change(table_id) as change:
            t = change.table
            if expected_version != t.version:
                raise StaleTable()
            deal = need_deal(t)
            seat = deal.to_play
            if seat is not None:
                c = t.seat_chair(seat)
                if not c.auto:
                    missed = c.missed + 1
                    await self.computers.turn(change, seat, "timeout",
                                              [(c.chair, missed >= AWAY_AFTER, missed)])
            more = await self.computers.run(change, one_card=True)
        if more:
            await self.computers.play_on(table_id, change.outcomes)
        return change.outcomes

    async def skip(self, table_id: int, user_id: int) -> list[Committed]:
        """The host lets a computer play the current turn."""
        async with self.core.change(table_id) as change:
            t = change.table
            need_host(t, user_id)
            deal = need_deal(t)
            seat = deal.to_play
            if seat is not None and not t.seat_chair(seat).auto:
                await self.computers.turn(change, seat, "skip")
            more = await self.computers.run(change, one_card=True)
        if more:
            await self.computers.play_on(table_id, change.outcomes)
        return change.outcomes
