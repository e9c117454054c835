"""`python -m referee bench`: random hands per second, and the time to replay a hand.

Each figure is the best of ten rounds (as `timeit` does), so that a busy machine
disturbs it less; the rounds are printed with `--rounds`.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from operator import truediv

from .engine import record
from .engine.match import Match
from .engine.simulate import endless, play_hand
from .engine.variants import VARIANTS as REGISTRY

PLAYERS = 4
ROUNDS = 10
VARIANTS = tuple(name for name, v in REGISTRY.items() if PLAYERS in v.player_counts)


def like_dominoes() -> str:
    """The variant to race the `dominoes` library with: the first that plays what a game of
    it is (4 players, double-six, all 28 tiles dealt: no boneyard)."""
    return next(
        name
        for name, v in REGISTRY.items()
        if PLAYERS in v.player_counts
        and v.max_pip(PLAYERS, v.options({})) == 6
        and v.deal_size(PLAYERS, v.options({})) * PLAYERS == 28
        and v.draw_rule is None
    )


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


def against_dominoes(seconds: float, seed: int = 3) -> tuple[list[float], list[float]] | None:
    """(hands/s of the variant `like_dominoes()` names, French Connection, and `dominoes`
    games/s), one figure per round, the rounds of the two interleaved so that a change in
    the machine's speed hits both alike. A game of the abw333 `dominoes` library (a
    development dependency) is one hand: 4 players, one line, double-six, played by moves
    chosen at random among its valid moves. None when the library is not installed."""
    try:
        import dominoes
    except ImportError:
        return None
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(PLAYERS)]
    variant = like_dominoes()
    ours, theirs = [], []
    share = seconds / ROUNDS / 2
    for _ in range(ROUNDS):
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < share:
            match = Match(variant, names, {"target": 1000})
            for _ in range(20):
                if match.result()[0]:
                    break
                play_hand(match, rng)
                done += 1
        ours.append(done / elapsed)
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < share:
            game = dominoes.Game.new()
            while game.result is None:
                moves = game.valid_moves
                game.make_move(*moves[int(rng.random() * len(moves))])
            done += 1
        theirs.append(done / elapsed)
    return ours, theirs


def run(seconds: float = 5.0) -> dict:
    rates = {v: hands_per_second(v, seconds) for v in VARIANTS}
    replays = {v: replay_ms(v) for v in VARIANTS}
    versus = against_dominoes(seconds)
    out = {
        "hands_per_s": {v: round(max(r)) for v, r in rates.items()},
        "replay_ms": {v: round(min(t), 4) for v, t in replays.items()},
        "rounds": {
            "hands_per_s": {v: [round(x) for x in r] for v, r in rates.items()},
            "replay_ms": {v: [round(x, 4) for x in t] for v, t in replays.items()},
        },
    }
    if versus is not None:
        ours, theirs = versus
        key = like_dominoes().replace("-", "_")
        out["versus_dominoes"] = {
            f"{key}_hands_per_s": round(max(ours)),
            "dominoes_games_per_s": round(max(theirs)),
            "ratio": round(max(ours) / max(theirs), 2),
            # each round's two halves run a moment apart, on the machine as it is then
            "median_round_ratio": round(statistics.median(map(truediv, ours, theirs)), 2),
        }
        out["rounds"]["versus_dominoes"] = {
            key: [round(x) for x in ours],
            "dominoes": [round(x) for x in theirs],
        }
    return out


def main(as_json: bool, seconds: float, show_rounds: bool = False) -> int:
    print(
        f"Measuring, about {round(seconds * (len(VARIANTS) + 1) + 3)} s...",
        file=sys.stderr,
        flush=True,
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
    versus = figures.get("versus_dominoes")
    if versus:
        print(
            "Against the `dominoes` library (abw333; 4 players, one line), in the same run, "
            f"rounds interleaved (best of {ROUNDS}):"
        )
        name = like_dominoes()
        print(f"  {name:18} {versus[name.replace('-', '_') + '_hands_per_s']:8,d} hands/s")
        print(f"  dominoes           {versus['dominoes_games_per_s']:8,d} games/s")
        print(f"  ratio              {versus['ratio']:8.2f}x")
        print(f"  median round ratio {versus['median_round_ratio']:8.2f}x")
    return 0
