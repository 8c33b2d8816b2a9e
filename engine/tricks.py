"""The rules of play that every player of a deal needs, written once: the teams, who takes a
trick (the first trick's openings included), which cards may follow to a trick and why the
others may not, and what a marriage is worth. The engine's ``Deal`` and the computer players'
fast playouts (``engine.players.playout``) both call these, so they cannot disagree."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .cards import STRENGTH, SUITS
from .errors import RefusalCode

NO_REFUSAL: dict[str, RefusalCode] = {}
"""No card refused (shared, never mutated)."""


def team_count(players: int) -> int:
    """Teams: two, except three players who each play alone (spec: Seats and teams)."""
    return 3 if players == 3 else 2


def team_of(seat: int, players: int) -> int:
    """A team is named by its lowest seat: with 4 players seats 0,2 are team 0, 1,3 team 1."""
    return seat % team_count(players)


# ---------------------------------------------------------------------- who takes a trick


def winner_index(plays: Sequence[tuple[int, str]], trump: str) -> int:
    """Index of the winning play of an ordinary trick: the highest trump, else the highest
    card of the led suit; of equal cards the first played wins."""
    best = 0
    best_card = plays[0][1]
    for i in range(1, len(plays)):
        c = plays[i][1]
        if c[0] == best_card[0]:
            if STRENGTH[c] > STRENGTH[best_card]:
                best, best_card = i, c
        elif c[0] == trump:
            best, best_card = i, c
    return best


def trick_winner(plays: Sequence[tuple[int, str]], trump: str, opening: str | None) -> int:
    """The seat that takes a complete trick. ``opening``: the first trick's opening when the
    openings rule applies (docs/RULES.md section 4), else None (an ordinary trick)."""
    if opening is None or opening == "trumpf":
        return plays[winner_index(plays, trump)][0]
    led_card = plays[0][1]
    if opening == "ge-elfen":
        return plays[0][0]
    if opening == "zweite-alte":
        for s, c in plays[1:]:
            if c == led_card:
                return s
        return plays[0][0]
    # hoeher-hat: forced trumps cannot win; the best led-suit card does
    led = led_card[0]
    best = 0
    for i in range(1, len(plays)):
        c = plays[i][1]
        if c[0] == led and STRENGTH[c] > STRENGTH[plays[best][1]]:
            best = i
    return plays[best][0]


# ---------------------------------------------------------------------- the first card


def openings_for(card: str, hand: Sequence[str], trump: str) -> tuple[str, ...]:
    """The openings Vorhand may lead ``card`` with (docs/RULES.md section 4): a hand of five
    trumps only ``trumpf``; a plain Ace ``ge-elfen`` (face up) or ``zweite-alte`` (face
    down); any other plain card ``hoeher-hat``; a trump in a mixed hand none. In the order of
    ``engine.actions.OPENINGS``."""
    if all(c[0] == trump for c in hand):
        return ("trumpf",)
    if card[0] == trump:
        return ()
    return ("ge-elfen", "zweite-alte") if card[1:] == "A" else ("hoeher-hat",)


# ---------------------------------------------------------------------- what may follow


def follow_refusals(hand: Sequence[str], trick: Sequence[tuple[int, str]], trump: str,
                    first_trick: bool, strict: bool,
                    beat_when_trumped: bool) -> Mapping[str, RefusalCode]:
    """The cards of ``hand`` that may not follow to ``trick``, each with the reason code.

    ``first_trick``: the first trick under the openings rule (no trump unless the hand is all
    trumps); ``strict``: the talon is empty (follow, beat, trump, overtrump). Leading is free,
    so is play while the talon lasts. The answer is never mutated by callers.
    """
    if not trick:
        return NO_REFUSAL
    if first_trick:
        if all(c[0] == trump for c in hand):
            return NO_REFUSAL
        return {c: "trump_in_first_trick" for c in hand if c[0] == trump}
    if not strict:
        return NO_REFUSAL
    strength = STRENGTH
    led = trick[0][1][0]
    if any(c[0] == led for c in hand):
        out: dict[str, RefusalCode] = {c: "must_follow" for c in hand if c[0] != led}
        if led != trump and not beat_when_trumped and any(c[0] == trump for _, c in trick):
            return out
        best = max(strength[c] for _, c in trick if c[0] == led)
        if any(c[0] == led and strength[c] > best for c in hand):
            for c in hand:
                if c[0] == led and strength[c] <= best:
                    out[c] = "must_beat"
        return out
    if any(c[0] == trump for c in hand):
        out = {c: "must_trump" for c in hand if c[0] != trump}
        best = max((strength[c] for _, c in trick if c[0] == trump), default=-1)
        if any(c[0] == trump and strength[c] > best for c in hand):
            for c in hand:
                if c[0] == trump and strength[c] <= best:
                    out[c] = "must_overtrump"
        return out
    return NO_REFUSAL


def legal_follow(hand: Sequence[str], trick: Sequence[tuple[int, str]], trump: str, *,
                 first_trick: bool, strict: bool, beat_when_trumped: bool) -> list[str]:
    """The distinct cards of ``hand`` that may follow to ``trick`` (``follow_refusals``'s
    complement)."""
    refused = follow_refusals(hand, trick, trump, first_trick, strict, beat_when_trumped)
    if not refused:
        return list(dict.fromkeys(hand))
    return [c for c in dict.fromkeys(hand) if c not in refused]


# ---------------------------------------------------------------------- marriages


def marriage_points(suit: str, trump: str, double: bool = False) -> int:
    """King and Ober of a suit: 20, in trumps 40; both pairs of a suit at once twice that."""
    return (40 if suit == trump else 20) * (2 if double else 1)


def best_marriage(hand: Sequence[str], shown: Mapping[str, int], trump: str,
                  closed: Collection[str], never: bool) -> tuple[str, int, int] | None:
    """(suit, copies, points) of the best declaration a hand allows, or None.

    ``shown``: the seat's King and Ober copies already declared (with ``never`` false they do
    not count again: a second pair needs fresh cards); ``closed``: with ``never``, suits in
    which a pair was already declared by anyone.
    """
    for c in hand:
        if c[1] == "K" and c[0] + "O" in hand:
            break
    else:
        return None
    best: tuple[str, int, int] | None = None
    for suit in SUITS:
        k, o = suit + "K", suit + "O"
        if never:
            if suit in closed:
                continue
            m = min(hand.count(k), hand.count(o))
        else:
            m = min(hand.count(k) - shown.get(k, 0), hand.count(o) - shown.get(o, 0))
        if m <= 0:
            continue
        copies = 2 if m >= 2 else 1
        pts = marriage_points(suit, trump, copies == 2)
        if best is None or pts > best[2]:
            best = (suit, copies, pts)
    return best
