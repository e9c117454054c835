"""Mexican Train (MT-*): the engine, own trains and the Mexican train, markers, doubles to
satisfy, one draw a turn, the round's end, the 13 rounds' scores, the options; hypothesis
over random legal rounds (every tile once, trains that chain from the engine, the pips
left are the scores) and the record's round trip."""

from __future__ import annotations

import json
import random

import pytest
from conftest import move, play, refused, tiles
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import Match, RecordError, SetupError, check, parse_tile, record
from referee.engine.simulate import play_match
from referee.engine.tiles import pip_count, tile_set

MT = "mexican-train"
T = parse_tile
FOUR = ["Ann", "Ben", "Cleo", "Dan"]


def first_hand(players=FOUR, **options):
    """The first round of a match, the tiles in hands not known (a real table)."""
    return Match(MT, list(players), options).new_hand()


def started(players=FOUR, **options):
    """Round 1 with the engine set by Ann and each of the others' own train started:
    Ben's ends in 6, Cleo's in 3, Dan's in 9; Ann's turn."""
    hand = first_hand(players, **options)
    return play(
        hand, "Ann 12-12", "Ben 12-6 train Ben", "Cleo 12-3 train Cleo", "Dan 12-9 train Dan"
    )


def test_the_variant_declares_the_set_players_and_deal():
    m = Match(MT, FOUR)
    assert m.variant.max_pip(4, m.options) == 12
    assert m.options == {
        "deal": "htfbw",
        "doubles": "one",
        "first_turn": "one",
        "double_blank": "0",
        "marker_penalty": "0",
        "hands": 13,
    }
    deal = [m.variant.deal_size(n, m.options) for n in range(2, 9)]
    assert deal == [15, 15, 15, 12, 12, 10, 10]
    idaho = [m.variant.deal_size(n, {"deal": "idaho"}) for n in range(2, 9)]
    assert idaho == [16, 15, 14, 13, 12, 11, 10]
    with pytest.raises(SetupError) as e:
        Match(MT, ["A"] * 1)
    with pytest.raises(SetupError) as e:
        Match(MT, [f"P{i}" for i in range(9)])
    assert e.value.rule == "MT-PLAYERS"
    with pytest.raises(SetupError) as e:
        Match(MT, FOUR, {"hands": 14})
    assert e.value.rule == "MT-MATCH"
    with pytest.raises(SetupError):
        Match(MT, FOUR, {"double_blank": 50})  # a choice is written as a string
    with pytest.raises(SetupError):
        Match(MT, FOUR, {"target": 100})  # no target: so many rounds


def test_the_engine_is_set_by_its_holder_after_any_draws():
    hand = first_hand()
    assert refused(hand, "Ben 11-11").rule == "MT-ENGINE"
    assert refused(hand, "Ben pass").rule == "MT-ENGINE"
    play(hand, "Cleo draw 1", "Dan draw 1", "Ben 12-12")  # nobody held it: draws first
    assert hand.turn == 2 and hand.stock == 91 - 4 * 15 - 2
    assert hand.sizes == [15, 14, 16, 16]


def test_a_lay_on_a_closed_train_is_refused_naming_its_owner():
    hand = started()
    error = refused(hand, "Ann 6-2 train Ben")
    assert error.rule == "MT-CLOSED"
    assert str(error.message) == "Ben's train is closed: no marker on it."
    assert refused(hand, "Ann 6-2 on 12-6").rule == "MT-CLOSED"  # named by its end too
    assert refused(hand, "Ann 5-2 on 12-6").rule == "C-ONE"  # does not match: pips first


def test_the_mexican_train_started_by_a_player_with_no_tile_for_his_own():
    hand = started()
    play(hand, "Ann 12-1 train Ann")
    # Ben holds nothing with a 6 (his train's end): he starts the Mexican train
    play(hand, "Ben 12-4 train mexican")
    assert hand.layout.train(4) == [T("12-4")]
    assert hand.layout.train(1) == [T("12-6")]
    assert hand.turn == 2
    # Cleo may extend it; Dan may not lay on Cleo's train
    play(hand, "Cleo 4-4 on 12-4")  # a double: Cleo lays again, on it
    assert hand.turn == 2 and hand.pending == [4]
    play(hand, "Cleo 4-0 train mexican")
    assert hand.pending == [] and hand.turn == 3


def test_a_tile_that_would_start_two_empty_trains_must_say_which():
    hand = first_hand()
    play(hand, "Ann 12-12")
    with pytest.raises(RecordError) as e:
        hand.apply(move(hand, "Ben 12-5"))
    assert "Ben's train" in str(e.value.message) and "Mexican train" in str(e.value.message)
    play(hand, "Ben 12-5 on 12-12 train mexican")
    assert hand.layout.train(4) == [T("12-5")]


def test_an_unsatisfied_double_passed_along_three_players():
    hand = started()
    play(hand, "Ann 12-1 train Ann", "Ben 6-6 train Ben")
    assert hand.turn == 1 and hand.pending == [1]  # Ben lays again: on his double
    assert refused(hand, "Ben 12-10 train mexican").rule == "MT-DOUBLE"
    play(hand, "Ben draw 1", "Ben pass")  # nothing fits it: his marker goes down
    assert hand.markers == [False, True, False, False] and hand.turn == 2
    error = refused(hand, "Cleo 3-2 train Cleo")
    assert error.rule == "MT-DOUBLE"
    assert str(error.message) == (
        "6-6 on Ben's train must be satisfied first: 3-2 cannot go on Cleo's train."
    )
    assert refused(hand, "Cleo pass").rule == "MT-DRAW"  # draw first
    play(hand, "Cleo draw 1")
    assert refused(hand, "Cleo draw 1").rule == "MT-DRAW"  # one draw a turn
    play(hand, "Cleo pass", "Dan draw 1", "Dan pass")  # passed along: Cleo and Dan
    assert hand.markers == [False, True, True, True] and hand.pending == [1]
    play(hand, "Ann 6-5 on 6-6")  # Ann satisfies it on Ben's train
    assert hand.pending == [] and hand.turn == 1
    assert hand.layout.train(1) == tiles("12-6 6-6 6-5")


def test_a_marker_put_down_and_lifted():
    hand = started()
    play(hand, "Ann draw 1", "Ann pass")  # Ann cannot lay: her marker goes down
    assert hand.markers[0]
    play(hand, "Ben 12-2 train Ann")  # her train is open to all
    play(hand, "Cleo 2-7 on 12-2")
    assert hand.layout.train(0) == tiles("12-2 7-2")
    play(hand, "Dan 9-8 train Dan")
    play(hand, "Ann 7-11 train Ann")  # she lays on her own train: the marker is lifted
    assert not hand.markers[0]
    assert refused(hand, "Ben 11-10 train Ann").rule == "MT-CLOSED"


def test_the_round_ends_on_an_empty_boneyard():
    players = [f"P{i}" for i in range(1, 9)]
    hand = first_hand(players, deal="machead")  # 8 x 11 = 88: 3 in the boneyard
    assert hand.stock == 91 - 88
    play(hand, "P1 12-12")
    for p in ("P2", "P3", "P4"):
        play(hand, f"{p} draw 1", f"{p} pass")
    assert hand.stock == 0
    assert refused(hand, "P5 draw 1").rule == "MT-DRAW"
    for p in ("P5", "P6", "P7", "P8", "P1", "P2", "P3"):
        assert not hand.ended
        play(hand, f"{p} pass")
    assert hand.ended == "block"
    left_tiles = [t for t in tile_set(12) if t != T("12-12")]
    sizes = hand.sizes
    assert sizes == [10, 12, 12, 12, 11, 11, 11, 11]
    remaining, at = {}, 0
    for seat, size in enumerate(sizes):
        remaining[seat] = left_tiles[at : at + size]
        at += size
    settlement = hand.settle(remaining)
    points = hand.points
    assert points == [pip_count(remaining[s]) for s in range(8)]
    assert settlement.winner == points.index(min(points))


def test_going_out_ends_the_round():
    hand = first_hand(["Ann", "Ben"], deal="idaho")  # 16 each
    hand.sizes[1] = 1  # Ben has one tile left (as if his others were laid)
    play(hand, "Ann 12-12", "Ben 12-3 train Ben")
    assert hand.ended == "domino" and hand.winner == 1
    assert refused(hand, "Ann 12-4 train Ann").rule == "C-DOMINO"
    hand.settle({0: tiles("5-5 0-0") + list(tile_set(12)[20:33]), 1: []})
    assert hand.points[1] == 0


def test_the_double_blank_left_in_hand():
    hand = first_hand(["Ann", "Ben"], deal="idaho", double_blank="50")
    hand.sizes[1] = 1  # as if Ben had laid all his tiles but one
    play(hand, "Ann 12-12", "Ben 12-3 train Ben")
    assert hand.ended == "domino"
    left = [t for t in tile_set(12) if t not in tiles("12-12 12-3")][:14] + tiles("0-0")
    hand.settle({0: left, 1: []})
    assert hand.points == [pip_count(left) + 50, 0]
    assert [line.rule for line in hand.settlement.lines] == ["MT-SCORE", "MT-OUT"]


def test_a_marker_left_down_costs_its_penalty():
    hand = first_hand(["Ann", "Ben"], deal="idaho", marker_penalty="25")
    play(hand, "Ann 12-12", "Ben draw 1", "Ben pass")
    assert hand.markers == [False, True]
    hand.sizes[0] = 1
    play(hand, "Ann 12-0 train Ann")
    assert hand.ended == "domino"
    ben = list(tile_set(12)[13:30])  # 16 dealt and 1 drawn, none on the table
    hand.settle({0: [], 1: ben})
    assert hand.points == [0, pip_count(ben) + 25]
    rules = [line.rule for line in hand.settlement.lines]
    assert "MT-OPEN" in rules


def test_one_double_a_turn_by_default():
    hand = started()
    play(hand, "Ann 12-1 train Ann", "Ben 12-7 train mexican", "Cleo 3-3 train Cleo")
    assert hand.turn == 2 and hand.pending == [2]
    assert refused(hand, "Cleo 7-7 on 12-7").rule == "MT-DOUBLE"


def test_several_doubles_in_one_turn_as_an_option():
    hand = started(doubles="several")
    play(hand, "Ann 12-1 train Ann", "Ben 12-7 train mexican", "Cleo 3-3 train Cleo")
    assert refused(hand, "Cleo 7-5 on 12-7").rule == "MT-DOUBLE"  # only a double
    play(hand, "Cleo 7-7 on 12-7")  # another double, on the Mexican train
    assert hand.pending == [2, 4] and hand.turn == 2
    assert refused(hand, "Cleo 7-5 on 7-7").rule == "MT-DOUBLE"  # the first comes first
    play(hand, "Cleo 3-5 on 3-3")  # a tile that is no double ends the turn
    assert hand.pending == [4] and hand.turn == 3
    assert refused(hand, "Dan 9-1 train Dan").rule == "MT-DOUBLE"
    play(hand, "Dan 7-2 on 7-7")
    assert hand.pending == [] and hand.turn == 0


def test_the_first_turn_on_ones_own_train_as_an_option():
    hand = first_hand(first_turn="own")
    play(hand, "Ann 12-12", "Ben 12-6 train Ben", "Ben 6-1 on 12-6")
    assert hand.turn == 1  # his first turn goes on
    assert refused(hand, "Ben 12-3 train mexican").rule == "MT-FIRST"
    assert refused(hand, "Ben draw 1").rule == "MT-FIRST"
    play(hand, "Ben pass")  # he ends it: no marker
    assert hand.turn == 2 and hand.markers == [False] * 4
    play(hand, "Cleo draw 1", "Cleo pass")  # nothing for her own train: the marker
    assert hand.markers[2]
    play(hand, "Dan 12-9 train Dan", "Dan pass", "Ann 12-4 train Ann", "Ann pass")
    play(hand, "Ben 1-2 on 6-1")
    assert hand.turn == 2  # his second turn: one tile, as every turn


def test_the_scores_of_a_13_round_game():
    m = play_match(MT, 4, random.Random(7), {"double_blank": "50"})
    assert len(m.hands) == 13 and m.result()[0]
    assert [str(h.opening.tile) for h in m.hands] == [f"{e}-{e}" for e in range(12, -1, -1)]
    totals = [0] * 4
    for h in m.hands:
        for seat, left in enumerate(h.left):
            pips = pip_count(left) + (50 if T("0-0") in left else 0)
            totals[seat] += pips
    assert m.totals() == totals
    over, winner = m.result()
    assert winner == totals.index(min(totals)) and totals.count(min(totals)) == 1
    assert f"{m.players[winner]} won the match with {min(totals)} points" in str(
        m.outcome_message()
    )
    with pytest.raises(Exception) as e:
        m.new_hand()
    assert e.value.rule == "MT-MATCH"


def test_fewer_rounds_end_the_match_sooner():
    m = play_match(MT, 3, random.Random(2), {"hands": 5})
    assert len(m.hands) == 5 and m.result()[0]
    assert str(m.hands[-1].opening.tile) == "8-8"


# -- random legal rounds ------------------------------------------------------------------
def _chain(hand, k):
    """Each train from the engine: every tile matches the end it was laid on."""
    engine = hand.layout.nodes[0].tile
    end = engine.high
    for t in hand.layout.train(k):
        assert end in t
        end = t.other(end)
    return end


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 8), st.integers(0, 10**6), st.sampled_from(["one", "several"]))
def test_random_rounds(players, seed, doubles):
    options = {"doubles": doubles, "double_blank": "25", "hands": 2}
    m = play_match(MT, players, random.Random(seed), options, max_hands=2)
    for h in m.hands:
        on_table = [n.tile for n in h.layout.nodes]
        held = [t for left in h.left for t in left]
        assert len(set(on_table)) == len(on_table)
        everything = on_table + held
        assert len(set(everything)) == len(everything)  # every tile once
        assert len(everything) + h.stock == 91
        for k in range(players + 1):
            _chain(h, k)
        assert sum(len(h.layout.train(k)) for k in range(players + 1)) == len(on_table) - 1
        for seat, left in enumerate(h.left):
            pips = pip_count(left) + (25 if T("0-0") in left else 0)
            assert h.points[seat] == pips  # the pips left are the score
    # the record says the same
    text = record.dumps(m)
    again, fault = record.replay(record.loads(text))
    assert fault is None and again.totals() == m.totals()
    for h in json.loads(text)["hands"]:
        lays = [mv for mv in h["moves"] if "play" in mv]
        assert "train" not in lays[0] and all("train" in mv for mv in lays[1:])


def test_check_json_names_the_trains_and_markers():
    m = play_match(MT, 3, random.Random(1), {"hands": 1})
    verdict = check.verdict(record.loads(record.dumps(m)))
    assert verdict["ok"]
    hand = verdict["hands"][0]
    assert set(hand["trains"]) == {"P1", "P2", "P3", "mexican"}
    assert isinstance(hand["markers"], list)


def test_a_train_in_another_game_is_unreadable():
    text = json.dumps(
        {
            "format": "domino-record/1",
            "variant": "five-up",
            "players": ["Ann", "Ben"],
            "hands": [{"moves": [{"player": "Ann", "play": "5-5", "train": "Ann"}]}],
        }
    )
    with pytest.raises(RecordError):
        record.loads(text)


def test_a_tie_at_the_lowest_is_a_shared_win():
    m = Match(MT, FOUR, {"hands": 1})
    v = m.variant
    assert v.result_after(0, [0, 0, 0, 0], m.options) == (False, None)
    assert v.result_after(1, [10, 10, 30, 40], m.options) == (True, None)
    assert v.result_after(1, [12, 10, 30, 40], m.options) == (True, 1)
    text = str(v.outcome(m.side_names, [10, 10, 30, 40], None))
    assert text == "The match is over: the fewest points are level, a shared win."
