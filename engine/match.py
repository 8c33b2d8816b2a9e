"""Match scoring: strokes, tokens, game points and the three-player 5/3/1 share. Pure and exact.

A match is a sequence of deal results. Teams here are the *table's* teams, which stay put for
the whole match while the engine's seat numbers turn with the dealer; ``outcome_of`` translates
a finished ``Deal`` given the rotation (``shift``: engine seat ``s`` sits at chair
``(s + shift) % players``, and team ``t`` of the engine is table team ``(t + shift) % teams``).

Kinds (sources in ``/work/shared/seeds``: pagat [004], the Japanese page [001]):

- ``strokes`` [004]: N strokes per match (default 10). Phase one: the losers of a deal get a
  stroke, or two (a V) for a double game; once N strokes have been given, phase two: the
  winners of each deal erase one stroke, or two for a double; the first team to clear its line
  wins. With N-1 strokes given, the next deal cannot count double (generally: no deal gives
  more strokes than are left to give). A team with no strokes when phase one ends has won.
  With three single players (pagat's "one idea"), both losers get strokes in phase one, in
  playing order after the winner while strokes are left.
- ``tokens`` [004]: the same arithmetic, told as tokens taken from and given back to a pool.
- ``points`` [001]: the winners of a deal score 1 game point, 2 for a double game (Gaigel);
  the first team to reach the target (default 7) wins.
- ``three`` [004, SKV Rutesheim]: three players, 9 game points a deal: the winner 5, then 3 and 1
  by points taken; a player who takes no trick or is caught playing on past 101 scores 0 and
  the others 6 and 3; with two such players the winner takes all 9. Ties, which the club
  settles by cutting cards, go to the player earlier in playing order (Vorhand first). After
  the set number of deals (default 10) the highest total wins; ties go to the player who won
  more deals, then to the lower chair.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .deal import Deal, EndReason

KINDS: tuple[str, ...] = ("strokes", "tokens", "points", "three")
DEFAULT_LIMITS: dict[str, int] = {"strokes": 10, "tokens": 10, "points": 7, "three": 10}
"""Strokes or tokens per match, game points to win, deals per match."""


class MatchError(ValueError):
    """A scoring request that makes no sense: unknown kind, bad team, or the match is over."""


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A finished deal as match scoring needs it, in table teams."""

    winner: int
    games: int
    reason: EndReason = "aus"
    points: tuple[int, ...] = ()
    """Per team: points at the end of the deal (cards, melds and other points)."""
    tricks: tuple[int, ...] = ()
    """Per team: tricks taken."""
    culprit: int | None = None
    """The team caught playing on past 101 (reason ``uebergaigelt``), if any."""
    order: tuple[int, ...] = ()
    """Teams in playing order of the deal (Vorhand's first): breaks ties in ``three``."""

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "games": self.games, "reason": self.reason,
                "points": list(self.points), "tricks": list(self.tricks),
                "culprit": self.culprit, "order": list(self.order)}


def outcome_of(deal: Deal, shift: int = 0) -> DealOutcome:
    """The outcome of a finished deal in table teams (see the module text for ``shift``)."""
    result = deal.result
    if result is None:
        raise MatchError("the deal is not over")
    teams = deal.teams

    def table_team(t: int) -> int:
        return (t + shift) % teams

    points = [0] * teams
    tricks = [0] * teams
    for t in range(teams):
        points[table_team(t)] = deal.points[t]
        tricks[table_team(t)] = deal.team_tricks[t]
    culprit: int | None = None
    if result.reason == "uebergaigelt":
        last = deal.actions[-1] if deal.actions else None
        if last is not None and last.do == "accuse":
            own = last.seat % teams
            culprit = last.against if last.against is not None else 1 - own
        else:
            culprit = deal.first_101
    order: list[int] = []
    for s in range(deal.players):
        t = table_team(s % teams)
        if t not in order:
            order.append(t)
    return DealOutcome(
        winner=table_team(result.winner),
        games=result.games,
        reason=result.reason,
        points=tuple(points),
        tricks=tuple(tricks),
        culprit=None if culprit is None else table_team(culprit),
        order=tuple(order),
    )


def skv_shares(outcome: DealOutcome) -> tuple[int, int, int]:
    """The 9 game points of a three-player deal (SKV Rutesheim): 5/3/1, 6/3/0 or 9/0/0."""
    if len(outcome.points) != 3 or len(outcome.tricks) != 3:
        raise MatchError("three-player scoring needs points and tricks of three players")
    w = outcome.winner
    order = list(outcome.order) if len(outcome.order) == 3 else [0, 1, 2]
    zeros = {t for t in range(3)
             if t != w and (outcome.tricks[t] == 0 or t == outcome.culprit)}
    others = [t for t in range(3) if t != w and t not in zeros]
    shares = [0, 0, 0]
    if len(zeros) == 2:
        shares[w] = 9
    elif len(zeros) == 1:
        shares[w] = 6
        shares[others[0]] = 3
    else:
        others.sort(key=lambda t: (-outcome.points[t], order.index(t)))
        shares[w] = 5
        shares[others[0]] = 3
        shares[others[1]] = 1
    return shares[0], shares[1], shares[2]


@dataclass(frozen=True, slots=True)
class MatchChange:
    """What one deal did to the match."""

    deal: int
    """The deal's number in the match, from 1."""
    winner: int
    games: int
    delta: tuple[int, ...]
    """Per team: strokes or tokens taken (+) or erased / given back (-); game points won."""
    capped: bool
    """A double game counted single because no more strokes were left to give (the N-1 rule)."""
    phase_before: int
    phase_after: int
    match_over: bool
    match_winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "winner": self.winner, "games": self.games,
                "delta": list(self.delta), "capped": self.capped,
                "phase_before": self.phase_before, "phase_after": self.phase_after,
                "match_over": self.match_over, "match_winner": self.match_winner}


@dataclass(frozen=True, slots=True)
class Mark:
    """One mark on a team's line: a stroke I (size 1) or a V (size 2); ``erased`` arms crossed."""

    size: int
    erased: int


@dataclass(frozen=True, slots=True)
class Line:
    """A team's scoring line as the shell draws it: marks in the order they were given."""

    team: int
    marks: tuple[Mark, ...]
    given: int
    """Strokes (tokens) this team has received."""
    erased: int
    """Strokes (tokens) it has erased (given back)."""

    @property
    def held(self) -> int:
        """Strokes still standing: what it must still clear (tokens still in front of it)."""
        return self.given - self.erased

    @property
    def v_marks(self) -> int:
        return sum(1 for m in self.marks if m.size == 2)


class MatchScore:
    """The scoring state of one match. ``add`` one deal outcome at a time; JSON round-trips."""

    __slots__ = ("kind", "teams", "limit", "phase", "given", "marks", "totals", "deals",
                 "wins", "winner")

    def __init__(self, kind: str = "strokes", teams: int = 2, limit: int | None = None) -> None:
        if kind not in KINDS:
            raise MatchError(f"unknown scoring {kind!r} (known: {', '.join(KINDS)})")
        if teams not in (2, 3):
            raise MatchError("a match has two or three teams")
        if kind == "three" and teams != 3:
            raise MatchError("three-player scoring needs three players")
        if limit is None:
            limit = DEFAULT_LIMITS[kind]
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000:
            raise MatchError("the limit must be a whole number from 1 to 1000")
        self.kind = kind
        self.teams = teams
        self.limit = limit
        """Strokes or tokens per match, game points to win, or deals per match."""
        self.phase = 1
        self.given = 0
        """Strokes (tokens) given in phase one, all teams together."""
        self.marks: list[list[list[int]]] = [[] for _ in range(teams)]
        """Per team: [size, erased] per mark, in the order given."""
        self.totals = [0] * teams
        """Game points per team (``points`` and ``three``)."""
        self.deals = 0
        self.wins = [0] * teams
        """Deals won per team."""
        self.winner: int | None = None

    # ------------------------------------------------------------------ facts

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def stroke_kind(self) -> bool:
        return self.kind in ("strokes", "tokens")

    def held(self, team: int) -> int:
        """Strokes a team still has to clear (tokens in front of it)."""
        return sum(size - erased for size, erased in self.marks[team])

    @property
    def pool(self) -> int:
        """Tokens in the pool: not given yet, or given back."""
        return self.limit - sum(self.held(t) for t in range(self.teams))

    def lines(self) -> list[Line]:
        """Every team's line (strokes and tokens), for drawing."""
        out = []
        for t in range(self.teams):
            marks = tuple(Mark(size, erased) for size, erased in self.marks[t])
            out.append(Line(t, marks, sum(m.size for m in marks), sum(m.erased for m in marks)))
        return out

    # ------------------------------------------------------------------ scoring

    def add(self, outcome: DealOutcome) -> MatchChange:
        """Score one finished deal; raise MatchError once the match is over."""
        if self.winner is not None:
            raise MatchError("the match is over")
        w = outcome.winner
        if not 0 <= w < self.teams:
            raise MatchError(f"no team {w}")
        if outcome.games not in (1, 2):
            raise MatchError("a deal counts 1 or 2 games")
        phase_before = self.phase
        delta = [0] * self.teams
        capped = False
        self.deals += 1
        self.wins[w] += 1
        if self.stroke_kind:
            if self.phase == 1:
                for t in [(w + k) % self.teams for k in range(1, self.teams)]:
                    give = min(outcome.games, self.limit - self.given)
                    if give < outcome.games:
                        capped = True
                    if give > 0:
                        self.marks[t].append([give, 0])
                        self.given += give
                        delta[t] += give
                if self.given >= self.limit:
                    self.phase = 2
                    clean = [t for t in range(self.teams) if self.held(t) == 0]
                    if clean:
                        self.winner = clean[0]
            else:
                erase = min(outcome.games, self.held(w))
                self._erase(w, erase)
                delta[w] -= erase
                if self.held(w) == 0:
                    self.winner = w
        elif self.kind == "points":
            self.totals[w] += outcome.games
            delta[w] = outcome.games
            if self.totals[w] >= self.limit:
                self.winner = w
        else:
            shares = skv_shares(outcome)
            for t in range(3):
                self.totals[t] += shares[t]
                delta[t] = shares[t]
            if self.deals >= self.limit:
                self.winner = min(range(3), key=lambda t: (-self.totals[t], -self.wins[t], t))
        return MatchChange(
            deal=self.deals, winner=w, games=outcome.games, delta=tuple(delta), capped=capped,
            phase_before=phase_before, phase_after=self.phase,
            match_over=self.winner is not None, match_winner=self.winner,
        )

    def _erase(self, team: int, count: int) -> None:
        """Cross out ``count`` strokes, from the outer end of the line inwards."""
        for mark in reversed(self.marks[team]):
            if count == 0:
                return
            take = min(count, mark[0] - mark[1])
            mark[1] += take
            count -= take

    # ------------------------------------------------------------------ copies and JSON

    def copy(self) -> MatchScore:
        return MatchScore.from_json(self.to_json())

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "teams": self.teams, "limit": self.limit,
                "phase": self.phase, "given": self.given,
                "marks": [[list(m) for m in ms] for ms in self.marks],
                "totals": list(self.totals), "deals": self.deals, "wins": list(self.wins),
                "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchScore:
        score = cls(data["kind"], data["teams"], data["limit"])
        score.phase = int(data["phase"])
        score.given = int(data["given"])
        score.marks = [[[int(a), int(b)] for a, b in ms] for ms in data["marks"]]
        score.totals = [int(x) for x in data["totals"]]
        score.deals = int(data["deals"])
        score.wins = [int(x) for x in data["wins"]]
        winner = data["winner"]
        score.winner = None if winner is None else int(winner)
        return score

    def display(self) -> dict[str, Any]:
        """Everything a score board shows, as plain data (the shell draws it)."""
        teams = []
        for line in self.lines():
            teams.append({
                "team": line.team,
                "given": line.given,
                "erased": line.erased,
                "held": line.held,
                "v_marks": line.v_marks,
                "marks": [[m.size, m.erased] for m in line.marks],
                "total": self.totals[line.team],
                "wins": self.wins[line.team],
            })
        return {"kind": self.kind, "limit": self.limit, "phase": self.phase,
                "given": self.given, "pool": self.pool if self.stroke_kind else None,
                "deals": self.deals, "over": self.over, "winner": self.winner,
                "teams": teams}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchScore) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"MatchScore({self.to_json()!r})"

    __hash__ = None  # type: ignore[assignment]
