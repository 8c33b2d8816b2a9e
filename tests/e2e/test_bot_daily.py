"""The daily deals (issue 31) through the real bot in simcord: ``/gaigel daily`` gives a person
the server's six deals of the UTC day, privately (ephemeral messages whose buttons edit them),
always from seat 0 against three ``strong`` computers that decide by a fixed number of worlds
and a seed derived from the deal: two people who make the same plays see the same computer
plays and get the same results. Scores and matchpoints are checked against the test's own
count from the stored deals; nothing of the day (seeds, computers' hands, others' results)
reaches anyone before they finished; a restart resumes where a person stopped; bad input is
answered privately with nothing changed; after the day the deals replay and verify."""

from __future__ import annotations

import json
import logging
from collections import Counter
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
from world import (
    World,
    buttons,
    cards_in_text,
    custom_ids,
    log_card_leaks,
    log_secret_leaks,
    manager,
    message_texts,
    secret_in,
)

from bot.shell.custom_ids import DailyClick
from engine import Action, Deal, Rules, seat_view
from engine.fair import FairDeal
from engine.verify import verify

pytestmark = pytest.mark.simcord(settle_timeout=30)  # the computers think in processes

SAMPLES = 6
"""Worlds per computer decision in these tests (play uses ``daily.SAMPLES``)."""


async def to_a_fresh_day(world: World) -> str:
    """Move the simulated clock just past a UTC midnight (a whole day ahead for the test)."""
    now = discord.utils.utcnow().timestamp()
    await world.env.advance_time(86400 - now % 86400 + 60)
    world.svc.daily.samples = SAMPLES
    return world.svc.daily.today()


async def open_daily(world: World, who: str, **options: Any) -> discord.Message:
    result = await world.slash(who, "gaigel daily", **options)
    assert result.response is not None and result.response.ephemeral, result
    return result.response.message


def current(world: World, who: str, message: discord.Message) -> discord.Message:
    return next(m for m in world.visible(who) if m.id == message.id)


def daily_ids(message: discord.Message) -> list[str]:
    return [c for c in custom_ids(message) if c.startswith("gg:d:")]


def playable(message: discord.Message) -> list[str]:
    return [b.custom_id for b in buttons(message)
            if (b.custom_id or "").startswith("gg:d:") and not b.disabled
            and b.custom_id.split(":")[4].startswith("p")]


def play_of(message: discord.Message) -> int:
    click = DailyClick.parse(daily_ids(message)[0])
    assert click is not None
    return click.play_id


async def click(world: World, who: str, message: discord.Message, cid: str) -> Any:
    result = await world.user(who).click(message, custom_id=cid)
    assert result.acknowledged, cid
    return result


async def play_day(world: World, who: str, pick: int, *, stop_after: int | None = None,
                   check: Any = None) -> discord.Message:
    """``who`` plays the day's deals through the buttons: card ``pick`` of the playable ones
    each turn, a knock (confirmed) when their team has 101 (the test counts for them, as a
    player does), Next deal after each. ``stop_after``: stop after that many clicks."""
    message = await open_daily(world, who)
    clicks = 0
    for _ in range(1000):
        message = current(world, who, message)
        ids = daily_ids(message)
        nxt = [c for c in ids if c.endswith(":n")]
        if nxt:
            await click(world, who, message, nxt[0])
            continue
        cards = playable(message)
        if not cards:
            return message
        if check is not None:
            check()
        if stop_after is not None and clicks >= stop_after:
            return message
        live = world.svc.daily._plays[play_of(message)]
        knock = [c for c in ids if c.endswith(":k")]
        if knock and live.deal.points[0] >= 101:
            await click(world, who, message, knock[0])
            await world.env.advance_time(1)  # a deliberate confirmation
            message = current(world, who, message)
            confirm = next(c for c in daily_ids(message) if c.endswith(":ck"))
            await click(world, who, message, confirm)
        else:
            await click(world, who, message, cards[pick % len(cards)])
        clicks += 1
    raise AssertionError("the day did not end")


async def stored(world: World, day: str) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
    """The day's stored deals (by number) and every play with its actions (read directly)."""
    def read(c: Any) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
        deals = {r["number"]: dict(r) for r in c.execute(
            "SELECT * FROM daily_deals WHERE day = ?", (day,))}
        plays = [dict(r) for r in c.execute("SELECT * FROM daily_plays WHERE day = ?"
                                            " ORDER BY id", (day,))]
        for p in plays:
            p["actions"] = [dict(r) for r in c.execute(
                "SELECT * FROM daily_actions WHERE play_id = ? ORDER BY idx", (p["id"],))]
        return deals, plays

    return await world.svc.db.read(read)  # type: ignore[no-any-return]


def own_score(deal_row: dict[str, Any], play: dict[str, Any]) -> int:
    """The test's own count: the stored actions replayed on the deal its seed deals; 1000 per
    signed game, plus seat 0's team's points less the opponents'."""
    fair = FairDeal(deal_row["fair_commitment"], deal_row["fair_seed"], "")
    deal = Deal(fair.layout(4), Rules.from_json(json.loads(deal_row["rules"])))
    for a in play["actions"]:
        deal.apply(Action.from_json(json.loads(a["action"])))
    assert deal.result is not None
    sign = 1 if deal.result.winner == 0 else -1
    return 1000 * sign * deal.result.games + deal.points[0] - deal.points[1]


def day_secrets(deals: dict[int, dict[str, Any]]) -> set[str]:
    return {d["fair_seed"] for d in deals.values()}


def check_private(world: World, people: list[str], secrets: set[str]) -> int:
    """Nothing of the day in what anyone sees or the bot sent: no seed anywhere; nothing of
    the daily deals in the channel's public messages; a card code in a custom_id only on its
    owner's ephemeral message; each person's daily message shows at most their own seat's
    view of their play now. Returns how many messages were held to a seat's view."""
    held = 0
    for e in world.env.http_requests:
        sent = f"{e.path} {e.params!r} {e.json!r}"
        assert not any(s in sent for s in secrets), f"a seed sent: {e.method} {e.path}"
    for m in world.channel.history():
        assert not daily_ids(m), "a daily deal in a public message"
    for who in people:
        for m in world.visible(who):
            assert secret_in(m, secrets) is None, f"{who} sees a seed"
            ids = daily_ids(m)
            if ids:
                assert m.flags.ephemeral
                live = world.svc.daily._plays.get(play_of(m))
                if live is not None and live.user_id == world.user(who).id:
                    version = DailyClick.parse(ids[0])
                    if version is not None and version.version == live.version:
                        allowed = Counter(seat_view(live.deal, 0).visible_cards())
                        for t in message_texts(m):
                            assert not cards_in_text(t) - allowed, f"{who} sees more: {t}"
                        held += 1
    return held


async def test_three_people_play_the_same_six_deals_ranked_by_matchpoints_and_nothing_leaks(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    day = await to_a_fresh_day(world)
    people = ["alice", "bob", "carol"]
    for who in people:
        world.user(who)
    manager(world, "maria")

    # Alice's /gaigel daily makes the day's set: six commitments, shown before anything else
    first = await open_daily(world, "alice")
    deals, _ = await stored(world, day)
    assert sorted(deals) == [1, 2, 3, 4, 5, 6]
    secrets = day_secrets(deals)
    for d in deals.values():
        assert d["fair_commitment"] in first.content
    assert "Daily deals" in first.content and playable(first)

    def check() -> None:
        assert check_private(world, people, secrets) >= 1  # the player's own message

    # Alice and Bob make the same plays; Carol others. Before she has finished, Carol may
    # see nobody's results, no leaderboard figures and no replay of the day.
    await play_day(world, "alice", 0, check=check)
    for show in ("results", "leaderboard"):
        refused = await world.slash("carol", "gaigel daily", show=show)
        assert refused.response.ephemeral and "No peeking" in refused.response.content
    refused = await world.slash("carol", "gaigel replay", day=day, deal=1, player=world.user("alice"))
    assert refused.response.ephemeral and "not over" in refused.response.content
    for m in world.visible("carol"):  # nobody's name, so nobody's result
        assert not any("alice" in t for t in message_texts(m)), m.content
    # a server export before the day is over carries nothing of it
    exported = await world.slash("maria", "gaigel export", scope="server")
    files = [a for m in exported.followups + ([exported.response] if exported.response else [])
             for a in m.attachments]
    for f in files:
        body = (await f.read()).decode()
        assert not any(s in body for s in secrets) and '"daily"' not in body
    await play_day(world, "bob", 0, check=check)
    await play_day(world, "carol", 1, check=check)
    assert not log_card_leaks(caplog.records)
    assert not log_secret_leaks(caplog.records, secrets)

    deals, plays = await stored(world, day)
    by_user: dict[str, dict[int, dict[str, Any]]] = {}
    for p in plays:
        who = world.name_of(p["user_id"])
        assert who is not None
        by_user.setdefault(who, {})[p["number"]] = p
    assert all(len(by_user[w]) == 6 for w in people)
    # identical plays, identical computer plays, identical results
    for n in range(1, 7):
        a, b = by_user["alice"][n], by_user["bob"][n]
        assert [x["action"] for x in a["actions"]] == [x["action"] for x in b["actions"]]
        assert a["score"] == b["score"] and a["result"] == b["result"]
    assert any([x["action"] for x in by_user["alice"][n]["actions"]]
               != [x["action"] for x in by_user["carol"][n]["actions"]] for n in range(1, 7))
    # the scores and matchpoints, counted by the test from the stored deals
    scores = {w: {n: own_score(deals[n], by_user[w][n]) for n in range(1, 7)} for w in people}
    for w in people:
        assert [by_user[w][n]["score"] for n in range(1, 7)] == [scores[w][n] for n in range(1, 7)]
    mp = {w: sum(sum(1.0 if scores[w][n] > scores[v][n] else 0.5 if scores[w][n] == scores[v][n]
                     else 0.0 for v in people if v != w) for n in range(1, 7)) for w in people}
    board = await world.slash("carol", "gaigel daily", show="leaderboard")
    text = board.response.content
    assert board.response.ephemeral
    for w in people:
        assert f"{w} — {100 * mp[w] / 12:.1f}% ({mp[w]:g} of 12 matchpoints)" in text, text
    results = await world.slash("alice", "gaigel daily", show="results")
    for n in range(1, 7):
        assert f"carol {scores['carol'][n]:+d}" in results.response.content

    # a deal already played cannot be played again: an old card click changes nothing
    before = await stored(world, day)
    play = by_user["alice"][1]
    forged = DailyClick.parse(f"gg:d:{play['id']}:{play['version'] - 1}:p0.EA.-")
    assert forged is not None
    answer = await world.forge_click("alice", first, forged.custom_id)
    assert answer.acknowledged
    assert await stored(world, day) == before

    # after the day: the seeds revealed, replays of anyone's play, exports that verify
    await world.env.advance_time(86400)
    page = await world.slash("carol", "gaigel replay", day=day, deal=2, player=world.user("bob"))
    assert page.response.ephemeral and "as bob played it" in page.response.content
    past = await world.slash("carol", "gaigel daily", day=day)
    assert all(d["fair_seed"] in past.response.content for d in deals.values())
    exported = await world.slash("maria", "gaigel export", scope="server")
    data = json.loads((await next(a for m in [exported.response, *exported.followups] if m
                                  for a in m.attachments).read()).decode())
    daily = [d for d in data["deals"] if "daily" in d]
    assert len(daily) == 18
    assert all(v.holds for v in verify(data)), [v for v in verify(data) if not v.holds]


async def test_a_restart_resumes_the_deal_where_the_person_stopped(world: World) -> None:
    day = await to_a_fresh_day(world)
    message = await play_day(world, "alice", 0, stop_after=2)
    play_id = play_of(message)
    version = world.svc.daily._plays[play_id].version
    hand = Counter(cards_in_text(message.content))
    _, before = await stored(world, day)
    kept = next(p["actions"] for p in before if p["id"] == play_id)
    assert kept, "the person stopped inside a deal, after some of its actions"
    await world.restart()
    world.svc.daily.samples = SAMPLES
    again = await open_daily(world, "alice")
    assert play_of(again) == play_id
    assert world.svc.daily._plays[play_id].version == version
    assert Counter(cards_in_text(again.content)) == hand
    # a click on the message from before the restart still plays
    card = playable(current(world, "alice", message))[0]
    await click(world, "alice", current(world, "alice", message), card)
    assert world.svc.daily._plays[play_id].version > version
    # the same play went on: no play was made or lost, and the click's card was stored in it
    _, plays = await stored(world, day)
    assert [p["id"] for p in plays] == [p["id"] for p in before]
    assert [p["number"] for p in plays] == [1]
    now = next(p["actions"] for p in plays if p["id"] == play_id)
    assert now[:len(kept)] == kept and len(now) > len(kept)


async def test_bad_days_are_refused_privately_and_nothing_is_made(world: World) -> None:
    await to_a_fresh_day(world)
    for day, words in (("tomorrow", "is no day"), ("2999-01-01", "has not come yet"),
                       ("2026-02-30", "is no day")):
        for show in ("play", "leaderboard", "results"):
            result = await world.slash("alice", "gaigel daily", show=show, day=day)
            assert result.response.ephemeral and words in result.response.content, day
    result = await world.slash("alice", "gaigel replay", day="2999-01-01")
    assert result.response.ephemeral and "has not come yet" in result.response.content
    deals, plays = await stored(world, world.svc.daily.today())
    assert deals == {} and plays == []
    assert not world.channel.history()


def test_days_are_utc_days() -> None:
    from bot.service.daily import utc_day
    moment = datetime(2026, 11, 25, 23, 59, 59, tzinfo=UTC).timestamp()
    assert utc_day(moment) == "2026-11-25" and utc_day(moment + 1) == "2026-11-26"



async def test_a_daily_button_forged_elsewhere_or_by_another_person_shows_no_hand_publicly(
        world: World) -> None:
    day = await to_a_fresh_day(world)
    message = await open_daily(world, "alice")
    card = playable(message)[0]
    await world.new_table("bob")
    table = world.table_message()
    before = table.content
    # Bob clicks (a modified client) Alice's card: not his play, nothing changes
    stored_before = await stored(world, day)
    answer = await world.forge_click("bob", table, card)
    assert answer.acknowledged
    assert "not your daily deal" in answer.response.content and answer.response.ephemeral
    assert await stored(world, day) == stored_before
    # Alice's own card forged onto the public table message: played, answered privately
    answer = await world.forge_click("alice", table, card)
    assert answer.response is not None and answer.response.ephemeral
    assert "Daily deals" in answer.response.content
    assert world.table_message().content == before
    assert not any(daily_ids(m) for m in world.channel.history())
    _, plays = await stored(world, day)
    assert plays[0]["version"] > 0
