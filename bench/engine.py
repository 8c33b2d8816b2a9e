"""Engine speed: random full 4-player deals per second with all rules on, beside a bare loop.

The bare loop (``bare_deal``, about 40 lines) plays random legal cards with the strict endgame
and nothing else: no openings, marriages, exchanges, claims, events or records. The engine's
figure is reported as a ratio of it, measured in the same run (goal: at least 0.25), with the
median time of a legal-action query (goal: under 20 µs).

Run: ``python -m bench.engine [--seconds 5]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from engine import Deal, Layout, Rules
from engine.cards import POINTS, STRENGTH, shuffled_pack
from engine.selfplay import play_random_deal


def bare_deal(rng: random.Random) -> int:
    """One 4-player deal of random legal cards: free play, then follow, beat, trump."""
    pack = shuffled_pack(rng)
    hands = [pack[5 * i: 5 * i + 5] for i in range(4)]
    trump = pack[20][0]
    talon = pack[21:] + [pack[20]]
    leader, points = 0, [0, 0]
    while hands[leader]:
        trick: list[str] = []
        for k in range(4):
            hand = hands[(leader + k) % 4]
            options = hand
            if trick and not talon:
                led = trick[0][0]
                follow = [c for c in hand if c[0] == led]
                pool = follow or [c for c in hand if c[0] == trump] or hand
                best = max((STRENGTH[c] for c in trick if c[0] == pool[0][0]), default=-1)
                higher = [c for c in pool if STRENGTH[c] > best]
                options = higher or pool
            card = rng.choice(options)
            hand.remove(card)
            trick.append(card)
        win = 0
        for i in range(1, 4):
            c, b = trick[i], trick[win]
            if (c[0] == b[0] and STRENGTH[c] > STRENGTH[b]) or (c[0] == trump != b[0]):
                win = i
        leader = (leader + win) % 4
        points[leader % 2] += sum(POINTS[c] for c in trick)
        for k in range(4):
            if talon:
                hands[(leader + k) % 4].append(talon.pop(0))
    return points[0]


def rate(fn: object, seconds: float) -> float:
    call = fn  # type: ignore[assignment]
    n = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(20):
            call()  # type: ignore[operator]
        n += 20
    return n / elapsed


def legal_query_us(samples: int, rng: random.Random) -> float:
    """Median time of ``legal_actions`` for the seat to play, over states of random deals."""
    times: list[float] = []
    while len(times) < samples:
        deal = Deal(Layout.seeded(4, rng.randrange(2**32)), Rules())
        while deal.result is None and len(times) < samples:
            seat = deal.to_play
            assert seat is not None
            t0 = time.perf_counter_ns()
            actions = deal.legal_actions(seat)
            times.append((time.perf_counter_ns() - t0) / 1000)
            plays = [a for a in actions if a.do == "play"]
            if deal.points[deal.team(seat)] >= 101:
                deal.apply(next(a for a in actions if a.do == "knock"))
            else:
                deal.apply(rng.choice(plays))
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(1)
    rules = Rules()  # wuerttemberg: openings, marriages, exchange, five Sevens, claims
    bare = rate(lambda: bare_deal(rng), args.seconds)
    engine = rate(lambda: play_random_deal(4, rules, rng), args.seconds)
    query = legal_query_us(20000, rng)
    figures = {
        "bare_deals_per_s": round(bare),
        "engine_deals_per_s": round(engine),
        "ratio": round(engine / bare, 3),
        "legal_actions_median_us": round(query, 2),
        "goals": {"ratio": 0.25, "legal_actions_median_us": 20},
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
