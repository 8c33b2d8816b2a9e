"""Determinization: deal the cards a seat has not seen into a world consistent with what it saw.

The unseen cards are the pack minus the seat's hand, every card seen played, the indicator while
it lies, and the cards known to be in other hands (declared Kings and Obers still held, the
indicator taken by the Seven exchange or drawn last). They go into the other hands (each to its
size, known cards first) and the talon (its count, the indicator at the bottom), respecting
what strict play revealed: voids, and "nothing higher" after a failure to beat or overtrump.
With ``claimed`` > 0, a world in which another seat could declare a pair or exchange the Seven
right now is dealt again (up to ``claimed`` times): that seat was asked after the last action
and did not claim. Among computer players (which claim at once) about a third of unchecked
worlds break this, yet the ``strong`` level did not measurably gain by it (800 deals against
``heuristic``: 60.0 % of deals won with it, 61.3 % without), so it is off by default: the
search compares cards within one world, and the surprise claim weighs on every card alike.
"""

from __future__ import annotations

import random
from collections import Counter

from ...cards import CANONICAL_PACK, STRENGTH
from ...rules import Rules
from ...views import View
from ..memory import UNLIMITED, SeatMemory
from .playout import Playout

_PACK = Counter(CANONICAL_PACK)


KEEP_PRIOR: dict[str, float] = {
    "tA": 0.4, "t10": 0.85, "tK": 1.0, "tO": 1.2, "tU": 1.1, "t7": 0.5,
    "pA": 1.2, "p10": 1.0, "pK": 1.2, "pO": 1.1, "pU": 0.75, "p7": 0.5,
}
"""How much likelier a card is to be still in a hand than in the talon, once a player has
played a few cards (t: trump, p: plain suit). People and the heuristic alike throw Sevens and
Unters and play trump Aces early, and keep plain Aces and marriage cards; measured on
heuristic play: cards in hands after the second trick against uniform worlds."""


def _prior_weights(trump: str, tricks_done: int, prior: dict[str, float]) -> dict[str, float]:
    strength = min(1.0, tricks_done / 4.0)
    out: dict[str, float] = {}
    for s in "EBHS":
        for r in ("A", "10", "K", "O", "U", "7"):
            key = ("t" if s == trump else "p") + r
            out[s + r] = prior.get(key, 1.0) ** strength
    return out


def sample_world(memory: SeatMemory, view: View, rules: Rules, rng: random.Random,
                 tries: int = 40, settle: bool = True,
                 prior: dict[str, float] | None = None, claimed: int = 0) -> Playout | None:
    """A random world consistent with the seat's knowledge, or None if it cannot make one
    (a face-down card in the trick, or a count that does not add up). ``settle``: let the
    world's seats make the claims due (``Playout.settle``) before it is returned.

    ``claimed``: how many times to deal again a world in which another seat could claim now
    (declare a pair, exchange the Seven). Every seat was asked after the last action, and a
    computer claims at once, so such a world contradicts what the seat saw; a person may hold
    a claim back, so after that many tries the world is taken anyway."""
    world: Playout | None = None
    for _ in range(claimed + 1):
        world = _deal_world(memory, view, rules, rng, tries, prior)
        if world is None or not world.claim_due(view.seat):
            break
    if world is not None and settle:
        world.settle()
    return world


def _deal_world(memory: SeatMemory, view: View, rules: Rules, rng: random.Random,
                tries: int, prior: dict[str, float] | None) -> Playout | None:
    me = view.seat
    assert me is not None
    n = view.players
    pool = _PACK - Counter(view.hand) - memory.played
    if view.indicator is not None:
        pool[view.indicator] -= 1
    pool = +pool
    trick: list[tuple[int, str]] = []
    for i, (s, c) in enumerate(view.trick.plays):
        if c is None:
            # a face-down card of the first trick: one that fits the opening
            c = _face_down(pool, i == 0, view.opening, view.trump_suit, rng)
            if c is None:
                return None
            pool[c] -= 1
        trick.append((s, c))
    pool = +pool
    others = [s for s in range(n) if s != me]
    known: dict[int, list[str]] = {}
    need: dict[int, int] = {}
    for s in others:
        ks: list[str] = []
        size = view.hand_sizes[s]
        for c, k in memory.known(s).items():
            take = min(k, pool[c], size - len(ks))
            if take > 0:
                ks += [c] * take
                pool[c] -= take
        known[s] = ks
        need[s] = size - len(ks)
    talon_hidden = view.talon - (1 if view.indicator is not None else 0)
    cards = list(pool.elements())
    if len(cards) != sum(need.values()) + talon_hidden:
        return None
    caps = {s: memory.caps[s] for s in others}
    constrained = any(v != UNLIMITED for s in others for v in caps[s].values())
    assigned: dict[int, list[str]] | None = None
    talon: list[str] = []
    if constrained:
        for _ in range(tries):
            assigned, talon = _constrained(cards, others, need, caps, talon_hidden, rng)
            if assigned is not None:
                break
    if assigned is None and prior and talon_hidden and view.trick_number:
        # weighted sampling without replacement of the cards that are in hands
        weight = _prior_weights(view.trump_suit, view.trick_number, prior)
        keyed = sorted(cards, key=lambda c: rng.random() ** (1.0 / weight[c]), reverse=True)
        in_hands = sum(need.values())
        held = keyed[:in_hands]
        rng.shuffle(held)
        talon = keyed[in_hands:]
        rng.shuffle(talon)
        assigned = {}
        i = 0
        for s in others:
            assigned[s] = held[i:i + need[s]]
            i += need[s]
    if assigned is None:
        rng.shuffle(cards)
        assigned = {}
        i = 0
        for s in others:
            assigned[s] = cards[i:i + need[s]]
            i += need[s]
        talon = cards[i:]
    hands: list[list[str]] = []
    for s in range(n):
        hands.append(list(view.hand) if s == me else known[s] + assigned[s])
    played = dict(memory.played)
    for (_, seen), (_, c) in zip(view.trick.plays, trick, strict=True):
        if seen is None:
            played[c] = played.get(c, 0) + 1
    world = Playout(
        rules, n, view.trump_suit, hands, talon, view.indicator, trick,
        view.to_play if view.to_play is not None else 0, list(memory.points),
        list(memory.team_tricks), list(view.tricks_taken), played,
        [dict(c) for c in memory.shown], {m.suit for m in view.marriages}, view.trick_number)
    world.opening = view.opening
    return world


def _face_down(pool: Counter[str], led: bool, opening: str | None, trump: str,
               rng: random.Random) -> str | None:
    """A card for a hidden place in the first trick: the led card fits the opening; the others
    are plain cards (a hand of five trumps is too rare to model)."""
    if led and opening == "zweite-alte":
        options = [c for c in pool.elements() if c[0] != trump and c[1:] == "A"]
    elif led:
        options = [c for c in pool.elements() if c[0] != trump and c[1:] != "A"]
    else:
        options = [c for c in pool.elements() if c[0] != trump]
    return rng.choice(options) if options else None


def _constrained(cards: list[str], others: list[int], need: dict[int, int],
                 caps: dict[int, dict[str, int]], talon_hidden: int,
                 rng: random.Random) -> tuple[dict[int, list[str]] | None, list[str]]:
    """One attempt at dealing ``cards`` under the caps, most constrained cards first."""
    order = list(cards)
    rng.shuffle(order)

    def eligible(c: str) -> int:
        return sum(1 for s in others if caps[s][c[0]] >= STRENGTH[c])

    order.sort(key=eligible)
    left = dict(need)
    talon_left = talon_hidden
    out: dict[int, list[str]] = {s: [] for s in others}
    talon: list[str] = []
    for c in order:
        suit, st = c[0], STRENGTH[c]
        slots = [s for s in others if left[s] > 0 and caps[s][suit] >= st]
        total = sum(left[s] for s in slots) + talon_left
        if total <= 0:
            return None, []
        r = rng.randrange(total)
        for s in slots:
            if r < left[s]:
                out[s].append(c)
                left[s] -= 1
                break
            r -= left[s]
        else:
            talon.append(c)
            talon_left -= 1
    rng.shuffle(talon)
    return out, talon
