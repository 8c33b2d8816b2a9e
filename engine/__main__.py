"""Command line: ``python -m engine replay FILE|-`` and ``python -m engine selfplay``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .record import RecordError, parse_record, replay
from .rules import Rules, RulesError
from .selfplay import selfplay


def _replay(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        record = parse_record(data)
    except RecordError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    json.dump(replay(record), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="The Gaigel engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay a deal record (FILE, or - for stdin)")
    p_replay.add_argument("file")
    p_self = sub.add_parser("selfplay", help="play random legal deals and print a summary")
    p_self.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 6))
    p_self.add_argument("--deals", type=int, default=100)
    p_self.add_argument("--seed", type=int, default=0)
    p_self.add_argument("--preset", default="wuerttemberg")
    p_self.add_argument("--rules", default=None,
                        help='a JSON rules object, e.g. \'{"preset":"classic"}\'')
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "selfplay":
        try:
            rules = Rules.from_json(json.loads(args.rules)) if args.rules else Rules.named(
                args.preset)
        except (RulesError, json.JSONDecodeError) as exc:
            print(str(exc), file=sys.stderr)
            return 2
        print(json.dumps(selfplay(args.players, args.deals, args.seed, rules)))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
