"""Golden deal records (tests/golden/*.json): complete deals whose results were checked by hand
(the ``notes`` in each ``*.expected.json``). Each is replayed through the library and the
command line, and recounted here by a small referee that shares no code with engine.deal."""

import json
import pathlib
import subprocess
import sys

import pytest

from engine.record import parse_record, replay
from engine.rules import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
NAMES = sorted(p.name[: -len(".json")] for p in GOLDEN.glob("*.json")
               if not p.name.endswith(".expected.json"))
POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "7": 0}
ORDER = ["7", "U", "O", "K", "10", "A"]


def load(name):
    record = json.loads((GOLDEN / f"{name}.json").read_text())
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text())
    return record, expected


def test_there_are_the_promised_golden_deals():
    assert len(NAMES) >= 4
    reasons = {load(n)[1]["result"]["reason"] for n in NAMES}
    assert {"aus", "gaigel", "untergaigelt", "played_out"} <= reasons
    presets = {(load(n)[0]["players"], load(n)[0]["rules"]["preset"]) for n in NAMES}
    assert (4, "wuerttemberg") in presets
    assert any(p in (2, 3) and r == "classic" for p, r in presets)


def beats(card, best, trump):
    if card[0] == best[0]:
        return ORDER.index(card[1:]) > ORDER.index(best[1:])
    return card[0] == trump


def trick_winner(plays, trump, opening):
    lead_seat, lead = plays[0]
    if opening == "ge-elfen":
        return lead_seat
    if opening == "zweite-alte":
        return next((s for s, c in plays[1:] if c == lead), lead_seat)
    if opening == "hoeher-hat":
        best = plays[0]
        for s, c in plays[1:]:
            if c[0] == lead[0] and ORDER.index(c[1:]) > ORDER.index(best[1][1:]):
                best = (s, c)
        return best[0]
    best = plays[0]
    for s, c in plays[1:]:
        if beats(c, best[1], trump):
            best = (s, c)
    return best[0]


def referee(record, rejected):
    """Recount a deal from its record: tricks, points and the result (spec §Output)."""
    n = record["players"]
    teams = 3 if n == 3 else 2
    rules = Rules.from_json(record["rules"])
    trump = record["deal"]["trump"][0]
    points = [0] * teams
    seat_tricks = [0] * n
    team_tricks = [0] * teams
    played_on = [False] * teams
    first = None
    trick, opening, tricks_done = [], None, 0

    def add(team, p):
        nonlocal first
        points[team] += p
        if first is None and points[team] >= 101:
            first = team

    def best_opponent(team, after):
        order = [(after + k) % n for k in range(1, n) if (after + k) % n % teams != team]
        if teams == 2:
            return 1 - team
        return max(order, key=lambda t: (points[t], -order.index(t)))

    for i, a in enumerate(record["actions"]):
        if i in rejected:
            continue
        seat, do = a["seat"], a["do"]
        team = seat % teams
        if do == "play":
            if points[team] >= 101:
                played_on[team] = True
            if tricks_done == 0 and not trick:
                opening = a.get("opening")
            trick.append((seat, a["card"]))
            if len(trick) == n:
                winner = trick_winner(trick, trump, opening if tricks_done == 0 else None)
                seat_tricks[winner] += 1
                team_tricks[winner % teams] += 1
                add(winner % teams, sum(POINTS[c[1:]] for _, c in trick))
                trick, tricks_done = [], tricks_done + 1
        elif do == "declare":
            p = (40 if a["suit"] == trump else 20) * (2 if a.get("double") else 1)
            add(team, p)
        elif do == "exchange":
            add(team, rules.exchange_points)
        elif do == "knock":
            others_none = all(team_tricks[t] == 0 for t in range(teams) if t != team)
            if points[team] >= 101:
                result = {"winner": team, "games": 2 if others_none else 1,
                          "reason": "gaigel" if others_none else "aus"}
            else:
                result = {"winner": best_opponent(team, seat), "games": 2,
                          "reason": "untergaigelt"}
            return points, seat_tricks, result
        elif do == "accuse":
            target = a.get("against", 1 - team if teams == 2 else None)
            if played_on[target]:
                return points, seat_tricks, {"winner": team, "games": 2, "reason": "uebergaigelt"}
            return points, seat_tricks, {"winner": target, "games": 2,
                                         "reason": "false_accusation"}
    assert tricks_done == 48 // n, "a golden deal ends with a claim or is played out"
    add(winner % teams, rules.last_trick_bonus)
    if first is None:
        return points, seat_tricks, {"winner": points.index(max(points)), "games": 1,
                                     "reason": "played_out"}
    if played_on[first]:
        return points, seat_tricks, {"winner": best_opponent(first, first), "games": 2,
                                     "reason": "uebergaigelt"}
    others_none = all(team_tricks[t] == 0 for t in range(teams) if t != first)
    return points, seat_tricks, {"winner": first, "games": 2 if others_none else 1,
                                 "reason": "played_out"}


@pytest.mark.parametrize("name", NAMES)
def test_golden_deal_recounts_by_hand(name):
    record, expected = load(name)
    rejected = {r["i"] for r in expected["rejected"]}
    points, seat_tricks, result = referee(record, rejected)
    assert result == expected["result"]
    assert points == expected["state"]["points"]
    assert seat_tricks == expected["state"]["tricks"]
    assert expected["notes"], "each golden deal says how it was checked"


@pytest.mark.parametrize("name", NAMES)
def test_golden_deal_replays_to_its_expected_result_and_state(name):
    record, expected = load(name)
    out = replay(parse_record(record))
    assert out["result"] == expected["result"]
    assert out["state"] == expected["state"]
    assert [{"i": s["i"], "error": s["error"]} for s in out["steps"] if not s["ok"]] == \
        expected["rejected"]
    assert [s["i"] for s in out["steps"]] == list(range(len(record["actions"])))


@pytest.mark.parametrize("name", NAMES)
def test_golden_deal_replays_the_same_through_the_command_line(name):
    record, expected = load(name)
    proc = subprocess.run([sys.executable, "-m", "engine", "replay",
                           str(GOLDEN / f"{name}.json")], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["result"] == expected["result"] and out["state"] == expected["state"]
