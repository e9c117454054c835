"""A match decided when time is called: on the totals of the hands begun by then.

The hand-worked Five-Up match to 15 (tests/records/fiveup_2p_match.json) scores
Ana 3 Ben 3, then 8-0, then 4-16."""

import json

from referee.engine import record


def _match(hands: int, moves_in_last: int | None = None):
    """The first `hands` hands of the match; the last one cut to `moves_in_last` moves
    (unsettled) when given."""
    with open("tests/records/fiveup_2p_match.json", encoding="utf-8") as f:
        data = json.load(f)
    data["hands"] = data["hands"][:hands]
    if moves_in_last is not None:
        last = data["hands"][-1]
        last["moves"] = last["moves"][:moves_in_last]
        last.pop("remaining", None)
    match, fault = record.replay(record.parse(data))
    assert fault is None
    return match


def test_time_called_decides_on_the_totals_of_the_hands_begun():
    match = _match(2)
    assert match.result() == (False, None)  # 11-3: nobody has reached 15
    assert match.result_on_time(2) == (True, 0)  # Ana leads 11-3


def test_level_totals_on_time_are_a_tie():
    assert _match(1).result_on_time(1) == (True, None)  # 3-3


def test_time_called_waits_for_the_hand_in_play():
    match = _match(2, moves_in_last=4)
    assert match.result_on_time(2) == (False, None)
    # a hand begun after time was called does not count
    assert match.result_on_time(1) == (True, None)


def test_a_match_already_won_stays_won():
    assert _match(3).result_on_time(1) == (True, 1)  # Ben won 19-15
