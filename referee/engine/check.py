"""The verdict on a game record: what `python -m referee check` prints."""

from __future__ import annotations

from .hand import Hand
from .match import Match
from .record import Fault, Record, replay
from .variants import get_variant


def verdict(record: Record) -> dict:
    """The `--json` verdict of the spec. RecordError if the record is unreadable."""
    match, fault = replay(record)
    hands = [
        hand_json(match, h, fault if fault and fault.hand == i else None)
        for i, h in enumerate(match.hands, 1)
    ]
    over, winner = match.result()
    return {
        "ok": fault is None,
        "error": fault._asdict() if fault else None,
        "hands": hands,
        "totals": dict(zip(match.side_names, match.totals(), strict=True)),
        "match": {"over": over, "winner": match.side_names[winner] if over else None},
    }


def hand_json(match: Match, hand: Hand, fault: Fault | None) -> dict:
    """One hand of the verdict."""
    finished = hand.ended is not None and fault is None
    winner = None
    if finished:
        winner = hand.winner if hand.settlement is None else hand.settlement.winner
    out: dict = {
        "end": hand.ended if finished else "open",
        "winner": hand.players[winner] if winner is not None else None,
        "settled": hand.settlement is not None,
        "points": dict(zip(hand.side_names, hand.points, strict=True)),
    }
    if match.variant.name == "five-up":
        out["plays"] = [{"move": m, "count": c, "points": p} for m, c, p, _ in hand.plays]
    if match.variant.name == "french-connection":
        out["penalties"] = penalties(hand)
    if hand.settlement is not None:
        out["settlement"] = [
            {
                "side": hand.side_names[line.side] if line.side is not None else None,
                "points": line.points,
                "rule": line.rule,
                "text": line.text,
            }
            for line in hand.settlement.lines
        ]
    return out


def penalties(hand: Hand) -> list[dict]:
    """French Connection's 10- and 20-point charges, in order."""
    out = [
        {"move": m, "side": hand.players[s], "points": p, "rule": r} for m, s, p, r in hand.charges
    ]
    if hand.settlement is not None:
        out += [
            {
                "move": None,
                "side": hand.players[line.side],
                "points": line.points,
                "rule": line.rule,
            }
            for line in hand.settlement.lines
            if line.rule == "FC-SOAP"
        ]
    return out


def readable(record: Record, result: dict) -> str:
    """The verdict as sentences for the table."""
    lines = [f"{get_variant(record.variant).title}: {', '.join(record.players)}"]
    for i, h in enumerate(result["hands"], 1):
        pts = ", ".join(f"{k} {v}" for k, v in h["points"].items())
        end = {"domino": f"Domino! by {h['winner']}", "open": "not finished"}.get(
            h["end"], f"blocked, won by {h['winner'] or 'nobody (tie)'}"
        )
        unsettled = "" if h["settled"] or h["end"] == "open" else " (not settled: no remaining)"
        lines.append(f"Hand {i}: {end}{unsettled}. Points: {pts}.")
    totals = ", ".join(f"{k} {v}" for k, v in result["totals"].items())
    m = result["match"]
    lines.append(
        f"Totals: {totals}. "
        + (f"{m['winner']} wins the match." if m["over"] else "The match is not decided.")
    )
    e = result["error"]
    if e:
        where = f"move {e['move']}" if e["move"] is not None else "the tiles left in hands"
        lines.append(f"ILLEGAL: hand {e['hand']}, {where}: {e['message']} (rule {e['rule']})")
    else:
        lines.append("OK: every move is legal.")
    return "\n".join(lines)
