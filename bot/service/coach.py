"""The coach of a beginner table: what the ``strong`` computer player would play from a
person's seat, from that seat's view alone (it watches the deal as the seat saw it, never more).
The hints a person asked for in a deal are counted and told with the deal's result.

After a deal, the review replays it from its stored record and, at each card the person played,
has the ``strong`` player value every card that seat could play, from the seat's view at that
moment: the three plays where its choice scores best against the person's, with the card points
at stake. Evaluated with a fixed seed, and kept per (table, deal, seat).

Every search runs in the thinking processes (``bot.thinking``), one at a time per table and
per person; Hints asked again on the same position share one search."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Generator, Sequence
from dataclasses import dataclass

from engine import Action, Deal, Layout, Rules, seat_view
from engine.players import StrongPlayer
from engine.players.questions import Choose, Evaluate
from engine.players.strong import Evaluation
from engine.tricks import team_of, winner_index

from ..storage import queries as q
from ..storage.db import Storage
from ..thinking import ThinkingPool
from .computer import make_computer
from .errors import Refused, ServiceError
from .table import LiveTable
from .views import seated

COACH_LEVEL = "strong"
REVIEW_SEED = 15
"""The review's searches use this seed: the same deal reviews the same way."""
REVIEW_SAMPLES = 64
"""Worlds sampled per reviewed play at most (fewer once one card is clearly best)."""
REVIEW_PLAYS = 3
REVIEW_BUDGET_MS = 300
"""Thinking time per reviewed play without a configured budget (the strong player's default)."""
REVIEWS_KEPT = 256


@dataclass(frozen=True)
class Hint:
    action: Action
    takes_trick: bool
    """The card would take the trick as it lies now."""
    partner_takes: bool
    """The trick is already the partner's, and stays so with this card."""
    count: int
    """Hints this seat has asked for in this deal, this one included."""


async def hint_for(t: LiveTable, user_id: int, budget_ms: int | None,
                   thinking: ThinkingPool) -> Hint:
    """The coach's play (or claim) for ``user_id``'s seat at ``t``; refused unless the table
    has the beginner option and it is that seat's turn. Asked again on the same position
    (the table's version), the search under way answers."""
    chair = seated(t, user_id)
    deal = t.deal
    if not t.options.show_points:
        raise ServiceError("no_coach")
    if t.status != "playing" or deal is None or deal.over:
        raise ServiceError("deal_over")
    seat = t.seat_of_chair(chair)
    if deal.to_play != seat:
        raise Refused("not_your_turn")
    view = seat_view(deal, seat)

    def question() -> Choose:
        coach = make_computer(COACH_LEVEL, seat, t.players, t.rules, budget_ms=budget_ms)
        replay = Deal(deal.layout, deal.rules)
        for action in deal.actions:
            coach.observe([e.seen_by(seat) for e in replay.apply(action)])
        return Choose(coach, view)

    action: Action = await thinking.ask(question, lanes=(("table", t.id), ("person", user_id)),
                                        share=("hint", t.id, t.version, seat))
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


# ---------------------------------------------------------------------- the review


@dataclass(frozen=True)
class ReviewedPlay:
    trick: int
    """1 for the deal's first trick."""
    played: Action
    better: Action
    """The strong player's choice, from the same hand."""
    points: int
    """Card points at stake: how much better its choice scores, by its own evaluation."""


@dataclass(frozen=True)
class Review:
    deal_number: int
    plays: tuple[ReviewedPlay, ...]
    """At most three, the most points at stake first."""
    valued: int
    """The person's own plays that had a choice and were valued."""


ReviewSteps = Generator[Evaluate, Evaluation, tuple[list[ReviewedPlay], int]]
"""A review under way: it asks an evaluation at a time, and returns what ``review_plays``
does."""


def review_steps(layout: Layout, rules: Rules, actions: Sequence[Action], seat: int,
                 mine: Collection[int], coach: StrongPlayer, *,
                 samples: int = REVIEW_SAMPLES) -> ReviewSteps:
    """``review_plays`` one evaluation at a time: each is yielded as a question (a snapshot of
    ``coach`` and the seat's view) and its answer sent back, wherever it was worked out."""
    deal = Deal(layout, rules)
    found: list[ReviewedPlay] = []
    valued = 0
    for i, action in enumerate(actions):
        if i in mine and action.do == "play" and deal.to_play == seat:
            view = seat_view(deal, seat)
            evaluation = yield Evaluate(coach, view, samples=samples)
            best, made = evaluation.best(), evaluation.index(action)
            if best is not None and made is not None:
                valued += 1
                lead, error = evaluation.lead(best, made)
                points = round(evaluation.points(lead))
                if best != made and lead > coach.z_override * error and points >= 1:
                    found.append(ReviewedPlay(view.trick_number + 1, action,
                                              evaluation.actions[best], points))
        if not deal.can(action):  # never expected: every stored action was accepted
            continue
        coach.observe([e.seen_by(seat) for e in deal.apply(action)])
    found.sort(key=lambda p: (-p.points, p.trick))
    return found, valued


def review_plays(layout: Layout, rules: Rules, actions: Sequence[Action], seat: int,
                 mine: Collection[int], coach: StrongPlayer, *,
                 samples: int = REVIEW_SAMPLES) -> tuple[list[ReviewedPlay], int]:
    """Replay a deal for ``seat``: ``coach`` (a strong player at that seat) watches the events
    as the seat saw them and, before each play whose index is in ``mine``, values every card
    of the seat's view then. Returns the plays where its choice is better than the one made
    (beyond one standard error of the paired differences, the strong player's own test, and by
    at least a point), most points first, and how many plays were valued. Evaluated in this
    process; the service asks the thinking processes (``review_for``)."""
    steps = review_steps(layout, rules, actions, seat, mine, coach, samples=samples)
    try:
        question = next(steps)
        while True:
            question = steps.send(question.answer())
    except StopIteration as done:
        result: tuple[list[ReviewedPlay], int] = done.value
        return result


class ReviewCache:
    """Reviews by (table, deal, seat): each is worked out once, also when asked twice at once."""

    def __init__(self, kept: int = REVIEWS_KEPT) -> None:
        self.kept = kept
        self._tasks: OrderedDict[tuple[int, int, int], asyncio.Task[Review]] = OrderedDict()

    async def get(self, key: tuple[int, int, int],
                  make: Callable[[], Awaitable[Review]]) -> Review:
        task = self._tasks.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._tasks[key] = task
            while len(self._tasks) > self.kept:
                self._tasks.popitem(last=False)
        else:
            self._tasks.move_to_end(key)
        try:
            return await asyncio.shield(task)
        except Exception:
            if self._tasks.get(key) is task:
                del self._tasks[key]
            raise


async def review_for(db: Storage, t: LiveTable, user_id: int, budget_ms: int | None,
                     cache: ReviewCache, thinking: ThinkingPool) -> Review:
    """The review of ``user_id``'s plays in the table's last finished deal; refused unless
    the table has the beginner option and the user played in that deal (a computer's seat is
    never reviewed)."""
    if not t.options.show_points:
        raise ServiceError("no_review_coach")
    row = await db.read(q.last_finished_deal, t.id)
    if row is None:
        raise ServiceError("no_review")
    seats = json.loads(row["seats"])
    seat = next((s["seat"] for s in seats if s["user_id"] == user_id and not s["computer"]),
                None)
    if seat is None:
        raise ServiceError("review_not_played", number=row["number"])
    number = row["number"]

    async def make() -> Review:
        layout = Layout.from_json(json.loads(row["layout"]))
        rules = Rules.from_json(json.loads(row["rules"]))
        actions = [Action.from_json(json.loads(a["action"])) for a in row["actions"]]
        mine = {i for i, a in enumerate(row["actions"])
                if a["seat"] == seat and a["actor"] == user_id and a["via"] == "human"}
        coach = StrongPlayer(seat, layout.players, rules, seed=REVIEW_SEED,
                             budget_ms=REVIEW_BUDGET_MS if budget_ms is None else budget_ms)
        steps = review_steps(layout, rules, actions, seat, mine, coach)
        lanes = (("table", t.id), ("person", user_id))
        try:
            question = next(steps)
            while True:
                question = steps.send(await thinking.ask(question, lanes=lanes))
        except StopIteration as done:
            found, valued = done.value
        return Review(number, tuple(found[:REVIEW_PLAYS]), valued)

    return await cache.get((t.id, row["id"], seat), make)
