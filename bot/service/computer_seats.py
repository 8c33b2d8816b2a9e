"""The computer turns: a computer player per seat played by the computer (or for an away
person), asked for its claims when one may have become possible and for its card on its turn.
Each of its actions is written like a person's, one transaction each. A computer is asked in
one place, ``ComputerTurns.think``."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable

from engine import Action, Deal, View, seat_view
from engine.players.questions import Choose
from engine.tricks import team_of

from ..thinking import ThinkingClosed
from .computer import LIGHT_LEVELS, Computer
from .core import Change, TableChanges
from .deals import Dealing
from .models import Committed, Via
from .table import LiveTable

log = logging.getLogger("bot.service")

MAX_CLAIMS_PER_TURN = 24
"""Safety net against a computer that keeps claiming: then it only plays until the next card."""


class ComputerTurns:
    """The computers' claims and cards at a table being changed (held by play and the lobby)."""

    def __init__(self, core: TableChanges, dealing: Dealing) -> None:
        self.core = core
        self.dealing = dealing

    def brain(self, t: LiveTable, seat: int) -> Computer:
        """The computer player of a seat, made on demand and told the deal so far."""
        brain = t.brains.get(seat)
        if brain is None:
            deal = t.deal
            assert deal is not None
            brain = self.core.new_brain(t, seat)
            replay = Deal(deal.layout, deal.rules)
            for action in deal.actions:
                brain.observe([e.seen_by(seat) for e in replay.apply(action)])
            t.brains[seat] = brain
        return brain

    async def think(self, t: LiveTable, brain: Computer, method: str,
                    view: View) -> Action | None:
        """Ask a computer player. Claims and the light levels answer at once; a searching
        level's choice is thought out in a thinking process, one search at a time per table,
        within its budget (past it, the heuristic's choice: ``bot.thinking``)."""
        try:
            if method == "claim":
                return brain.claim(view)
            if brain.level in LIGHT_LEVELS:
                return brain.choose(view)
            answer: Action = await self.core.thinking.ask(Choose(brain, view),
                                                          lanes=(("table", t.id),))
            return answer
        except ThinkingClosed:
            raise  # the service is closing: the turn is played after the restart
        except Exception:
            log.exception("computer player failed in %s", method)
            return None

    async def turn(self, change: Change, seat: int, via: Via,
                   chair_updates: Iterable[tuple[int, bool, int]] = ()) -> None:
        """A computer takes ``seat``'s turn: its claims if it makes any, then its card."""
        t = change.table
        updates = list(chair_updates)
        for _ in range(MAX_CLAIMS_PER_TURN):
            deal = t.deal
            assert deal is not None
            if deal.over or deal.to_play != seat:
                return
            action = await self.think(t, self.brain(t, seat), "choose",
                                      seat_view(deal, seat))
            if action is None or action.seat != seat or not deal.can(action):
                if action is not None:
                    log.warning("table %d: a computer chose an illegal action", t.id)
                break
            await self.dealing.apply(change, action, actor=None, via=via, chair_updates=updates)
            updates = []
            if action.do == "play":
                return
        deal = t.deal
        assert deal is not None
        if not deal.over and deal.to_play == seat:
            action = random.choice(deal.legal_plays(seat))
            await self.dealing.apply(change, action, actor=None, via=via, chair_updates=updates)

    async def run(self, change: Change, *, one_card: bool = False) -> bool:
        """Claims of every computer seat first, then the computer to play; until a person's
        turn or the deal's end (``one_card``: until a computer has played a card; True then,
        as more may follow). Each action is its own transaction.

        Computer seats are asked for claims whenever one may have become possible: at the
        deal's start, after a trick (tricks won, cards drawn), a marriage, an exchange, a card
        played on past 101, or a seat handed to a computer. A card played into a trick in
        between opens no new claim (as ``engine.selfplay`` notes); the seat to play is asked
        anyway, ``choose`` makes a due claim first.
        """
        t = change.table
        claims = 0
        while t.status == "playing" and t.deal is not None and not t.deal.over:
            deal = t.deal
            claimed = False
            if t.claims_due and claims < MAX_CLAIMS_PER_TURN:
                t.claims_due = False
                for seat in t.auto_seats():
                    if deal.over:
                        break
                    brain = self.brain(t, seat)
                    action = await self.think(t, brain, "claim", seat_view(deal, seat))
                    if action is None or action.do == "play" or action.seat != seat:
                        continue
                    if action.do == "knock" and self._knock_waits(t, seat):
                        continue
                    if deal.can(action):
                        claims += 1
                        await self.dealing.apply(change, action, actor=None,
                                                 via=computer_via(t, seat))
                        claimed = True
            if deal.over:
                break
            if claimed:
                continue
            to_play = deal.to_play
            if to_play is None or not t.seat_chair(to_play).auto:
                break
            await self.turn(change, to_play, computer_via(t, to_play))
            claims = 0
            if one_card:
                return True
        return False

    async def play_on(self, table_id: int, outcomes: list[Committed]) -> list[Committed]:
        """The computers' turns one card at a time, each card its own change, so that the
        table hears of each card before the next computer thinks (and a person may knock in
        between); their outcomes are added to ``outcomes``."""
        more = True
        while more:
            async with self.core.change(table_id) as change:
                more = await self.run(change, one_card=True)
            outcomes.extend(change.outcomes)
        return outcomes

    @staticmethod
    def _knock_waits(t: LiveTable, seat: int) -> bool:
        """With ``computer_knock = own_turn``, a computer leaves the knock to a person of its
        team until the computer itself is to play (then ``choose`` knocks before any card, so it
        never plays on past 101). A computer standing in for an away person does not wait."""
        deal = t.deal
        if t.options.computer_knock != "own_turn" or deal is None or deal.to_play == seat:
            return False
        if not t.seat_chair(seat).computer:
            return False
        team = team_of(seat, t.players)
        return any(team_of(s, t.players) == team and not t.seat_chair(s).auto
                   for s in range(t.players) if s != seat)


def computer_via(t: LiveTable, seat: int) -> Via:
    """A computer's own seat, or a computer standing in for an away person."""
    return "computer" if t.seat_chair(seat).computer else "away"
