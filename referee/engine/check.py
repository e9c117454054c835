"""The verdict on a game record: what `python -m referee check` prints."""

from __future__ import annotations

from .hand import Hand
from .match import Match
from .messages import ENGLISH, N_, Message, render
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
        "match": {"over": over, "winner": match.side_names[winner] if over else None},  # type: ignore[index]
    }


def hand_json(match: Match, hand: Hand, fault: Fault | None) -> dict:
    """One hand of the verdict."""
    # a hand that ended the match mid-play (an exact finish, Hand.peg_out) was not played
    # to its end: "open", as the record format has it ("pegged_out" says why)
    finished = hand.ended in ("domino", "block") and fault is None
    winner = None
    if finished:
        winner = hand.winner if hand.settlement is None else hand.settlement.winner
    out: dict = {
        "end": hand.ended if finished else "open",
        "winner": hand.players[winner] if winner is not None else None,
        "settled": hand.settlement is not None,
        "points": dict(zip(hand.side_names, hand.points, strict=True)),
    }
    out.update(match.variant.verdict_extras(hand))  # Five-Up's plays, French Connection's charges
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


def readable(record: Record, result: dict, catalogue=ENGLISH) -> str:
    """The verdict as sentences for the table, in the catalogue's language."""
    variant = get_variant(record.variant)
    match = Match(variant, record.players, record.options)
    label = points_label(variant, match.options)
    say = [f"{variant.title}: {', '.join(record.players)}"]
    for i, h in enumerate(result["hands"], 1):
        pts = ", ".join(f"{k} {v}" for k, v in h["points"].items())
        if h["end"] == "domino":
            end = Message(N_("Domino! by {player}"), player=h["winner"])
        elif h.get("pegged_out"):
            end = Message(
                N_("{side} reached the target exactly: the match ends in mid-hand"),
                side=h["pegged_out"],
            )
        elif h["end"] == "open":
            end = Message(N_("not finished"))
        elif h["winner"]:
            end = Message(N_("blocked, won by {player}"), player=h["winner"])
        else:
            end = Message(N_("blocked, a tie: nobody wins"))
        if not h["settled"] and h["end"] != "open":
            end = Message(N_("{end} (not settled: the tiles left in hands are not given)"), end=end)
        say.append(Message(label, hand=i, end=end, points=pts))
    totals = ", ".join(f"{k} {v}" for k, v in result["totals"].items())
    m = result["match"]
    if m["over"]:
        say.append(
            Message(N_("Totals: {totals}. {side} wins the match."), totals=totals, side=m["winner"])
        )
    else:
        say.append(Message(N_("Totals: {totals}. The match is not decided."), totals=totals))
    e = result["error"]
    if e:
        facts = {"hand": e["hand"], "message": e["message"], "rule": e["rule"]}
        if e["move"] is not None:
            text = N_("ILLEGAL: hand {hand}, move {move} (rule {rule}). {message}")
            facts["move"] = e["move"]
        else:
            text = N_("ILLEGAL: hand {hand}, the tiles left in hands (rule {rule}). {message}")
        say.append(Message(text, **facts))
    else:
        say.append(Message(N_("OK: every move is legal.")))
    return "\n".join(render(line, catalogue) for line in say)


def points_label(variant, options: dict) -> str:
    """The template of a hand's line, naming its points as the variant scores them."""
    return variant.hand_line(options)
