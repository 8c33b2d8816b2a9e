"""Thinking apart from the clicks (issue 27): every search runs in a thinking process, never in
the bot's own; one search at a time per table and per person; Hints on one position share a
search; a busy pool shrinks budgets and, past a deadline, answers with the heuristic's choice;
a killed process is replaced and its question still answered; closing leaves no process.

The pool's own tests ask ``Gated`` questions: a choice that notes in a log file when it starts
in its process (with that process and the budget it was given) and then waits there until the
test creates its gate file, so that the tests decide the order of events, not the clock.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import random
import signal
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.thinking import ThinkingClosed, ThinkingError, ThinkingPool
from bot.thinking import pool as pool_module
from engine import Action, Deal, Layout, Rules, View, seat_view
from engine.players import StrongPlayer, make_player
from engine.players.questions import Choose, CountedChoose, Evaluate
from engine.players.strong import Part

ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14


@dataclass(frozen=True)
class Gated(Choose):
    """A choice that notes ``start NAME PID BUDGET`` in ``log``, waits until the file ``gate``
    exists (no gate: at once), notes ``end NAME`` and answers with the heuristic's choice
    (these tests are about the pool, not the search)."""

    log: str = ""
    gate: str = ""
    name: str = ""

    def answer(self) -> Action:
        _note(self.log, f"start {self.name} {os.getpid()} {self.budget:.0f}")
        while self.gate and not os.path.exists(self.gate):
            time.sleep(0.002)
        _note(self.log, f"end {self.name}")
        return self.fallback()


def tireless(player: StrongPlayer) -> StrongPlayer:
    """The same seat's player whose search never stops early: no clear choice, no soft
    deadline, only its budget or its worlds end it."""
    other = StrongPlayer(player.seat, player.players, player.rules, seed=player.seed,
                         min_samples=10**9, soft=1.0, max_samples=100_000)
    other.memory = player.memory.copy()
    return other


def die_at_once(conn: Any, priority: str = "low") -> None:
    """A thinking process that ends before it is ready (called as ``serve`` is)."""
    os._exit(3)


def _note(log: str, line: str) -> None:
    with open(log, "a") as f:
        f.write(line + "\n")


def lines(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


def starts(log: Path) -> list[tuple[str, int]]:
    """The searches started: their names and processes."""
    return [(x.split()[1], int(x.split()[2])) for x in lines(log) if x.startswith("start ")]


async def until(done: Callable[[], bool], what: str) -> None:
    """Wait until ``done()`` (a guard against hanging forever, not a measure of speed)."""
    for _ in range(12_000):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def position(seed: int = 1) -> tuple[StrongPlayer, View]:
    """A strong player told a deal up to a play with several cards to choose from."""
    rules = Rules()
    deal = Deal(Layout.seeded(4, seed), rules)
    seats = [make_player("heuristic", s, 4, rules, seed=s) for s in range(4)]
    while True:
        seat = deal.to_play
        assert seat is not None
        view = seat_view(deal, seat)
        if (deal.tricks and len({a.card for a in view.actions if a.do == "play"}) > 2
                and seats[seat].claim(view) is None):
            break
        action = seats[seat].claim(view) or seats[seat].choose(view)
        events = deal.apply(action)
        for p in seats:
            p.observe([e.seen_by(p.seat) for e in events])
    player = StrongPlayer(seat, 4, rules, seed=5)
    replay = Deal(deal.layout, rules)
    for action in deal.actions:
        player.observe([e.seen_by(seat) for e in replay.apply(action)])
    return player, view


@asynccontextmanager
async def thinking_pool(processes: int, **options: Any) -> AsyncIterator[ThinkingPool]:
    """A started pool of ``processes`` thinking processes, closed at the end; at the bot's own
    priority unless told (beside busy programs, the timed split searches at niceness 19 got
    no world back before their deadline)."""
    pool = ThinkingPool(processes, **{"priority": "normal", **options})
    await pool.start()
    try:
        yield pool
    finally:
        await pool.close()


def thinking_processes() -> list[Any]:
    return [p for p in multiprocessing.active_children() if p.name == "gaigel-thinking"]


# ---------------------------------------------------------------------- the pool


async def test_a_search_runs_in_a_thinking_process_not_in_the_bot_process(
        tmp_path: Path) -> None:
    log = tmp_path / "log"
    player, view = position()
    async with thinking_pool(1) as pool:
        answer = await pool.ask(Gated(player, view, budget_ms=math.inf, log=str(log), name="a"))
        [start, end] = lines(log)
        pid = int(start.split()[2])
        assert pid in pool.pids and pid != os.getpid()
        assert end == "end a" and answer == Choose(player, view).fallback()
    assert not thinking_processes()


async def test_one_search_at_a_time_per_table_and_per_person_others_at_once(
        tmp_path: Path) -> None:
    log = tmp_path / "log"
    player, view = position()

    def gated(name: str) -> Gated:
        return Gated(player, view, budget_ms=math.inf, log=str(log), gate=str(tmp_path / name),
                     name=name)

    def opened(name: str) -> None:
        (tmp_path / name).touch()

    def started(name: str) -> Callable[[], bool]:
        return lambda: any(x.startswith(f"start {name} ") for x in lines(log))

    async with thinking_pool(2) as pool:
        for first, second, lanes in (
                ("a", "b", ((("table", 1),), (("table", 1),))),  # one table
                ("c", "d", ((("table", 2), ("person", 7)), (("table", 3), ("person", 7))))):
            one = asyncio.ensure_future(pool.ask(gated(first), lanes=lanes[0]))
            two = asyncio.ensure_future(pool.ask(gated(second), lanes=lanes[1]))
            await until(started(first), f"{first} starts")
            # a process is idle, and yet the second question waits for the first
            assert pool.busy == 1 and pool.waiting == 1
            opened(first)
            opened(second)
            await asyncio.gather(one, two)
            assert [x.split()[:2] for x in lines(log)[-4:]] == [
                ["start", first], ["end", first], ["start", second], ["end", second]]
        # two tables, two people: both at once
        one = asyncio.ensure_future(pool.ask(gated("e"), lanes=(("table", 4), ("person", 8))))
        two = asyncio.ensure_future(pool.ask(gated("f"), lanes=(("table", 5), ("person", 9))))
        await until(lambda: sum(x.startswith(("start e", "start f")) for x in lines(log)) == 2,
                    "both start")
        assert pool.busy == 2 and not (tmp_path / "e").exists()
        opened("e")
        opened("f")
        await asyncio.gather(one, two)


async def test_a_busy_pool_shrinks_budgets_and_answers_past_the_deadline_with_the_heuristic(
        tmp_path: Path) -> None:
    log = tmp_path / "log"
    player, view = position()
    heuristic = Choose(player, view).fallback()
    async with thinking_pool(1) as pool:
        hold = asyncio.ensure_future(pool.ask(Gated(
            player, view, budget_ms=math.inf, log=str(log), gate=str(tmp_path / "gate"),
            name="hold"), lanes=(("table", 0),)))
        await until(lambda: bool(lines(log)), "the process is busy")
        queued = [asyncio.ensure_future(pool.ask(Gated(
            player, view, budget_ms=30_000, log=str(log), name=f"q{k}"),
            lanes=(("table", k),))) for k in (1, 2, 3)]
        # a computer's turn with a budget of 50 ms: the only process stays busy, so past
        # its deadline the heuristic's choice answers, while the search ahead still runs
        late = await pool.ask(Gated(player, view, budget_ms=50, log=str(log), name="late"),
                              lanes=(("table", 4),))
        assert late == heuristic and pool.stats.fallbacks == 1
        assert not hold.done() and [x.split()[:2] for x in lines(log)] == [["start", "hold"]]
        (tmp_path / "gate").touch()
        await asyncio.gather(hold, *queued)
        budgets = {x.split()[1]: float(x.split()[3]) for x in lines(log)
                   if x.startswith("start q")}
        # each went out with its share of the time: the queue behind it and itself
        assert budgets["q1"] == 10_000 and budgets["q2"] == 15_000
        assert 15_000 < budgets["q3"] <= 30_000
        assert pool.stats.shrunk == 3
        assert not any(x.startswith("start late") for x in lines(log))


async def test_a_killed_thinking_process_is_replaced_and_its_question_still_answered(
        tmp_path: Path) -> None:
    log = tmp_path / "log"
    player, view = position()
    heuristic = Choose(player, view).fallback()
    async with thinking_pool(1) as pool:
        asked = asyncio.ensure_future(pool.ask(Gated(
            player, view, budget_ms=math.inf, log=str(log), gate=str(tmp_path / "gate"),
            name="a")))
        await until(lambda: len(starts(log)) == 1, "the search starts")
        [(_, first)] = starts(log)
        os.kill(first, signal.SIGKILL)
        # asked again in the process that replaces it
        await until(lambda: len(starts(log)) == 2, "the search starts again")
        second = starts(log)[1][1]
        assert second != first and pool.pids == [second]
        (tmp_path / "gate").touch()
        assert await asyncio.wait_for(asked, 120) == heuristic
        assert pool.stats.lost == 1 and pool.stats.retried == 1 and pool.stats.answered == 1

        # killed again and again: after the second loss the heuristic's choice answers
        asked = asyncio.ensure_future(pool.ask(Gated(
            player, view, budget_ms=math.inf, log=str(log), gate=str(tmp_path / "never"),
            name="b")))
        for k in (3, 4):
            await until(lambda: len(starts(log)) == k, "the search starts")  # noqa: B023
            os.kill(starts(log)[-1][1], signal.SIGKILL)
        assert await asyncio.wait_for(asked, 120) == heuristic
        assert pool.stats.lost == 3 and pool.stats.fallbacks == 1

        # and the pool goes on thinking
        await until(lambda: len(pool.pids) == 1, "a process replaces the dead")
        assert await pool.ask(Choose(player, view)) in view.actions
    assert not thinking_processes()


async def test_a_question_waiting_when_the_pool_closes_is_told_so(tmp_path: Path) -> None:
    log = tmp_path / "log"
    player, view = position()
    pool = ThinkingPool(1)
    await pool.start()
    gated = Gated(player, view, budget_ms=math.inf, log=str(log), gate=str(tmp_path / "gate"))
    running = asyncio.ensure_future(pool.ask(gated))
    waiting = asyncio.ensure_future(pool.ask(gated))
    await until(lambda: bool(lines(log)), "the search starts")
    await pool.close()
    for asked in (running, waiting):
        with pytest.raises(ThinkingClosed):
            await asked
    assert not thinking_processes()
    with pytest.raises(ThinkingClosed):
        await pool.ask(gated)


async def test_processes_that_never_start_fail_the_start_and_leave_no_question_waiting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "serve", die_at_once)
    player, view = position()
    with pytest.raises(ThinkingError):  # the bot does not start
        await GameService.open(str(tmp_path / "g.sqlite3"))
    assert not thinking_processes()
    pool = ThinkingPool(1)
    with pytest.raises(ThinkingError):
        await pool.start()
    try:
        # still no process: a choice gets the heuristic's, an evaluation an error
        choice = asyncio.ensure_future(pool.ask(Choose(player, view, budget_ms=math.inf)))
        evaluation = asyncio.ensure_future(pool.ask(Evaluate(player, view)))
        assert await asyncio.wait_for(choice, 120) == Choose(player, view).fallback()
        with pytest.raises(ThinkingError):
            await asyncio.wait_for(evaluation, 120)
    finally:
        await pool.close()
    assert not thinking_processes()


# ---------------------------------------------------------------------- a search in parts


async def test_three_idle_processes_value_more_worlds_of_a_timed_choice_than_one_in_its_budget(
        ) -> None:
    player, view = position()
    question = CountedChoose(tireless(player), view, budget_ms=300)
    alone = shared = 0
    async with thinking_pool(1) as one, thinking_pool(3) as three:
        for _ in range(4):  # side by side, so that both see the same load
            action, worlds = await one.ask(question)
            assert action in view.actions
            alone += worlds
            action, worlds = await three.ask(question)
            assert action in view.actions
            shared += worlds
        assert one.stats.split == 0 and three.stats.split == 4 and three.stats.parts == 12
        assert three.stats.fallbacks == 0
    assert shared > alone > 0


async def test_a_timed_split_search_stops_its_parts_by_the_rules_scaled_to_their_share(
        ) -> None:
    """Two idle processes share a timed choice whose rules end it long before its clock (past
    its soft deadline from the start: it stops once the choice is no longer open): each
    values every other world and stops by the rules scaled to a share of one in 2, so the
    decision values the worlds the engine's two parts value, whatever the load, and a part
    stops sooner than by the whole search's rules (by those, each part would go on about as
    long as the whole search, and the decision would take longer split than whole)."""
    sooner = 0
    async with thinking_pool(2) as pool:
        for seed in (1, 2, 3, 4):
            player, view = position(seed)
            hasty = StrongPlayer(player.seat, player.players, player.rules, seed=player.seed,
                                 soft=0.0)
            hasty.memory = player.memory.copy()
            question = CountedChoose(hasty, view, budget_ms=60_000, max_samples=96, seed=seed)
            split = question.split()
            assert split is not None and not split.exact
            tally = split.tally()
            for part in split.interleaved(2):
                assert part.parts == 2
                scaled = part.answer()
                unscaled = split.part(part.indices).answer()  # by the whole search's rules
                assert isinstance(scaled, Part) and isinstance(unscaled, Part)
                sooner += len(scaled.rows) < len(unscaled.rows)
                tally.add(scaled)
            assert await pool.ask(question) == split.answer(tally)
        assert pool.stats.split == 4 and pool.stats.parts == 8 and pool.stats.fallbacks == 0
    assert sooner > 0


async def test_untimed_searches_in_parts_answer_as_the_search_in_one_process() -> None:
    """The coach's evaluation (128 worlds) and a daily deal's choice (160 worlds), split
    between idle processes, are the answers of the search in one process."""
    questions = []
    for seed in (1, 2, 3):
        player, view = position(seed)
        questions.append(Evaluate(player, view, budget_ms=math.inf, seed=seed, samples=128))
        questions.append(Choose(player, view, budget_ms=math.inf, max_samples=160, seed=seed))
    async with thinking_pool(3) as pool:
        for question in questions:
            assert await pool.ask(question, lanes=(("person", 1),)) == question.answer()
        assert pool.stats.split == len(questions) and pool.stats.parts > 2 * len(questions)
        assert pool.stats.answered == len(questions) and pool.busy == 0


async def test_a_split_search_whose_process_is_killed_still_gets_its_answer() -> None:
    """Without a clock the killed part is asked again and the answer is the same; with one,
    the other parts' worlds answer within the budget."""
    player, view = position()
    exact = Evaluate(tireless(player), view, budget_ms=math.inf, seed=4, samples=400)
    async with thinking_pool(2, block=100) as pool:
        asked = asyncio.ensure_future(pool.ask(exact))
        await until(lambda: pool.busy == 2, "both processes value worlds")
        os.kill(pool.pids[0], signal.SIGKILL)
        assert await asyncio.wait_for(asked, 300) == exact.answer()
        assert pool.stats.lost == 1 and pool.stats.retried == 1 and pool.stats.fallbacks == 0

    timed = CountedChoose(tireless(player), view, budget_ms=1500)
    async with thinking_pool(3) as pool:
        start = time.perf_counter()
        asked = asyncio.ensure_future(pool.ask(timed))
        await until(lambda: pool.busy == 3, "three parts under way")
        os.kill(pool.pids[0], signal.SIGKILL)
        action, worlds = await asyncio.wait_for(asked, 120)
        assert action in view.actions and worlds > 0
        assert time.perf_counter() - start < 1.5 + pool.grace_ms / 1000.0 + 0.5
        assert pool.stats.lost == 1 and pool.stats.fallbacks == 0 and pool.stats.answered == 1
    assert not thinking_processes()


async def test_a_split_search_leaves_a_process_to_another_tables_question_not_its_own(
        tmp_path: Path) -> None:
    """A table's long search without a clock takes both idle processes; another table's
    question gets one after the block under way, while the search goes on; the same
    table's next question waits until its search is answered (one search per lane)."""
    log = tmp_path / "log"
    player, view = position()
    search = Evaluate(tireless(player), view, budget_ms=math.inf, seed=6, samples=400)

    def gated(name: str) -> Gated:
        return Gated(player, view, budget_ms=math.inf, log=str(log), name=name)

    async with thinking_pool(2) as pool:
        one = asyncio.ensure_future(pool.ask(search, lanes=(("table", 1),)))
        await until(lambda: pool.busy == 2, "the search takes both processes")
        same = asyncio.ensure_future(pool.ask(gated("same"), lanes=(("table", 1),)))
        other = await pool.ask(gated("other"), lanes=(("table", 2),))
        assert other == Choose(player, view).fallback()
        # the other table got a process while the search went on; the same table's waits
        assert not one.done() and pool.stats.split == 1 and pool.waiting == 1
        assert not any(x.startswith("start same") for x in lines(log))
        assert await one == search.answer()
        await asyncio.wait_for(same, 120)
        assert [x.split()[1] for x in lines(log) if x.startswith("start")] == ["other", "same"]

        # a timed search holds the processes until its deadline at most
        timed = CountedChoose(tireless(player), view, budget_ms=1000)
        one = asyncio.ensure_future(pool.ask(timed, lanes=(("table", 1),)))
        await until(lambda: pool.busy == 2, "the search takes both processes")
        start = time.perf_counter()
        assert await pool.ask(gated("later"), lanes=(("table", 3),)) == other
        assert time.perf_counter() - start < 1.0 + 1.0
        action, worlds = await one
        assert action in view.actions and worlds > 0 and pool.stats.split == 2


# ---------------------------------------------------------------------- the service


async def beginner_table(svc: GameService, computers: int = 0, level: str = "strong") -> int:
    state = await svc.create_table(1, 100, ALICE, "Alice", players=4, turn_timer=0,
                                   show_points=True, level=level)
    tid = state.table_id
    for uid in (BOB, CAROL, DAVE)[:3 - computers]:
        await svc.join(tid, uid, str(uid))
    await svc.start(tid, ALICE, fill=True)
    return tid


def to_play(svc: GameService, tid: int) -> int | None:
    for s in svc.public_state(tid).seats:
        if s.to_play and not s.computer:
            return s.user_id
    return None


async def play_random(svc: GameService, tid: int, uid: int, rng: random.Random, *,
                      run_computers: bool = True) -> None:
    view, version = svc.hand_view(tid, uid)
    t = svc.tables[tid]
    seat = svc.seat_of(tid, uid)
    assert t.deal is not None and seat is not None
    if t.deal.points[t.deal.team(seat)] >= 101:
        await svc.act(tid, uid, "knock", run_computers=run_computers)
        return
    play = rng.choice([a for a in view.actions if a.do == "play"])
    await svc.act(tid, uid, "play", card=play.card, opening=play.opening,
                  expected_version=version, run_computers=run_computers)


async def test_strong_computers_hints_and_reviews_never_search_in_the_bot_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    searched_here: list[str] = []

    def watch(name: str) -> None:
        method = getattr(StrongPlayer, name)

        def watched(self: StrongPlayer, *args: Any, **kwargs: Any) -> Any:
            searched_here.append(name)
            return method(self, *args, **kwargs)

        monkeypatch.setattr(StrongPlayer, name, watched)

    watch("_sample")
    watch("world_values")  # every world, in a search whole or in parts
    # two processes each, the computers' and the coach's: the searches are shared out between
    # them when both are idle, and only their parts are answered in the thinking processes,
    # not their plans and merges
    svc = await GameService.open(str(tmp_path / "g.sqlite3"), seed=3, computer_budget_ms=60,
                                 computer_workers=2, coach_workers=2)
    try:
        tid = await beginner_table(svc, computers=3)
        rng = random.Random(1)
        hints = 0
        while svc.public_state(tid).status == "playing":
            uid = to_play(svc, tid)
            assert uid == ALICE
            await svc.hint(tid, ALICE)
            hints += 1
            await play_random(svc, tid, ALICE, rng)
        review = await svc.review(tid, ALICE)
        assert review.deal_number == 1 and hints > 0
        stats = svc.thinking.stats
        assert stats.searches > 0 and stats.answered + stats.fallbacks == stats.asked
        assert stats.split > 0 and stats.parts > stats.split
        coached = svc.coaching.stats  # a search a Hint with a choice, one a reviewed play
        assert coached.searches >= review.valued > 0 and coached.answered == coached.asked
        assert coached.split > 0 and coached.parts > coached.split
    finally:
        await svc.close()
    assert searched_here == []


async def searched_position(svc: GameService, tid: int, rng: random.Random) -> int:
    """Play on at random until the person to play has a choice for the coach to think about
    (more than two cards, past the first trick, no claim due: a claim is no search)."""
    while True:
        uid = to_play(svc, tid)
        assert uid is not None
        view, _ = svc.hand_view(tid, uid)
        t = svc.tables[tid]
        seat = svc.seat_of(tid, uid)
        assert t.deal is not None and seat is not None
        claim = any(a.do in ("declare", "exchange", "sevens") for a in view.actions) \
            or t.deal.points[t.deal.team(seat)] >= 101
        if len([a for a in view.actions if a.do == "play"]) > 2 \
                and view.trick_number > 0 and not claim:
            return uid
        await play_random(svc, tid, uid, rng)


async def test_fifty_hints_on_one_position_are_one_search(tmp_path: Path) -> None:
    svc = await GameService.open(str(tmp_path / "g.sqlite3"), seed=3)
    try:
        tid = await beginner_table(svc)
        rng = random.Random(2)
        uid = await searched_position(svc, tid, rng)
        before = svc.coaching.stats.searches
        hints = await asyncio.gather(*(svc.hint(tid, uid) for _ in range(50)))
        assert svc.coaching.stats.searches == before + 1
        assert svc.coaching.stats.shared >= 49
        assert len({h.action for h in hints}) == 1
        # the next position is a question of its own
        await play_random(svc, tid, uid, rng)
        uid = await searched_position(svc, tid, rng)
        await svc.hint(tid, uid)
        assert svc.coaching.stats.searches == before + 2
    finally:
        await svc.close()


async def test_a_computer_turn_is_played_when_its_thinking_process_is_killed_mid_search(
        tmp_path: Path) -> None:
    svc = await GameService.open(str(tmp_path / "g.sqlite3"), seed=3, computer_workers=1)
    try:
        tid = await beginner_table(svc, computers=3)
        rng = random.Random(3)
        killed: int | None = None
        while killed is None:
            assert svc.public_state(tid).status == "playing", "no search to kill in a deal"
            await play_random(svc, tid, ALICE, rng, run_computers=False)
            turns = asyncio.ensure_future(svc.advance(tid))
            while not turns.done() and not svc.thinking.busy:
                await asyncio.sleep(0)
            if svc.thinking.busy:
                [killed] = svc.thinking.pids
                os.kill(killed, signal.SIGKILL)
            outcomes = await asyncio.wait_for(turns, 120)
            assert outcomes and all(o.table_id == tid for o in outcomes)
        # the computers played on to the person's turn (or the deal's end)
        state = svc.public_state(tid)
        assert state.status != "playing" or to_play(svc, tid) == ALICE
        assert svc.thinking.stats.lost == 1
        await until(lambda: bool(svc.thinking.pids), "a process replaces the dead one")
        assert killed not in svc.thinking.pids
        answered = svc.thinking.stats.answered
        while svc.public_state(tid).status == "playing":
            await play_random(svc, tid, ALICE, rng)
        assert svc.thinking.stats.answered > answered  # and the searches go on
    finally:
        await svc.close()
    assert not thinking_processes()


async def test_opening_and_closing_services_leaves_no_thinking_process(tmp_path: Path) -> None:
    for k in range(3):
        svc = await GameService.open(str(tmp_path / f"g{k}.sqlite3"), computer_workers=2)
        pids = svc.thinking.pids
        assert len(pids) == 2 and {p.pid for p in thinking_processes()} == set(pids)
        await svc.close()
        assert not thinking_processes()
