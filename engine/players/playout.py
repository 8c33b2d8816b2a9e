"""Playouts for search: one sampled world, played out fast.

The search plays thousands of imagined continuations per decision, so it does not drive the
engine's ``Deal`` (events, records, refusal codes, views) but this small state, with the rule
pieces it shares with the engine (``engine.tricks``: who takes a trick, what may follow, what
a marriage is worth) and the flow of a deal: the first trick's openings (who wins it, no trumps unless a hand is all trumps),
free play while the talon lasts, then follow, beat, trump and overtrump; tricks, draws, the
indicator drawn last; marriages (both meld windows, both second-pair rules, melding after the
talon or not), the Seven exchange, five Sevens, five tricks, and the knock at 101 the moment a
team has it (every computer player knocks then). Vorhand's opening is given, not chosen here.
``tests/engine/test_players.py`` checks it against the engine move by move.

``solve`` is the exact search once the talon is empty: alpha-beta over the remaining tricks of
one world, two sides (the root's team against the rest), values in games (±1, ±2).
"""

from __future__ import annotations

import math
import random
import time

from ..cards import POINTS, STRENGTH, SUITS
from ..deal import AUS
from ..rules import Rules
from ..tricks import best_marriage, legal_follow, team_count, trick_winner, winner_index
from .heuristic import DEFAULT, Params, first_trick_card, pick_play

_TRUMP_SEVEN = {s: s + "7" for s in SUITS}


def strict_legal(hand: list[str], trick: list[tuple[int, str]], trump: str,
                 beat_when_trumped: bool) -> list[str]:
    """Distinct cards of ``hand`` that may follow to ``trick`` once the talon is empty."""
    return legal_follow(hand, trick, trump, first_trick=False, strict=True,
                        beat_when_trumped=beat_when_trumped)


class Playout:
    """One world: every hand and the talon known. Mutated by ``play``; ``copy`` to branch."""

    __slots__ = (
        "n", "teams", "trump", "hands", "talon", "indicator", "trick", "to_play", "points",
        "team_tricks", "seat_tricks", "played", "shown", "declared", "tricks_done",
        "total_tricks", "winner", "games", "rules", "opening",
    )

    def __init__(self, rules: Rules, players: int, trump: str, hands: list[list[str]],
                 talon: list[str], indicator: str | None, trick: list[tuple[int, str]],
                 to_play: int, points: list[int], team_tricks: list[int],
                 seat_tricks: list[int], played: dict[str, int], shown: list[dict[str, int]],
                 declared: set[str], tricks_done: int) -> None:
        self.rules = rules
        self.n = players
        self.teams = team_count(players)
        self.trump = trump
        self.hands = hands
        self.talon = talon
        """Cards still to draw before the indicator, the next one last (``pop`` draws)."""
        self.indicator = indicator
        self.trick = trick
        self.to_play = to_play
        self.points = points
        self.team_tricks = team_tricks
        self.seat_tricks = seat_tricks
        self.played = played
        self.shown = shown
        self.declared = declared
        self.tricks_done = tricks_done
        self.total_tricks = 48 // players
        self.winner: int | None = None
        self.games = 0
        self.opening: str | None = None
        """The first trick's opening, while that trick is played with ``openings`` on."""

    def copy(self) -> Playout:
        new = Playout.__new__(Playout)
        new.rules = self.rules
        new.n = self.n
        new.teams = self.teams
        new.trump = self.trump
        new.hands = [list(h) for h in self.hands]
        new.talon = list(self.talon)
        new.indicator = self.indicator
        new.trick = list(self.trick)
        new.to_play = self.to_play
        new.points = list(self.points)
        new.team_tricks = list(self.team_tricks)
        new.seat_tricks = list(self.seat_tricks)
        new.played = dict(self.played)
        new.shown = [dict(s) if s else {} for s in self.shown]
        new.declared = set(self.declared)
        new.tricks_done = self.tricks_done
        new.total_tricks = self.total_tricks
        new.winner = self.winner
        new.games = self.games
        new.opening = self.opening
        return new

    @property
    def talon_count(self) -> int:
        return len(self.talon) + (1 if self.indicator is not None else 0)

    def closed_suits(self) -> set[str]:
        return self.declared if self.rules.second_pair_same_suit == "never" else set()

    @property
    def first_trick(self) -> bool:
        """The first trick under the openings' rules."""
        return self.tricks_done == 0 and self.rules.openings

    def legal(self) -> list[str]:
        return legal_follow(self.hands[self.to_play], self.trick, self.trump,
                            first_trick=self.tricks_done == 0 and self.rules.openings,
                            strict=self.indicator is None,
                            beat_when_trumped=self.rules.beat_when_trumped)

    # ------------------------------------------------------------------ playing

    def play(self, card: str) -> None:
        seat = self.to_play
        self.hands[seat].remove(card)
        shown = self.shown[seat]
        if shown and shown.get(card):
            shown[card] -= 1
        self.played[card] = self.played.get(card, 0) + 1
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < self.n:
            self.to_play = (seat + 1) % self.n
            return
        first = self.tricks_done == 0 and self.rules.openings
        winner = trick_winner(trick, self.trump, self.opening if first else None)
        pts = 0
        for _, c in trick:
            pts += POINTS[c]
        self.trick = []
        team = winner % self.teams
        self.tricks_done += 1
        self.team_tricks[team] += 1
        self.seat_tricks[winner] += 1
        self.points[team] += pts
        self.to_play = winner
        rules = self.rules
        if rules.gaigel_five_tricks and self.tricks_done == 5 and self.team_tricks[team] == 5:
            self._finish(team, 2)
            return
        if self.points[team] >= AUS:
            self._knock(team)
            return
        if self.tricks_done == self.total_tricks:
            if rules.last_trick_bonus:
                self.points[team] += rules.last_trick_bonus
            best = max(range(self.teams), key=lambda t: (self.points[t], -t))
            self._finish(best, 1)
            return
        talon_before = self.talon_count
        window: list[list[str]] | None = None
        if rules.meld_window == "after_trick":
            window = [list(h) for h in self.hands]
        if talon_before:
            self._draw(winner)
        self._claims(team, window, talon_before)

    def settle(self) -> None:
        """Make the claims computer players would make before the next card: the exchange,
        pairs of teams that have a trick (``team_trick`` window), five Sevens."""
        if self.winner is None:
            team_trick = self.rules.meld_window == "team_trick"
            self._claims(-1, None if team_trick else [], self.talon_count)

    def claim_due(self, me: int | None = None) -> bool:
        """Could a seat other than ``me`` exchange the Seven or declare a pair right now (what
        ``settle`` would make it do)?"""
        rules = self.rules
        teams = self.teams
        seven = _TRUMP_SEVEN[self.trump]
        exchange = self.indicator is not None and self.indicator != seven
        meld = rules.meld_window == "team_trick" and (
            rules.meld_after_talon or self.indicator is not None)
        for seat in range(self.n):
            if seat == me:
                continue
            team_trick = self.team_tricks[seat % teams] > 0
            if exchange and seven in self.hands[seat] and self._may_exchange(seat):
                return True
            if meld and team_trick and self._best_meld(seat, self.hands[seat]) is not None:
                return True
        return False

    def _may_exchange(self, seat: int) -> bool:
        """Has ``seat`` (or its team, by the rules) the trick the Seven exchange needs?"""
        if self.rules.exchange_needs == "self":
            return self.seat_tricks[seat] > 0
        return self.team_tricks[seat % self.teams] > 0

    def _draw(self, winner: int) -> None:
        n = self.n
        hands = self.hands
        talon = self.talon
        for k in range(n):
            seat = (winner + k) % n
            if talon:
                hands[seat].append(talon.pop())
            else:
                assert self.indicator is not None
                hands[seat].append(self.indicator)
                self.indicator = None

    def _claims(self, win_team: int, window: list[list[str]] | None, talon_before: int) -> None:
        """What computer players claim after a trick: the exchange, marriages, five Sevens."""
        rules = self.rules
        n, teams = self.n, self.teams
        trump = self.trump
        if self.indicator is not None:
            seven = _TRUMP_SEVEN[trump]
            if self.indicator != seven:
                for seat in range(n):
                    hand = self.hands[seat]
                    if seven in hand and self._may_exchange(seat):
                        hand.remove(seven)
                        hand.append(self.indicator)
                        self.indicator = seven
                        if rules.exchange_points:
                            t = seat % teams
                            self.points[t] += rules.exchange_points
                            if self.points[t] >= AUS:
                                self._knock(t)
                                return
                        break
        if window is None:
            if rules.meld_after_talon or self.indicator is not None:
                for seat in range(n):
                    t = seat % teams
                    if self.team_tricks[t]:
                        while True:
                            best = self._best_meld(seat, self.hands[seat])
                            if best is None:
                                break
                            self._meld(seat, *best)
                            if self.winner is not None:
                                return
        elif rules.meld_after_talon or talon_before:
            # one declaration in the window: the first seat asked that has one (seat order)
            for seat in range(n):
                if seat % teams == win_team:
                    best = self._best_meld(seat, window[seat])
                    if best is not None:
                        self._meld(seat, *best)
                        if self.winner is not None:
                            return
                        break
        if rules.five_sevens == "win":
            for seat in range(n):
                hand = self.hands[seat]
                if len(hand) == 5 and all(c[-1] == "7" for c in hand):
                    self._finish(seat % teams, 1)
                    return

    def _best_meld(self, seat: int, hand: list[str]) -> tuple[str, int, int] | None:
        """(suit, copies, points) of the best declaration ``seat`` may make with ``hand``."""
        return best_marriage(hand, self.shown[seat], self.trump, self.declared,
                             self.rules.second_pair_same_suit == "never")

    def _meld(self, seat: int, suit: str, copies: int, pts: int) -> None:
        shown = self.shown[seat]
        for c in (suit + "K", suit + "O"):
            shown[c] = shown.get(c, 0) + copies
        self.declared.add(suit)
        t = seat % self.teams
        self.points[t] += pts
        if self.points[t] >= AUS:
            self._knock(t)

    def _knock(self, team: int) -> None:
        others = all(self.team_tricks[t] == 0 for t in range(self.teams) if t != team)
        self._finish(team, 2 if others else 1)

    def _finish(self, team: int, games: int) -> None:
        self.winner = team
        self.games = games

    def value(self, team: int, margin_weight: float = 0.001) -> float:
        """The finished world's result for ``team`` in games, plus ``margin_weight`` times the
        point margin (a tie-break between equal results)."""
        assert self.winner is not None
        others = max(self.points[t] for t in range(self.teams) if t != team)
        margin = (self.points[team] - others) * margin_weight
        return (self.games if self.winner == team else -self.games) + margin

    # ------------------------------------------------------------------ playouts

    def playout_value(self, team: int, margin_weight: float = 0.001, exact: bool = False,
                      deadline: float | None = None, prm: Params = DEFAULT) -> float:
        """The result for ``team`` of a heuristic playout; with ``exact``, the heuristic only
        plays until the talon is empty and the exact search takes over from there, counting
        the margin as the playout would (issue 28: it counted games alone until the
        twenty-fourth round, so a world that reached the empty talon lost its margin)."""
        if exact:
            self.playout(until_strict=True, prm=prm)
            if self.winner is None:
                return solve(self, team, None, deadline, margin_weight)
        else:
            self.playout(prm=prm)
        return self.value(team, margin_weight)

    def playout(self, rng: random.Random | None = None, epsilon: float = 0.0,
                until_strict: bool = False, random_team: int | None = None,
                prm: Params = DEFAULT) -> None:
        """Play to the end with the heuristic for every seat (``epsilon``: random plays;
        ``random_team``: that team's seats play uniformly at random, with ``rng``), or, with
        ``until_strict``, until the talon is empty."""
        closed = self.closed_suits()
        rules_never = bool(closed) or self.rules.second_pair_same_suit == "never"
        while self.winner is None:
            if until_strict and self.indicator is None:
                return
            legal = self.legal()
            if len(legal) == 1:
                card = legal[0]
            elif (random_team is not None and rng is not None
                  and self.to_play % self.teams == random_team):
                card = rng.choice(legal)
            elif self.tricks_done == 0 and self.rules.openings:
                seat = self.to_play
                card = first_trick_card(self.hands[seat], legal, seat, self.n, self.trump,
                                        self.opening, self.shown[seat])
            elif epsilon and rng is not None and rng.random() < epsilon:
                card = rng.choice(legal)
            else:
                seat = self.to_play
                card = pick_play(
                    self.hands[seat], legal, self.trick, seat=seat, players=self.n,
                    trump=self.trump, talon=self.talon_count, indicator=self.indicator,
                    points=self.points, team_tricks=self.team_tricks, played=self.played,
                    shown=self.shown[seat], closed_suits=self.declared if rules_never else (),
                    prm=prm)
            self.play(card)


# ---------------------------------------------------------------------- exact endgame

class SearchTimeout(Exception):
    """The exact search passed its deadline."""


def solve(world: Playout, team: int, first: str | None = None, deadline: float | None = None,
          margin_weight: float = 0.0) -> float:
    """The exact result for ``team`` of a world whose talon is empty, all seats playing
    perfectly (the root's team against the rest); ``first`` is the card to play now. The result
    is in games plus ``margin_weight`` times the point margin at the end, as ``Playout.value``
    counts it: with a weight, the search also plays for points once the games are settled
    (issue 28: without it, every card that kept the same result looked alike, and which of them
    was played left points to chance). The world should be settled (``Playout.settle``). Raises
    ``SearchTimeout`` once ``time.perf_counter()`` passes ``deadline``."""
    assert world.indicator is None and world.winner is None
    n, teams, trump = world.n, world.teams, world.trump
    rules = world.rules
    beat_when_trumped = rules.beat_when_trumped
    hands = [list(h) for h in world.hands]
    trick = list(world.trick)
    points = list(world.points)
    team_tricks = list(world.team_tricks)
    total = world.total_tricks
    five = rules.gaigel_five_tricks
    bonus = rules.last_trick_bonus
    melds_ok = rules.meld_after_talon
    team_trick = rules.meld_window == "team_trick"
    never = rules.second_pair_same_suit == "never"
    declared = set(world.declared)
    shown = [dict(x) for x in world.shown]
    nodes = [0]

    def best_meld(s: int) -> tuple[str, int, int] | None:
        return best_marriage(hands[s], shown[s], trump, declared, never)

    def melds(t: int, undo: list[tuple[int, str, int, bool]]) -> int:
        """Declarations after a trick won by team ``t``; their undo records in ``undo``."""
        pts = 0
        if team_trick and team_tricks[t] != 1:
            return 0  # a settled world: only a team's first trick brings new pairs
        for s in range(n):
            if s % teams != t:
                continue
            while True:
                m = best_meld(s)
                if m is None:
                    break
                suit, copies, p = m
                sh = shown[s]
                sh[suit + "K"] = sh.get(suit + "K", 0) + copies
                sh[suit + "O"] = sh.get(suit + "O", 0) + copies
                undo.append((s, suit, copies, suit not in declared))
                declared.add(suit)
                pts += p
                if not team_trick:
                    return pts
        return pts

    def unmeld(undo: list[tuple[int, str, int, bool]]) -> None:
        for s, suit, copies, new in reversed(undo):
            sh = shown[s]
            sh[suit + "K"] -= copies
            sh[suit + "O"] -= copies
            if new:
                declared.discard(suit)

    def margin() -> int:
        return points[team] - max(points[t] for t in range(teams) if t != team)

    def scored(games: float) -> float:
        """A finished line's value: its games, and the margin at its weight."""
        return games + margin_weight * margin() if margin_weight else games

    def knock(won_by: int) -> float:
        g = 2.0 if all(team_tricks[t] == 0 for t in range(teams) if t != won_by) else 1.0
        return scored(g if won_by == team else -g)

    def ab(seat: int, alpha: float, beta: float, done: int, only: str | None) -> float:
        if deadline is not None:
            nodes[0] += 1
            if nodes[0] & 255 == 0 and time.perf_counter() >= deadline:
                raise SearchTimeout
        hand = hands[seat]
        if only is not None:
            legal = [only]
        else:
            legal = strict_legal(hand, trick, trump, beat_when_trumped)
            if len(legal) > 1:
                legal.sort(key=lambda c: (c[0] == trump, STRENGTH[c]), reverse=True)
        maximize = seat % teams == team
        best = -math.inf if maximize else math.inf
        for card in legal:
            i = hand.index(card)
            hand.pop(i)
            sh = shown[seat]
            unshow = bool(sh) and sh.get(card, 0) > 0
            if unshow:
                sh[card] -= 1
            trick.append((seat, card))
            if len(trick) == n:
                taker = trick[winner_index(trick, trump)][0]
                won_by = taker % teams
                pts = 0
                for _, c in trick:
                    pts += POINTS[c]
                saved = list(trick)
                trick.clear()
                points[won_by] += pts
                team_tricks[won_by] += 1
                undo: list[tuple[int, str, int, bool]] = []
                meld = 0
                done_now = done + 1
                # in the order ``Playout.play`` ends a deal: five tricks, the knock on the
                # trick's points, the last trick, and only then the declarations after it
                if five and done_now == 5 and team_tricks[won_by] == 5:
                    value = scored(2.0 if won_by == team else -2.0)
                elif points[won_by] >= AUS:
                    value = knock(won_by)
                elif done_now == total:
                    if bonus:
                        points[won_by] += bonus
                    top = max(range(teams), key=lambda t: (points[t], -t))
                    value = scored(1.0 if top == team else -1.0)
                    if bonus:
                        points[won_by] -= bonus
                else:
                    meld = melds(won_by, undo) if melds_ok else 0
                    points[won_by] += meld
                    if points[won_by] >= AUS:
                        value = knock(won_by)
                    else:
                        value = ab(taker, alpha, beta, done_now, None)
                if undo:
                    unmeld(undo)
                points[won_by] -= pts + meld
                team_tricks[won_by] -= 1
                trick.extend(saved)
            else:
                value = ab((seat + 1) % n, alpha, beta, done, None)
            trick.pop()
            if unshow:
                sh[card] += 1
            hand.insert(i, card)
            if maximize:
                if value > best:
                    best = value
                if best > alpha:
                    alpha = best
            else:
                if value < best:
                    best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    return ab(world.to_play, -math.inf, math.inf, world.tricks_done, first)
