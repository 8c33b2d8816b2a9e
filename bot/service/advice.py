"""Why the coach's card is played, in the game's words, and only what the seat can be sure of.

A pure function of the seat's view and memory (everything it saw: its hand, the cards played,
the trump, the indicator lying, declared cards still held, what strict play revealed). A claim
about who takes the trick is made only when it holds whatever the later players hold and play:

- a card takes the trick for sure when no later player can beat it: the seat plays last, or
  every card that beats it is already played, in the seat's own hand, the indicator lying under
  the talon, or known to be held by a seat that has already played to this trick (a declared
  King or Ober), or a later seat cannot hold it (what strict play revealed);
- otherwise it only "leads the trick so far".

The first card of a deal says face up or face down (the opening, docs/RULES.md section 4).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine import Action, Rules, View
from engine.cards import CANONICAL_PACK, POINTS, STRENGTH
from engine.players.memory import SeatMemory
from engine.tricks import team_of, winner_index

SMEAR_POINTS = 10
"""A card worth this much or more is smeared (given to a partner's sure trick): Ace and 10."""


@dataclass(frozen=True)
class Why:
    """A reason for the hinted card: ``reason`` names the sentence (``why_<reason>`` in
    ``bot.texts``), ``card`` is the hinted card, ``other`` the card that wins or leads the trick
    (a partner's, an opponent's), ``keep`` a suit whose King and Ober the play keeps for a
    marriage, ``opening`` the first card's opening."""

    reason: str | None
    card: str
    other: str | None = None
    keep: str | None = None
    opening: str | None = None


def beats(card: str, best: str, trump: str) -> bool:
    """Whether ``card``, played after ``best`` to an ordinary trick, takes the lead from it (an
    equal card never does: of two equal cards the first played wins)."""
    if card[0] == best[0]:
        return STRENGTH[card] > STRENGTH[best]
    return card[0] == trump


def unseen(view: View, memory: SeatMemory) -> Counter[str]:
    """The cards the seat has not seen: not in its hand, not played, not the indicator lying
    under the talon (nobody holds that one yet)."""
    out = Counter(CANONICAL_PACK)
    out.subtract(view.hand)
    out.subtract(memory.played)
    if view.talon > 0 and view.indicator is not None:
        out[view.indicator] -= 1
    return +out


def later_seats(view: View) -> list[int]:
    """The seats still to play to the trick after this seat, in order."""
    assert view.seat is not None
    n = view.players
    done = len(view.trick.plays) + 1
    return [(view.seat + k) % n for k in range(1, n - done + 1)]


def may_be_beaten(view: View, memory: SeatMemory, best: str) -> bool:
    """Whether a later player could beat ``best`` in an ordinary trick, from what the seat
    knows: some card that beats it is unseen, not all of its copies are known to be held by
    seats that have played already, and a later seat may hold it."""
    later = later_seats(view)
    if not later:
        return False
    trump = view.trump_suit
    seat = view.seat
    for card, count in unseen(view, memory).items():
        if not beats(card, best, trump):
            continue
        elsewhere = sum(memory.known(s)[card] for s in range(view.players)
                        if s not in later and s != seat)
        if count - elsewhere <= 0:
            continue
        if any(memory.caps[s][card[0]] >= STRENGTH[card] for s in later):
            return True
    return False


def why(view: View, memory: SeatMemory, action: Action, rules: Rules) -> Why | None:
    """The reason for playing ``action`` (a card of ``view``), or None for a claim."""
    if action.do != "play" or action.card is None or view.seat is None:
        return None
    card = action.card
    seat = view.seat
    keep = kept_marriage(view, action, rules)
    first = view.trick_number == 0
    if first and not view.trick.plays:
        # the first card of the deal: face up or face down
        return Why("opening_" + (action.opening or "none").replace("-", "_"), card,
                   keep=keep, opening=action.opening)
    if first and view.opening is not None:
        return _first_trick(view, card, keep)
    plays = [(s, c) for s, c in view.trick.plays if c is not None]
    after = plays + [(seat, card)]
    winner, best = after[winner_index(after, view.trump_suit)]
    sure = not may_be_beaten(view, memory, best)
    last = not later_seats(view)
    if winner == seat:
        if last:
            return Why("last_takes", card, keep=keep)
        if sure:
            return Why("sure_takes", card, keep=keep)
        if plays:
            return Why("leads_so_far", card, keep=keep)
        return Why(_lead(view, card), card, keep=keep)
    if team_of(winner, view.players) == team_of(seat, view.players):
        if sure:
            smear = POINTS[card] >= SMEAR_POINTS
            return Why("partner_wins_smear" if smear else "partner_wins", card, best, keep)
        return Why("partner_leads", card, best, keep)
    if not any(_takes(plays, seat, a.card, view.trump_suit) for a in view.actions
               if a.do == "play" and a.card is not None):
        lowest = min(POINTS[a.card] for a in view.actions if a.do == "play" and a.card)
        return Why("cannot_beat_low" if POINTS[card] == lowest else "cannot_beat", card, best,
                   keep)
    return Why("leave", card, best, keep)


def _lead(view: View, card: str) -> str | None:
    """Why lead this card (a trick's first card, after the deal's first trick), where a true
    word can be said: an Ace of a plain suit loses only to a trump (the other Ace of its suit,
    played later, does not beat it); the cheapest card risks the fewest points."""
    if card[1:] == "A" and card[0] != view.trump_suit:
        return "lead_ace"
    legal = [a.card for a in view.actions if a.do == "play" and a.card is not None]
    if POINTS[card] == min(POINTS[c] for c in legal):
        return "lead_low"
    return None


def _takes(plays: list[tuple[int, str]], seat: int, card: str, trump: str) -> bool:
    after = plays + [(seat, card)]
    return after[winner_index(after, trump)][0] == seat


def _first_trick(view: View, card: str, keep: str | None) -> Why:
    """A later card of the first trick under the openings: with Ge-Elfen Vorhand takes it
    whatever is played; the other openings lie face down until the trick is complete."""
    assert view.seat is not None
    opener, led = view.trick.plays[0]
    if view.opening == "ge-elfen" and led is not None:
        if team_of(opener, view.players) == team_of(view.seat, view.players):
            smear = POINTS[card] >= SMEAR_POINTS
            return Why("elfen_partner_smear" if smear else "elfen_partner", card, led, keep)
        return Why("elfen_lost", card, led, keep)
    if view.opening == "trumpf":
        return Why("trumpf_led", card, led, keep)
    return Why("face_down", card, keep=keep)


def kept_marriage(view: View, action: Action, rules: Rules) -> str | None:
    """A suit whose King and Ober the seat holds, undeclared and still declarable later, that
    this play keeps together (None: no such pair, or the play breaks it)."""
    if action.card is None:
        return None
    if view.talon == 0 and not rules.meld_after_talon:
        return None
    declared = {m.suit for m in view.marriages}
    hand = Counter(view.hand)
    pairs = [s for s in ("E", "B", "H", "S") if hand[s + "K"] and hand[s + "O"]
             and s not in declared]
    hand[action.card] -= 1
    kept = [s for s in pairs if hand[s + "K"] > 0 and hand[s + "O"] > 0]
    if not kept:
        return None
    trump = view.trump_suit
    return trump if trump in kept else kept[0]
