"""``python -m engine selfplay``: random legal deals summarised as JSON, deterministic per seed."""

import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
KEYS = {"players", "deals", "seed", "rules", "reasons", "wins", "games", "actions", "marriages",
        "exchanges"}
REASONS = {"aus", "gaigel", "untergaigelt", "uebergaigelt", "false_accusation", "five_sevens",
           "five_tricks", "played_out"}


def selfplay(*args):
    proc = subprocess.run([sys.executable, "-m", "engine", "selfplay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    return proc


@pytest.mark.parametrize(("players", "preset"), [(2, "classic"), (3, "wuerttemberg"),
                                                 (4, "wuerttemberg"), (6, "classic")])
def test_selfplay_prints_a_json_summary(players, preset):
    proc = selfplay("--players", str(players), "--deals", "30", "--seed", "7",
                    "--preset", preset)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == KEYS
    assert out["players"] == players and out["deals"] == 30 and out["seed"] == 7
    assert out["rules"] == {"preset": preset}
    assert set(out["reasons"]) <= REASONS and sum(out["reasons"].values()) == 30
    teams = 3 if players == 3 else 2
    assert set(out["wins"]) <= {str(t) for t in range(teams)}
    assert sum(out["wins"].values()) == 30
    assert 30 <= out["games"] <= 60
    assert out["actions"] > 0


def test_selfplay_is_deterministic_for_a_seed():
    args = ("--players", "4", "--deals", "40", "--seed", "3")
    first, second = selfplay(*args), selfplay(*args)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout
    other = selfplay("--players", "4", "--deals", "40", "--seed", "4")
    assert json.loads(other.stdout) != json.loads(first.stdout)


def test_selfplay_takes_a_rules_object():
    proc = selfplay("--players", "2", "--deals", "10", "--rules",
                    '{"preset": "classic", "last_trick_bonus": 10}')
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["rules"] == {"preset": "classic", "last_trick_bonus": 10}


def test_selfplay_refuses_unknown_rules():
    proc = selfplay("--players", "2", "--deals", "1", "--rules", '{"jokers": true}')
    assert proc.returncode == 2 and proc.stderr.strip()
    proc = selfplay("--players", "2", "--deals", "1", "--preset", "skat")
    assert proc.returncode == 2
