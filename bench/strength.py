"""Issue 28's figures: the ``strong`` level against ``baseline`` (the ``strong`` of before issue
28, frozen) and against ``heuristic``, duplicate deals at a budget a decision, with the share of
deal pairs won, its 95 % Wilson interval, and the new search's decision times (median, p90).

Run: ``python -m bench.strength [--pairs 600] [--heuristic-pairs 150] [--seeds 2028 2029]
[--budget-ms 300] [--workers 2] [--only baseline|heuristic]``.

Every match is ``python -m engine tournament --duplicate`` (``engine.players.tournament``):
the same deals and seeds give the same deals and seats on any machine; the choices of a timed
search also depend on how many worlds fit in its time, so the figures move with the machine's
load (printed before and after each match: with other jobs running a search gets fewer worlds,
on both sides alike). ``--workers 2`` plays two pairs at once, one process each: every player
searches on one core, as a thinking process of the bot does.
"""

from __future__ import annotations

import argparse
import os
import time

from engine.players.tournament import MatchSpec, percentile, run_match, summarize
from engine.rules import Rules


def match(a: str, b: str, pairs: int, seed: int, budget_ms: float, workers: int) -> None:
    spec = MatchSpec(a=a, b=b, rules=Rules.named("wuerttemberg"), seed=seed, duplicate=True,
                     budget_ms=budget_ms)
    load0 = os.getloadavg()
    start = time.perf_counter()
    outcomes = run_match(spec, pairs, workers=workers)
    seconds = time.perf_counter() - start
    load1 = os.getloadavg()
    s = summarize(outcomes)
    times = [ms for o in outcomes for ms in o.decision_ms]
    lo, hi = s["ci95"]
    print(f"{a} vs {b}, {s['pairs']} deal pairs, seed {seed}, {budget_ms:g} ms a decision: "
          f"{a} won {s['pair_results']['won']}, tied {s['pair_results']['tied']}, lost "
          f"{s['pair_results']['lost']}: {100 * s['win_rate']:.1f} % of pairs "
          f"(95 % Wilson {100 * lo:.1f}-{100 * hi:.1f} %); by games alone "
          f"{100 * s['pair_results_by_games']['win_rate']:.1f} %; deals won "
          f"{100 * s['deal_win_rate']:.1f} %, strokes {s['strokes']['a']} to "
          f"{s['strokes']['b']}, mean margin {s['mean_margin']:+.1f}")
    print(f"  {a}'s decisions: {len(times)}, median {percentile(times, 50):.1f} ms, p90 "
          f"{percentile(times, 90):.1f} ms, p95 {percentile(times, 95):.1f} ms, max "
          f"{max(times, default=0.0):.1f} ms; checks {s['checks']}")
    print(f"  load average before {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}, after "
          f"{load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}; wall {seconds:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=600, help="pairs against baseline")
    parser.add_argument("--heuristic-pairs", type=int, default=150,
                        help="pairs against heuristic, for each seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[2028, 2029])
    parser.add_argument("--budget-ms", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", choices=("baseline", "heuristic"), default=None)
    args = parser.parse_args()
    if args.only != "baseline":
        for seed in args.seeds:
            match("strong", "heuristic", args.heuristic_pairs, seed, args.budget_ms, args.workers)
    if args.only != "heuristic":
        match("strong", "baseline", args.pairs, args.seeds[0], args.budget_ms, args.workers)


if __name__ == "__main__":
    main()
