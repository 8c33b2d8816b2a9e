"""Builders for hand-made deals, for tests and bug reports (pure, deterministic, public API only).

``layout_from`` completes a deal from the cards a test cares about; ``deal_from`` wraps it in a
``Deal``; ``play_cards`` plays cards by whoever is to play; ``strict_deal`` reaches the start of
strict play (talon empty) with chosen hands by planning the tricks before it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .actions import Action
from .cards import CANONICAL_PACK, CODES, STRENGTH
from .deal import Deal, Layout
from .events import Event
from .rules import Rules

Cards = str | Sequence[str]
"""Cards as a sequence of codes or one string of codes separated by spaces."""


def cards(value: Cards) -> list[str]:
    """``"EA E10 HK"`` or ``["EA", "E10", "HK"]`` as a list of codes."""
    if isinstance(value, str):
        return value.split()
    return list(value)


def remaining(*used: Iterable[str]) -> list[str]:
    """The pack minus ``used`` (each code at most twice), in canonical order."""
    left = Counter(CANONICAL_PACK)
    for group in used:
        for c in group:
            if left[c] <= 0:
                raise ValueError(f"{c} used more than twice (or is no card)")
            left[c] -= 1
    return [c for c in CODES for _ in range(left[c])]


def layout_from(hands: Sequence[Cards], trump: str, talon: Cards = (),
                rest: Cards | None = None) -> Layout:
    """A layout with these hands and indicator; ``talon`` gives its top cards (first drawn
    first) and the rest of the pack follows in canonical order (or in the order of ``rest``)."""
    hs = [cards(h) for h in hands]
    top = cards(talon)
    left = remaining(*hs, [trump], top)
    if rest is not None:
        tail = cards(rest)
        if sorted(tail) != sorted(left):
            raise ValueError("rest must be exactly the remaining cards")
        left = tail
    layout = Layout(tuple(tuple(h) for h in hs), trump, tuple(top + left))
    problems = layout.problems()
    if problems:
        raise ValueError("; ".join(problems))
    return layout


def rules_of(rules: Rules | str | None = None, **options: Any) -> Rules:
    if rules is None:
        rules = "wuerttemberg"
    if isinstance(rules, str):
        return Rules.named(rules, **options)
    return rules.with_options(**options) if options else rules


def deal_from(hands: Sequence[Cards], trump: str, talon: Cards = (),
              rules: Rules | str | None = None, **options: Any) -> Deal:
    """A ``Deal`` from ``layout_from(hands, trump, talon)`` under a preset plus options."""
    return Deal(layout_from(hands, trump, talon), rules_of(rules, **options))


def play_cards(deal: Deal, *codes: str, opening: str | None = None) -> list[Event]:
    """Play ``codes`` in turn, each by the seat to play; ``opening`` goes on the first card
    when it is the deal's first. Returns all events."""
    events: list[Event] = []
    for i, c in enumerate(codes):
        seat = deal.to_play
        assert seat is not None, "the deal is over"
        first = i == 0 and not deal.tricks and not deal.trick
        events += deal.apply(Action(seat, "play", c, opening if first else None))
    return events


def seat0_wins_first_trick(hands: Sequence[Cards], trump: str, talon: Cards = (),
                           rules: Rules | str | None = "wuerttemberg", **options: Any) -> Deal:
    """Seat 0 leads the Acorn Ace (``ge-elfen`` where there are openings) and takes the first
    trick, which entitles its team to declare and exchange. The others follow with E7 (two
    hands) or E10, EK, EO (four hands), so their hands must hold them."""
    deal = deal_from(hands, trump, talon, rules, **options)
    opening = "ge-elfen" if deal.rules.openings else None
    follow = {2: ["E7"], 4: ["E10", "EK", "EO"]}[len(hands)]
    play_cards(deal, "EA", *follow, opening=opening)
    assert deal.tricks[0].winner == 0
    return deal


# ---------------------------------------------------------------------- reaching strict play


def _beats(card: str, best: str, trump: str) -> bool:
    if card[0] == best[0]:
        return STRENGTH[card] > STRENGTH[best]
    return card[0] == trump


def _winner(plays: list[tuple[int, str]], trump: str, first: bool, openings: bool) -> int:
    if first and openings:
        lead = plays[0][1]
        if lead[1:] == "A":
            return plays[0][0]  # ge-elfen
        best = plays[0]
        for p in plays[1:]:
            if p[1][0] == lead[0] and STRENGTH[p[1]] > STRENGTH[best[1]]:
                best = p
        return best[0]  # hoeher-hat
    best = plays[0]
    for p in plays[1:]:
        if _beats(p[1], best[1], trump):
            best = p
    return best[0]


def _plan(pool: list[str], n: int, trump: str, winners: list[int], openings: bool,
          rng: random.Random) -> list[list[tuple[int, str]]] | None:
    """Cards for each filler trick so that ``winners[t]`` takes trick t, or None."""
    pool = list(pool)
    rng.shuffle(pool)
    tricks: list[list[tuple[int, str]]] = []
    leader = 0
    for t, w in enumerate(winners):
        order = [(leader + k) % n for k in range(n)]
        for _ in range(200):
            picked = rng.sample(range(len(pool)), n)
            plays = [(s, pool[i]) for s, i in zip(order, picked, strict=True)]
            if t == 0 and openings and any(c[0] == trump for _, c in plays):
                continue  # no trumps (and no trump lead) in the first trick
            if _winner(plays, trump, t == 0, openings) == w:
                for i in sorted(picked, reverse=True):
                    pool.pop(i)
                tricks.append(plays)
                break
        else:
            return None
        leader = w
    return tricks


def strict_deal(hands: Sequence[Cards], trump: str, leader: int = 0,
                rules: Rules | str | None = None, **options: Any) -> Deal:
    """A deal at the first trick of strict play: ``hands`` held, ``trump`` (a suit letter) the
    trump suit, ``leader`` to lead. The indicator is the lowest trump of the hand of the seat
    before ``leader`` (that seat draws it last), so that hand must hold a trump.

    The tricks before are planned from the other cards so that the winners alternate (no five
    tricks for one team) and the last is won by ``leader``; they are played through the public
    API, so the position is one the engine reaches by itself.
    """
    finals = [cards(h) for h in hands]
    n = len(finals)
    rules_obj = rules_of(rules, **options)
    holder = (leader - 1) % n
    trumps = sorted((c for c in finals[holder] if c[0] == trump), key=lambda c: STRENGTH[c])
    if not trumps:
        raise ValueError(f"seat {holder} must hold a trump: it draws the indicator last")
    indicator = trumps[0]
    pool = remaining(*finals)
    rounds = len(pool) // n
    winners = [t % n for t in range(rounds - 1)] + [leader]
    rng = random.Random(0)
    for _ in range(2000):
        plan = _plan(pool, n, trump, winners, rules_obj.openings, rng)
        if plan is not None:
            break
    else:
        raise ValueError("could not plan the tricks before strict play")
    # Each seat's cards in the order it receives them: its plays, then its final hand
    # (the indicator last for the seat that draws it).
    seqs: list[list[str]] = []
    for s in range(n):
        final = list(finals[s])
        if s == holder:
            final.remove(indicator)
            final.append(indicator)
        seqs.append([c for trick in plan for seat, c in trick if seat == s] + final)
    dealt = [seq[:5] for seq in seqs]
    talon: list[str] = []
    for t, w in enumerate(winners):
        for k in range(n):
            talon.append(seqs[(w + k) % n][5 + t])
    assert talon[-1] == indicator
    layout = Layout(tuple(tuple(h) for h in dealt), indicator, tuple(talon[:-1]))
    deal = Deal(layout, rules_obj)
    for t, trick in enumerate(plan):
        for seat, c in trick:
            opening = None
            if t == 0 and seat == 0 and rules_obj.openings:
                opening = "ge-elfen" if c[1:] == "A" else "hoeher-hat"
            deal.apply(Action(seat, "play", c, opening))
    assert deal.strict and deal.to_play == leader and deal.result is None
    assert [sorted(h) for h in deal.hands] == [sorted(h) for h in finals]
    return deal
