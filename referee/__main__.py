"""`referee check [--json] [--lang L] RECORD.json`, `referee rules [--lang L]` and
`referee bench [--json] [--seconds S]`: the command `pip install .` installs (or
`python -m referee ...` in a checkout). The record and the verdict: docs/record-format.md."""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import language, languages
from .engine import RecordError, check, record, rulebook
from .engine.messages import N_, Message, render


def main(argv: list[str] | None = None) -> int:
    """Run the command `argv` (default: the command line); its exit status."""
    try:
        return command(argv)
    except BrokenPipeError:  # `referee rules | head`: the reader has gone, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def command(argv: list[str] | None) -> int:
    prog = "python -m referee" if sys.argv[0].endswith("__main__.py") else "referee"
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Judge a domino game record, print the rulebook, or measure the engine.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="judge a game record: exit 0 legal, 1 illegal, 2 unreadable")
    c.add_argument("--json", action="store_true", help="print the verdict as JSON")
    c.add_argument(
        "--lang",
        choices=languages.CODES,
        help=f"{languages.listed()} (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
    )
    c.add_argument("record", help="the game record (JSON)")
    b = sub.add_parser("bench", help="measure the engine's speed")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--seconds", type=float, default=5.0, help="time per variant (default 5)")
    b.add_argument("--rounds", action="store_true", help="also print every round's figure")
    r = sub.add_parser("rules", help="print the rulebook as Markdown")
    r.add_argument(
        "--lang",
        choices=languages.CODES,
        help=f"{languages.listed()} (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
    )
    args = parser.parse_args(argv)
    if args.command == "bench":
        from . import bench

        return bench.main(args.json, args.seconds, args.rounds)
    if args.command == "rules":
        print(rulebook.markdown(args.lang or language.from_environment()), end="")
        return 0
    return run_check(args.record, args.json, args.lang or language.from_environment())


def run_check(path: str, as_json: bool, lang: str = "en") -> int:
    """Judge a record; the sentences in `lang` (the JSON verdict is always English)."""
    cat = language.catalogue(lang)
    try:
        with open(path, "rb") as f:
            text = f.read()
        rec = record.loads(text)
        result = check.verdict(rec)
    except OSError as e:
        text = Message(N_("error: cannot read {path}: {reason}"), path=path, reason=e.strerror)
        print(one_line(render(text, cat)), file=sys.stderr)
        return 2
    except RecordError as e:
        text = Message(
            N_("error: {path} is not a readable record: {message}"), path=path, message=e.located
        )
        print(one_line(render(text, cat)), file=sys.stderr)
        return 2
    print(
        json.dumps(result, indent=1, ensure_ascii=False)
        if as_json
        else check.readable(rec, result, cat)
    )
    return 0 if result["ok"] else 1


def one_line(text: str) -> str:
    """A message on one line, whatever a path or a value in it holds."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


if __name__ == "__main__":
    sys.exit(main())
