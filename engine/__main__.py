"""Command line: ``python -m engine replay FILE|-``, ``python -m engine verify FILE|-`` (the
fair-deal lines of a record or history export), ``python -m engine selfplay`` and
``python -m engine tournament`` (computer levels against each other)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .record import RecordError, parse_record, replay
from .rules import Rules, RulesError
from .selfplay import selfplay


def _read_json(path: str) -> tuple[Any, int]:
    """The decoded JSON of FILE (``-``: standard input), or the exit status 2, said on stderr."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror}", file=sys.stderr)
        return None, 2
    except UnicodeDecodeError as exc:
        print(f"not JSON: {exc}", file=sys.stderr)
        return None, 2
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"not JSON: {exc}", file=sys.stderr)
        return None, 2
    return data, 0


def _replay(path: str) -> int:
    data, status = _read_json(path)
    if status:
        return status
    try:
        record = parse_record(data)
    except RecordError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    json.dump(replay(record), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _verify(path: str) -> int:
    """One line per deal and a summary; 0 only when every deal's fair-deal line holds, 1 when
    one does not, 2 when the file is no deal record or history export."""
    from .fair import FairError
    from .verify import verdict_line, verify

    data, status = _read_json(path)
    if status:
        return status
    try:
        verdicts = verify(data)
    except FairError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    for v in verdicts:
        print(verdict_line(v))
    held = sum(v.holds for v in verdicts)
    failed = len(verdicts) - held
    print(f"{len(verdicts)} deals: {held} verified, {failed} failed")
    return 0 if verdicts and not failed else 1


def _add_tournament(sub: Any) -> None:
    p = sub.add_parser("tournament", help="computer levels against each other (duplicate deals)")
    p.add_argument("--a", default="strong",
                   help="side A's level (random, heuristic, strong, baseline)")
    p.add_argument("--b", default="heuristic", help="side B's level")
    p.add_argument("--a-partner", default=None,
                   help="level of side A's other seats (default: same as --a)")
    p.add_argument("--deals", type=int, default=100,
                   help="deals (with --duplicate: deal pairs, each deal played twice)")
    p.add_argument("--duplicate", action="store_true",
                   help="play each deal with the teams on both sides")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    p.add_argument("--preset", default="wuerttemberg")
    p.add_argument("--rules", default=None, help="a JSON rules object")
    p.add_argument("--budget-ms", type=float, default=300.0,
                   help="time per decision for the search (default 300)")
    p.add_argument("--b-budget-ms", type=float, default=None,
                   help="side B's time per decision (default: --budget-ms)")
    p.add_argument("--a-options", default=None,
                   help='side A\'s player options, a JSON object (e.g. \'{"z_override": 0.5}\')')
    p.add_argument("--b-options", default=None, help="side B's player options (JSON)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="progress on standard error")


def _tournament(args: Any) -> int:
    import time

    from .players.tournament import (
        TOURNAMENT_LEVELS,
        MatchSpec,
        format_summary,
        run_match,
        summarize,
    )

    for level in (args.a, args.b, args.a_partner):
        if level is not None and level not in TOURNAMENT_LEVELS:
            print(f"unknown level {level!r} (known: {', '.join(TOURNAMENT_LEVELS)})",
                  file=sys.stderr)
            return 2
    if args.deals < 1 or args.workers < 1:
        print("--deals and --workers must be at least 1", file=sys.stderr)
        return 2
    for options in (args.a_options, args.b_options):
        try:
            ok = options is None or isinstance(json.loads(options), dict)
        except json.JSONDecodeError:
            ok = False
        if not ok:
            print(f"player options must be a JSON object, not {options!r}", file=sys.stderr)
            return 2
    rules = _rules_of(args)
    if rules is None:
        return 2
    spec = MatchSpec(a=args.a, b=args.b, a_partner=args.a_partner, players=args.players,
                     rules=rules, seed=args.seed, duplicate=args.duplicate,
                     budget_ms=args.budget_ms, b_budget_ms=args.b_budget_ms,
                     a_options=args.a_options, b_options=args.b_options)
    start = time.perf_counter()
    outcomes = run_match(spec, args.deals, workers=args.workers, progress=args.progress)
    summary = summarize(outcomes)
    for o in outcomes:
        if o.error:
            print(f"pair {o.pair} deal {o.index}: {o.error}", file=sys.stderr)
            break
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_summary(spec, summary, time.perf_counter() - start))
    return 0


def _rules_of(args: argparse.Namespace) -> Rules | None:
    """The rules of ``--rules`` (a JSON object) or ``--preset``; None, said on stderr, when
    they are not valid."""
    try:
        return Rules.from_json(json.loads(args.rules)) if args.rules else Rules.named(args.preset)
    except (RulesError, json.JSONDecodeError) as exc:
        print(str(exc), file=sys.stderr)
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="The Gaigel engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay a deal record (FILE, or - for stdin)")
    p_replay.add_argument("file")
    p_verify = sub.add_parser(
        "verify", help="check the fair-deal lines of a deal record or history export (FILE or -)")
    p_verify.add_argument("file")
    p_self = sub.add_parser("selfplay", help="play random legal deals and print a summary")
    p_self.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    p_self.add_argument("--deals", type=int, default=100)
    p_self.add_argument("--seed", type=int, default=0)
    p_self.add_argument("--preset", default="wuerttemberg")
    p_self.add_argument("--rules", default=None,
                        help='a JSON rules object, e.g. \'{"preset":"classic"}\'')
    _add_tournament(sub)
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "verify":
        return _verify(args.file)
    if args.command == "selfplay":
        rules = _rules_of(args)
        if rules is None:
            return 2
        print(json.dumps(selfplay(args.players, args.deals, args.seed, rules)))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
