#!/usr/bin/env python3
"""The phone's path, timed against running servers: the version poll and recording a play
from the table screen, as ratios to the bare route `/healthz` of the same server.

A play is sent as `static/js/table.js` sends it (a fetch, `X-Requested-With: fetch`, the
answer is the new table), then the table's three other phones fetch the new table (each on
its own connection, as after a poll that saw the new version), then an Undo takes the play
back (timed too: its answer is the table as it was). It is timed at move 1 of hand 1 of a
new match and at move 25 of hand 30 of an imported French Connection match (29 hands
settled: a long evening).

Several servers (`--url A,B`: the same code or two versions, each with its own database)
are measured in the same run, request by request in turn (A B A B...), so that the
machine's load, which changes from one second to the next on a shared machine, hits them
alike; the figures of each are printed beside the others'. The load average is printed
before and after.

Each figure is the median of its times, and its ratio the median's to the bare route's;
beside it, the middle half (25th to 75th percentile) of the ratios round by round (each
time over the bare route of its own round), which says how far one run can be trusted.
A round runs its requests in a fixed order: the bare route, the poll, hand 1's play (then
the other phones, the Undo), hand 30's; so the play at hand 30 always comes just after an
Undo, whose kept files are still being written, and the one at hand 1 after a poll.
`--order shuffled` shuffles the four (seeded) at every round, so that each follows each.

    .venv/bin/python scripts/bench_phone.py --url http://127.0.0.1:5001,http://127.0.0.1:5002

Loopback addresses only (it drives local servers). The client is `scripts/loadtest.py`'s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loadtest import CSRF, NAMES, VARIANT, Connection, load_average, pct  # noqa: E402

from referee.engine import record  # noqa: E402
from referee.engine.match import Match  # noqa: E402
from referee.engine.simulate import deal, leader, play_hand  # noqa: E402

FETCH = {"X-Requested-With": "fetch", "Accept-Encoding": "gzip"}
KINDS = (
    "healthz",
    "version",
    "play_h1",
    "others_h1",
    "undo_h1",
    "play_h30",
    "others_h30",
    "undo_h30",
)


def long_match(seed: int, hands: int = 29, moves: int = 24) -> tuple[dict, dict]:
    """A French Connection record of `hands` settled hands and `moves` moves of the next
    (deals left out, as at a real table) whose next move is a play; and that play as a
    form (hand, after, seat, tile, on)."""
    rng = random.Random(seed)
    while True:
        match = Match(VARIANT, NAMES, {"target": 1000})
        for _ in range(hands):
            if match.result()[0]:
                break
            play_hand(match, rng)
        if len(match.hands) < hands or match.result()[0]:
            continue
        dealt, stock = deal(match, rng)
        hand = match.new_hand(dealt)
        seat = leader(hand, rng)
        for _ in range(moves):
            if hand.ended:
                break
            hand.play_random(rng, seat, stock)
        plays = [] if hand.ended else hand.legal_plays(hand.turn)
        if len(hand.moves) == moves and plays:
            data = record.to_json(match)
            for h in data["hands"]:
                h.pop("dealt", None)
            tile, places = plays[0]
            play = {"hand": hands + 1, "after": moves, "seat": hand.turn, "tile": str(tile)}
            if places and places[0] is not None:
                play["on"] = str(places[0])
            return data, play


def first_lead(seed: int) -> dict:
    """Move 1 of hand 1 as the engine would choose it for a fresh deal (the server has no
    deal: any tile the leader may lead is taken)."""
    match = Match(VARIANT, NAMES, {"target": 1000})
    rng = random.Random(seed)
    dealt, _ = deal(match, rng)
    hand = match.new_hand(dealt)
    seat = leader(hand, rng)
    tile, _ = hand.legal_plays(seat)[0]
    return {"hand": 1, "after": 0, "seat": seat, "tile": str(tile)}


class Server:
    """One server under measurement: its connections, matches and figures."""

    def __init__(self, url: str):
        u = urllib.parse.urlsplit(url)
        self.url, self.host, self.port = url, u.hostname or "127.0.0.1", u.port or 80
        self.phone = Connection(self.host, self.port)
        self.others = [Connection(self.host, self.port) for _ in range(3)]
        self.times: dict[str, list[float]] = {k: [] for k in KINDS}
        self.csrf = self.short = self.long = ""

    async def setup(self, record_json: dict, plays: dict) -> None:
        status, _, page = await self.phone.request("GET", "/import")
        self.csrf = CSRF.search(page).group(1).decode()
        form = {"csrf_token": self.csrf, "count": 4, "target": 1000}
        form.update({f"names-{i}": n for i, n in enumerate(NAMES)})
        status, got, body = await self.phone.request("POST", f"/new/{VARIANT}", form)
        if status != 302:
            raise RuntimeError(f"{self.url}: could not start a match: {status} {body[:300]!r}")
        self.short = got["location"].rstrip("/").rsplit("/", 1)[1]
        form = {"csrf_token": self.csrf, "text": json.dumps(record_json), "carry_on": "y"}
        status, got, body = await self.phone.request("POST", "/import", form)
        if status != 302:
            raise RuntimeError(f"{self.url}: import refused: {status} {body[:500]!r}")
        self.long = got["location"].rstrip("/").rsplit("/", 1)[1]
        self.plays = plays

    async def timed(self, conn: Connection, method, path, form=None, headers=None) -> float:
        start = time.perf_counter()
        status, _, body = await conn.request(method, path, form, headers)
        took = (time.perf_counter() - start) * 1000
        if status != 200:
            raise RuntimeError(f"{self.url} {method} {path}: {status} {body[:300]!r}")
        return took

    async def play(self, which: str, keep: bool) -> None:
        """A play from the table screen, the other phones' fetches, then Undo."""
        token = self.short if which == "h1" else self.long
        play = dict(self.plays[which], csrf_token=self.csrf)
        took = await self.timed(self.phone, "POST", f"/t/{token}/play", play, FETCH)
        others = [
            await self.timed(c, "GET", f"/t/{token}?fragment=1", headers=FETCH) for c in self.others
        ]
        undo = {"csrf_token": self.csrf, "hand": play["hand"], "after": play["after"] + 1}
        undone = await self.timed(
            self.phone, "POST", f"/t/{token}/undo", dict(undo, settled=0), FETCH
        )
        if keep:
            self.times[f"play_{which}"].append(took)
            self.times[f"others_{which}"].extend(others)
            self.times[f"undo_{which}"].append(undone)

    async def round(self, keep: bool = True, order=("healthz", "version", "h1", "h30")) -> None:
        for kind in order:
            if kind in ("h1", "h30"):
                await self.play(kind, keep)
                continue
            path = "/healthz" if kind == "healthz" else f"/t/{self.short}/version"
            took = await self.timed(self.phone, "GET", path)
            if keep:
                self.times[kind].append(took)

    def close(self) -> None:
        for c in (self.phone, *self.others):
            c.close()

    def figures(self) -> dict:
        med = {k: pct(v, 50) for k, v in self.times.items()}
        base = med["healthz"]
        return {
            "url": self.url,
            "median_ms": {k: round(v, 2) for k, v in med.items()},
            "ratio_to_healthz": {k: round(v / base, 2) for k, v in med.items()},
            "round_ratios_p25_p75": {k: self.spread(k) for k in KINDS},
        }

    def spread(self, kind: str) -> list[float]:
        """The 25th and 75th percentiles of `kind`'s time over its own round's bare route
        (the other phones' three fetches: their median)."""
        base, times = self.times["healthz"], self.times[kind]
        per = len(times) // len(base) if base else 0
        ratios = [pct(times[i * per : (i + 1) * per], 50) / b for i, b in enumerate(base)]
        return [round(pct(ratios, 25), 2), round(pct(ratios, 75), 2)] if per else []


async def run(args) -> dict:
    record_json, play30 = long_match(args.seed)
    plays = {"h1": first_lead(args.seed), "h30": play30}
    servers = [Server(u.strip()) for u in args.url.split(",")]
    for s in servers:
        await s.setup(record_json, plays)
    load0 = load_average()
    order, shuffle = ["healthz", "version", "h1", "h30"], random.Random(args.seed).shuffle
    for _ in range(args.warmup):
        for s in servers:
            await s.round(keep=False)
    for _ in range(args.samples):  # in turn: a change in the machine's load hits all alike
        if args.order == "shuffled":
            shuffle(order)
        for s in servers:
            await s.round(order=order)
    for s in servers:
        s.close()
    return {
        "samples": args.samples,
        "order": args.order,
        "load_before": load0,
        "load_after": load_average(),
        "servers": [s.figures() for s in servers],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:5000", help="servers, comma-separated")
    p.add_argument("--samples", type=int, default=100, help="rounds measured (100)")
    p.add_argument("--warmup", type=int, default=10, help="rounds not counted (10)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--order",
        choices=("fixed", "shuffled"),
        default="fixed",
        help="a round's requests in a fixed order (as measured since issue 22) or shuffled",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = p.parse_args(argv)
    for url in args.url.split(","):
        host = urllib.parse.urlsplit(url.strip()).hostname or ""
        if host not in ("127.0.0.1", "localhost", "::1"):
            p.error(f"{host}: loopback only (this tool drives local servers)")
    r = asyncio.run(run(args))
    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S')} load {r['load_before']} -> {r['load_after']}")
    print(
        f"median of {r['samples']} rounds ({r['order']} order), ms (ratio to the same"
        " server's /healthz) [middle half of the rounds' ratios]"
    )
    print(f"{'':12s}" + "".join(f"{s['url']:>42s}" for s in r["servers"]))
    for k in KINDS:
        cells = "".join(
            f"{s['median_ms'][k]:>18.2f} ({s['ratio_to_healthz'][k]:5.2f}x)"
            f" [{s['round_ratios_p25_p75'][k][0]:5.2f}-{s['round_ratios_p25_p75'][k][1]:5.2f}]"
            for s in r["servers"]
        )
        print(f"{k:12s}{cells}")
    if args.json:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
