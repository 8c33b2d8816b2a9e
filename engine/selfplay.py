"""Uniformly random legal play, for the ``selfplay`` command, property tests and benchmarks."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .actions import Action
from .cards import shuffled_pack
from .deal import AUS, Deal, Layout
from .rules import Rules


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A uniformly random choice among the legal plays and claims of the seats.

    Claims are only those a sensible player makes: declarations, exchanges, five Sevens,
    a knock as soon as a team is entitled, and an accusation when it is right. New claims only
    become possible when a trick is complete (tricks won, cards drawn), so they are looked for
    between tricks; otherwise the seat to play plays.
    """
    seat = deal.to_play
    assert seat is not None
    teams = deal.teams
    if deal.first_101 is not None:
        for t in range(teams):
            if deal.points[t] >= AUS:
                return Action(t, "knock")
            if deal.played_on[t]:
                accuser = (t + 1) % teams
                return Action(accuser, "accuse", against=None if teams == 2 else t)
    options = deal.legal_plays(seat)
    if not deal.trick:
        for s in range(deal.players):
            options += deal.shows(s)
    return rng.choice(options)


def play_random_deal(players: int, rules: Rules, rng: random.Random,
                     layout: Layout | None = None) -> Deal:
    """Deal from ``rng`` (unless a layout is given) and play to the end at random."""
    if layout is None:
        layout = Layout.from_pack(shuffled_pack(rng), players)
    deal = Deal(layout, rules)
    while deal.result is None:
        deal.apply(random_action(deal, rng))
    return deal


def selfplay(players: int, deals: int, seed: int, rules: Rules) -> dict[str, Any]:
    """Play ``deals`` random deals and summarise them (the ``selfplay`` command's JSON)."""
    rng = random.Random(seed)
    reasons: Counter[str] = Counter()
    wins: Counter[int] = Counter()
    games = 0
    actions = 0
    melds = 0
    exchanges = 0
    for _ in range(deals):
        deal = play_random_deal(players, rules, rng)
        assert deal.result is not None
        reasons[deal.result.reason] += 1
        wins[deal.result.winner] += 1
        games += deal.result.games
        actions += len(deal.actions)
        melds += len(deal.melds)
        exchanges += len(deal.exchanges)
    return {
        "players": players,
        "deals": deals,
        "seed": seed,
        "rules": rules.to_json(),
        "reasons": dict(sorted(reasons.items())),
        "wins": {str(k): v for k, v in sorted(wins.items())},
        "games": games,
        "actions": actions,
        "marriages": melds,
        "exchanges": exchanges,
    }
