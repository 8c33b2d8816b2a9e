"""The two writes of a deal: dealing it, and applying one accepted action (with the deal's end
and the match score when it ends). Each is one transaction with the table's version bump,
committed before anyone hears of it (``TableChanges`` tells the news after the lock)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from engine import Action, Deal
from engine.fair import FairDeal, fair_layout
from engine.match import MatchScore, outcome_of
from engine.tricks import team_of

from ..storage import queries as q
from .core import Change, TableChanges
from .hydrate import with_call
from .models import Committed, DealEnd, Via, public_news
from .ratings import rate_safely
from .table import LiveTable
from .views import deadline

log = logging.getLogger("bot.service")

GAIGEL_REASONS = ("gaigel", "five_tricks")
CLAIM_EVENTS = frozenset({"trick_taken", "card_drawn", "marriage_shown", "seven_exchanged"})
"""After these a computer seat may have a new claim; a card played into a trick opens none."""


class Dealing:
    """Deals and applies actions at a table being changed (held by play, the lobby and the
    computer turns)."""

    def __init__(self, core: TableChanges) -> None:
        self.core = core

    async def start(self, change: Change, *, new_match: bool, salt: str = "") -> None:
        """Deal the next deal (the first of a new match with ``new_match``) from the table's
        next secret and ``salt`` (the starting click's interaction id, "" when no click
        started it): ``engine.fair``, whose commitment the table has shown."""
        t = change.table
        n = t.players
        if new_match or t.match is None or t.match.over:
            match = MatchScore(t.options.scoring, t.teams, t.options.limit)
            number = 1
        else:
            match = t.match
            number = t.deal_number + 1
        shift = (number - 1) % n
        # A table from before fair deals may have no secret drawn yet: one now (its
        # commitment was never shown, but its line is kept and revealed all the same).
        server_seed = t.next_seed if t.next_seed is not None else self.core.new_seed(t, number)
        fair = FairDeal.new(server_seed, salt)
        layout = fair_layout(server_seed, salt, n)
        deal = Deal(layout, t.rules)
        seats = []
        for s in range(n):
            c = t.chairs[(s + shift) % n]
            assert c is not None
            seats.append({"seat": s, "chair": c.chair, "team": team_of(c.chair, t.players),
                          "user_id": c.user_id, "name": c.name, "computer": c.computer,
                          "level": c.level})
        now = self.core.clock()
        match_id = None if match is not t.match else t.match_id

        def insert(c: Any) -> tuple[int, int]:
            mid = match_id
            if mid is None:
                mid = q.insert_match(c, t.id, match.kind, match.to_json(), now)
            q.clear_ready(c, t.id)
            did = q.insert_deal(c, t.id, mid, number, shift, n, t.rules.to_json(),
                                layout.to_json(), seats, now,
                                (fair.commitment, server_seed.hex(), fair.salt))
            return mid, did

        mid, did = await self.core.commit(t, insert, now=now, status="playing", next_seed=None)
        t.status = "playing"
        t.next_seed, t.fair = None, fair
        t.match, t.match_id = match, mid
        t.deal, t.deal_id, t.deal_number, t.shift = deal, did, number, shift
        t.turn_since = now
        t.ready.clear()
        t.brains = {s: self.core.new_brain(t, s) for s in t.auto_seats()}
        t.claims_due = True
        t.hints = {}
        log.info("table %d deal %d started (number %d)", t.id, did, number)
        change.tell(Committed(t.id, t.version, "deal_started", did, number,
                              to_play=deal.to_play, deadline=deadline(t)))

    async def apply(self, change: Change, action: Action, *, actor: int | None, via: Via,
                    chair_updates: Iterable[tuple[int, bool, int]] = ()) -> None:
        """Apply a legal action, persist it with the version bump (and the deal's end), then
        tell. The engine refuses illegal actions before anything changes."""
        t = change.table
        deal = t.deal
        assert deal is not None and t.deal_id is not None and t.match is not None
        before = deal.to_play
        played_on = list(deal.played_on)
        events = deal.apply(action)
        idx = len(deal.actions) - 1
        claims_due = action.do != "play" or deal.played_on != played_on or any(
            e.kind in CLAIM_EVENTS for e in events)
        now = self.core.clock()
        deal_id, version, table_id = t.deal_id, t.version, t.id
        chair_updates = list(chair_updates)
        record = action.to_json()
        end: DealEnd | None = None
        new_match: MatchScore | None = None
        result_rows: list[tuple[Any, ...]] = []
        status = t.status
        next_seed: bytes | None = None
        if deal.result is not None:
            outcome = outcome_of(deal, t.shift)
            new_match = t.match.copy()
            scored = new_match.add(outcome)
            display = new_match.display()
            end = with_call(t, DealEnd(deal_id, t.deal_number, deal.result, outcome.winner,
                                       outcome.games, outcome.reason, outcome.points, scored,
                                       display, fair=t.fair))
            status = "over" if scored.match_over else "waiting"
            result_rows = self._result_rows(t, deal, end, outcome.culprit, now)
            if status == "waiting":  # the next deal's secret, committed to from now on
                next_seed = self.core.new_seed(t, t.deal_number + 1)
        score_json = None if end is None else {"change": end.change.to_json(),
                                                "points": list(end.points), "after": end.score}

        stored = q.insert_action(table_id, version, deal_id, idx, action.seat, q.dumps(record),
                                 actor, via, now)

        def txn(c: Any) -> None:
            q.write_one(c, stored)
            for chair, away, missed in chair_updates:
                q.set_away(c, table_id, chair, away, missed)
            if end is not None:
                assert new_match is not None and deal.result is not None
                q.set_status(c, table_id, status, now)
                if next_seed is not None:
                    q.set_next_seed(c, table_id, next_seed.hex())
                q.finish_deal(c, deal_id, now, deal.result.to_json(), end.winner_team,
                              end.games, end.reason, score_json or {})
                q.insert_results(c, result_rows)
                q.update_match(c, t.match_id or 0, new_match.to_json(), new_match.winner,
                               now if new_match.over else None)
                # The ratings move in the same transaction as the result they come from.
                rate_safely(c, deal_id)

        # A card played alone is one statement, which may share a commit with other tables'.
        await self.core.write(t, stored if end is None and not chair_updates else txn)
        # Committed: now memory, computer players and the outside world may learn of it.
        t.version = version + 1
        for chair, away, missed in chair_updates:
            c = t.chairs[chair]
            assert c is not None
            c.away, c.missed = away, missed
            t.claims_due = t.claims_due or away
        if deal.to_play != before:
            t.turn_since = now
        if claims_due:
            t.claims_due = True
        for seat, brain in t.brains.items():
            brain.observe([e.seen_by(seat) for e in events])
        if end is not None:
            t.match = new_match
            t.last_end = end
            t.status = status
            t.next_seed = next_seed
            t.brains = {}
            if status == "over":
                self.core.tables.note_closed(t)
        log.info("table %d seat %d %s (%s)", table_id, action.seat, action.do, via)
        if end is not None:
            log.info("table %d deal %d over: team %d wins %d (%s)%s", table_id, deal_id,
                     end.winner_team, end.games, end.reason,
                     "; match over" if end.match_over else "")
        shown_action, shown_events = public_news(action, events)
        change.tell(Committed(
            t.id, t.version, "action", deal_id, t.deal_number, index=idx, seat=action.seat,
            chair=t.chair_of_seat(action.seat), actor=actor, via=via, action=shown_action,
            events=shown_events, deal_end=end, to_play=deal.to_play, deadline=deadline(t)))

    @staticmethod
    def _result_rows(t: LiveTable, deal: Deal, end: DealEnd, culprit: int | None,
                     now: float) -> list[tuple[Any, ...]]:
        gaigel = end.games == 2 and (end.reason in GAIGEL_REASONS or end.reason == "played_out")
        last = deal.actions[-1] if deal.actions else None
        rows = []
        for s in range(t.players):
            c = t.seat_chair(s)
            team = team_of(c.chair, t.players)
            won = team == end.winner_team
            knocked = last is not None and last.do == "knock" and last.seat == s
            rows.append((
                end.deal_id, c.chair, s, t.guild_id, t.id, t.match_id, c.user_id, c.name,
                int(c.computer), team, int(won), end.points[team], int(gaigel and won),
                int(gaigel and not won), int(knocked and end.reason in ("aus", "gaigel")),
                int(knocked and end.reason == "untergaigelt"), int(culprit == team), now))
        return rows
