"""Helpers for engine tests: write moves the way players say them."""

import pytest

from referee.engine import IllegalMove, Match, Move, parse_tile


def move(hand, line: str) -> Move:
    """'Ana 5-5' (lead), 'Ben 5-0 on 5-5', 'Cleo draw 2', 'Cleo draw 6-1 3-3', 'Dan pass';
    on a hub of trains 'Ben 12-5 train Ben', 'Cleo 12-3 train mexican'."""
    name, *rest = line.split()
    seat = hand.players.index(name)
    if rest == ["pass"]:
        return Move.pass_(seat)
    if rest[0] == "draw":
        if len(rest) == 2 and rest[1].isdigit():
            return Move.draw(seat, int(rest[1]))
        return Move.draw(seat, tuple(parse_tile(t) for t in rest[1:]))
    words = dict(zip(rest[1::2], rest[2::2], strict=True))
    on = parse_tile(words["on"]) if "on" in words else None
    train = words.get("train")
    if train is not None:
        train = len(hand.players) if train == "mexican" else hand.players.index(train)
    return Move.play(seat, parse_tile(rest[0]), on, train)


def play(hand, *lines: str):
    """Apply each move in turn; returns the hand."""
    for line in lines:
        hand.apply(move(hand, line))
    return hand


def refused(hand, line: str) -> IllegalMove:
    """Apply a move that must be refused, check nothing changed, return the error."""
    before = (len(hand.moves), list(hand.sizes), hand.stock, len(hand.layout.nodes))
    with pytest.raises(IllegalMove) as info:
        hand.apply(move(hand, line))
    assert (len(hand.moves), list(hand.sizes), hand.stock, len(hand.layout.nodes)) == before
    return info.value


def tiles(text: str):
    return [parse_tile(t) for t in text.split()]


@pytest.fixture
def five4():
    return Match("five-up", ["Ana", "Ben", "Cleo", "Dan"])


@pytest.fixture
def fc():
    return Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
