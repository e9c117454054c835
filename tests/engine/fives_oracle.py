"""A second scorer of Fives & Threes, written from the rules (docs/rules.md, F3-*) and not
from the engine: it reads a game record's JSON and says what every lay pegs, what every
hand scores, the totals and who won, so that tests can hold `check --json` to it.

It trusts the record to be legal (the engine judges that) and plays the book's options,
with `chip_out`, `win_on_lead` and `target` read from the record. Its model of the table
is its own: the two ends of the line, each the tile there and the pips it shows.
"""

from __future__ import annotations

DEALS = {"book": {2: 7, 3: 5, 4: 5}, "league": {2: 9, 3: 6, 4: 6}}


def tile(text: str) -> tuple[int, int]:
    a, b = (int(x) for x in text.split("-"))
    return max(a, b), min(a, b)


def points_for(count: int) -> int:
    """F3-SCORE: count / 3 where 3 divides it, plus count / 5 where 5 does."""
    out = 0
    if count and count % 3 == 0:
        out += count // 3
    if count and count % 5 == 0:
        out += count // 5
    return out


class Line:
    """The line of tiles: its two ends, each [tile, pips showing, whether a double]."""

    def __init__(self, lead: tuple[int, int]):
        self.lead = lead
        self.tiles = 1
        self.ends = [[lead, lead[0], lead[0] == lead[1]], [lead, lead[1], lead[0] == lead[1]]]

    def lay(self, t: tuple[int, int], on: tuple[int, int] | None) -> None:
        for end in self.ends:
            if (on is None or end[0] == on) and end[1] in t:
                outer = t[1] if t[0] == end[1] else t[0]
                end[:] = [t, outer, t[0] == t[1]]
                self.tiles += 1
                return
        raise ValueError(f"{t} does not go on {on}")

    def count(self) -> int:
        if self.tiles == 1:
            return self.lead[0] + self.lead[1]
        return sum(2 * pips if double else pips for _, pips, double in self.ends)


def score(record: dict) -> dict:
    """What the record scores: {"hands": [{"plays": [(count, points)...], "points":
    {side: n}, "end": ...}], "totals": {side: n}, "winner": side or None}."""
    players = record["players"]
    options = record.get("options", {})
    target = options.get("target", 61)
    chip_point = options.get("chip_out", "point") == "point"
    lead_may_win = options.get("win_on_lead", "yes") == "yes"
    n = len(players)
    sides = (
        [[players[0], players[2]], [players[1], players[3]]] if n == 4 else [[p] for p in players]
    )
    side_of = {p: i for i, side in enumerate(sides) for p in side}
    keys = ["+".join(side) for side in sides]
    totals = [0] * len(sides)
    hands, winner = [], None
    size = DEALS[options.get("deal", "book")][n]
    for h in record["hands"]:
        held = dict.fromkeys(players, size)
        line: Line | None = None
        plays, points, end = [], [0] * len(sides), "open"
        for m in h["moves"]:
            if "pass" in m:
                continue
            p = m["player"]
            t = tile(m["play"])
            if line is None:
                line = Line(t)
            else:
                line.lay(t, tile(m["on"]) if "on" in m else None)
            held[p] -= 1
            side = side_of[p]
            out = held[p] == 0 and all(held[q] == 0 for q in sides[side])
            lay = points_for(line.count())
            chip = 1 if out and chip_point else 0
            room = target - totals[side]
            ok = lay + chip <= room and (lead_may_win or line.tiles > 1 or lay + chip < room)
            pegged = lay if ok else 0
            plays.append((line.count(), pegged))
            if ok:
                totals[side] += lay + chip
                points[side] += lay + chip
            if totals[side] == target:
                winner = keys[side]
            if out:
                end = "domino"
            if out or winner:
                break
        else:
            if line is not None and h.get("remaining") is not None:
                end = "block"
        hands.append({"plays": plays, "points": dict(zip(keys, points, strict=True)), "end": end})
        if winner:
            break
    return {"hands": hands, "totals": dict(zip(keys, totals, strict=True)), "winner": winner}
