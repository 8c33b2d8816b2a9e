"""The computer seats: a computer player per seat played by the computer (or for an away
person), asked for its claims when one may have become possible and for its card on its turn.
Each of its actions is written like a person's, one transaction each."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable

from engine import Action, Deal, View, seat_view
from engine.players.questions import Choose
from engine.tricks import team_of

from ..thinking import ThinkingClosed
from .computer import LIGHT_LEVELS, Computer
from .deals import DealWrites
from .models import Committed
from .table import LiveTable

log = logging.getLogger("bot.service")

MAX_CLAIMS_PER_TURN = 24
"""Safety net against a computer that keeps claiming: then it only plays until the next card."""


class ComputerSeats(DealWrites):
    def _brain(self, t: LiveTable, seat: int) -> Computer:
        """The computer player of a seat, made on demand and told the deal so far."""
        brain = t.brains.get(seat)
        if brain is None:
            deal = t.deal
            assert deal is not None
            brain = self._new_brain(t, seat)
            replay = Deal(deal.layout, deal.rules)
            for action in deal.actions:
                brain.observe([e.seen_by(seat) for e in replay.apply(action)])
            t.brains[seat] = brain
        return brain

    async def _think(self, t: LiveTable, brain: Computer, method: str,
                     view: View) -> Action | None:
        """Ask a computer player. Claims and the light levels answer at once; a searching
        level's choice is thought out in a thinking process, one search at a time per table,
        within its budget (past it, the heuristic's choice: ``bot.thinking``)."""
        try:
            if method == "claim":
                return brain.claim(view)
            if brain.level in LIGHT_LEVELS:
                return brain.choose(view)
            answer: Action = await self.thinking.ask(Choose(brain, view),
                                                     lanes=(("table", t.id),))
            return answer
        except ThinkingClosed:
            raise  # the service is closing: the turn is played after the restart
        except Exception:
            log.exception("computer player failed in %s", method)
            return None

    async def _computer_turn(self, t: LiveTable, seat: int, via: str, outcomes: list[Committed],
                             chair_updates: Iterable[tuple[int, bool, int]] = ()) -> None:
        """A computer takes ``seat``'s turn: its claims if it makes any, then its card."""
        updates = list(chair_updates)
        for _ in range(MAX_CLAIMS_PER_TURN):
            deal = t.deal
            assert deal is not None
            if deal.over or deal.to_play != seat:
                return
            action = await self._think(t, self._brain(t, seat), "choose",
                                       seat_view(deal, seat))
            if action is None or action.seat != seat or not deal.can(action):
                if action is not None:
                    log.warning("table %d: a computer chose an illegal action", t.id)
                break
            await self._apply(t, action, actor=None, via=via, outcomes=outcomes,
                              chair_updates=updates)
            updates = []
            if action.do == "play":
                return
        deal = t.deal
        assert deal is not None
        if not deal.over and deal.to_play == seat:
            action = random.choice(deal.legal_plays(seat))
            await self._apply(t, action, actor=None, via=via, outcomes=outcomes,
                              chair_updates=updates)

    async def _run_computers(self, t: LiveTable, outcomes: list[Committed]) -> None:
        """Claims of every computer seat first, then the computer to play; until a person's
        turn or the deal's end. Each action is its own transaction.

        Computer seats are asked for claims whenever one may have become possible: at the
        deal's start, after a trick (tricks won, cards drawn), a marriage, an exchange, a card
        played on past 101, or a seat handed to a computer. A card played into a trick in
        between opens no new claim (as ``engine.selfplay`` notes); the seat to play is asked
        anyway, ``choose`` makes a due claim first.
        """
        claims = 0
        while t.status == "playing" and t.deal is not None and not t.deal.over:
            deal = t.deal
            claimed = False
            if t.claims_due and claims < MAX_CLAIMS_PER_TURN:
                t.claims_due = False
                for seat in t.auto_seats():
                    if deal.over:
                        break
                    brain = self._brain(t, seat)
                    action = await self._think(t, brain, "claim", seat_view(deal, seat))
                    if action is None or action.do == "play" or action.seat != seat:
                        continue
                    if action.do == "knock" and self._knock_waits(t, seat):
                        continue
                    if deal.can(action):
                        claims += 1
                        await self._apply(t, action, actor=None, via=self._via(t, seat),
                                          outcomes=outcomes)
                        claimed = True
            if deal.over:
                break
            if claimed:
                continue
            to_play = deal.to_play
            if to_play is None or not t.seat_chair(to_play).auto:
                break
            await self._computer_turn(t, to_play, self._via(t, to_play), outcomes)
            claims = 0

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

    @staticmethod
    def _via(t: LiveTable, seat: int) -> str:
        return "computer" if t.seat_chair(seat).computer else "away"
