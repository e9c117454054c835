"""The table in sentences: each move in words, the history of a hand, how a hand ended and
what it scored (with the rule behind every line), who opens, who won the match and why,
time called, a tie, what Undo would take back and why a phone's view is out of date.

The engine computes; these only word what it computed, in the language of the request.

Over 400 lines: every sentence the table says of a move, a hand and a match is here, for
every variant (a hub of trains' lays and its shared wins too), so that one module words
what the engine computed and the sentences of one kind sit side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app
from flask_babel import get_locale

from referee.engine import Move, rulebook
from referee.engine.hand import Hand as EngineHand
from referee.engine.messages import N_, Message

from ..i18n import gettext as _
from ..i18n import ngettext, say
from ..server.cache import LRU
from .state import Table


def rule_title(rule: str) -> str:
    """A rule's title in the language of the request (the rulebook has all three)."""
    return rulebook.rule(rule, str(get_locale())).title


def first_play(hand: EngineHand) -> int | None:
    """The number of the hand's first play (its lead), None before it."""
    return next((i for i, m in enumerate(hand.moves, 1) if m.kind == "play"), None)


def describe(hand: EngineHand, move: Move, number: int, lead_at: int | None = -1) -> str:
    """A move in words: "Ben laid 5-3 on 5-5". `lead_at`: `first_play(hand)`, when the
    caller describes many moves (history: one pass, not one per move)."""
    name = hand.players[move.player]
    if lead_at == -1:
        lead_at = first_play(hand)
    lead = lead_at is None or lead_at >= number
    if move.kind == "play":
        trains = hand.variant.trains  # a hub of trains: the engine, and each lay's train
        if lead:
            if hand.variant.poses:
                return _("%(player)s posed %(tile)s", player=name, tile=move.tile)
            if trains:
                return _("%(player)s set the engine %(tile)s", player=name, tile=move.tile)
            return _("%(player)s led %(tile)s", player=name, tile=move.tile)
        node = hand.layout.by_tile.get(move.tile) if trains else None  # type: ignore[arg-type]
        if node is not None and node.arm is not None:
            train = say(hand.train_name(node.arm))  # type: ignore[attr-defined]  # a hub's
            return _(
                "%(player)s laid %(tile)s on %(train)s", player=name, tile=move.tile, train=train
            )
        if move.on is None:
            return _("%(player)s laid %(tile)s", player=name, tile=move.tile)
        return _("%(player)s laid %(tile)s on %(on)s", player=name, tile=move.tile, on=move.on)
    if move.kind == "draw":
        if move.drawn:
            return _(
                "%(player)s drew %(tiles)s",
                player=name,
                tiles=", ".join(str(t) for t in move.drawn),
            )
        return ngettext(
            "%(player)s drew %(num)d tile", "%(player)s drew %(num)d tiles", move.count, player=name
        )
    if lead:
        return _("%(player)s passed the pose", player=name)
    if hand.variant.knocks:
        return _("%(player)s knocked", player=name)
    return _("%(player)s passed", player=name)


@dataclass
class Event:
    number: int
    text: str
    notes: list[dict]  # {"text": ..., "rule": ...}


def history(hand: EngineHand, last: int | None = None, kept: tuple | None = None) -> list[Event]:
    """Every move of the hand (or the `last` few) in words, with what it scored or cost
    (Five-Up's count, French Connection's charges), as the engine computed them. `kept`
    (the match's id, link and hand number): the words of the moves this process has
    already described in this hand are reused (`_described`)."""
    start = 1 if last is None else max(1, len(hand.moves) - last + 1)
    if kept is None:
        return _events(hand, start)
    return list(_described(hand, kept)[start - 1 :])


def _events(hand: EngineHand, first: int) -> list[Event]:
    notes = move_notes(hand, first)
    lead_at = first_play(hand)
    return [
        Event(i, describe(hand, hand.moves[i - 1], i, lead_at), notes.get(i, []))
        for i in range(first, len(hand.moves) + 1)
    ]


DESCRIBED = 2048  # hands kept per process, in each language: a hall's tables and more


def _described(hand: EngineHand, kept: tuple) -> tuple[Event, ...]:
    """Every move of the hand in words, those of a move already described in this hand
    (in this language) taken as they were: what a move says, scores and costs depends
    only on it and the moves before it, so the words kept for moves 1..k hold while the
    hand's first k moves are the same ones (after an Undo or a correction too)."""
    store = current_app.extensions.get("referee_described")
    if store is None:
        store = current_app.extensions.setdefault("referee_described", LRU(DESCRIBED))
    key = (*kept, str(get_locale()))
    moves = tuple(hand.moves)
    events: tuple[Event, ...] = ()
    found = store.get(key)
    if found is not None:
        said_of, said = found
        n = min(len(said_of), len(moves))
        if said_of[:n] == moves[:n]:
            events = said[:n]
    if len(events) < len(moves):
        events = (*events, *_events(hand, len(events) + 1))
        store.put(key, None, (moves, events))
    return events


def move_notes(hand: EngineHand, first: int = 1) -> dict[int, list[dict]]:
    """What each move from move `first` on scored or cost, by move number."""
    notes: dict[int, list[dict]] = {}
    for number, count, points, side in hand.plays:
        if number < first:
            continue
        if points:
            text = _(
                "count %(count)s: +%(points)s for %(side)s",
                count=count,
                points=points,
                side=hand.side_names[side],
            )
        else:
            text = _("count %(count)s", count=count)
        rule = hand.variant.score_rule if points else None
        notes.setdefault(number, []).append({"text": text, "rule": rule})
    for number, seat, points, rule in hand.charges:
        if number < first:
            continue
        why = rule_title(rule)
        text = ngettext(
            "%(player)s is charged %(num)d point: %(why)s",
            "%(player)s is charged %(num)d points: %(why)s",
            points,
            player=hand.players[seat],
            why=why,
        )
        notes.setdefault(number, []).append({"text": text, "rule": rule})
    return notes


def opening_line(table: Table) -> dict | None:
    """Who opens the current hand and with what (before its lead)."""
    hand, row = table.hand, table.hand_row
    if hand is None or any(m.kind == "play" for m in hand.moves):
        return None
    o = hand.opening
    text = o.text
    lot = None
    if row is not None and row.lot is not None and o.lot:
        lot = _("%(name)s won the lot and leads.", name=hand.players[row.lot])
    return {"text": text, "rule": o.rule, "lot": lot}


def hand_summaries(table: Table) -> list[dict]:
    """Every hand's summary, for the match page: the running totals in one pass."""
    totals = [0] * len(table.match.side_names)
    out = []
    for i, h in enumerate(table.match.hands):
        totals = [a + b for a, b in zip(totals, h.points, strict=True)]
        out.append(hand_summary(table, i, totals))
    return out


def hand_summary(table: Table, index: int, totals: list[int] | None = None) -> dict:
    """One hand for the match page and the settlement: how it ended, each side's points
    with the rule behind every line, and the running totals after it (`totals`, when the
    caller keeps them)."""
    hand = table.match.hands[index]
    names = table.match.side_names
    s = hand.settlement
    if hand.ended == "domino":
        end = _("Domino! by %(player)s", player=hand.players[hand.winner])
    elif hand.ended == "block":
        end = _("Blocked")
        if s is not None:
            # the side's name: a pair wins a blocked hand together ("Ana+Cleo")
            won = names[hand.side_of[s.winner]] if s.winner is not None else None
            if won is None:
                end = _("Blocked: a tie")
            elif not any(line.points for line in s.lines):  # Fives & Threes: F3-BLOCK
                end = _("Blocked: nobody scores")
            else:
                end = _("Blocked: won by %(side)s", side=won)
    elif hand.ended == "target":
        end = _("%(side)s reached the target exactly", side=names[hand.pegged])
    else:
        end = _("In play")
    lines = []
    for number, count, points, side in hand.plays:
        if points:
            lines.append(
                {
                    "side": names[side],
                    "points": points,
                    "rule": hand.variant.score_rule,
                    "text": _("move %(move)s: count %(count)s", move=number, count=count),
                }
            )
    for number, seat, points, rule in hand.charges:
        lines.append(
            {
                "side": names[hand.side_of[seat]],
                "points": points,
                "rule": rule,
                "text": _("move %(move)s: %(rule)s", move=number, rule=rule_title(rule)),
            }
        )
    if s is not None:
        for line in s.lines:
            lines.append(
                {
                    "side": names[line.side] if line.side is not None else "—",
                    "points": line.points,
                    "rule": line.rule,
                    "text": line.text,
                }
            )
    if totals is None and index == len(table.match.hands) - 1:
        totals = table.match.totals()  # the engine keeps the sum of the hands before
    elif totals is None:
        totals = [0] * len(names)
        for h in table.match.hands[: index + 1]:
            totals = [a + b for a, b in zip(totals, h.points, strict=True)]
    return {
        "number": index + 1,
        "end": end,
        "ended": hand.ended,
        "settled": s is not None,
        "moves": len(hand.moves),
        "lines": lines,
        "points": list(zip(names, hand.points, strict=True)),
        "totals": list(zip(names, totals, strict=True)),
        "left": (
            [(hand.players[i], [str(t) for t in ts]) for i, ts in enumerate(hand.left)]
            if hand.left is not None
            else None
        ),
        "false_passes": [
            {"text": hand.false_pass_message(f), "rule": hand.false_pass_rule(f)}
            for f in hand.false_passes
        ],
        "wrong_leads": [
            {"text": hand.wrong_lead_message(w), "rule": "CT-LEAD"}
            for w in getattr(hand, "wrong_leads", ())
        ],
    }


def settled_points(table: Table) -> list[list[int]]:
    """Each side's points in each settled hand, in order (for the match chart)."""
    return [list(h.points) for h in table.match.hands if h.settlement is not None]


def tie(table: Table) -> dict | None:
    """Why the match goes on though a side has reached the target (C-TIE)."""
    if not table.match.tied() or outcome(table) is not None:  # decided on time
        return None
    return {"rule": "C-TIE", "title": rule_title("C-TIE"), "text": table.match.tie_message()}


def outcome(table: Table) -> dict | None:
    """Who won the match and why, once it is decided: by the variant's match rule, or on
    the totals of the hands it counts once an event's director has called time."""
    over, win = table.match.result()
    if not over and table.row.time_hands is not None:
        return on_time(table)
    if not over:
        return None
    m = table.match
    rule = m.match_rule
    if win is None:  # a match of so many hands ended level at the best: a shared win
        totals = m.totals()
        top = m.variant.best(m.options)(totals)
        winner = ", ".join(n for n, t in zip(m.side_names, totals, strict=True) if t == top)
    else:
        winner = m.side_names[win]
    return {
        "winner": winner,
        "text": m.outcome_message(),
        "rule": rule,
        "title": rule_title(rule),
    }


def on_time(table: Table) -> dict | None:
    """The match decided on time (events: the director called time), once the hands it
    counts are settled: the best total wins; level totals win for nobody."""
    m, hands = table.match, table.row.time_hands
    over, win = m.result_on_time(hands)
    if not over:
        return None
    score = "–".join(str(p) for p in m.totals())
    if win is None:
        text = ngettext(
            "Time was called: the match ends level on the totals of the one hand "
            "played, %(score)s.",
            "Time was called: the match ends level on the "
            "totals of the %(num)d hands played, %(score)s.",
            hands,
            score=score,
        )
    else:
        text = ngettext(
            "Time was called: %(side)s won on the totals of the one hand played, %(score)s.",
            "Time was called: %(side)s won on the totals of the %(num)d hands played, %(score)s.",
            hands,
            side=m.side_names[win],
            score=score,
        )
    winner = m.side_names[win] if win is not None else None
    return {"winner": winner, "text": text, "rule": None, "title": None, "time": True}


def time_called(table: Table) -> int | None:
    """The hands the match counts, while time is called and they are not all settled."""
    if table.row.time_hands is None or outcome(table) is not None:
        return None
    return table.row.time_hands


def penalty_points(table: Table) -> bool:
    """Whether points are penalty points (the fewest win)."""
    m = table.match
    return m.variant.best(m.options) is min


def what_changed(table: Table, hand_no: int, after: int) -> str:
    """Why a phone's view is out of date: "already recorded: Ben laid 5-3 on 5-5"."""
    hands = table.match.hands
    if 1 <= hand_no <= len(hands):
        hand = hands[hand_no - 1]
        if after < len(hand.moves):
            return _(
                "already recorded: %(move)s", move=describe(hand, hand.moves[after], after + 1)
            )
        if after == len(hand.moves) and hand.settlement is not None:
            return _(
                "already recorded: the tiles left in hand %(hand)s, which is settled", hand=hand_no
            )
        if after > len(hand.moves):
            return _(
                "the table has changed: move %(move)s was taken back", move=len(hand.moves) + 1
            )
    if hand_no > len(hands):
        return _("the table has changed: hand %(hand)s was taken back", hand=hand_no)
    return _("the table has changed since this page was shown")


def false_passes(hand: EngineHand, known: int) -> list[str]:
    """The passes this write newly proves false (C-RENEGE), in words."""
    return [
        say(
            Message(
                N_("{message} ({rule})"),
                message=hand.false_pass_message(f),
                rule=hand.false_pass_rule(f),
            )
        )
        for f in hand.false_passes[known:]
    ]


def undo_target(table: Table) -> str | None:
    """What Undo would take back, in words (None: nothing, or nothing it can take back:
    see `undo_refusal`)."""
    row, hand = table.hand_row, table.hand
    if row is None or table.row.abandoned is not None or fixed_settlement(table) is not None:
        return None
    if row.remaining is not None:
        return _("the tiles left in hand %(hand)s (its settlement)", hand=row.number)
    if hand.moves:
        return describe(hand, hand.moves[-1], len(hand.moves))
    if row.lot is not None:
        return _("the lot for the lead (won by %(name)s)", name=hand.players[row.lot])
    if row.number > 1:
        return _("the tiles left in hand %(hand)s (its settlement)", hand=row.number - 1)
    return None


def fixed_settlement(table: Table) -> int | None:
    """The number of the hand whose settlement Undo would take back, when it cannot: the
    engine knows every player's tiles (a full record, imported with its deals), so the
    hand settles itself again from them."""
    row, hands = table.hand_row, table.match.hands
    if row is None or not hands:
        return None
    if row.remaining is not None:
        number, engine_hand = row.number, hands[-1]
    elif not hands[-1].moves and row.number > 1 and len(hands) > 1:
        number, engine_hand = row.number - 1, hands[-2]
    else:
        return None
    return number if engine_hand.full and engine_hand.settlement is not None else None


def undo_refusal(table: Table) -> str:
    """Why Undo has nothing to take back, in words."""
    number = fixed_settlement(table)
    if number is None:
        return _("There is nothing to take back.")
    return _(
        "The settlement of hand %(number)d cannot be taken back: the record names every "
        "player's tiles, so the hand settles itself from them.",
        number=number,
    )
