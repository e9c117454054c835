"""A deal is taken as a whole; a faulty one is refused at its first fault, seat by seat."""

import pytest

from referee.engine import Match
from referee.engine.errors import RecordError
from referee.engine.tiles import tile, tile_set


def deal():
    tiles = list(tile_set(6))
    return {seat: tiles[seat * 7 : (seat + 1) * 7] for seat in range(4)}


def refusal(dealt) -> str:
    with pytest.raises(RecordError) as e:
        Match("french-connection", list("ABCD")).new_hand(dealt)
    return str(e.value)


def test_a_full_deal_is_taken_and_its_hands_are_known():
    dealt = deal()
    hand = Match("french-connection", list("ABCD")).new_hand(dealt)
    assert hand.known == [set(tiles) for tiles in dealt.values()]
    assert hand.stock_tiles == set()


def test_the_first_fault_is_said_seat_by_seat():
    good = deal()
    short = {**good, 1: good[1][:6], 2: good[2][:6] + [good[0][0]]}
    assert "B was dealt 6 tiles" in refusal(short)  # before C's tile dealt twice
    twice = {**good, 2: good[2][:6] + [good[0][0]]}
    assert refusal(twice).endswith(f"{good[0][0]} is dealt twice")
    within = {**good, 3: good[3][:6] + [good[3][0]]}
    assert refusal(within).endswith(f"{good[3][0]} is dealt twice")
    foreign = {**good, 0: good[0][:6] + [tile(9, 9)], 1: good[1][:6] + [good[1][0]]}
    assert "A was dealt 9-9, which is not in the double-six set" in refusal(foreign)
