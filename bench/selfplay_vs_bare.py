"""Engine speed as issue 14 measures it: ``python -m engine selfplay --players 4 --deals N``
against the bare playout loop (``bench/bare_loop.py``, a copy of the project's yardstick), alternated in one run, each
a fresh process timed from start to end. The figure is the ratio of their deals per second
(goal: at least 0.25); the median of the rounds is printed with every round.

Run: ``python -m bench.selfplay_vs_bare [--deals 20000] [--rounds 5] [--bare PATH]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE = Path(__file__).with_name("bare_loop.py")


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--bare", type=Path, default=BARE)
    args = parser.parse_args()
    if not args.bare.exists():
        sys.exit(f"no bare loop at {args.bare} (give --bare PATH)")
    engine_cmd = [sys.executable, "-m", "engine", "selfplay", "--players", "4",
                  "--deals", str(args.deals)]
    bare_cmd = [sys.executable, str(args.bare), str(args.deals)]
    ratios = []
    print(f"{args.deals} deals a run; load average {os.getloadavg()[0]:.2f}")
    for k in range(args.rounds):
        engine_s = timed(engine_cmd)
        bare_s = timed(bare_cmd)
        ratios.append(bare_s / engine_s)
        print(f"round {k + 1}: engine {args.deals / engine_s:,.0f} deals/s, "
              f"bare {args.deals / bare_s:,.0f} deals/s, ratio {ratios[-1]:.3f}")
    print(f"median ratio {statistics.median(ratios):.3f} (goal: at least 0.25)")


if __name__ == "__main__":
    main()
