"""The daily deals in the service (issue 31): the score of a deal and the matchpoints (unit
tests), and a person's day on both back ends: the set made once with its commitments, each
action stored before the answer, a reopened service resuming the play, refusals that change
nothing, nobody's results before one finished, the export of a day that is over verified."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from bot.service import GameService, ServiceError
from bot.service.daily import (
    DEALS,
    DailyState,
    day_figures,
    deal_score,
    iso_week,
    matchpoints,
    parse_day,
    percent,
)
from bot.service.export import export_history
from engine.deal import Result
from engine.fair import commitment_of
from engine.verify import verify

GUILD, ALICE, BOB = 5, 11, 12
NOON = 1_764_158_400.0  # 2025-11-26 12:00 UTC


def test_a_deal_scores_1000_per_signed_game_and_the_points_difference() -> None:
    assert deal_score(Result(0, 1, "aus"), [112, 40]) == 1000 + 72
    assert deal_score(Result(0, 2, "gaigel"), [101, 0]) == 2000 + 101
    assert deal_score(Result(1, 1, "aus"), [60, 105]) == -1000 - 45
    assert deal_score(Result(1, 2, "untergaigelt"), [90, 30]) == -2000 + 60
    assert deal_score(Result(1, 2, "uebergaigelt"), [120, 70], team=1) == 2000 - 50


def test_matchpoints_give_one_for_each_lower_score_and_a_half_for_each_equal_one() -> None:
    assert matchpoints({1: 100, 2: 100, 3: -50, 4: 2000}) == {1: 1.5, 2: 1.5, 3: 0.0, 4: 3.0}
    assert matchpoints({7: 5}) == {7: 0.0}


def test_a_days_figure_is_the_matchpoints_as_a_percentage_of_the_most_possible() -> None:
    rows = [{"number": 1, "user_id": 1, "score": 10}, {"number": 1, "user_id": 2, "score": 5},
            {"number": 1, "user_id": 3, "score": 5}, {"number": 2, "user_id": 1, "score": -1},
            {"number": 2, "user_id": 2, "score": 3}]
    figures = day_figures(rows)
    assert figures == {1: (2.0, 3.0), 2: (1.5, 3.0), 3: (0.5, 2.0)}
    assert percent(*figures[1]) == pytest.approx(200 / 3)
    assert percent(0.0, 0.0) == 50.0  # nobody else played: the average


def test_days_are_written_yyyy_mm_dd_and_weeks_are_iso_weeks() -> None:
    assert parse_day(" 2026-11-25 ") == "2026-11-25"
    for bad in ("tomorrow", "2026-13-01", "25.11.2026", ""):
        with pytest.raises(ServiceError) as err:
            parse_day(bad)
        assert err.value.code == "daily_bad_day"
    assert iso_week("2026-11-25") == [f"2026-11-{d}" for d in range(23, 30)]


class Clock:
    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


async def open_service(url: str, clock: Clock) -> GameService:
    return await GameService.open(url, clock=clock, seed=3, daily_samples=4,
                                  computer_workers=1)


async def play_on(svc: GameService, state: DailyState, user: int, *,
                  steps: float = math.inf) -> DailyState:
    """The person's cards (the first playable one, a knock at 101) until the deal is over."""
    done = 0
    while not state.over and done < steps:
        live = svc.daily._plays[state.play_id]
        knock = [a for a in state.view.actions if a.do == "knock"]
        if knock and live.deal.points[0] >= 101:
            state = await svc.daily.act(GUILD, user, state.play_id, state.version, "knock")
        else:
            a = next(a for a in state.view.actions if a.do == "play")
            state = await svc.daily.act(GUILD, user, state.play_id, state.version, "play",
                                        card=a.card, opening=a.opening)
        done += 1
    return state


async def rows(svc: GameService, sql: str, *params: Any) -> list[dict[str, Any]]:
    return await svc.db.read(lambda c: [dict(r) for r in c.execute(sql, params)])


async def test_a_persons_day_is_stored_action_by_action_resumed_and_refused_without_change(
        db_url: str) -> None:
    clock = Clock(NOON)
    svc = await open_service(db_url, clock)
    try:
        state = await svc.daily.play(GUILD, ALICE, "Alice")
        assert state is not None and state.number == 1 and state.version == 0
        dset = await svc.daily.get_set(GUILD, "2025-11-26")
        assert dset is not None and len(dset.deals) == DEALS
        assert all(commitment_of(bytes.fromhex(d.seed)) == d.commitment for d in dset.deals)
        assert state.commitment == dset.deals[0].commitment
        state = await play_on(svc, state, ALICE, steps=3)
        stored = await rows(svc, "SELECT COUNT(*) AS n FROM daily_actions")
        assert stored[0]["n"] == state.version > 3  # the computers' actions too
        view = state.view
    finally:
        await svc.close()

    svc = await open_service(db_url, clock)  # a restart
    try:
        again = await svc.daily.play(GUILD, ALICE, "Alice")
        assert again is not None and again.play_id == state.play_id
        assert again.version == state.version and again.view == view
        before = await rows(svc, "SELECT * FROM daily_plays")
        refusals = [
            (svc.daily.act(GUILD, ALICE, state.play_id, state.version - 1, "play",
                           card=view.hand[0]), "stale"),
            (svc.daily.act(GUILD, BOB, state.play_id, state.version, "play",
                           card=view.hand[0]), "daily_not_yours"),
            (svc.daily.act(GUILD, ALICE, state.play_id, state.version, "play",
                           card="XX"), "not_in_hand"),
            (svc.daily.results(GUILD, ALICE, "2025-11-26"), "daily_no_peeking"),
            (svc.daily.record(GUILD, ALICE, "2025-11-26", 1), "daily_not_over"),
        ]
        for call, code in refusals:
            with pytest.raises(ServiceError) as err:
                await call
            assert err.value.code == code
        with pytest.raises(ServiceError) as err:
            svc.daily.check_day("2025-11-27")
        assert err.value.code == "daily_future_day"
        assert await rows(svc, "SELECT * FROM daily_plays") == before

        state = await play_on(svc, again, ALICE)
        assert state.over and state.score is not None
        with pytest.raises(ServiceError) as err:
            await svc.daily.act(GUILD, ALICE, state.play_id, state.version, "play",
                                card="EA")
        assert err.value.code == "daily_played"
        for _ in range(DEALS - 1):
            nxt = await svc.daily.play(GUILD, ALICE, "Alice")
            assert nxt is not None and nxt.version == 0
            await play_on(svc, nxt, ALICE)
        assert await svc.daily.play(GUILD, ALICE, "Alice") is None
        results = await svc.daily.results(GUILD, ALICE, "2025-11-26")
        assert [s.user_id for s in results.ranking] == [ALICE]
        assert results.ranking[0].percent == 50.0
        with pytest.raises(ServiceError) as err:
            await svc.daily.results(GUILD, BOB, "2025-11-26")
        assert err.value.code == "daily_no_peeking"

        # the export leaves the day out until it is over, then carries it, verified
        text = "".join([c async for c in export_history(svc.db, guild_id=GUILD, clock=clock)])
        assert json.loads(text)["count"] == 0
        assert not any(d.seed in text for d in dset.deals)
        clock.t += 86400
        with pytest.raises(ServiceError) as err:
            await svc.daily.act(GUILD, ALICE, state.play_id, state.version, "play", card="EA")
        assert err.value.code == "daily_played"
        data = json.loads("".join(
            [c async for c in export_history(svc.db, guild_id=GUILD, clock=clock)]))
        assert data["count"] == DEALS == len(data["deals"])
        assert all(v.holds for v in verify(data))
        assert {d["daily"]["deal"] for d in data["deals"]} == set(range(1, DEALS + 1))
        table = "".join([c async for c in export_history(svc.db, guild_id=GUILD, fmt="csv",
                                                          clock=clock)])
        lines = [line for line in table.splitlines() if '"daily 2025-11-26"' in line]
        assert len(lines) == DEALS
        assert all(d.seed in table for d in dset.deals)
        _, record = await svc.daily.record(GUILD, BOB, "2025-11-26", 2, ALICE)
        assert record["daily"]["name"] == "Alice"
    finally:
        await svc.close()


async def test_an_unfinished_deal_closes_when_its_day_ends(db_url: str) -> None:
    clock = Clock(NOON)
    svc = await open_service(db_url, clock)
    try:
        state = await svc.daily.play(GUILD, ALICE, "Alice")
        assert state is not None
        clock.t += 86400
        a = next(a for a in state.view.actions if a.do == "play")
        with pytest.raises(ServiceError) as err:
            await svc.daily.act(GUILD, ALICE, state.play_id, state.version, "play",
                                card=a.card, opening=a.opening)
        assert err.value.code == "daily_day_over"
        today = await svc.daily.play(GUILD, ALICE, "Alice")
        assert today is not None and today.day == "2025-11-27" and today.number == 1
    finally:
        await svc.close()


async def test_computers_whose_turn_a_restart_cut_short_play_before_the_persons_next_click(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock(NOON)
    svc = await open_service(db_url, clock)
    try:
        state = await svc.daily.play(GUILD, ALICE, "Alice")
        assert state is not None

        async def stopped(live: Any) -> None:  # the process ends before the computers play
            return None

        monkeypatch.setattr(svc.daily, "_computers", stopped)
        a = next(a for a in state.view.actions if a.do == "play")
        cut = await svc.daily.act(GUILD, ALICE, state.play_id, state.version, "play",
                                  card=a.card, opening=a.opening)
        assert cut.version == 1 and cut.view.to_play == 1
    finally:
        await svc.close()
    svc = await open_service(db_url, clock)
    try:
        with pytest.raises(ServiceError) as err:  # a click on the hand from before
            await svc.daily.act(GUILD, ALICE, cut.play_id, cut.version, "play",
                                card=cut.view.hand[0])
        assert err.value.code == "stale"
        shown = await svc.daily.show(GUILD, ALICE, cut.play_id)
        assert shown.version > 1 and (shown.over or shown.view.to_play == 0)
    finally:
        await svc.close()
