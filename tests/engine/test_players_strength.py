"""Issue 28: the ``baseline`` level (the old ``strong``, frozen) and the new search's guarantees."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine.deal import Layout
from engine.players import LEVELS
from engine.players.baseline import BaselinePlayer
from engine.players.tournament import (
    TOURNAMENT_LEVELS,
    derive_seed,
    make_tournament_player,
    play_deal,
)
from engine.rules import Rules

BEFORE = json.loads((Path(__file__).parent / "data" / "strong_before_issue28.json").read_text())
"""Whole deals played by four ``strong`` players of before issue 28 (no clock, a fixed number of
worlds, fixed seeds), recorded with that code before anything changed."""


@pytest.mark.parametrize("case", BEFORE, ids=lambda c: f"{c['players']}p-{c['preset']}-{c['seed']}")
def test_baseline_level_makes_the_old_strong_players_choices(case: dict) -> None:
    players, seed = case["players"], case["seed"]
    rules = Rules.named(case["preset"])
    layout = Layout.seeded(players, derive_seed("issue28", seed))
    seats = [BaselinePlayer(s, players, rules, budget_ms=math.inf, seed=seed * 10 + s,
                            max_samples=case["max_samples"]) for s in range(players)]
    run = play_deal(layout, rules, seats)
    assert [a.to_json() for a in run.deal.actions] == case["actions"]


def test_baseline_is_a_tournament_level_and_no_choice_of_the_bots_people() -> None:
    assert "baseline" not in LEVELS
    assert set(TOURNAMENT_LEVELS) == set(LEVELS) | {"baseline"}
    player = make_tournament_player("baseline", 0, 4, Rules(), budget_ms=300.0, seed=1)
    assert isinstance(player, BaselinePlayer) and player.level == "baseline"
    with pytest.raises(ValueError):
        make_tournament_player("nonsense", 0, 4, Rules(), budget_ms=300.0, seed=1)
