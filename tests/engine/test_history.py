"""A finished deal trick by trick (engine.history): the frames a replay steps through.

Over many random seeded deals (every player count, both presets, random options, claims made
at random moments, mid-trick ones included) the frames tell the deal completely and
consistently: every card played in exactly one trick, hands that change from frame to frame
exactly by the cards played, drawn and exchanged, points that add up to the deal's, and the
deal's own result at the end. Golden deals and hand-made ones pin the details.
"""

from __future__ import annotations

import json
import pathlib
import random
from collections import Counter

import pytest

from engine.actions import Action, knock, play, sevens
from engine.cards import CANONICAL_PACK, POINTS
from engine.deal import Deal, Layout
from engine.history import DealHistory, NotOver, deal_history, record_history
from engine.record import parse_record, replay_deal
from engine.rules import Rules
from engine.selfplay import random_action
from engine.testing import deal_from

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
OPTIONS = {
    "exchange_points": [0, 10],
    "last_trick_bonus": [0, 10],
    "meld_window": ["team_trick", "after_trick"],
    "false_accusation": ["double", "none"],
    "gaigel_five_tricks": [True, False],
}


def random_rules(rng: random.Random) -> Rules:
    base = Rules.named(rng.choice(["wuerttemberg", "classic"]))
    return base.with_options(**{k: rng.choice(v) for k, v in OPTIONS.items()
                                if rng.random() < 0.5})


def random_finished_deal(seed: int) -> Deal:
    """A deal played to its end at random; now and then a seat knocks or accuses at any
    moment (mid-trick too, a wrong knock too), the way a person may."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4, 6])
    pack = list(CANONICAL_PACK)
    rng.shuffle(pack)
    deal = Deal(Layout.from_pack(pack, players), random_rules(rng))
    while deal.result is None:
        if rng.random() < 0.01:
            seat = rng.randrange(players)
            claims = [a for a in deal.legal_claims(seat, offer_all_accusations=True)
                      if a.do in ("knock", "accuse") and deal.can(a)]
            if claims:
                deal.apply(rng.choice(claims))
                continue
        deal.apply(random_action(deal, rng))
    return deal


def history_of(deal: Deal) -> DealHistory:
    """Through the record, as a file would give it."""
    return record_history(parse_record(json.loads(json.dumps(deal.record()))))


def check_frames(history: DealHistory, deal: Deal) -> None:
    frames = history.frames
    kinds = [f.kind for f in frames]
    assert kinds == ["deal"] + ["trick"] * (len(frames) - 2) + ["end"]
    assert [f.number for f in history.tricks] == list(range(1, len(frames) - 1))
    assert frames[0].hands == deal.layout.hands
    assert frames[0].indicator == deal.layout.trump
    assert frames[0].talon == len(deal.layout.talon) + 1

    # Every card played in exactly one trick, in the order played, seat by seat.
    played = [(p.seat, p.card) for f in frames for p in f.plays]
    accepted = [(a.seat, a.card) for a in deal.actions if a.do == "play"]
    assert played == accepted
    assert [tuple((p.seat, p.card) for p in f.plays) for f in history.tricks
            if f.complete] == [t.plays for t in deal.tricks]
    assert [f.winner for f in history.tricks if f.complete] == [t.winner for t in deal.tricks]
    unfinished = [f for f in history.tricks if not f.complete]
    assert unfinished == ([history.tricks[-1]] if deal.trick else [])
    # Face down only in the first trick, and only under a face-down opening.
    for f in history.tricks:
        for i, p in enumerate(f.plays):
            assert p.face_down == (f.number == 1 and deal.opening in ("hoeher-hat",
                                                                     "zweite-alte"))
            assert p.opening == (deal.opening if (f.number, i) == (1, 0) else None)

    # Hands and talon change from one frame to the next exactly by what happened in it.
    for f, g in zip(frames, frames[1:], strict=False):
        for seat in range(history.players):
            gone = [p.card for p in f.plays if p.seat == seat]
            gone += [e.seven for e in f.exchanges if e.seat == seat]
            came = [d.card for d in f.drawn if d.seat == seat]
            came += [e.taken for e in f.exchanges if e.seat == seat]
            want = Counter(f.hands[seat]) + Counter(came)
            want.subtract(gone)
            assert Counter(g.hands[seat]) == +want and min(want.values(), default=0) >= 0, (f.kind, f.number, seat)
        assert g.talon == f.talon - len(f.drawn)
        ended_by_it = g.kind == "end" and g.claim is None  # five tricks: no draw after it
        if f.complete and f.talon and not ended_by_it:
            assert [d.seat for d in f.drawn] == [(f.winner + k) % history.players
                                                 for k in range(history.players)]
            assert [d.indicator for d in f.drawn][-1] == (f.talon == history.players)
        if f.exchanges:
            assert g.indicator == f.exchanges[-1].seven
    assert [list(h) for h in frames[-1].hands] == [list(h) for h in deal.hands]

    # Points: tricks (with any bonus), marriages and exchanges add up to the deal's.
    total = [0] * history.teams
    for f in frames:
        if f.winner is not None:
            total[history.team(f.winner)] += f.trick_points + f.bonus
        for m in f.melds:
            total[history.team(m.seat)] += m.points
        for e in f.exchanges:
            total[history.team(e.seat)] += e.points
        assert list(f.points) == total
    assert total == deal.points
    assert sum(f.trick_points for f in frames) == sum(
        sum(POINTS[c] for c in t.cards) for t in deal.tricks)
    assert sum(len(f.melds) for f in frames) == len(deal.melds)
    assert sum(len(f.exchanges) for f in frames) == len(deal.exchanges)

    # The end: the deal's result and the claim that ended it.
    end = frames[-1]
    assert end.result == deal.result == history.result
    last = deal.actions[-1]
    if last.do in ("knock", "accuse", "sevens"):
        assert end.claim is not None and end.claim.kind == last.do
        assert end.claim.seat == last.seat
        assert end.claim.tricks_done == len(deal.tricks)
        assert end.claim.cards_on_table == len(deal.trick)
        if last.do != "sevens":
            assert end.claim.recount is not None
            assert end.claim.recount.points == deal.points[end.claim.recount.team]
    else:
        assert end.claim is None


def test_frames_tell_every_random_deal_completely_and_consistently() -> None:
    reasons: Counter[str] = Counter()
    cut_short = bonus = 0
    for seed in range(400):
        deal = random_finished_deal(seed)
        history = history_of(deal)
        check_frames(history, deal)
        assert deal.result is not None
        reasons[deal.result.reason] += 1
        cut_short += not history.frames[-2].complete and history.frames[-2].kind == "trick"
        bonus += any(f.bonus for f in history.frames)
    # The deals cover the ways a deal ends, claims mid-trick and the last trick's bonus.
    assert {"aus", "gaigel", "untergaigelt", "false_accusation", "five_tricks",
            "played_out"} <= set(reasons)
    assert cut_short > 0 and bonus > 0


def test_refused_actions_in_a_record_are_skipped_as_a_replay_skips_them() -> None:
    data = json.loads((GOLDEN / "4p_wuerttemberg_aus.json").read_text())
    record = parse_record(data)
    assert record.actions[0] == Action(1, "play", "EU")  # out of turn: refused
    history = record_history(record)
    check_frames(history, replay_deal(record))


def test_golden_deal_with_a_knock_has_a_frame_per_trick_and_the_knock_at_the_end() -> None:
    record = parse_record(json.loads((GOLDEN / "4p_wuerttemberg_aus.json").read_text()))
    expected = json.loads((GOLDEN / "4p_wuerttemberg_aus.expected.json").read_text())
    history = record_history(record)
    tricks = sum(expected["state"]["tricks"])
    assert tricks == 5
    assert len(history.frames) == 1 + tricks + 1 == 7
    first = history.frames[1]
    assert [(p.seat, p.card) for p in first.plays] == [(0, "SK"), (1, "EU"), (2, "EA"),
                                                       (3, "SO")]
    assert first.plays[0].opening == "hoeher-hat"
    assert all(p.face_down for p in first.plays)
    end = history.end
    assert end.claim is not None
    assert (end.claim.kind, end.claim.seat, end.claim.tricks_done,
            end.claim.cards_on_table) == ("knock", 0, 5, 0)
    assert end.claim.recount is not None and end.claim.recount.points == 117
    assert end.result is not None and end.result.to_json() == expected["result"]
    assert list(end.points) == expected["state"]["points"]
    assert [m.to_json() for f in history.frames for m in f.melds] == expected["state"]["melds"]
    assert end.fair is None


def test_golden_deal_played_out_gives_the_last_tricks_bonus_to_its_frame() -> None:
    record = parse_record(json.loads((GOLDEN / "3p_classic_played_out_bonus.json")
                                     .read_text()))
    history = record_history(record)
    assert record.rules.last_trick_bonus > 0
    assert len(history.tricks) == 16 and history.end.claim is None
    assert history.tricks[-1].bonus == record.rules.last_trick_bonus
    assert all(f.bonus == 0 for f in history.tricks[:-1])
    assert history.result.reason == "played_out"


def test_a_knock_in_the_middle_of_a_trick_leaves_that_trick_unfinished() -> None:
    deal = deal_from(["EA E10 EK HO S7", "E7 BK HU SU S10", "EO HA H10 SA SK", "EU B7 BU BO H7"],
                     "B10")
    for action in (play(0, "EA", "ge-elfen"), play(1, "E7"), play(2, "EO"), play(3, "EU"),
                   play(0, "E10"), play(1, "BK"), knock(2)):
        deal.apply(action)
    history = history_of(deal)
    check_frames(history, deal)
    assert [f.kind for f in history.frames] == ["deal", "trick", "trick", "end"]
    cut = history.frames[2]
    assert not cut.complete and [(p.seat, p.card) for p in cut.plays] == [(0, "E10"),
                                                                          (1, "BK")]
    assert history.end.claim is not None
    assert (history.end.claim.tricks_done, history.end.claim.cards_on_table) == (1, 2)
    assert history.result.reason == "untergaigelt"


def test_five_sevens_before_the_first_card_make_a_deal_frame_and_the_end() -> None:
    deal = deal_from(["EA E10 EK HO S10", "E7 B7 H7 S7 E7", "EO HA H10 SA SK", "EU BA BU BO H10"],
                     "B10")
    deal.apply(sevens(1))
    history = history_of(deal)
    check_frames(history, deal)
    assert [f.kind for f in history.frames] == ["deal", "end"]
    claim = history.end.claim
    assert claim is not None and claim.kind == "sevens" and claim.seat == 1
    assert sorted(claim.cards) == sorted(["E7", "B7", "H7", "S7", "E7"])
    assert claim.recount is None and history.end.number == 0


def test_a_deal_that_is_not_over_is_never_replayed() -> None:
    deal = deal_from(["EA E10 EK HO S7", "E7 BK HU SU S10", "EO HA H10 SA SK", "EU B7 BU BO H7"],
                     "B10")
    deal.apply(play(0, "EA", "ge-elfen"))
    with pytest.raises(NotOver):
        deal_history(deal.layout, deal.rules, deal.actions)


def test_the_records_fair_line_is_carried_to_the_end_frame() -> None:
    deal = random_finished_deal(1)
    data = json.loads(json.dumps(deal.record()))
    fair = {"commitment": "ab" * 32, "seed": "cd" * 32, "salt": "1234567890"}
    data["fair"] = fair
    history = record_history(parse_record(data))
    assert history.end.fair == fair
    assert all(f.fair is None for f in history.frames[:-1])

