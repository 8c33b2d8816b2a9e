"""The coach of a beginner table: the Hint and the Review, from one evaluation of a position.

At a position where a person is to play, the coach asks the ``strong`` player, from that
seat's view alone (it watches the deal as the seat saw it, never more), to value every card
the seat could play in the same sampled worlds (``Evaluate``): ``COACH_WORLDS`` worlds, no clock
(``budget_ms=inf``) and a seed derived from the table, the deal (its stored id) and the number
of actions so far, so the answer depends on nothing but the position (``coach_question``). The Hint is that
evaluation's best card (or a claim due first, as every computer makes it); after the deal the
Review asks exactly the same question at each card the person played, so a hinted card is the
best there and is never named.

The Review names a play only when the best card's lead over the person's is clear beyond the
sampling's noise: the paired mean lead over the same worlds is more than ``REVIEW_Z`` standard
errors and worth at least ``REVIEW_MIN_POINTS`` card points (``clearly_worse``).

Every search runs in the coach's own thinking process (``GameService.coaching``: at the bot's
own priority, apart from the computers' processes, which give way on a busy host and are
often all busy at tables of strong computers), one at a time per table and per person; Hints
asked again on the same position share one search."""

from __future__ import annotations

import asyncio
import json
import math
import zlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Generator, Sequence
from dataclasses import dataclass

from engine import Action, Deal, Layout, Rules, View, seat_view
from engine.players import StrongPlayer, claim_for
from engine.players.questions import Evaluate
from engine.players.strong import Evaluation

from ..storage import queries as q
from ..storage.db import Storage
from ..thinking import ThinkingPool
from .advice import Why, why
from .errors import Refused, ServiceError
from .table import LiveTable
from .views import seated

COACH_WORKERS = 1
"""Processes of the coach's own (``GameService.coaching``): a Hint is one search of some
100 ms that a person waits for, asked at most once a turn (asked again on the same position it
shares the search under way), so one process serves many tables."""
COACH_WORLDS = 128
"""Worlds sampled per position at most (fewer once one card is ahead of every other by the
strong player's ``z_stop`` standard errors). About 1 ms a world on this machine: a Hint's search
takes some 60-130 ms (bench/hint.py), a Review one such search per card the person played."""
REVIEW_Z = 2.0
"""A reviewed play is named only when the better card leads it by more than this many standard
errors of the paired differences (the same worlds for both cards)..."""
REVIEW_MIN_POINTS = 5
"""...and by at least this many card points."""
REVIEW_PLAYS = 3
REVIEWS_KEPT = 256
COACH_MARGIN_WEIGHT = 0.005
"""The coach values a world as the strong player does, games first, with the point margin
weighed at 0.005 a point: a deal won instead of lost counts as 200 card points, so the coach
teaches winning the deal before padding its margin. The ``strong`` computers weigh the margin
eight times as much (``MARGIN_WEIGHT``, issue 28: it wins more duplicate pairs, on margin, not
more deals; a tie-break a person need not be taught)."""
WON_INSTEAD_OF_LOST = round(2.0 / (2.0 * COACH_MARGIN_WEIGHT))
"""Card points that a deal won instead of lost counts in the coach's "points at stake"
(``Evaluation.points`` of two games)."""


def coach_seed(table_id: int, deal_id: int, actions: int) -> int:
    """The seed of the coach's question at a position: the same table, deal and number of
    actions so far give the same worlds, for the Hint and for the Review."""
    return zlib.crc32(f"coach|{table_id}|{deal_id}|{actions}".encode())


def coach_question(layout: Layout, rules: Rules, actions: Sequence[Action], seat: int,
                   seed: int, *, worlds: int | None = None) -> tuple[Evaluate, Deal]:
    """The coach's question at ``seat`` after ``actions``: a strong player that watched those
    actions as the seat saw them, asked to value every play of the seat's view in ``worlds``
    worlds (default ``COACH_WORLDS``) without a clock, with ``seed``. Also the deal replayed
    to that position."""
    if worlds is None:
        worlds = COACH_WORLDS
    coach = StrongPlayer(seat, layout.players, rules, seed=seed, budget_ms=math.inf,
                         max_samples=worlds, margin_weight=COACH_MARGIN_WEIGHT)
    deal = Deal(layout, rules)
    for action in actions:
        coach.observe([e.seen_by(seat) for e in deal.apply(action)])
    view = seat_view(deal, seat)
    coach.memory.note_view(view.trump_suit, view.indicator)
    question = Evaluate(coach, view, budget_ms=math.inf, max_samples=worlds, seed=seed,
                        samples=worlds)
    return question, deal


def best_play(view: View, evaluation: Evaluation) -> Action:
    """The evaluation's best play (the only play when there was no choice)."""
    best = evaluation.best()
    if best is not None:
        return evaluation.actions[best]
    plays = [a for a in view.actions if a.do == "play"]
    return evaluation.actions[0] if evaluation.actions else plays[0]


def clearly_worse(evaluation: Evaluation, made: Action) -> tuple[Action, int] | None:
    """The better play and the card points at stake when ``made`` is clearly worse than the
    evaluation's best play: a paired lead of more than ``REVIEW_Z`` standard errors and of at
    least ``REVIEW_MIN_POINTS`` points. None when it is the best play or within the noise."""
    best, i = evaluation.best(), evaluation.index(made)
    if best is None or i is None or best == i:
        return None
    lead, error = evaluation.lead(best, i)
    points = round(evaluation.points(lead))
    if lead > REVIEW_Z * error and points >= REVIEW_MIN_POINTS:
        return evaluation.actions[best], points
    return None


@dataclass(frozen=True)
class Hint:
    action: Action
    why: Why | None
    """Why the card, from what the seat knows (None for a claim)."""
    count: int
    """Hints this seat has asked for in this deal, this one included."""
    version: int
    """The table's version the hint is for: it is void once the table moved on."""


async def hint_for(t: LiveTable, user_id: int, budget_ms: int | None,
                   thinking: ThinkingPool) -> Hint:
    """The coach's play (or claim) for ``user_id``'s seat at ``t``; refused unless the table
    has the beginner option and it is that seat's turn. Asked again on the same position
    (the table's version), the search under way answers. ``budget_ms`` is not used: the
    coach's search has no clock, so that the Review finds the same answer."""
    chair = seated(t, user_id)
    deal = t.deal
    if not t.options.show_points:
        raise ServiceError("no_coach")
    if t.status != "playing" or deal is None or deal.over:
        raise ServiceError("deal_over")
    seat = t.seat_of_chair(chair)
    if deal.to_play != seat:
        raise Refused("not_your_turn")
    version = t.version
    seed = coach_seed(t.id, t.deal_id or 0, len(deal.actions))
    question, _ = coach_question(deal.layout, deal.rules, deal.actions, seat, seed)
    view = question.view
    memory = question.player.memory
    action = claim_for(view, memory.copy())
    if action is None:
        evaluation: Evaluation = await thinking.ask(
            question, lanes=(("table", t.id), ("person", user_id)),
            share=("hint", t.id, version, seat))
        action = best_play(view, evaluation)
    t.hints[chair] = t.hints.get(chair, 0) + 1
    return Hint(action, why(view, memory, action, deal.rules), t.hints[chair], version)


# ---------------------------------------------------------------------- the review


@dataclass(frozen=True)
class ReviewedPlay:
    trick: int
    """1 for the deal's first trick."""
    played: Action
    better: Action
    """The strong player's choice, from the same hand."""
    points: int
    """Card points at stake: how many card points more its choice brings the person's team,
    on average over the same worlds (a deal won instead of lost counts as 200)."""


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
                 mine: Collection[int], *, table_id: int, deal_id: int,
                 worlds: int | None = None) -> ReviewSteps:
    """``review_plays`` one evaluation at a time: each is yielded as a question (the coach's
    question at that position, ``coach_question``) and its answer sent back, wherever it was
    worked out."""
    deal = Deal(layout, rules)
    found: list[ReviewedPlay] = []
    valued = 0
    for i, action in enumerate(actions):
        if i in mine and action.do == "play" and deal.to_play == seat:
            question, _ = coach_question(layout, rules, actions[:i], seat,
                                         coach_seed(table_id, deal_id, i), worlds=worlds)
            evaluation = yield question
            if evaluation.best() is not None and evaluation.index(action) is not None:
                valued += 1
                worse = clearly_worse(evaluation, action)
                if worse is not None:
                    found.append(ReviewedPlay(len(deal.tricks) + 1, action, *worse))
        if not deal.can(action):  # never expected: every stored action was accepted
            continue
        deal.apply(action)
    found.sort(key=lambda p: (-p.points, p.trick))
    return found, valued


def review_plays(layout: Layout, rules: Rules, actions: Sequence[Action], seat: int,
                 mine: Collection[int], *, table_id: int, deal_id: int,
                 worlds: int | None = None) -> tuple[list[ReviewedPlay], int]:
    """Replay a deal for ``seat``: before each play whose index is in ``mine``, ask the coach's
    question of that position (the Hint's, ``coach_question``). Returns the plays that are
    clearly worse than the coach's best (``clearly_worse``), most points first, and how many
    plays were valued. Evaluated in this process; the service asks the thinking processes
    (``review_for``)."""
    steps = review_steps(layout, rules, actions, seat, mine, table_id=table_id,
                         deal_id=deal_id, worlds=worlds)
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
    never reviewed). ``budget_ms`` is not used: the coach's search has no clock."""
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
        steps = review_steps(layout, rules, actions, seat, mine, table_id=t.id,
                             deal_id=row["id"])
        lanes = (("table", t.id), ("person", user_id))
        try:
            question = next(steps)
            while True:
                question = steps.send(await thinking.ask(question, lanes=lanes))
        except StopIteration as done:
            found, valued = done.value
        return Review(number, tuple(found[:REVIEW_PLAYS]), valued)

    return await cache.get((t.id, row["id"], seat), make)
