"""Positions for tests of the strong search: seeded four-player deals played at random to a
decision with more than one card, and a strong player who saw the deal from its seat."""

from __future__ import annotations

import random

from engine import Deal, Layout, View, seat_view
from engine.players import StrongPlayer
from engine.players.strong import Plan
from engine.rules import Rules
from engine.selfplay import random_action


def strong_positions(count: int, *, first: int = 0,
              searched: bool = False) -> list[tuple[StrongPlayer, View]]:
    """Strong players of four-player deals, each at a decision with more than one card, at
    tricks 1 to 9 (``searched``: only decisions the player searches, no claim due)."""
    rules = Rules()
    out: list[tuple[StrongPlayer, View]] = []
    for seed in range(first, first + 200):
        deal = Deal(Layout.seeded(4, seed), rules)
        rng = random.Random(seed)
        while len(deal.tricks) < 1 + seed % 9 and not deal.over:
            deal.apply(random_action(deal, rng))
        if deal.over or deal.to_play is None:
            continue
        view = seat_view(deal, deal.to_play)
        if len({a.card for a in view.actions if a.do == "play"}) < 2:
            continue
        player = StrongPlayer(deal.to_play, 4, rules, seed=seed)
        replay = Deal(deal.layout, rules)
        for a in deal.actions:
            player.observe([e.seen_by(player.seat) for e in replay.apply(a)])
        if searched and not isinstance(player.plan(view), Plan):
            continue
        out.append((player, view))
        if len(out) == count:
            break
    return out
