"""`python -m referee bench`: random hands per second, and the time to replay a hand.

Each figure is the best of ten rounds (as `timeit` does), so that a busy machine
disturbs it less; the rounds are printed with `--rounds`.
"""

from __future__ import annotations

import json
import random
import sys
import time

from .engine import record
from .engine.match import Match
from .engine.simulate import endless, play_hand

VARIANTS = ("five-up", "french-connection", "ctyrka")
PLAYERS = 4
ROUNDS = 10


def hands_per_second(variant: str, seconds: float, seed: int = 1) -> list[float]:
    """Complete random hands (dealt, played by random legal moves, settled) per second,
    one figure per round; a match holds 20 hands."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(PLAYERS)]
    rates = []
    for _ in range(ROUNDS):
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / ROUNDS:
            match = endless(variant, names)
            for _ in range(20):
                play_hand(match, rng)
            done += 20
        rates.append(done / elapsed)
    return rates


def replay_ms(variant: str, repeat: int = 200, seed: int = 2) -> list[float]:
    """Milliseconds to replay a finished 4-player hand from its record: read the JSON text,
    check every move, settle; one figure per round."""
    match = Match(variant, [f"P{i}" for i in range(PLAYERS)])
    play_hand(match, random.Random(seed))
    text = record.dumps(match)
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(repeat):
            record.replay(record.loads(text))
        times.append((time.perf_counter() - start) / repeat * 1000)
    return times


def run(seconds: float = 5.0) -> dict:
    rates = {v: hands_per_second(v, seconds) for v in VARIANTS}
    replays = {v: replay_ms(v) for v in VARIANTS}
    return {
        "hands_per_s": {v: round(max(r)) for v, r in rates.items()},
        "replay_ms": {v: round(min(t), 4) for v, t in replays.items()},
        "rounds": {
            "hands_per_s": {v: [round(x) for x in r] for v, r in rates.items()},
            "replay_ms": {v: [round(x, 4) for x in t] for v, t in replays.items()},
        },
    }


def main(as_json: bool, seconds: float, show_rounds: bool = False) -> int:
    print(
        f"Measuring, about {round(seconds * len(VARIANTS) + 3)} s...", file=sys.stderr, flush=True
    )
    figures = run(seconds)
    if as_json:
        if not show_rounds:
            figures.pop("rounds")
        print(json.dumps(figures))
        return 0
    print(
        f"Complete random {PLAYERS}-player hands simulated per second, one core "
        f"(best of {ROUNDS} rounds):"
    )
    for v, rate in figures["hands_per_s"].items():
        extra = f"   rounds: {figures['rounds']['hands_per_s'][v]}" if show_rounds else ""
        print(f"  {v:18} {rate:8,d} hands/s{extra}")
    print(
        f"Replaying a finished {PLAYERS}-player hand from its record text "
        f"(best of {ROUNDS} rounds):"
    )
    for v, ms in figures["replay_ms"].items():
        extra = f"   rounds: {figures['rounds']['replay_ms'][v]}" if show_rounds else ""
        print(f"  {v:18} {ms:8.3f} ms{extra}")
    return 0
