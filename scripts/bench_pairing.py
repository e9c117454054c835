"""Time pairing one round of 200 entrants after 8 rounds of history, for each format.

    .venv/bin/python scripts/bench_pairing.py [--entrants 200] [--rounds 8] [--runs 3]

The history is made by the pairer itself with random results (seeded), so it is the
history a real event would have; the figure is the best of ``--runs`` pairings of the
next round. Target (issue 11): under 1 s each.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.events.pairing import Entrant, RoundResult, pair_round  # noqa: E402

CASES = [
    ("swiss", "five-up", None),
    ("round-robin", "five-up", None),
    ("rotating-partners", "five-up", None),
    ("pods", "five-up", None),
    ("pods", "french-connection", None),
    ("pods", "ctyrka", None),
    ("pods", "ctyrka", 6),
]


def history_of(fmt, variant, size, n, rounds, rng):
    """Entrants with standings and ``rounds`` rounds paired and played at random."""
    points = Counter()
    entrants = [Entrant(i, (0,)) for i in range(n)]
    history = []
    for k in range(1, rounds + 1):
        result = pair_round(fmt, entrants, history, k, variant=variant, rng=rng, table_size=size)
        history.append(RoundResult(result.tables, result.byes))
        for table in result.tables:
            points[rng.choice(table)] += 2
        for bye in result.byes:
            points[bye] += 2
        entrants = [Entrant(i, (points[i], rng.randrange(50))) for i in range(n)]
    return entrants, history


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"pairing round {args.rounds + 1} of {args.entrants} entrants, best of {args.runs}")
    worst = 0.0
    for fmt, variant, size in CASES:
        rng = random.Random(11)
        entrants, history = history_of(fmt, variant, size, args.entrants, args.rounds, rng)
        best = float("inf")
        for run in range(args.runs):
            start = time.perf_counter()
            result = pair_round(
                fmt,
                entrants,
                history,
                args.rounds + 1,
                variant=variant,
                rng=random.Random(run),
                table_size=size,
            )
            best = min(best, time.perf_counter() - start)
        worst = max(worst, best)
        label = f"{fmt} ({variant}{f', tables of about {size}' if size else ''})"
        print(
            f"  {label:<42} {best * 1000:7.1f} ms  {len(result.tables):3d} tables  "
            f"{len(result.byes)} byes  {len(result.repeats)} repeats"
        )
    print(f"slowest: {worst * 1000:.1f} ms (target < 1000 ms)")


if __name__ == "__main__":
    main()
