"""How likely a sampled world is, given how the other seats played.

A seat that could have played several cards chose one; a sensible player's choice tells of
its hand. A sampled world is weighted by how well the heuristic (``pick_play``), put in each
other seat's place with that world's hand, explains the cards it saw them play: a factor 1 when
the heuristic plays the same card, ``eps`` when not; with a temperature ``temp`` a card the
heuristic values ``gap`` points below its best weighs ``exp(-gap / temp)`` (at least ``eps``),
a model that allows the near misses of a player who searches, or of a person (issue 28, fourth
round: it did not make ``strong`` stronger against a searching player either). The search
keeps worlds in proportion to that weight (rejection sampling), so it plays against hands
that fit what happened.

A seat's hand at a past play is known in a world exactly while no card was drawn since (the
current draw round, and all of strict play); one draw round back it is known up to the one card
drawn since, and the likelihood is averaged over that card. Older plays are not used.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence

from ..rules import Rules
from .heuristic import pick_play
from .memory import PlayRecord, SeatMemory
from .playout import Playout, strict_legal


def relevant(memory: SeatMemory, me: int, rules: Rules,
             seats: Collection[int]) -> list[PlayRecord]:
    """The plays of ``seats`` (never ``me``'s) that can be explained in a world (see the
    module text)."""
    out = []
    for r in memory.history:
        if r.seat == me or r.epoch < memory.epoch - 1 or r.seat not in seats:
            continue
        if r.tricks_done == 0 and rules.openings:
            continue  # the openings' first trick: blind cards, other rules
        out.append(r)
    return out


def _match(hand: list[str], r: PlayRecord, players: int, trump: str, rules: Rules,
           eps: float, temp: float = 0.0) -> float:
    """How well ``hand`` explains the play ``r``: 1 when the heuristic plays that card too,
    else ``eps``; with ``temp`` (card points) at least ``exp(-gap / temp)``, ``gap`` being how
    far the heuristic values the card below its best: a near miss is what a player who
    searches, or a person, plays often, a card far below the best rarely."""
    if r.talon == 0 and r.trick:
        legal = strict_legal(hand, list(r.trick), trump, rules.beat_when_trumped)
    else:
        legal = list(dict.fromkeys(hand))
    if r.card not in legal:
        return eps * eps
    if len(legal) == 1:
        return 1.0
    closed = r.melded if rules.second_pair_same_suit == "never" else ()
    values: list[float] = []
    pick = pick_play(hand, legal, r.trick, seat=r.seat, players=players, trump=trump,
                     talon=r.talon, indicator=r.indicator, points=r.points,
                     team_tricks=r.team_tricks, played=r.played, shown=r.shown,
                     closed_suits=closed, values=values)
    if pick == r.card:
        return 1.0
    if temp <= 0.0:
        return eps
    return max(eps, math.exp((values[legal.index(r.card)] - max(values)) / temp))


def likelihood(world: Playout, records: Sequence[PlayRecord], memory: SeatMemory, eps: float,
               rules: Rules, rng: random.Random | None = None, floor: float = 0.0,
               temp: float = 0.0) -> float:
    """The weight of ``world`` (at most 1) given the plays in ``records``.

    With ``rng``, the card drawn since a play one draw round back is sampled rather than
    averaged over: an unbiased estimate, cheaper, as good for rejection sampling. The
    computation stops as soon as the weight falls to ``floor`` or below (it can only fall).
    """
    if not records:
        return 1.0
    w = 1.0
    trump = world.trump
    epoch = memory.epoch
    n = world.n
    for seat in range(n):
        recs = [r for r in records if r.seat == seat]
        if not recs:
            continue
        hand_now = world.hands[seat]
        later: list[str] = []
        current = [r for r in recs if r.epoch == epoch]
        for r in reversed(current):
            later.append(r.card)
            w *= _match(hand_now + later, r, n, trump, rules, eps, temp)
        if w <= floor:
            return w
        previous = [r for r in recs if r.epoch == epoch - 1]
        if not previous:
            continue
        # one draw round back: one card of (hand now + played since) was drawn after it
        since = hand_now + later
        if rng is not None:
            options = [since[rng.randrange(len(since))]]
            weights = [1.0]
        else:
            options = list(dict.fromkeys(since))
            weights = [since.count(d) / len(since) for d in options]
        back: list[str] = []
        for r in reversed(previous):
            back.append(r.card)
            acc = 0.0
            for d, q in zip(options, weights, strict=True):
                hand = list(since)
                hand.remove(d)
                acc += q * _match(hand + back, r, n, trump, rules, eps, temp)
            w *= acc
        if w <= floor:
            return w
    return w
