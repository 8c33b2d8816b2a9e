"""Gaigel knowledge as a card-choosing function, shared by the heuristic player and the playouts.

``pick_play`` sees what one seat may know: its hand, the current trick, the cards played so far,
the talon count and indicator, and the points of every team (which a seat counts itself). It
values each legal card by the points it is likely to win or give away, minus what the card is
worth kept in hand:

- trumps are kept for tricks worth 10 or more; the trump Seven is worth the indicator while an
  exchange is still to come;
- a King or Ober is kept while its partner card is still out and the talon lasts (a marriage
  may still form), and much more while the pair is complete but not yet declared;
- a card is "safe" when no card still unseen beats it or no opponent plays after it: Aces and
  Tens are smeared onto a partner's safe trick, low cards thrown onto the opponents' tricks;
- a cheap trick is won when the team needs one (a marriage or the trump Seven in hand and no
  trick yet), and a trick is won at any price when it brings the team to 101 or keeps the
  opponents from it;
- in the last free trick the winner's opponents draw the indicator, which counts against
  winning it;
- the partner's winning card is not overtaken with a trump when it is safe (no visible blunder).

``pick_first_trick`` chooses the opening (Ge-Elfen with a plain Ace, else Höher hat with the
highest plain non-Ace, Trumpf when all trumps) and the replies to it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..actions import Action
from ..cards import POINTS, RANKS, STRENGTH, SUITS
from ..deal import AUS
from ..tricks import team_count, winner_index

_ABOVE: dict[str, tuple[str, ...]] = {
    s + r: tuple(s + q for q in RANKS if STRENGTH[s + q] > STRENGTH[s + r])
    for s in SUITS for r in RANKS
}
"""The cards of the same suit that beat a card."""

_SUIT_CARDS: dict[str, tuple[str, ...]] = {s: tuple(s + r for r in RANKS) for s in SUITS}

_MATE: dict[str, str] = {}
for _s in SUITS:
    _MATE[_s + "K"] = _s + "O"
    _MATE[_s + "O"] = _s + "K"


class Params:
    """The heuristic's weights (points). One shared default; tuning makes new instances."""

    __slots__ = ("ace", "ten", "ten_top", "trump_base", "trump_step", "pair_held",
                 "pair_out", "rescue", "lead_trump", "needs", "will_floor")

    def __init__(self, **kw: float) -> None:
        self.ace = 4.0
        self.ten = 2.0
        self.ten_top = 4.0
        self.trump_base = 1.0
        self.trump_step = 2.0
        self.pair_held = 0.6
        self.pair_out = 0.12
        self.rescue = 0.5
        self.lead_trump = 0.0
        self.needs = 15.0
        self.will_floor = 0.3
        for k, v in kw.items():
            setattr(self, k, v)

    @classmethod
    def given(cls, value: Params | Mapping[str, float] | None, default: Params) -> Params:
        """A player's weights as given: ``default`` for none, a mapping (a tournament's JSON
        options) over the shared defaults."""
        if value is None:
            return default
        return value if isinstance(value, Params) else cls(**value)


DEFAULT = Params()


def beats(card: str, best: str, trump: str) -> bool:
    """Does ``card``, played after ``best`` (the trick's winning card so far), take the lead?"""
    if card[0] == best[0]:
        return STRENGTH[card] > STRENGTH[best]
    return card[0] == trump


def _counts(hand: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in hand:
        out[c] = out.get(c, 0) + 1
    return out


def _beaters(card: str, trump: str, played: Mapping[str, int], hc: Mapping[str, int]) -> int:
    """Unseen copies of cards that would beat ``card`` if played after it (``hc``: the counts
    of the hand that asks)."""
    n = 0
    for c in _ABOVE[card]:
        n += 2 - played.get(c, 0) - hc.get(c, 0)
    if card[0] != trump:
        for c in _SUIT_CARDS[trump]:
            n += 2 - played.get(c, 0) - hc.get(c, 0)
    return n


def keep_value(card: str, hc: Mapping[str, int], trump: str, talon: int, indicator: str | None,
               played: Mapping[str, int], shown: Mapping[str, int], players: int,
               closed_suits: Collection[str] = (), prm: Params = DEFAULT) -> float:
    """What ``card`` is worth kept in hand, beyond its card points (``hc``: the hand's counts)."""
    suit, rank = card[0], card[1:]
    if suit == trump:
        v = prm.trump_base + prm.trump_step * STRENGTH[card]
        if (rank == "7" and indicator is not None and indicator != card and talon > players):
            v += 0.5 * POINTS[indicator] + prm.trump_step * STRENGTH[indicator]
    elif rank == "A":
        v = prm.ace
    elif rank == "10":
        ace = suit + "A"
        v = prm.ten_top if 2 - played.get(ace, 0) - hc.get(ace, 0) <= 0 else prm.ten
    else:
        v = 0.0
    if (rank == "K" or rank == "O") and suit not in closed_suits:
        if hc.get(card, 0) - shown.get(card, 0) > 0:
            mate = _MATE[card]
            pair = 40.0 if suit == trump else 20.0
            if hc.get(mate, 0) - shown.get(mate, 0) > 0:
                v += prm.pair_held * pair
            elif talon > 0:
                out = 2 - played.get(mate, 0) - hc.get(mate, 0)
                if out > 0:
                    v += prm.pair_out * pair * out
    return v


def has_pair(hand: Sequence[str], shown: Mapping[str, int],
             closed_suits: Collection[str] = ()) -> bool:
    for c in hand:
        if c[1] == "K" and c[0] + "O" in hand and c[0] not in closed_suits:
            k, o = c, c[0] + "O"
            if hand.count(k) - shown.get(k, 0) > 0 and hand.count(o) - shown.get(o, 0) > 0:
                return True
    return False


def pick_play(hand: Sequence[str], legal: Sequence[str], trick: Sequence[tuple[int, str]], *,
              seat: int, players: int, trump: str, talon: int, indicator: str | None,
              points: Sequence[int], team_tricks: Sequence[int], played: Mapping[str, int],
              shown: Mapping[str, int], closed_suits: Collection[str] = (),
              prm: Params = DEFAULT, values: list[float] | None = None) -> str:
    """The heuristic's card among ``legal`` (distinct cards; ``played`` includes the trick):
    the best valued, the first in card order among equals.

    The seat's position: ``talon`` cards left to draw (the indicator included), ``points`` and
    ``team_tricks`` by engine team, ``played`` every card seen played (with the trick),
    ``shown`` the seat's declared King and Ober copies, ``closed_suits`` suits no longer open to
    a pair (``second_pair_same_suit: never``). ``values``, when given, receives each legal
    card's value in card points, in ``legal``'s order (``engine.players.infer`` reads them;
    filled here, in the playouts' hot loop, rather than by a second function around it, which
    would cost the playouts a call a card)."""
    if len(legal) == 1 and values is None:
        return legal[0]
    teams = team_count(players)
    me = seat % teams
    strict = talon == 0
    pos = len(trick)
    hc = _counts(hand)
    later_teams = [((seat + k) % players) % teams for k in range(1, players - pos)]
    unseen = 48 - sum(played.values()) - len(hand)
    if unseen <= 0:
        unseen = 1
    held = len(hand)  # each later player still holds about as many cards as this hand
    trick_pts = 0
    for _, c in trick:
        trick_pts += POINTS[c]
    if pos:
        wi = winner_index(trick, trump)
        best_seat, best = trick[wi]
    else:
        best_seat, best = -1, ""
    needs = team_tricks[me] == 0 and (
        has_pair(hand, shown, closed_suits)
        or (indicator is not None and talon > players and trump + "7" in hc
            and indicator != trump + "7"))
    # in the last free trick the winner's opponents draw the indicator
    ind_pen = 0.0
    if talon == players and indicator is not None:
        ind_pen = POINTS[indicator] + 8.0 + 2.0 * STRENGTH[indicator]
    my_pts = points[me]
    best_value = -1e18
    choice = legal[0]
    beaters: dict[str, int] = {}
    for x in legal:
        if pos == 0 or beats(x, best, trump):
            nb_team, nb = me, x
        else:
            nb_team, nb = best_seat % teams, best
        total = trick_pts + POINTS[x]
        # who plays after me and could take the trick from nb's team
        challengers = 0
        for t in later_teams:
            if t != nb_team and (nb_team == me or t == me):
                challengers += 1
        p_change = 0.0
        if challengers:
            n_beat = beaters.get(nb, -1)
            if n_beat < 0:
                n_beat = beaters[nb] = _beaters(nb, trump, played, hc)
            if n_beat:
                h = challengers * held / unseen
                if h > 1.0:
                    h = 1.0
                p_has = 1.0 - (1.0 - h) ** n_beat
                will = total / 10.0 if pos and not strict else 1.0
                if will > 1.0:
                    will = 1.0
                elif will < prm.will_floor:
                    will = prm.will_floor
                p_change = p_has * will
                if nb_team != me:
                    p_change *= prm.rescue
        us = 1.0 - p_change if nb_team == me else p_change
        value = (2.0 * us - 1.0) * total - keep_value(
            x, hc, trump, talon, indicator, played, shown, players, closed_suits, prm)
        if ind_pen:
            value += ind_pen * (1.0 - 2.0 * us)
        if needs:
            value += prm.needs * us
        if my_pts + total >= AUS:
            value += 1000.0 * us
        if nb_team != me and points[nb_team] + total >= AUS:
            value -= 1000.0 * (1.0 - us)
        if pos == 0 and x[0] == trump and not strict:
            value -= prm.lead_trump
        if values is not None:
            values.append(value)
        if value > best_value or (value == best_value and x < choice):
            best_value, choice = value, x
    return choice


def pick_first_trick(hand: Sequence[str], plays: Sequence[Action], trick: Sequence[tuple[int, str | None]],
                     seat: int, players: int, trump: str, opening: str | None,
                     shown: Mapping[str, int]) -> Action:
    """The first trick with openings: Vorhand's opening, or the reply to it."""
    hc = _counts(hand)

    def keep(c: str) -> float:
        return keep_value(c, hc, trump, 1, None, {}, shown, players)

    if not trick:
        by_opening: dict[str, list[Action]] = {}
        for a in plays:
            by_opening.setdefault(a.opening or "", []).append(a)
        if "trumpf" in by_opening:
            return min(by_opening["trumpf"], key=lambda a: keep(a.card or "") + POINTS[a.card or ""])
        if "ge-elfen" in by_opening:
            def ace_cost(a: Action) -> tuple[int, float]:
                c = a.card or ""
                return (-hand.count(c), sum(1 for h in hand if h[0] == c[0]))
            return min(by_opening["ge-elfen"], key=ace_cost)
        if "hoeher-hat" in by_opening:
            return max(by_opening["hoeher-hat"],
                       key=lambda a: (STRENGTH[a.card or ""], -keep(a.card or "")))
        return plays[0]
    cards = list(dict.fromkeys(a.card for a in plays if a.card is not None))
    card = first_trick_card(hand, cards, seat, players, trump, opening, shown)
    for a in plays:
        if a.card == card:
            return a
    return plays[0]


def first_trick_card(hand: Sequence[str], cards: Sequence[str], seat: int, players: int,
                     trump: str, opening: str | None, shown: Mapping[str, int]) -> str:
    """A reply to the opening (``cards``: the legal ones): Vorhand's partners smear, for the
    trick most likely goes to their side; the others throw their cheapest card."""
    if len(cards) == 1:
        return cards[0]
    teams = team_count(players)
    hc = _counts(hand)

    def keep(c: str) -> float:
        return keep_value(c, hc, trump, 1, None, {}, shown, players)

    if seat % teams == 0 and opening in ("ge-elfen", "trumpf", "zweite-alte", "hoeher-hat"):
        def gain(c: str) -> float:
            g = POINTS[c] - keep(c)
            if opening == "zweite-alte" and c[1:] == "A":
                g -= 5.0  # a second Ace would win it anyway; keep it simple and safe
            if opening == "hoeher-hat" and c[1:] == "A":
                g -= 8.0
            return g
        return max(cards, key=lambda c: (gain(c), c))
    return min(cards, key=lambda c: (POINTS[c] + keep(c), c))
