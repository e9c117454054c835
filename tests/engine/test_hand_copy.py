"""`Hand.copy`: a hand carried on from a copy ends exactly where the same moves replayed
from the start end, and the hand it was copied from does not move. The table app writes a
move through such a copy (`web/table/state.fork`) and keeps the replayed hand unchanged."""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import CONFIGS

from referee.engine import hand as hand_module
from referee.engine import record
from referee.engine.hand import Hand
from referee.engine.simulate import play_match

CACHES = {"_legal", "_opens"}  # what is legal now: shared, worked out again after a move


def snapshot(hand: Hand) -> dict:
    """Every slot of the hand as a value (the layout as its nodes, places and count)."""
    out = {}
    for name in Hand.__slots__:
        if name in CACHES or not hasattr(hand, name):
            continue
        value = getattr(hand, name)
        if name == "previous":  # the match's hand before: the same hand, by what it holds
            value = earlier(value)
        elif name == "_args":
            value = tuple(earlier(v) if isinstance(v, Hand) else v for v in value)
        if name == "layout":
            value = (
                copy.deepcopy(value.nodes),
                sorted(value.by_tile.items()),
                list(value.open),
                value.count,
                value.counting,
                set(value.arms_with_double),
            )
        out[name] = copy.deepcopy(value) if isinstance(value, list | set | dict) else value
    return out


def earlier(hand: Hand | None):
    """The hand before, compared by its moves and points (a replay makes another object)."""
    return None if hand is None else (tuple(hand.moves), tuple(hand.points))


def at_table(data: dict) -> dict:
    """The record as a table keeps it: no deal, draws as counts."""
    data = copy.deepcopy(data)
    for h in data["hands"]:
        h.pop("dealt")
        for m in h["moves"]:
            if isinstance(m.get("draw"), list):
                m["draw"] = len(m["draw"])
    return data


def replayed(data: dict, moves: int | None = None) -> Hand:
    """The last hand of the record replayed as the table app does, cut after `moves`."""
    data = copy.deepcopy(data)
    if moves is not None:
        last = data["hands"][-1]
        last["moves"] = last["moves"][:moves]
        last["remaining"] = None
    match, fault = record.replay_at_table(record.parse(data))
    assert fault is None
    return match.current


def asked(hand: Hand) -> None:
    """Ask the hand what may be played now (it keeps the answer until the next move)."""
    if not hand.ended and hand.layout.nodes:
        hand.open_places()
        if hand.turn is not None and hand.known[hand.turn] is not None:
            hand.legal_moves(hand.turn)


def open_places(hand: Hand):
    return list(hand.open_places()) if hand.layout.nodes and not hand.ended else None


def test_every_slot_of_a_hand_is_copied_or_shared_on_purpose():
    groups = (hand_module._LISTS, hand_module._SHARED, hand_module._OWN)
    named = [name for group in groups for name in group]
    assert sorted(named) == sorted(Hand.__slots__), "a slot Hand.copy does not know"


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    config=st.sampled_from(CONFIGS),
    dealt=st.booleans(),
    cut=st.floats(0, 1),
)
def test_a_hand_carried_on_from_a_copy_is_the_hand_replayed(seed, config, dealt, cut):
    variant, players = config
    data = record.to_json(play_match(variant, players, random.Random(seed), max_hands=3))
    if not dealt:
        data = at_table(data)
    last = record.parse(data).hands[-1]
    j = int(cut * len(last.moves))
    base = replayed(data, j)
    asked(base)  # what is legal now, kept by the hand (and shared with the copy)
    before, open_before = snapshot(base), open_places(base)
    mine = base.copy()
    for move in last.moves[j:]:
        mine.apply(move)
        asked(mine)
    if mine.ended and (last.remaining is not None or mine.full):
        mine.settle(last.remaining)
    assert snapshot(mine) == snapshot(replayed(data))
    assert snapshot(base) == before  # the hand it was copied from has not moved
    assert open_places(base) == open_before
