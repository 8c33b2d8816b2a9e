"""The coach's review of a finished deal (issue 15, item 7): at each card a person played, the
strong player values every card of that seat's view then, and the review names at most three
plays where its choice scores best against the person's, most points at stake first."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bot.service import GameService, ServiceError, coach
from bot.service.coach import REVIEW_MIN_POINTS, REVIEW_Z, review_plays
from bot.texts import refusal_text
from engine import Action, Deal, Layout, Rules, View, seat_view
from engine.players import StrongPlayer, make_player
from engine.players.questions import Evaluate
from engine.players.strong import Evaluation
from engine.players.tournament import due_claim

ALICE, BOB, CAROL, DAVE, EVE = 11, 12, 13, 14, 15
PEOPLE = (ALICE, BOB, CAROL, DAVE)
BUDGET = 10_000
"""A budget the sampling never reaches: the number of worlds decides, not the clock."""


def watch_evaluations(svc: GameService) -> list[tuple[View, Evaluation]]:
    """What each evaluation the review asks of the thinking processes was given and gave
    (the question's view, the answer), in order."""
    asked: list[tuple[View, Evaluation]] = []
    ask = svc.coaching.ask

    async def watched(question: Any, **kwargs: Any) -> Any:
        answer = await ask(question, **kwargs)
        if isinstance(question, Evaluate):
            assert isinstance(question.view, View) and isinstance(question.player, StrongPlayer)
            asked.append((question.view, answer))
        return answer

    svc.coaching.ask = watched  # type: ignore[method-assign]
    return asked


async def beginner_table(url: str, **options: Any) -> tuple[GameService, int]:
    svc = await GameService.open(url, seed=4, computer_budget_ms=BUDGET)
    state = await svc.create_table(1, 100, ALICE, "Alice", players=4, turn_timer=0, **options)
    for uid in PEOPLE[1:]:
        await svc.join(state.table_id, uid, f"p{uid}")
    await svc.start(state.table_id, ALICE)
    return svc, state.table_id


async def play_deal(svc: GameService, tid: int, rng: random.Random) -> None:
    """People play random legal cards, and knock once their team has 101."""
    while svc.public_state(tid).status == "playing":
        who = next(s.user_id for s in svc.public_state(tid).seats if s.to_play)
        assert who is not None
        await play_random_card(svc, tid, who, rng)


async def play_random_card(svc: GameService, tid: int, who: int, rng: random.Random) -> None:
    """``who``'s turn as a random player takes it: a knock once their team has 101, else a
    random legal card."""
    t = svc.tables[tid]
    seat = svc.seat_of(tid, who)
    assert t.deal is not None and seat is not None
    if t.deal.points[t.deal.team(seat)] >= 101:
        await svc.act(tid, who, "knock")
        return
    view, version = svc.hand_view(tid, who)
    play = rng.choice([a for a in view.actions if a.do == "play"])
    await svc.act(tid, who, "play", card=play.card, opening=play.opening,
                  expected_version=version)


async def test_a_review_names_at_most_three_plays_where_the_strong_choice_scores_better(
        db_url: str) -> None:
    svc, tid = await beginner_table(db_url, show_points=True)
    asked = watch_evaluations(svc)
    try:
        await play_deal(svc, tid, random.Random(2))
        t = svc.tables[tid]
        deal = t.deal
        assert deal is not None and deal.over
        seat = svc.seat_of(tid, BOB)
        assert seat is not None
        review = await svc.review(tid, BOB)
        assert review.deal_number == 1
        assert 1 <= len(review.plays) <= 3 and review.valued >= len(review.plays)
        points = [p.points for p in review.plays]
        assert points == sorted(points, reverse=True) and min(points) >= REVIEW_MIN_POINTS

        # Each named play is Bob's own, in the trick named, and the strong player's card
        # was his to play then (never another hand's card).
        replay = Deal(deal.layout, deal.rules)
        mine: dict[int, tuple[Action, Deal]] = {}
        for action in deal.actions:
            if action.seat == seat and action.do == "play":
                mine[len(replay.tricks) + 1] = (action, _copy(replay))
            replay.apply(action)
        for p in review.plays:
            played, before = mine[p.trick]
            assert p.played == played
            assert p.better.card != played.card or p.better.opening != played.opening
            assert p.better.card in before.hands[seat] and before.can(p.better)

        # The strong player was given Bob's view at each of his plays, and nothing else; the
        # named plays are those its evaluation puts furthest ahead of Bob's card.
        views = [v for v, _ in asked]
        assert views == [seat_view(d, seat) for _, d in mine.values()]
        leads = []
        for (_, evaluation), (action, _) in zip(asked, mine.values(), strict=True):
            best, made = evaluation.best(), evaluation.index(action)
            if best is not None and made is not None and best != made:
                lead, error = evaluation.lead(best, made)
                points_at_stake = round(evaluation.points(lead))
                if lead > REVIEW_Z * error and points_at_stake >= REVIEW_MIN_POINTS:
                    leads.append(points_at_stake)
        assert sorted(leads, reverse=True)[:len(points)] == points

        # Asked again: the same review, not worked out again.
        count = len(asked)
        assert await svc.review(tid, BOB) is review
        assert len(asked) == count
    finally:
        await svc.close()


def _copy(deal: Deal) -> Deal:
    twin = Deal(deal.layout, deal.rules)
    for a in deal.actions:
        twin.apply(a)
    return twin


async def test_a_review_is_only_for_people_who_played_that_deal_at_a_beginner_table(
        new_db_url: Callable[[], str]) -> None:
    svc, tid = await beginner_table(new_db_url(), show_points=True)
    try:
        with pytest.raises(ServiceError) as exc:
            await svc.review(tid, ALICE)
        assert exc.value.code == "no_review"  # no deal has ended yet
        await play_deal(svc, tid, random.Random(3))
        with pytest.raises(ServiceError) as exc:
            await svc.review(tid, EVE)
        assert exc.value.code == "review_not_played"
        assert "deal 1" in refusal_text("en", exc.value)
        review = await svc.review(tid, DAVE)
        assert review.deal_number == 1
    finally:
        await svc.close()
    svc, tid = await beginner_table(new_db_url(), show_points=False)
    try:
        await play_deal(svc, tid, random.Random(3))
        with pytest.raises(ServiceError) as exc:
            await svc.review(tid, ALICE)
        assert exc.value.code == "no_review_coach"
    finally:
        await svc.close()


async def test_a_computer_seat_is_never_reviewed(db_url: str) -> None:
    svc = await GameService.open(db_url, seed=4, computer_budget_ms=BUDGET)
    try:
        state = await svc.create_table(1, 100, ALICE, "Alice", players=4, turn_timer=0,
                                       show_points=True, level="heuristic")
        tid = state.table_id
        for _ in range(3):
            await svc.add_computer(tid, ALICE)
        await svc.start(tid, ALICE)
        await play_deal(svc, tid, random.Random(5))
        assert (await svc.review(tid, ALICE)).deal_number == 1
        assert {s.user_id for s in svc.public_state(tid).seats if s.computer} == {None}
        with pytest.raises(ServiceError) as exc:
            await svc.review(tid, BOB)  # not at the table: only the computers and Alice
        assert exc.value.code == "review_not_played"
    finally:
        await svc.close()


# ---------------------------------------------------------------------- only the seat's view


def _finished(players: int, seed: int) -> Deal:
    """A deal played to its end by heuristic players (who knock at 101)."""
    rules = Rules()
    deal = Deal(Layout.seeded(players, seed), rules)
    seats = [make_player("heuristic", s, players, rules, seed=s) for s in range(players)]
    while not deal.over:
        action = due_claim(deal, seats)
        if action is None:
            assert deal.to_play is not None
            action = seats[deal.to_play].choose(seat_view(deal, deal.to_play))
        events = deal.apply(action)
        for p in seats:
            p.observe([e.seen_by(p.seat) for e in events])
    return deal


def _seen(layout: Layout, rules: Rules, actions: list[Action], seat: int) -> list[Any] | None:
    """The events ``seat`` saw when ``actions`` are applied to ``layout`` (None: refused)."""
    deal = Deal(layout, rules)
    out = []
    for a in actions:
        if not deal.can(a):
            return None
        out += [e.seen_by(seat) for e in deal.apply(a)]
    return out


def test_the_review_is_the_same_whatever_the_cards_the_seat_never_saw() -> None:
    """Two deals that differ only in cards the reviewed seat never saw (swapped between the
    other hands and the talon), with the same actions and the same events seen by the seat:
    the same review, so nothing but the seat's view went into it."""
    checked = named = 0
    for seed in range(40):
        deal = _finished(4, seed)
        rules, layout = deal.rules, deal.layout
        seat = 0
        actions = list(deal.actions)
        seen = _seen(layout, rules, actions, seat)
        pack = [c for h in layout.hands for c in h] + [layout.trump] + list(layout.talon)
        ever_held = Counter(a.card for a in actions if a.seat == seat and a.card) + Counter(
            deal.hands[seat])
        public = Counter(c for t in deal.tricks for c in t.cards) + Counter(
            c for _, c in deal.trick)
        hidden = [i for i, c in enumerate(pack) if i >= 5 and i != 20 and c not in ever_held
                  and c not in public and c[1:] not in ("K", "O")]
        rng = random.Random(seed)
        for _ in range(40):
            i, j = rng.sample(hidden, 2)
            if pack[i] == pack[j]:
                continue
            swapped = list(pack)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            twin = Layout.from_pack(swapped, 4)
            if _seen(twin, rules, actions, seat) != seen:
                continue
            first = _review(layout, rules, actions, seat)
            assert first[1] > 0
            assert _review(twin, rules, actions, seat) == first
            checked += 1
            named += len(first[0])
            break
        if checked >= 3 and named > 0:
            break
    assert checked >= 3 and named > 0


def _review(layout: Layout, rules: Rules, actions: list[Action], seat: int) -> tuple[Any, int]:
    mine = {k for k, a in enumerate(actions) if a.seat == seat and a.do == "play"}
    return review_plays(layout, rules, actions, seat, mine, table_id=1, deal_id=1, worlds=24)


# ---------------------------------------------------------------------- Hint and Review agree


async def follow_hint(svc: GameService, tid: int, uid: int) -> Action:
    """Ask the coach and do what it says (a card, or the claim it names)."""
    _, version = svc.hand_view(tid, uid)
    action = (await svc.hint(tid, uid)).action
    await svc.act(tid, uid, action.do, card=action.card, opening=action.opening,
                  suit=action.suit, double=action.double, against=action.against,
                  expected_version=version)
    return action


async def test_a_person_who_always_plays_the_hinted_card_never_sees_it_named_in_the_review(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over 24 random deals, Alice and Carol (partners) ask a Hint at every turn and always
    follow it; Bob and Dave play random cards. The Hint and the Review ask the same question of
    each position, so neither reviewed person ever has a play named, though the reviews value
    their plays (and name Bob's random ones)."""
    monkeypatch.setattr(coach, "COACH_WORLDS", 32)  # the same for Hint and Review, and quicker
    svc = await GameService.open(str(tmp_path / "g.sqlite3"), seed=11)
    rng = random.Random(7)
    followers = (ALICE, CAROL)
    valued = hinted = named_random = 0
    try:
        for deal_no in range(24):
            state = await svc.create_table(1, 100 + deal_no, ALICE, "Alice", players=4,
                                           turn_timer=0, show_points=True)
            tid = state.table_id
            for uid in PEOPLE[1:]:
                await svc.join(tid, uid, f"p{uid}")
            await svc.start(tid, ALICE)
            while svc.public_state(tid).status == "playing":
                who = next(s.user_id for s in svc.public_state(tid).seats if s.to_play)
                assert who is not None
                if who in followers:
                    if (await follow_hint(svc, tid, who)).do == "play":
                        hinted += 1
                    continue
                await play_random_card(svc, tid, who, rng)
            for uid in followers:
                review = await svc.review(tid, uid)
                assert review.plays == (), (deal_no, uid, review)
                valued += review.valued
            named_random += len((await svc.review(tid, BOB)).plays)
            await svc.end(tid, ALICE)
    finally:
        await svc.close()
    assert hinted > 200 and valued > 150 and named_random > 10


def test_the_points_line_says_what_a_deal_won_counts_in_the_coachs_own_evaluation() -> None:
    """Issue 28: "points at stake" converts the evaluation's values with its own margin
    weight; the line must name the figure that weight gives (the strong computers weigh the
    margin differently, the coach keeps games first)."""
    from bot.service.coach import WON_INSTEAD_OF_LOST, coach_question
    from bot.shell.render import review_text
    from engine.actions import play
    from engine.players.strong import MARGIN_WEIGHT, Evaluation
    question, _ = coach_question(Layout.seeded(4, 3), Rules(), [], 0, 1, worlds=4)
    weight = question.player.margin_weight  # type: ignore[attr-defined]
    assert Evaluation((), (), weight).points(2.0) == WON_INSTEAD_OF_LOST == 200
    assert weight != MARGIN_WEIGHT
    for lang in ("en", "de"):
        named = coach.ReviewedPlay(3, play(0, "E7"), play(0, "EA"), 12)
        line = review_text(coach.Review(1, (named,), 5), lang).splitlines()[-1]
        assert str(WON_INSTEAD_OF_LOST) in line, line
