"""Regenerate the golden deal records: ``python tests/golden/make_golden.py``.

Each deal is a seeded deal played by a fixed policy: knock as soon as a team has ``knock_at``
points (by that team's lowest seat), else the first declaration or exchange on offer, else the
first legal play. A few refused actions are mixed in. The results were checked by hand (the
``notes`` of each ``*.expected.json``) and are recounted independently by
``tests/engine/test_golden.py``; do not regenerate them without checking again.
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.actions import Action  # noqa: E402
from engine.deal import Deal, Layout  # noqa: E402
from engine.record import parse_record, replay  # noqa: E402
from engine.rules import Rules  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent

def play(players: int, rules: Rules, seed: int, knock_at: int | None) -> Deal:
    deal = Deal(Layout.seeded(players, seed), rules)
    while deal.result is None:
        action = None
        if knock_at is not None:
            for team in range(deal.teams):
                if deal.points[team] >= knock_at:
                    action = Action(deal.seats_of(team)[0], "knock")
                    break
        if action is None:
            shows = [a for s in range(players) for a in deal.shows(s)]
            action = shows[0] if shows else deal.legal_plays(deal.to_play)[0]
        deal.apply(action)
    return deal


def write(name: str, players: int, rules_json: dict[str, Any], seed: int,
          knock_at: int | None, refused: list[tuple[int, dict[str, Any]]],
          notes: list[str]) -> None:
    """Play the deal, insert the refused actions (at their final indices) and write both
    files."""
    deal = play(players, Rules.from_json(rules_json), seed, knock_at)
    record = deal.record()
    for index, raw in sorted(refused, key=lambda r: r[0]):
        record["actions"].insert(index, raw)
    out = replay(parse_record(record))
    rejected = [{"i": s["i"], "error": s["error"]} for s in out["steps"] if not s["ok"]]
    assert [r["i"] for r in rejected] == [i for i, _ in refused], rejected
    (HERE / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
    expected = {"result": out["result"], "state": out["state"], "rejected": rejected,
                "notes": notes}
    (HERE / f"{name}.expected.json").write_text(json.dumps(expected, indent=1) + "\n")


SPECS: list[tuple[str, int, dict[str, Any], int, int | None,
                  list[tuple[int, dict[str, Any]]], list[str]]] = [
    ("4p_wuerttemberg_aus", 4, {"preset": "wuerttemberg"}, 92, 101, [
        (0, {"seat": 1, "do": "play", "card": "EU"}),
        (1, {"seat": 0, "do": "play", "card": "SK"}),
        (6, {"seat": 1, "do": "exchange"}),
    ], [
        "trump B (indicator BA)",
        "t0 hoeher-hat SK EU EA SO: SK highest Schellen -> seat 0; team 0 4+2+11+3 = 20",
        "seat 2 declares H 20 -> team 0 40",
        "t1 S10 B7 HK B10: B10 best trump -> seat 3; team 1 10+0+4+10 = 24",
        "seat 0 declares E 20 -> team 0 60; seat 1 exchanges B7 for BA",
        "seat 2 declares S 20 -> team 0 80",
        "t2 S10 EO EU H10: S10 -> seat 3; team 1 +25 = 49",
        "t3 H7 BA HU SK: BA trump -> seat 0; team 0 +17 = 97",
        "t4 E7 BK HO B10: B10 beats BK -> seat 3; team 1 +17 = 66",
        "seat 2 declares its own E pair (fresh cards) 20 -> team 0 117",
        "seat 0 knocks with 117, opponents have tricks: aus, single game",
        "refused: seat 1 out of turn (not_your_turn), first card without opening "
        "(bad_opening), seat 1 exchange before its team has a trick (no_trick_yet)",
    ]),
    ("4p_wuerttemberg_gaigel", 4, {"preset": "wuerttemberg"}, 47, 101, [
        (0, {"seat": 0, "do": "exchange"}),
    ], [
        "trump S (indicator SK)",
        "t0 hoeher-hat HK H7 BA BU: HK highest Herz -> seat 0; team 0 4+0+11+2 = 17",
        "seat 0 exchanges S7 for SK; declares S 40 -> 57",
        "t1 SO S7 SU B10: SO best trump -> seat 0; +15 = 72",
        "t2 HU E10 EK E7: HU only Herz -> seat 0; +16 = 88",
        "seat 2 declares its own S pair 40 -> 128",
        "seat 0 knocks with 128, opponents have no trick: gaigel, double game",
        "refused: exchange before any trick (no_trick_yet)",
    ]),
    ("4p_wuerttemberg_untergaigelt", 4, {"preset": "wuerttemberg"}, 75, 85, [
        (0, {"seat": 0, "do": "sevens"}),
    ], [
        "trump H (indicator HU); the policy knocks at 85, too early",
        "t0 hoeher-hat S10 S7 SU S7 -> seat 0; team 0 12; seat 0 declares E 20 -> 32",
        "t1 E10 SO E7 HA: HA trump -> seat 3; team 1 24; seat 1 declares S 20 -> 44",
        "seat 0 exchanges H7 for HU",
        "t2 B10 SA SK H10: H10 trump -> seat 2; team 0 +35 = 67",
        "t3 BO EU EO E7: BO only Blatt -> seat 2; team 0 +8 = 75",
        "seat 0 declares B 20 -> 95 and knocks: under 101, untergaigelt, team 1 wins double",
        "refused: sevens without five Sevens (not_allowed)",
    ]),
    ("3p_classic_aus", 3, {"preset": "classic"}, 126, 101, [
        (0, {"seat": 0, "do": "play", "card": "EK", "opening": "ge-elfen"}),
    ], [
        "classic, three players each alone, trump H (indicator HU)",
        "t0 EK BO SU -> seat 0 9; seat 0 exchanges H7 for HU (it took a trick itself)",
        "t1 BU HA SO -> seat 1 16; t2 HU SA BK -> seat 1 33; t3 B7 SU EO -> seat 1 38",
        "t4 H10 S7 B7 -> seat 1 48; t5 E10 EA HU -> seat 0 32",
        "seat 0 declares S 20 in the window after its trick -> 52",
        "t6 H10 BK BU -> seat 0 68; t7 BA H7 HK -> seat 2 15; t8 BA SO EA -> seat 2 40",
        "seat 2 declares E 20 -> 60; t9 EO SK HA -> seat 1 66; t10 BO EK EU -> seat 1 75",
        "t10's draw empties the talon; the window after it still allows seat 1's H 40 -> 115",
        "seat 1 knocks: aus, winner seat 1, single game",
        "refused: an opening in classic (bad_opening)",
    ]),
    ("6p_wuerttemberg_played_out", 6, {"preset": "wuerttemberg"}, 223, None, [], [
        "six players, teams {0,2,4} and {1,3,5}, trump E (indicator EU); nobody knocks",
        "t0 hoeher-hat SU H10 BK BK BA SA: SA -> seat 5; team 1 42; seat 5 exchanges E7",
        "t1 HA E10 EK B10 EO HK: E10 best trump -> seat 0; team 0 42",
        "t2 EU BO E7 HO HO E10: E10 -> seat 5; team 1 63 (talon now empty)",
        "t3 SU S7 S10 SO SA S7: SA -> seat 3; team 1 89",
        "t4 BO B7 EU BU EK B7: EK -> seat 1; team 1 100",
        "t5 H10 H7 HU HU HA EA: EA trump -> seat 0; team 0 78",
        "t6 B10 SO EO BU E7 SK: EO -> seat 2; team 0 100",
        "t7 S10 EA SK H7 BA HK: EA -> seat 3; team 1 140, first over 101 at the last trick",
        "played out: team 1 wins a single game (team 0 has tricks)",
    ]),
    ("3p_classic_played_out_bonus", 3, {"preset": "classic", "last_trick_bonus": 10}, 87,
     None, [], [
        "classic with last_trick_bonus 10, trump H (indicator HK); nobody knocks",
        "seat 0 tricks: t0 4, t5 13, t6 32, t7 14, t8 4, t12 17, t14 6 -> 90",
        "seat 1 tricks: t2 17, t9 9 (+ S pair 20), t10 11, t11 16, t13 6 -> 79",
        "seat 2 tricks: t1 33, t3 22, t4 23 -> 78",
        "t15 H7 BA EU -> seat 0 +13 = 103, + last trick 10 = 113: first over 101",
        "played out: seat 0 wins a single game",
    ]),
]


if __name__ == "__main__":
    for spec in SPECS:
        write(*spec)
