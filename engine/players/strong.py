"""The ``strong`` level: Perfect-Information Monte Carlo over worlds the seat cannot rule out.

For each decision with more than one legal card, the first trick's openings and replies too
(``first_trick``; issue 28, eighth round: played on in the match itself from the true deal by
the same players, ``bench.match_seer``, the heuristic's first-trick cards, where the search's
differed, did worse by 0.077 ± 0.025 games a decision over 1,185 decisions of 300 deal pairs,
the replies most of it; in the goal's matches the change won more deals and more pairs by
games alone, fewer pairs with the point margin's tie-break, within those pairs' noise.
``first_trick`` False plays the first trick with openings as the heuristic does):

1. sample a world consistent with everything the seat saw (``engine.players.sample``): the
   indicator, the cards played, declared cards still held, the exchanged indicator, voids and
   "nothing higher" revealed in strict play. World ``i`` of a decision is dealt from random
   numbers of its own (the decision's stream and ``i``, ``world_values``), so the worlds may
   be valued in any order or process with the same result. With ``infer_eps`` below 1 (an
   option; the default 1 reads no play), kept with the probability that the heuristic in
   another seat's place would have played its cards of the last two draw rounds
   (``engine.players.infer``): the seats whose plays tell of their hands by what sits there
   (``read_seats``: a partner of level ``heuristic`` or ``strong``, an opponent of level
   ``heuristic``; who sits where is public at the table, ``Player.meet``), nobody's while not
   told. Issue 28: seeing the partner's hand would be worth much to this search (84.5 % of
   100 deal pairs against ``heuristic`` on a seed where it won 73.2 % of 200 without,
   ``bench.strength_ceiling``), but reading the plays did not buy that knowledge: in matches
   about 1.5 points of pairs over six seeds (not established), against ``baseline`` a loss
   every way a searching opponent was read (fourth and fifth rounds); play by play beside a
   seer of the true hands (``bench.decision_regret``, sixth round) no better at equal worlds
   and, timed, about 0.01 games a decision worse, for the worlds the rejection's tries cost.
   So it is off (``infer_eps`` 0.1 read until the sixth round). Options, off too: a model
   that allows near misses (``infer_temp``), the old way of reading by team whatever sits
   there (``infer_partners``, ``infer_opponents``), a prior that hands keep high cards and
   throw low ones (``prior``; fourteenth round: 69.35 % of 2,400 deal pairs against
   ``heuristic`` where the default won 69.5 % of the same deals), and dealing again a world
   where another seat could claim now and did not (``claimed`` tries). Reading what a
   ``heuristic`` Vorhand's Höher hat tells (no plain Ace and no plain card above the led one,
   but those drawn since) was tried in the source and taken out (fifteenth round: 68.4 % of
   the same 2,400 pairs, 28 deals fewer of 4,800, though its worlds matched the true hands).
   Three times the time gained nothing, two thirds of it cost nothing, a third of it about
   three points of pairs (fewer with the floor of worlds under the soft stop, below);
2. value every legal card in that same world: while the talon lasts by a heuristic playout to
   the end of the deal (every seat plays ``pick_play`` with the weights ``playout_params``,
   ``PLAYOUT_PARAMS`` unless given: Aces and bare Tens kept at half the ``heuristic`` level's
   weight, which values the cards' points better: issue 28, third round), once it is empty
   by the exact alpha-beta result (``playout.solve``). The value is the result in games
   plus ``margin_weight`` (``MARGIN_WEIGHT``) times the point margin at the end. Issue 28:
   the margin weighs eight times what it did (0.04 a point, a game worth 25 points of
   margin, instead of 0.005 and 200): most deals end at 101 within seven tricks, one world's
   win or loss is a coarse, noisy sign of a card's worth, and the margin a finer one of the
   same thing. At 0.02 (the first round) it won 54.8 % of 600 deal pairs against the old
   weight (``baseline``), by the margin (49.4 % of deals); 0.04 (the eleventh round) won
   about 2 points more pairs than 0.02 on the same deals, against ``heuristic`` (69.5 % of
   2,700 pairs of sixteen seeds) and against ``baseline`` (56.5 % of 1,200 against 54.8 %), all
   in the pairs of equal games the margin decides, and no fewer deals; 0.06 and 0.08 measured
   no better (``bench/README.md``, "Issue 28"). The exact endgame counts the margin too
   (``endgame_margin``; seventh round: it counted games alone until then, so every card that
   kept the same result looked alike; beside a seer of the true hands, who solves the
   endgame exactly, the margin cut the regret of endgame decisions by 0.010–0.020 games a
   decision, ``bench.endgame_regret``);
3. repeat until one card is ahead of every other by ``z_stop`` standard errors of the paired
   differences, or, past the soft deadline (``soft`` × budget) and with ``soft_worlds``
   worlds valued (or past ``soft_late`` × budget without them), until the best two are no
   longer within ``z_soft`` standard errors, or at the latest until the budget's deadline
   (checked between evaluations and inside the exact search) or ``max_samples``;
4. play the card with the best mean (``z_override`` 0). With a positive ``z_override`` the
   heuristic's own card stands unless the best is ahead of it by that many standard errors (1
   until issue 28's sixth round: beside a seer, keeping the heuristic's card longer chose
   worse, 2 standard errors +0.017 games a decision, and the search alone a little better,
   -0.006, on two collections; with no play read, 68.3 % of 600 deal pairs of four seeds
   against ``heuristic`` where the default before won 66.1 % of the same deals,
   ``bench/README.md``).

``budget_ms`` (default 300) sets the difficulty with the time; ``max_samples`` caps the work.
With ``budget_ms=math.inf``, ``max_samples`` and a seed, a decision depends on nothing but the
seat's events and view (``engine.players.questions``).

``evaluate`` gives the values behind a choice (every play of a decision, in the same worlds),
for a coach that compares a person's play with the search's.

The level before issue 28 plays on as ``baseline`` in tournaments only
(``engine.players.baseline``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass

from ..actions import Action
from ..rules import Rules
from ..views import View
from .base import Player, heuristic_action
from .heuristic import Params
from .infer import likelihood, relevant
from .memory import PlayRecord, SeatMemory
from .playout import Playout, SearchTimeout, solve
from .sample import sample_world

MARGIN_WEIGHT = 0.04
"""A point of margin at the end of a world, in games (issue 28: 0.005 before it, 0.02 from its
first round to its tenth)."""

PLAYOUT_PARAMS = Params(ace=2.0, ten_top=2.0)
"""The heuristic's weights in the search's playouts: an Ace and a Ten whose Aces are gone kept
in hand at half the weight the ``heuristic`` level gives them (issue 28, third round: the
weights a coordinate search found best in heuristic self-play; in the playouts of ``strong``
they won 68.4 % of 700 deal pairs of four seeds against ``heuristic``, where the level's own
weights won 66.1 % of the same deals, more on three seeds and fewer on one; and 55.2 % of
600 pairs against ``baseline``, 54.8 % before; ``bench/README.md``)."""


SOFT_WORLDS = 64
"""The worlds a search values before its soft deadline may stop it, unless ``SOFT_LATE`` of the
budget has passed. Issue 28, sixteenth round: the soft deadline is a time, so on a slower host
a search stopped there with fewer worlds. At 300 ms on the machine measured, the soft stops
came at about 130 worlds (8 % of them below 64); at a third of the budget (as on a host three
times slower) at 46, which cost about three points of pairs against ``heuristic``. At that
third the floor won back the deals (1,512 of 2,400 against 1,477; 1,517 at the full budget) and
0.8 ± 1.0 points of pairs (67.2 % against 66.4 %), at a median decision of 48 ms instead of 35
(what that costs on a slower host is bounded by ``SOFT_LATE``). At the full budget it changed
nothing measurable: 69.4 % of 2,400 pairs against 69.5 %, 3,031 deals of 4,800 against 3,022,
median decision 92–97 ms (``bench/README.md``)."""


SOFT_LATE = 0.4
"""The share of the budget from which the soft stop no longer waits for ``SOFT_WORLDS`` worlds:
what the floor may cost in time on a slow or busy host. Issue 28, seventeenth round: with the
sixteenth round's 0.45, six match processes on two cores (each a third of a core, as on a host
three times slower) took a median decision of 144 ms, close to the goal's 150 (106 ms without
the floor); with 0.4, 131 ms, and as many pairs and deals won there (66.9 % of 300 pairs and
376 deals of 600, against 68.2 % and 373). At a third of the budget, 67.5 % of 1,200 pairs
(67.2 % with 0.45, 66.4 % without the floor) but 1,481 deals of 2,400 (1,512 with 0.45, 1,477
without), median 43 ms; at the full budget on an idle host 69.7 % of 300 pairs and 389 deals
of 600 (69.5 % and 393 with 0.45), median 92 ms (``bench/README.md``)."""


INFER_EPS = 1.0
"""How much a world weighs per play of a read seat that the heuristic, with that world's hand,
would not have made (``engine.players.infer``): 1, no play read (issue 28, sixth round; 0.1
before, the weight to try when reading)."""

READ_PARTNERS = ("heuristic", "strong")
"""The levels whose plays tell of their hands when they are the seat's partner: the heuristic's
own choices, and a ``strong`` computer's, which are the heuristic's unless its search clearly
beats them (issue 28, fourth round: reading the partner did not cost against ``baseline``)."""

READ_OPPONENTS = ("heuristic",)
"""The levels whose plays tell of their hands when they are opponents: only the heuristic's.
Read with the heuristic's model, a searching opponent's plays (or a person's) mislead: issue
28, third and fourth rounds, every way of reading them lost against ``baseline``."""


class StrongPlayer(Player):
    level = "strong"

    def __init__(self, seat: int, players: int, rules: Rules | None = None, *,
                 budget_ms: float = 300.0, seed: int | None = None,
                 max_samples: int = 400, min_samples: int = 16, z_stop: float = 3.0,
                 z_override: float = 0.0, soft: float = 0.3, z_soft: float = 1.0,
                 soft_worlds: int = SOFT_WORLDS, soft_late: float = SOFT_LATE,
                 infer_eps: float = INFER_EPS, infer_tries: int = 20,
                 margin_weight: float = MARGIN_WEIGHT,
                 prior: dict[str, float] | None = None, exact_leaves: bool = False,
                 first_trick: bool = True, claimed: int = 0,
                 playout_params: Params | dict[str, float] | None = None,
                 infer_partners: bool | None = None, infer_opponents: bool | None = None,
                 infer_temp: float = 0.0, endgame_margin: float | None = None) -> None:
        super().__init__(seat, players, rules, budget_ms=budget_ms, seed=seed)
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.z_stop = z_stop
        self.z_override = z_override
        self.soft = soft
        self.z_soft = z_soft
        self.soft_worlds = soft_worlds
        self.soft_late = soft_late
        self.infer_eps = infer_eps
        self.infer_tries = infer_tries
        self.margin_weight = margin_weight
        self.prior = prior
        self.exact_leaves = exact_leaves
        self.first_trick = first_trick
        self.claimed = claimed
        self.infer_partners = infer_partners
        self.infer_opponents = infer_opponents
        self.infer_temp = infer_temp
        self.endgame_margin = endgame_margin
        self.playout_params = Params.given(playout_params, PLAYOUT_PARAMS)
        self.last_stats: dict[str, object] = {}

    def _pick(self, view: View, memory: SeatMemory, plays: list[Action],
              rng: random.Random) -> Action:
        step = self._searched(view, memory, plays)
        if isinstance(step, Action):
            return step
        candidates, fallback = step
        return self.search(view, memory, candidates, fallback, rng)

    def _searched(self, view: View, memory: SeatMemory,
                  plays: list[Action]) -> Action | tuple[list[Action], Action]:
        """The play made without a search (the first trick's heuristic, the only card), or
        the plays to search and the heuristic's, which stands unless clearly beaten."""
        fallback = heuristic_action(view, memory, plays, self.rules)
        if view.trick_number == 0 and self.rules.openings and not self.first_trick:
            return fallback
        if view.trick_number == 0 and self.rules.openings and not view.trick.plays:
            candidates = list(plays)  # Vorhand: every card with every opening it allows
        else:
            candidates = list({a.card: a for a in plays if a.card is not None}.values())
        if len(candidates) == 1:
            return candidates[0]
        return candidates, fallback

    def search(self, view: View, memory: SeatMemory, candidates: list[Action],
               prior: Action, rng: random.Random) -> Action:
        """The best of ``candidates`` (plays), or ``prior`` unless clearly beaten."""
        start = time.perf_counter()
        plan = self._plan(view, memory, candidates, prior, rng, self.max_samples, soft=True)
        values, samples, stop = self._sample(view, plan, *self._deadlines(start, True))
        choice = self.choice(plan, values, samples)
        self.last_stats = {"samples": samples, "stop": stop,
                           "ms": (time.perf_counter() - start) * 1000.0}
        return choice

    # ------------------------------------------------------------------ a search in parts
    # (issue 28: the bot's idle thinking processes value a decision's worlds side by side)

    def plan(self, view: View) -> Action | Plan:
        """What ``choose`` does before it searches: the action it takes without a search (a
        claim due, the only play, the first trick's heuristic), or the plan of its search.
        ``worlds`` values parts of the plan anywhere, ``Tally`` merges them, ``choice`` picks
        the play as ``choose`` would have."""
        memory, plays, due = self._begin(view)
        if due is not None:
            return due
        step = self._searched(view, memory, plays)
        if isinstance(step, Action):
            return step
        candidates, fallback = step
        return self._plan(view, memory, candidates, fallback,
                          self.decision_rng(view, memory), self.max_samples, soft=True)

    def evaluation_plan(self, view: View, samples: int = 32) -> Evaluation | Plan:
        """What ``evaluate`` does before it searches: the evaluation when there is nothing
        to value (fewer than two plays), else the plan of its search (``merged`` makes the
        ``Evaluation`` of the parts' rows)."""
        with self._lock:
            self.memory.note_view(view.trump_suit, view.indicator)
            memory = self.memory.copy()
        plays = [a for a in view.actions if a.do == "play"]
        if view.trick_number == 0 and self.rules.openings and not view.trick.plays:
            candidates = plays
        else:
            candidates = list({a.card: a for a in plays if a.card is not None}.values())
        if any(a.do == "exchange" for a in view.actions):
            # the sampled worlds make the seat's claims first (``Playout.settle``), so the
            # trump Seven is exchanged there: the plays are valued as after the exchange
            seven = view.trump_suit + "7"
            candidates = [a for a in candidates if a.card != seven]
        if len(candidates) < 2:
            return Evaluation(tuple(candidates), tuple(() for _ in candidates),
                              self.margin_weight)
        return self._plan(view, memory, candidates, None, self.decision_rng(view, memory),
                          samples, soft=False)

    def _plan(self, view: View, memory: SeatMemory, candidates: list[Action],
              prior: Action | None, rng: random.Random, samples: int, *,
              soft: bool) -> Plan:
        stream = rng.getrandbits(64)
        records = self._records(memory, view.seat or 0)
        return Plan(tuple(candidates), prior, stream, memory, tuple(records), samples, soft)

    def worlds(self, view: View, plan: Plan, indices: Iterable[int], *,
               clear: bool = True, parts: int = 1) -> Part:
        """Worlds ``indices`` of ``plan`` valued in that order, under this player's budget
        from now and its stopping rules applied to these worlds alone, scaled to a share of
        one in ``parts`` (``_stopped``: the ``parts`` parts of a timed search, valued side by
        side, each stop about where the search over all their worlds would, not each where
        the whole search would on its own). Without ``clear``, not the early stop of a clear
        choice: a part of a search without a clock values every world it is given, and the
        merge finds where one process would have stopped."""
        deadline, soft, late = self._deadlines(time.perf_counter(), plan.soft)
        return self._part(view, plan, tuple(indices), deadline, soft, late, clear, parts)

    def _deadlines(self, start: float, soft: bool) -> tuple[float, float, float]:
        """A search's clock from ``start``: the budget's deadline, the soft deadline, and the
        later time from which the soft stop no longer waits for ``soft_worlds`` worlds (both
        never for a search without the soft stop, an evaluation's)."""
        budget = self.budget_ms / 1000.0
        if not soft:
            return start + budget, math.inf, math.inf
        return start + budget, start + self.soft * budget, start + self.soft_late * budget

    def choice(self, plan: Plan, values: list[list[float]], samples: int) -> Action:
        """The play a search with these values makes: the best mean, unless the plan's prior
        (the heuristic's play) is not beaten by ``z_override`` paired standard errors."""
        candidates = list(plan.candidates)
        prior = plan.prior
        assert prior is not None
        choice = prior
        if samples:
            means = [sum(v) / samples for v in values]
            best = max(range(len(candidates)), key=lambda i: means[i])
            p = _index_of(candidates, prior)
            if p is None:
                choice = candidates[best]
            elif best != p:
                m, se = _paired(values[best], values[p])
                if m > self.z_override * se:
                    choice = candidates[best]
        return choice

    def evaluate(self, view: View, *, samples: int = 32) -> Evaluation:
        """Every play of ``view`` (each card once; the Vorhand's first card once per opening)
        valued by the search in the same sampled worlds, as ``search`` values them before it
        chooses: at most ``samples`` worlds, fewer once one play is clearly best or the budget
        has run out. From the seat's view and memory only, like ``choose``; the same seed,
        events and view give the same evaluation unless the budget cut it short. The worlds
        make the claims due first (as ``choose`` would): with the Seven exchange offered the
        trump Seven is not among the plays valued."""
        step = self.evaluation_plan(view, samples)
        if isinstance(step, Evaluation):
            return step
        start = time.perf_counter()
        values, _, _ = self._sample(view, step, *self._deadlines(start, False))
        return self.merged(step, values)

    def merged(self, plan: Plan, values: list[list[float]]) -> Evaluation:
        """The evaluation of an evaluation's plan from its values (one row per play)."""
        return Evaluation(plan.candidates, tuple(tuple(v) for v in values), self.margin_weight)

    def _sample(self, view: View, plan: Plan, deadline: float, soft_deadline: float,
                late: float) -> tuple[list[list[float]], int, str]:
        """Value the plan's candidates world after world: one row of values per candidate,
        the number of worlds, and why the sampling stopped. World ``i`` is dealt from its own
        random numbers (``world_values``), so any part of the worlds may be valued anywhere,
        in any order, with the same result."""
        part = self._part(view, plan, tuple(range(plan.samples)), deadline, soft_deadline,
                          late, True)
        return _columns(part.rows, len(plan.candidates)), len(part.rows), part.stop

    def _part(self, view: View, plan: Plan, indices: tuple[int, ...], deadline: float,
              soft_deadline: float, late: float, clear: bool, parts: int = 1) -> Part:
        """Worlds ``indices`` in that order until the stopping rules (``_stopped``) end it."""
        candidates = list(plan.candidates)
        records = list(plan.records)
        values: list[list[float]] = [[] for _ in candidates]
        rows: list[tuple[float, ...]] = []
        stop = "budget"
        for index in indices:
            try:
                row = self.world_values(view, plan.memory, candidates, plan.stream, index,
                                        index + 1, deadline, records)
            except SearchTimeout:
                break
            if not row:
                stop = "no_world"
                break
            for i, v in enumerate(row[0]):
                values[i].append(v)
            rows.append(tuple(row[0]))
            why = self._stopped(values, time.perf_counter(), deadline, soft_deadline, clear,
                                parts, late)
            if why is not None:
                stop = why
                break
        else:
            stop = "samples"
        return Part(indices, tuple(rows), stop)

    def _stopped(self, values: list[list[float]], now: float, deadline: float,
                 soft_deadline: float, clear: bool = True, parts: int = 1,
                 late: float = -math.inf) -> str | None:
        """Why the search stops after the worlds of ``values`` (None: it goes on): the
        deadline, a clear choice (every 4 worlds from ``min_samples``), or past the soft
        deadline a choice no longer open (every 2 worlds from 4), once it has
        ``soft_worlds`` worlds or it is ``late`` (issue 28: on a slower host, or with a smaller
        budget, the soft deadline alone would choose on too few worlds; -inf: no such floor).

        ``values`` may be one of ``parts`` parts of a search valued side by side (issue 28),
        whose worlds are merged: the rules then apply to the part's share. A part's standard
        errors are about sqrt(``parts``) times those of the merged worlds, so a part clear
        by ``z_stop`` / sqrt(``parts``) means the merged worlds are about clear by ``z_stop``
        (and likewise ``z_soft``); it tests from ``min_samples`` / ``parts`` of its own worlds
        (at least 4), every 4 / ``parts`` of them (at least 1): where the whole search would
        have tested the merged worlds. Otherwise each part would stop about where the whole
        search does, and the decision, waiting for the slower part, would take longer split
        than whole."""
        samples = len(values[0])
        if now >= deadline:
            return "budget"
        if (clear and samples >= max(4, math.ceil(self.min_samples / parts))
                and samples % max(1, 4 // parts) == 0 and self._clear(values, parts)):
            return "clear"
        if (now >= soft_deadline and samples >= 4 and samples % max(1, 2 // parts) == 0
                and (samples * parts >= self.soft_worlds or now >= late)
                and not self._open(values, parts)):
            return "soft"
        return None

    def world_values(self, view: View, memory: SeatMemory, candidates: list[Action],
                     stream: int, start: int, stop: int, deadline: float = math.inf,
                     records: list[PlayRecord] | None = None) -> list[list[float]]:
        """The values of ``candidates`` in worlds ``start`` to ``stop`` - 1 of a decision
        whose random stream is ``stream``: one row a world, each world dealt from random
        numbers of its own (the stream and its index), so the rows do not depend on which
        other worlds were valued, where, or in what order (a search may split its worlds
        between processes). Fewer rows when no world fits what the seat saw."""
        seat = view.seat
        assert seat is not None
        team = seat % view.teams
        strict = view.talon == 0
        if records is None:
            records = self._records(memory, seat)
        rows: list[list[float]] = []
        for i in range(start, stop):
            world = self._world(memory, view, records, random.Random(stream + i))
            if world is None:
                break
            rows.append(self._evaluate(world, candidates, team, strict, deadline))
        return rows

    def _records(self, memory: SeatMemory, seat: int) -> list[PlayRecord]:
        """The plays a world is weighed by (none with ``infer_eps`` 1): see ``read_seats``."""
        if self.infer_eps >= 1.0:
            return []
        return relevant(memory, seat, self.rules, self.read_seats(seat))

    def read_seats(self, seat: int) -> list[int]:
        """The seats whose plays tell of their hands: partners with ``infer_partners``,
        opponents with ``infer_opponents``; where that is None (the default), the seats whose
        level, told by ``meet``, chooses as the heuristic does (``READ_PARTNERS``,
        ``READ_OPPONENTS``), none while not told."""
        team = seat % self.memory.teams
        out = []
        for s in range(self.players):
            if s == seat:
                continue
            partner = s % self.memory.teams == team
            read = self.infer_partners if partner else self.infer_opponents
            if read is None:
                level = self.seated[s] if self.seated is not None else None
                read = level in (READ_PARTNERS if partner else READ_OPPONENTS)
            if read:
                out.append(s)
        return out

    def _world(self, memory: SeatMemory, view: View, records: list[PlayRecord],
               rng: random.Random) -> Playout | None:
        """A sampled world, kept with the probability that the others' plays fit it."""
        best: Playout | None = None
        best_w = -1.0
        for _ in range(self.infer_tries):
            world = sample_world(memory, view, self.rules, rng, settle=False, prior=self.prior,
                                 claimed=self.claimed)
            if world is None:
                return None
            u = rng.random()
            w = likelihood(world, records, memory, self.infer_eps, self.rules, rng, u,
                           self.infer_temp)
            if w > u:
                best = world
                break
            if w > best_w:
                best, best_w = world, w
        if best is not None:
            best.settle()
        return best

    def _evaluate(self, world: Playout, candidates: list[Action], team: int, strict: bool,
                  deadline: float) -> list[float]:
        if world.winner is not None:
            return [world.value(team, self.margin_weight)] * len(candidates)
        row: list[float] = []
        for a in candidates:
            if time.perf_counter() >= deadline:
                raise SearchTimeout
            assert a.card is not None
            if strict:
                row.append(solve(world, team, a.card, deadline, self.margin_weight
                                 if self.endgame_margin is None else self.endgame_margin))
                continue
            w = world.copy()
            if a.opening is not None:
                w.opening = a.opening
            w.play(a.card)
            if w.winner is None:
                row.append(w.playout_value(team, self.margin_weight, self.exact_leaves,
                                           deadline, self.playout_params))
            else:
                row.append(w.value(team, self.margin_weight))
        return row

    def _open(self, values: list[list[float]], parts: int = 1) -> bool:
        """Past the soft deadline: is the choice still open enough to use more time (the best
        two within ``z_soft`` standard errors, and those errors not negligible)? Of one of
        ``parts`` parts: the errors the merged worlds would have (``_stopped``)."""
        n = len(values[0])
        ranked = sorted(range(len(values)), key=lambda i: sum(values[i]) / n, reverse=True)
        m, se = _paired(values[ranked[0]], values[ranked[1]])
        se /= math.sqrt(parts)
        return se > 0.02 and m < self.z_soft * se

    def _clear(self, values: list[list[float]], parts: int = 1) -> bool:
        """Is one candidate ahead of every other beyond ``z_stop`` standard errors (or are they
        all equal)? Of one of ``parts`` parts: the errors the merged worlds would have."""
        root = math.sqrt(parts)
        n = len(values[0])
        means = [sum(v) / n for v in values]
        best = max(range(len(values)), key=lambda i: means[i])
        for i, v in enumerate(values):
            if i == best:
                continue
            m, se = _paired(values[best], v)
            if se == 0.0:
                if m <= 0.0 and any(a != b for a, b in zip(values[best], v, strict=True)):
                    return False
                continue
            if m < self.z_stop * se / root:
                return False
        return True


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The search's values of a decision's plays: ``values[i]`` holds play ``actions[i]``'s
    result in each sampled world (in games for the seat's team, with the point margin times
    ``margin_weight`` as a tie-break), the same worlds for every play."""

    actions: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]
    margin_weight: float

    @property
    def samples(self) -> int:
        return len(self.values[0]) if self.values else 0

    def mean(self, i: int) -> float:
        return sum(self.values[i]) / self.samples

    def best(self) -> int | None:
        """The play with the best mean value (None without any sampled world)."""
        if not self.samples:
            return None
        return max(range(len(self.actions)), key=self.mean)

    def index(self, action: Action) -> int | None:
        """Where ``action`` (a play) is among the valued plays."""
        return _index_of(list(self.actions), action)

    def lead(self, i: int, j: int) -> tuple[float, float]:
        """How much play ``i`` is better than play ``j``: the mean and standard error of the
        paired differences, in the values' unit (games)."""
        return _paired(list(self.values[i]), list(self.values[j]))

    def points(self, value: float) -> float:
        """A difference of values in card points changing sides: the margin's weight undone
        and halved (a card moving from the other team to one's own moves the margin twice).
        The search's own exchange rate: one game more in the result counts as
        ``1 / (2 * margin_weight)`` such points (12.5 at the default weight of 0.04; winning
        instead of losing a deal: twice that)."""
        return value / (2.0 * self.margin_weight)


@dataclass(frozen=True)
class Plan:
    """A decision's search laid out before any world is valued, so that its worlds may be
    valued in parts, in several processes at once (issue 28): the plays to value, the play
    that stands unless clearly beaten (the heuristic's; None for an evaluation, which only
    values), the decision's random stream, the seat's memory as it was, the opponents' plays
    the worlds are weighed by, the most worlds, and whether the soft deadline applies (a
    choice's search; an evaluation's has none)."""

    candidates: tuple[Action, ...]
    prior: Action | None
    stream: int
    memory: SeatMemory
    records: tuple[PlayRecord, ...]
    samples: int
    soft: bool


@dataclass(frozen=True)
class Part:
    """Some worlds of a plan valued: ``rows[k]`` is world ``indices[k]``'s row (a value per
    candidate); fewer rows than indices when the part stopped early, ``stop`` says why
    (``no_world``: world ``indices[len(rows)]`` could not be dealt)."""

    indices: tuple[int, ...]
    rows: tuple[tuple[float, ...], ...]
    stop: str


class Tally:
    """The parts of one plan's search merged, in any order of arrival, into what the search
    in one process would have had.

    ``exact`` (a search without a clock, whose answer must not depend on where it ran): the
    worlds count in index order, as far as they have come without a gap, and the stopping
    rule of the search in one process (``_stopped``: a clear choice every 4 worlds, else
    ``plan.samples``) finds where it would have stopped; from then on (``done``) the values
    are exactly that search's, whatever the parts valued beyond. The parts themselves value
    their worlds without that rule.

    Otherwise (a timed search, each part stopped by the rules scaled to its share, applied to
    its own worlds under the same deadline) every world valued counts, in index order."""

    def __init__(self, player: StrongPlayer, plan: Plan, exact: bool) -> None:
        self.player = player
        self.plan = plan
        self.exact = exact
        self.rows: dict[int, tuple[float, ...]] = {}
        self.void: int | None = None
        """The first world known not to be dealable (the search stops there)."""
        self.stops: list[str] = []
        self.stop: str | None = None
        """Exact: why the search in one process stopped, once the worlds show it."""
        self._values: list[list[float]] = [[] for _ in plan.candidates]

    @property
    def done(self) -> bool:
        """Exact: the worlds so far decide the answer."""
        return self.stop is not None

    def needs(self, index: int) -> bool:
        """Whether world ``index`` may still count."""
        return (not self.done and index < self.plan.samples
                and (self.void is None or index < self.void))

    def add(self, part: Part) -> None:
        for index, row in zip(part.indices, part.rows, strict=False):
            self.rows[index] = row
        if part.stop == "no_world":
            index = part.indices[len(part.rows)]
            self.void = index if self.void is None else min(self.void, index)
        self.stops.append(part.stop)
        if self.exact:
            self._advance()

    def _advance(self) -> None:
        """Take the next worlds in order, as the search in one process would."""
        values = self._values
        while self.stop is None:
            index = len(values[0])
            if index >= self.plan.samples:
                self.stop = "samples"
            elif index == self.void:
                self.stop = "no_world"
            elif (row := self.rows.get(index)) is None:
                return  # not valued yet
            else:
                for i, v in enumerate(row):
                    values[i].append(v)
                self.stop = self.player._stopped(values, 0.0, math.inf, math.inf)

    def result(self) -> tuple[list[list[float]], int, str]:
        """The values (one row per candidate), the number of worlds, and why it stopped."""
        if self.exact:
            values = [list(v) for v in self._values]
            return values, len(values[0]), self.stop or "parts"
        rows = [self.rows[i] for i in sorted(self.rows)]
        stop = "+".join(sorted(set(self.stops))) or "parts"
        return _columns(rows, len(self.plan.candidates)), len(rows), stop


def _columns(rows: Iterable[tuple[float, ...]], candidates: int) -> list[list[float]]:
    """Rows of worlds (a value per candidate) as one list of values per candidate."""
    values: list[list[float]] = [[] for _ in range(candidates)]
    for row in rows:
        for i, v in enumerate(row):
            values[i].append(v)
    return values


def _index_of(candidates: list[Action], action: Action) -> int | None:
    for i, a in enumerate(candidates):
        if a.card == action.card and (a.opening == action.opening or len(
                {c.opening for c in candidates}) == 1):
            return i
    return None


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences a - b."""
    n = len(a)
    d = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(d) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n)
