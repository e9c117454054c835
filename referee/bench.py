"""`python -m referee bench`: random hands per second, and the time to replay a hand."""

from __future__ import annotations

import json
import random
import time

from .engine import record
from .engine.match import Match
from .engine.simulate import play_hand

CASES = {"five-up": 4, "french-connection": 4, "ctyrka": 4}


def hands_per_second(variant: str, players: int, seconds: float, seed: int = 1) -> float:
    """Complete random hands (dealt, played, settled) simulated per second on one core."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    done, start = 0, time.perf_counter()
    while True:
        match = Match(variant, names, {"target": 10**9})
        for _ in range(20):
            play_hand(match, rng)
        done += 20
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def replay_ms(variant: str, players: int, repeat: int = 2000, seed: int = 2) -> float:
    """Milliseconds to replay one finished hand from its record (parse, replay, settle)."""
    match = Match(variant, [f"P{i}" for i in range(players)], {"target": 10**9})
    play_hand(match, random.Random(seed))
    text = record.dumps(match)
    parsed = record.loads(text)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat // 5):
            record.replay(parsed)
        best = min(best, (time.perf_counter() - start) / (repeat // 5))
    return best * 1000


def run(seconds: float = 2.0) -> dict:
    return {
        "hands_per_s": {v: round(hands_per_second(v, n, seconds)) for v, n in CASES.items()},
        "replay_ms": {v: round(replay_ms(v, n), 4) for v, n in CASES.items()},
    }


def main(as_json: bool, seconds: float) -> int:
    figures = run(seconds)
    if as_json:
        print(json.dumps(figures))
        return 0
    print(f"Random complete hands simulated per second (4 players, one core, {seconds:g} s each):")
    for v, rate in figures["hands_per_s"].items():
        print(f"  {v:18} {rate:8,d} hands/s")
    print("Replaying a finished 4-player hand from its record (best of 5 runs):")
    for v, ms in figures["replay_ms"].items():
        print(f"  {v:18} {ms:8.3f} ms")
    return 0
