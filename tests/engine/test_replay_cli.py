"""``python -m engine replay FILE|-`` exactly as the deal-record spec describes it (§Output)."""

import json
import pathlib
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CANONICAL_PACK, parse_card
from engine.errors import MESSAGES
from engine.record import RecordError, parse_record, replay

ROOT = pathlib.Path(__file__).resolve().parents[2]
STATE_KEYS = {"trump_suit", "indicator", "talon", "hands", "trick", "leader", "to_play",
              "tricks", "points", "melds"}
HANDS = [["EA", "E10", "HK", "HO", "S7"], ["S10", "BK", "E7", "HU", "SU"],
         ["EK", "EO", "HA", "H10", "SA"], ["EA", "E10", "EK", "EO", "EU"]]


def talon_for(hands, trump):
    rest = list(CANONICAL_PACK)
    for c in [c for h in hands for c in h] + [trump]:
        rest.remove(parse_card(c))
    return rest


def record(actions, rules="wuerttemberg", hands=HANDS, trump="B7", **extra):
    hands = [list(h) for h in hands]
    out = {"format": "gaigel-deal/1", "rules": rules, "players": len(hands),
           "deal": {"hands": hands, "trump": trump, "talon": talon_for(hands, trump)},
           "actions": actions}
    out.update(extra)
    return out


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def replay_json(data, tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(data))
    proc = run("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_replay_output_shape_matches_the_spec_example(tmp_path):
    out = replay_json(record([
        {"seat": 0, "do": "play", "card": "EA", "opening": "ge-elfen"},
        {"seat": 1, "do": "play", "card": "BK"},
    ]), tmp_path)
    assert set(out) == {"steps", "state", "result"}
    assert out["steps"] == [
        {"i": 0, "ok": True},
        {"i": 1, "ok": False, "error": "trump_in_first_trick",
         "message": "No trumps to the first trick."},
    ]
    assert set(out["state"]) == STATE_KEYS
    assert out["state"] == {
        "trump_suit": "B", "indicator": "B7", "talon": 28,
        "hands": [HANDS[0][1:], HANDS[1], HANDS[2], HANDS[3]],
        "trick": [{"seat": 0, "card": "EA"}],
        "leader": 0, "to_play": 1,
        "tricks": [0, 0, 0, 0],
        "points": [0, 0],
        "melds": [],
    }
    assert out["result"] is None


def test_replay_reads_standard_input_with_dash(tmp_path):
    data = record([{"seat": 0, "do": "play", "card": "EA", "opening": "ge-elfen"}])
    proc = run("replay", "-", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == replay_json(data, tmp_path)


def test_rejected_actions_leave_the_deal_unchanged_and_the_replay_goes_on(tmp_path):
    out = replay_json(record([
        {"seat": 1, "do": "play", "card": "S10"},
        {"seat": 0, "do": "play", "card": "EA"},
        {"seat": 0, "do": "declare", "suit": "H"},
        {"seat": 0, "do": "play", "card": "EA", "opening": "ge-elfen"},
        {"seat": 1, "do": "play", "card": "E7"},
        {"seat": 2, "do": "play", "card": "EK"},
        {"seat": 3, "do": "play", "card": "EA"},
        {"seat": 2, "do": "declare", "suit": "H"},
        {"seat": 0, "do": "declare", "suit": "H"},
    ]), tmp_path)
    errors = [s.get("error") for s in out["steps"]]
    assert errors == ["not_your_turn", "bad_opening", "no_trick_yet", None, None, None, None,
                      "no_marriage", None]
    for step in out["steps"]:
        if step["ok"]:
            assert step == {"i": step["i"], "ok": True}
        else:
            assert set(step) == {"i", "ok", "error", "message"}
            assert step["message"] == MESSAGES[step["error"]]
    assert out["state"]["points"] == [11 + 0 + 4 + 11 + 20, 0]
    assert out["state"]["melds"] == [{"seat": 0, "suit": "H", "double": False, "points": 20}]
    assert out["state"]["tricks"] == [1, 0, 0, 0]


def test_a_finished_deal_prints_its_result(tmp_path):
    out = replay_json(record([
        {"seat": 0, "do": "play", "card": "EA", "opening": "ge-elfen"},
        {"seat": 1, "do": "play", "card": "E7"},
        {"seat": 2, "do": "play", "card": "EK"},
        {"seat": 3, "do": "play", "card": "EA"},
        {"seat": 1, "do": "knock"},
        {"seat": 0, "do": "knock"},
    ]), tmp_path)
    assert out["result"] == {"winner": 0, "games": 2, "reason": "untergaigelt"}
    assert out["steps"][-1]["error"] == "deal_over"
    assert out["state"]["to_play"] is None


@pytest.mark.parametrize("seed", [0, 1, 123456789])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seeded_deal_is_the_shuffled_canonical_pack(seed, players, tmp_path):
    out = replay_json({"format": "gaigel-deal/1", "rules": "classic", "players": players,
                       "seed": seed, "actions": []}, tmp_path)
    pack = list(CANONICAL_PACK)
    random.Random(seed).shuffle(pack)
    state = out["state"]
    assert state["hands"] == [pack[5 * i: 5 * i + 5] for i in range(players)]
    assert state["indicator"] == pack[5 * players]
    assert state["trump_suit"] == pack[5 * players][0]
    assert state["talon"] == 48 - 5 * players
    assert out["steps"] == [] and out["result"] is None


def test_seeded_deal_with_actions(tmp_path):
    pack = list(CANONICAL_PACK)
    random.Random(5).shuffle(pack)
    out = replay_json({"format": "gaigel-deal/1", "rules": {"preset": "classic"},
                       "players": 2, "seed": 5,
                       "actions": [{"seat": 0, "do": "play", "card": pack[0]},
                                   {"seat": 1, "do": "play", "card": pack[5]}]}, tmp_path)
    assert [s["ok"] for s in out["steps"]] == [True, True]
    assert sum(out["state"]["tricks"]) == 1 and out["state"]["talon"] == 36


def test_rules_object_with_overrides_and_default_preset(tmp_path):
    out = replay_json(record([{"seat": 0, "do": "play", "card": "EA"}],
                             rules={"preset": "wuerttemberg", "openings": False}), tmp_path)
    assert out["steps"] == [{"i": 0, "ok": True}]
    data = record([{"seat": 0, "do": "play", "card": "EA"}])
    del data["rules"]  # wuerttemberg is the default
    assert replay_json(data, tmp_path)["steps"][0]["error"] == "bad_opening"


def test_french_or_lower_case_spelling_is_read_and_codes_are_written(tmp_path):
    hands = [[c.lower() for c in h] for h in HANDS]
    hands[0][0] = "ca"  # clubs ace = Eichel Ass
    out = replay_json(record([{"seat": 0, "do": "play", "card": "ca", "opening": "ge-elfen"}],
                             hands=hands), tmp_path)
    assert out["steps"] == [{"i": 0, "ok": True}]
    assert out["state"]["trick"] == [{"seat": 0, "card": "EA"}]
    assert out["state"]["hands"][1] == HANDS[1]


def bad_exit(text):
    proc = run("replay", "-", stdin=text)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].strip(), proc.stderr
    return lines[0]


def test_unreadable_json_exits_2_with_one_line():
    bad_exit("{not json")
    bad_exit("")
    bad_exit("[1, 2, 3]")


def test_unreadable_file_exits_2(tmp_path):
    proc = run("replay", str(tmp_path / "missing.json"))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    proc = run("replay", str(path))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("rules", [
    {"preset": "wuerttemberg", "jokers": True},
    {"preset": "classic", "openings": "yes"},
    {"preset": "skat"},
    "nonsense",
])
def test_unknown_rule_option_or_value_exits_2(rules):
    line = bad_exit(json.dumps(record([], rules=rules)))
    assert line


@pytest.mark.parametrize("players", [5, 1, "4", None, 4.0, True])
def test_bad_players_exits_2(players):
    data = {"format": "gaigel-deal/1", "rules": "classic", "players": players, "seed": 1,
            "actions": []}
    bad_exit(json.dumps(data))


def test_player_count_must_match_the_hands():
    data = record([])
    data["players"] = 2
    bad_exit(json.dumps(data))


def test_a_card_three_times_exits_2():
    data = record([])
    data["deal"]["hands"][1][0] = "EA"  # EA now three times, S10 once
    line = bad_exit(json.dumps(data))
    assert "EA" in line or "S10" in line


@pytest.mark.parametrize("mutate", [
    lambda d: d["deal"]["talon"].pop(),
    lambda d: d["deal"]["hands"][0].pop(),
    lambda d: d["deal"].update(trump="X9"),
    lambda d: d["deal"].__delitem__("trump"),
    lambda d: d.update(deal="EA"),
])
def test_an_invalid_deal_exits_2(mutate):
    data = record([])
    mutate(data)
    bad_exit(json.dumps(data))


def test_missing_deal_and_seed_exits_2():
    data = record([])
    del data["deal"]
    line = bad_exit(json.dumps(data))
    assert "deal" in line or "seed" in line


@pytest.mark.parametrize("actions", [
    [{"seat": 9, "do": "play", "card": "EA"}],
    [{"seat": 0, "do": "dance"}],
    [{"seat": 0, "do": "play"}],
    [{"seat": 0, "do": "play", "card": "ZZ"}],
    [{"seat": 0, "do": "declare", "suit": "Q"}],
    [{"do": "knock"}],
    ["knock"],
    {"seat": 0, "do": "knock"},
])
def test_malformed_actions_make_the_record_unreadable(actions):
    bad_exit(json.dumps(record(actions)))


def test_wrong_format_exits_2():
    data = record([])
    data["format"] = "gaigel-deal/2"
    bad_exit(json.dumps(data))


def test_extra_top_level_fields_are_carried_not_refused(tmp_path):
    # engine choice: the spec does not forbid an exporter's extra fields; only unknown rule
    # options must be rejected
    out = replay_json(record([], note="exported by a bot"), tmp_path)
    assert out["steps"] == []


def test_replay_output_is_one_json_object_on_one_line(tmp_path):
    path = tmp_path / "d.json"
    path.write_text(json.dumps(record([{"seat": 0, "do": "knock"}])))
    proc = run("replay", str(path))
    assert proc.returncode == 0
    assert proc.stdout.count("\n") == 1 and proc.stderr == ""


def test_invalid_utf8_on_standard_input_exits_2():
    proc = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], cwd=ROOT,
                          input=b"\xff\xfe{}", capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert len(proc.stderr.decode("utf-8", "replace").strip().splitlines()) == 1


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.floats(allow_nan=False)
    | st.sampled_from(["", "EA", "ea", "classic", "play", "knock", "H", "ge-elfen"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=6,
)


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_damaged_record_is_refused_with_a_reason_or_replayed(data):
    """Whatever JSON arrives, the reader answers RecordError (exit 2) or a replay: no crash."""
    raw = record([{"seat": 0, "do": "play", "card": "EA", "opening": "ge-elfen"},
                  {"seat": 1, "do": "declare", "suit": "H", "double": True},
                  {"seat": 2, "do": "accuse", "against": 1}],
                 rules={"preset": "classic", "openings": True})
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(list(paths(raw))[1:]))
        parent = raw
        for key in where[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = data.draw(JSON_VALUES)
    raw = json.loads(json.dumps(raw))
    try:
        parsed = parse_record(raw)
    except RecordError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    out = replay(parsed)
    json.dumps(out)
    assert len(out["steps"]) == len(parsed.actions)
