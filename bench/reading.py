"""How much do the plays tell of where the hidden cards lie? Issue 28's reading of the plays,
measured as knowledge rather than as games won.

Every lever that read the other seats' plays (worlds weighted by how likely the plays were)
moved ``strong`` by less than the noise, although worlds holding the true hands would win
11 points of pairs more (the partner's) or 17 (the opponents'; ``bench.strength_ceiling``).
This script asks why, on duplicate deals of a ``strong`` team against a ``heuristic`` team
(``wuerttemberg``): at every decision of a ``strong`` seat from the second trick on, while the
talon lasts (the 4-player deals rarely outlive it),

- **how many of each other seat's hidden cards its worlds hold**: the share of the seat's true
  hidden cards (those not known to the reader) that a sampled world puts in that seat's hand,
  for worlds sampled uniformly (the default), with the opponents' plays read as ``strong``'s
  options read them (``infer_eps`` 0.02, 40 tries: the rounds' setting), the same read to the
  limit (0.001, 200 tries: nearly the exact posterior under the heuristic's model), and the
  partner's plays read too (0.1, 20 tries, ``infer_partners``);
- **what a model learned from the plays knows**: a logistic model of "this card is in that
  seat's hand" over the card's kind (trump or plain, rank; by the phase of the deal) and what
  the seat did in the tricks it played since the last draw but one (led the suit, declined to
  beat a trick the other side held, did not smear onto its own side's trick, did not follow...),
  fitted on four fifths of the deals and scored on the rest, in bits a decision beyond the
  uniform deal, beside the bits it would take to know the seat's hand.

Run: ``python -m bench.reading [--pairs 100] [--seed 9200] [--worlds 16] [--budget-ms 300]
[--workers 2]`` (about 6 minutes with the defaults on two cores; pure Python).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
import zlib
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine import Deal, Layout, Rules
from engine.cards import CANONICAL_PACK, POINTS, STRENGTH
from engine.players.heuristic import beats
from engine.players.memory import SeatMemory
from engine.players.strong import StrongPlayer
from engine.players.tournament import derive_seed, make_tournament_player, play_deal
from engine.tricks import winner_index
from engine.views import View

RULES = Rules.named("wuerttemberg")
PACK = Counter(CANONICAL_PACK)

READINGS: dict[str, dict[str, Any]] = {
    "uniform (the default)": {"infer_eps": 1.0},
    "opponents read (0.02, 40 tries)": {
        "infer_eps": 0.02, "infer_tries": 40, "infer_opponents": True, "infer_partners": False},
    "opponents read to the limit (0.001, 200)": {
        "infer_eps": 0.001, "infer_tries": 200, "infer_opponents": True,
        "infer_partners": False},
    "all three read (0.1, 20)": {
        "infer_eps": 0.1, "infer_tries": 20, "infer_opponents": True, "infer_partners": True},
}

RELATIONS = {1: "left-hand opponent", 2: "partner", 3: "right-hand opponent"}
"""A seat as the reader sees it: seats after the reader in play order."""


# ---------------------------------------------------------------------- the features

def _kind(card: str, trump: str) -> str:
    return ("t" if card[0] == trump else "p") + card[1:]


def card_features(memory: SeatMemory, seat: int, trump: str,
                  cards: Sequence[str]) -> dict[str, dict[str, float]]:
    """For each card: what is known for and against its being in ``seat``'s hand, as named
    counts (``_n``: a play since the last draw; ``_o``: one draw round further back)."""
    phase = min(memory.tricks_done, 6) / 6.0
    out: dict[str, dict[str, float]] = {}
    for c in cards:
        k = _kind(c, trump)
        out[c] = {"kind_" + k: 1.0, "kind_by_phase_" + k: phase}
    records = [r for r in memory.history if r.seat == seat and r.tricks_done > 0
               and r.epoch >= memory.epoch - 1]
    for r in records:
        when = "n" if (r.epoch == memory.epoch or r.talon == 0) else "o"
        x = r.card
        trick = list(r.trick)
        for c in cards:
            f = out[c]
            names: list[str] = []
            if c == x:
                names.append("its_twin_played")
            if not trick:
                if c[0] == x[0]:
                    names.append("led_its_suit_" + ("trump" if x[0] == trump else "plain"))
                    if STRENGTH[c] > STRENGTH[x]:
                        names.append("led_below_it")
                elif c[0] == trump:
                    names.append("led_plain_it_trump")
                else:
                    names.append("led_other_suit")
            else:
                best_seat, best = trick[winner_index(trick, trump)]
                led = trick[0][1][0]
                own_side = best_seat % 2 == seat % 2
                took = beats(x, best, trump)
                could = beats(c, best, trump)
                rich = "rich" if sum(POINTS[cc] for _, cc in trick) >= 15 else "poor"
                kind = "trump" if c[0] == trump else "plain"
                if not own_side:
                    if not took and could:
                        names.append(f"declined_to_beat_with_it_{kind}_{rich}")
                    if took and could and c[0] == x[0] and STRENGTH[c] < STRENGTH[x]:
                        names.append("took_higher_than_it")
                    if took and could and c[0] != x[0]:
                        names.append(f"took_with_other_suit_{kind}")
                    if x[0] == led and c[0] == led and STRENGTH[c] < STRENGTH[x]:
                        names.append("followed_above_it")
                else:
                    if c[0] != trump and POINTS[c] > POINTS[x] and not took:
                        names.append(f"did_not_smear_it_{rich}")
                    if POINTS[x] >= 10 and c[0] == x[0]:
                        names.append("smeared_its_suit")
                if x[0] != led and c[0] == led:
                    names.append("did_not_follow_its_suit_" + ("trumped" if x[0] == trump
                                                               else "threw"))
            for name in names:
                key = f"{name}_{when}"
                f[key] = f.get(key, 0.0) + 1.0
    return out


def hidden_pool(memory: SeatMemory, view: View) -> Counter[str]:
    """The cards the reader has not seen and knows no place of."""
    pool = PACK - Counter(view.hand) - memory.played
    if view.indicator is not None:
        pool[view.indicator] -= 1
    pool = +pool
    for s in range(view.players):
        if s != view.seat:
            pool -= memory.known(s)
    return pool


@dataclass
class Row:
    """One card at one decision: its features, the uniform deal's log-odds of its being in
    the seat's hand, and how many of its copies are there (of ``copies`` unseen)."""

    deal: str
    decision: str
    features: dict[str, float]
    offset: float
    held: int
    copies: int


@dataclass
class Tally:
    hits: Counter[str] = field(default_factory=Counter)
    """(reading, relation) -> true hidden cards a world put in the right hand."""
    cards: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    rows: dict[int, list[Row]] = field(default_factory=lambda: {r: [] for r in RELATIONS})
    bits_to_know: dict[int, float] = field(default_factory=lambda: dict.fromkeys(RELATIONS, 0.0))
    """Summed over decisions: log2 of how many hands the seat may hold."""
    modelled: Counter[int] = field(default_factory=Counter)
    """Decisions at which a seat's hand was modelled."""

    def add(self, other: Tally) -> None:
        self.hits.update(other.hits)
        self.cards.update(other.cards)
        self.decisions += other.decisions
        for r in RELATIONS:
            self.rows[r] += other.rows[r]
            self.bits_to_know[r] += other.bits_to_know[r]
        self.modelled.update(other.modelled)


# ---------------------------------------------------------------------- the deals

def run_pair(args: tuple[int, int, int, float]) -> Tally:
    """Both deals of a pair: the `strong` team in seats 0 and 2, then in 1 and 3."""
    seed, pair, worlds, budget_ms = args
    tally = Tally()
    layout = Layout.seeded(4, derive_seed(seed, "deal", pair))
    for k in (0, 1):
        _read_deal(tally, layout, seed, pair, k, worlds, budget_ms)
    return tally


def _read_deal(tally: Tally, layout: Layout, seed: int, pair: int, k: int, worlds: int,
               budget_ms: float) -> None:
    seats = [make_tournament_player("strong" if s % 2 == k else "heuristic", s, 4, RULES,
                                    budget_ms=budget_ms,
                                    seed=derive_seed(seed, "player", pair, k, s))
             for s in range(4)]
    levels = [p.level for p in seats]
    readers = {name: [StrongPlayer(s, 4, RULES, seed=0, **options) for s in range(4)]
               for name, options in READINGS.items()}
    for p in seats + [r for rs in readers.values() for r in rs]:
        p.meet(levels)

    def read(deal: Deal, view: View) -> None:
        """At a strong seat's choice, what the readings' worlds hold (``_read``)."""
        seat = view.seat
        assert seat is not None
        if seats[seat].level != "strong" or view.trick_number < 1 or view.talon == 0:
            return
        memory = seats[seat].memory.copy()
        memory.note_view(view.trump_suit, view.indicator)
        step = len(deal.actions)
        _read(tally, deal, view, memory, readers, worlds,
              derive_seed(seed, "read", pair, k, step), f"{pair}.{k}", step)

    play_deal(layout, RULES, seats, before_choice=read)


def _read(tally: Tally, deal: Deal, view: View, memory: SeatMemory,
          readers: dict[str, list[StrongPlayer]], worlds: int, seed: int, deal_id: str,
          step: int) -> None:
    seat = view.seat
    assert seat is not None
    tally.decisions += 1
    pool = hidden_pool(memory, view)
    total = sum(pool.values())
    truth = {p: Counter(deal.hands[p]) - memory.known(p) for p in range(4)}
    for name, rs in readers.items():
        reader = rs[seat]
        records = reader._records(memory, seat)
        rng = random.Random(f"{seed}|{name}")
        for _ in range(worlds):
            world = reader._world(memory, view, records, rng)
            if world is None:
                continue
            for p in range(4):
                if p == seat:
                    continue
                rel = (p - seat) % 4
                got = Counter(world.hands[p]) - memory.known(p)
                tally.hits[f"{name}|{rel}"] += sum((truth[p] & got).values())
                tally.cards[f"{name}|{rel}"] += sum(truth[p].values())
    for p in range(4):
        rel = (p - seat) % 4
        need = sum(truth[p].values()) if p != seat else 0
        if p == seat or need == 0 or total <= need:
            continue
        tally.bits_to_know[rel] += math.log2(math.comb(total, need))
        tally.modelled[rel] += 1
        q = need / total
        offset = math.log(q / (1 - q))
        features = card_features(memory, p, view.trump_suit, list(pool))
        for c, copies in pool.items():
            tally.rows[rel].append(Row(deal_id, f"{deal_id}.{step}", features[c], offset,
                                       min(truth[p][c], copies), copies))


# ---------------------------------------------------------------------- the model

def fit(rows: Sequence[Row], names: Sequence[str], ridge: float = 1.0,
        rounds: int = 25) -> list[float]:
    """A logistic model with the uniform deal's log-odds as offset, by Newton's method (each
    row is ``held`` successes of ``copies`` trials)."""
    index = {n: i for i, n in enumerate(names)}
    m = len(names)
    w = [0.0] * m
    sparse = [([(index[f], v) for f, v in r.features.items() if f in index], r) for r in rows]
    for _ in range(rounds):
        grad = [ridge * wi for wi in w]
        hess = [[0.0] * m for _ in range(m)]
        for i in range(m):
            hess[i][i] = ridge
        for xs, r in sparse:
            z = r.offset + sum(w[i] * v for i, v in xs)
            p = 1.0 / (1.0 + math.exp(-z))
            g = r.copies * p - r.held
            h = r.copies * p * (1.0 - p)
            for i, v in xs:
                grad[i] += g * v
                hi = hess[i]
                for j, u in xs:
                    hi[j] += h * v * u
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and well posed)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def loss_bits(rows: Sequence[Row], names: Sequence[str], w: Sequence[float]) -> float:
    index = {n: i for i, n in enumerate(names)}
    total = 0.0
    for r in rows:
        z = r.offset + sum(w[index[f]] * v for f, v in r.features.items() if f in index)
        p = min(max(1.0 / (1.0 + math.exp(-z)), 1e-12), 1 - 1e-12)
        total -= r.held * math.log2(p) + (r.copies - r.held) * math.log2(1 - p)
    return total


def held_out(rows: Sequence[Row]) -> tuple[list[Row], list[Row]]:
    """Four fifths of the deals to fit on, the rest to score (by the deal, never a row)."""
    train = [r for r in rows if zlib.crc32(r.deal.encode()) % 5]
    test = [r for r in rows if not zlib.crc32(r.deal.encode()) % 5]
    return train, test


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=9200)
    parser.add_argument("--worlds", type=int, default=16, help="worlds a decision a reading")
    parser.add_argument("--budget-ms", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    load0 = os.getloadavg()
    start = time.perf_counter()
    tally = Tally()
    jobs = [(args.seed, p, args.worlds, args.budget_ms) for p in range(args.pairs)]
    with ProcessPoolExecutor(args.workers) as pool:
        for part in pool.map(run_pair, jobs):
            tally.add(part)
    print(f"{args.pairs} duplicate deal pairs (seed {args.seed}), strong at {args.budget_ms:g} ms "
          f"against heuristic: {tally.decisions} decisions of a strong seat read, "
          f"{args.worlds} worlds each a reading")
    print("\nShare of a seat's true hidden cards that a world puts in its hand:")
    print(f"  {'reading':42s} " + " ".join(f"{RELATIONS[r]:>20s}" for r in RELATIONS))
    for name in READINGS:
        cells = []
        for r in RELATIONS:
            n = tally.cards[f"{name}|{r}"]
            cells.append(f"{100 * tally.hits[f'{name}|{r}'] / n:19.1f}%" if n else " " * 20)
        print(f"  {name:42s} " + " ".join(cells))
    print("\nWhat a model learned from the plays knows of a seat's hand, in bits a decision "
          "beyond the uniform deal (held-out fifth of the deals):")
    for r in RELATIONS:
        rows = tally.rows[r]
        if not rows:
            continue
        train, test = held_out(rows)
        decisions = len({x.decision for x in test}) or 1
        every = sorted({f for x in train for f in x.features})
        kinds = [f for f in every if f.startswith("kind_")]
        base = loss_bits(test, [], [])
        by_kind = base - loss_bits(test, kinds, fit(train, kinds))
        by_all = base - loss_bits(test, every, fit(train, every))
        know = tally.bits_to_know[r] / max(1, tally.modelled[r])
        print(f"  {RELATIONS[r]:20s} the card's kind {by_kind / decisions:6.3f}, kind and plays "
              f"{by_all / decisions:6.3f} (of {know:.1f} bits to know the hand; "
              f"{len(train)} rows fitted, {len(test)} scored)")
    load1 = os.getloadavg()
    print(f"\nload average before {load0[0]:.2f}, after {load1[0]:.2f}; "
          f"wall {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
