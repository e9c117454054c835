"""Fives & Threes (F3-*): the count by threes and fives, a line with no spinner, knocks,
the exact finish and the match won mid-hand, pairs, the options and presets."""

from __future__ import annotations

import json
import random

import pytest
from conftest import play, refused, tiles
from fives_oracle import score
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import Hand, IllegalMove, Match, SetupError, check, parse_tile, record
from referee.engine.simulate import play_match
from referee.engine.variants import get_variant
from referee.engine.variants.fives_and_threes import count_points

F3 = "fives-and-threes"
T = parse_tile
# every count from 0 to 24 and what it scores (F3-SCORE): / 3 where 3 divides it, plus
# / 5 where 5 does
TABLE = {
    0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 5: 1, 6: 2, 7: 0, 8: 0, 9: 3, 10: 2, 11: 0, 12: 4,
    13: 0, 14: 0, 15: 8, 16: 0, 17: 0, 18: 6, 19: 0, 20: 4, 21: 7, 22: 0, 23: 0, 24: 8,
}  # fmt: skip


def hand_at(*before: int, players=("Ana", "Ben"), dealt=None, **options) -> Hand:
    """A hand of a match in which the sides had `before` points when it was dealt."""
    m = Match(F3, list(players), options)
    before = before or (0,) * len(m.sides)
    return Hand(m.variant, m.players, m.options, m.opening(), dealt, None, tuple(before))


def knocking(hand: Hand, knocker: str, *lays: str) -> Hand:
    """`hand` with each lay followed by a knock of `knocker` (but the last)."""
    for i, lay in enumerate(lays):
        play(hand, lay)
        if i < len(lays) - 1:
            play(hand, f"{knocker} pass")
    return hand


# Ana lays her seven tiles while Ben knocks: the last lay's count is 3 (1 point)
SEVEN = ("Ana 6-1", "Ana 1-1 on 6-1", "Ana 6-0 on 6-1", "Ana 0-0 on 6-0", "Ana 1-0 on 1-1")
SEVEN += ("Ana 4-0 on 1-0", "Ana 4-3 on 4-0")


# -- the count --------------------------------------------------------------------------
@pytest.mark.parametrize("count,points", sorted(TABLE.items()))
def test_f3_score_every_count_from_0_to_24(count, points):
    assert count_points(count) == points == get_variant(F3).count_points(count)


@pytest.mark.parametrize(
    "lead,count,points",
    [("5-0", 5, 1), ("6-6", 12, 4), ("5-5", 10, 2), ("6-3", 9, 3), ("3-0", 3, 1), ("6-5", 11, 0)],
)
def test_f3_score_the_lead_scores_both_its_halves(lead, count, points):
    h = play(hand_at(), f"Ana {lead}")
    assert h.plays == [(1, count, points, 0)] and h.scores == [points, 0]


def test_f3_count_a_double_at_one_end_and_at_both_ends():
    h = play(hand_at(), "Ana 6-3", "Ben 3-3 on 6-3")
    assert h.layout.count == 6 + 6 and h.scores == [3, 4]  # [3|3] at one end counts 6
    play(h, "Ana 6-6 on 6-3")
    assert h.layout.count == 12 + 6 and h.scores == [9, 4]  # a double at each end: 18
    play(h, "Ben 6-0 on 6-6")
    assert h.layout.count == 0 + 6 and h.scores == [9, 6]  # [6|6] is no longer at an end


def test_f3_count_a_lead_double_counts_while_one_of_its_sides_is_free():
    h = play(hand_at(), "Ana 5-5", "Ben 5-0 on 5-5")
    assert h.layout.count == 10 and h.scores == [2, 2]  # 10 + 0
    play(h, "Ana 5-1 on 5-5")
    assert h.layout.count == 1 and h.scores == [2, 2]


# -- the line -----------------------------------------------------------------------------
def test_f3_line_a_lead_double_takes_one_tile_on_each_side_and_no_more():
    h = play(hand_at(), "Ana 5-5", "Ben 5-0 on 5-5", "Ana 5-1 on 5-5")
    e = refused(h, "Ben 5-2 on 5-5")
    assert e.rule == "C-PLACE" and "no spinner" in e.message
    assert not h.layout.nodes[0].spinner


def test_f3_line_any_other_double_takes_one_tile():
    h = play(hand_at(), "Ana 6-3", "Ben 3-3 on 6-3", "Ana 3-1 on 3-3")
    assert refused(h, "Ben 3-2 on 3-3").rule == "C-PLACE"
    assert refused(h, "Ben 6-2 on 3-1").rule == "C-ONE"
    play(h, "Ben 6-2 on 6-3")


def test_f3_knock_there_is_no_drawing():
    h = play(hand_at(), "Ana 6-3")
    assert refused(h, "Ben draw 1").rule == "F3-KNOCK"
    assert h.max_draw() == 0 and h.may_pass()


def test_f3_knock_a_knock_that_a_later_lay_proves_false_is_c_renege():
    h = play(hand_at(), "Ana 6-3", "Ben pass", "Ana 3-1 on 6-3", "Ben 6-2 on 6-3")
    (false,) = h.false_passes
    assert (false.move, false.player, false.tile, false.proof) == (2, 1, T("6-2"), 4)
    rec = {"format": "domino-record/1", "variant": F3, "players": ["Ana", "Ben"]}
    rec["hands"] = [{"moves": [record.move_json(h, m) for m in h.moves]}]
    verdict = check.verdict(record.parse(rec))
    assert verdict["error"]["rule"] == "C-RENEGE" and verdict["error"]["move"] == 2


def test_f3_knock_refused_where_the_hands_are_known():
    dealt = {0: tiles("6-3 5-5 4-4 2-2 1-1 0-0 5-4"), 1: tiles("6-2 5-2 4-2 3-2 2-1 2-0 1-0")}
    h = play(hand_at(dealt=dealt), "Ana 6-3")
    e = refused(h, "Ben pass")
    assert e.rule == "C-RENEGE" and "6-2" in e.message


# -- chipping out and blocks -----------------------------------------------------------------
def test_f3_chip_the_point_is_a_settlement_line():
    h = knocking(hand_at(), "Ben", *SEVEN)
    assert h.ended == "domino" and h.winner == 0 and h.scores == [1, 0]
    s = h.settle({0: [], 1: tiles("5-5 5-3 5-2 3-3 3-2 2-2 6-6")})
    assert [(line.side, line.points, line.rule) for line in s.lines] == [(0, 1, "F3-CHIP")]
    assert h.points == [2, 0]


def test_f3_chip_no_point_for_chipping_out_as_an_option():
    h = knocking(hand_at(chip_out="none"), "Ben", *SEVEN)
    s = h.settle({0: [], 1: tiles("5-5 5-3 5-2 3-3 3-2 2-2 6-6")})
    assert [(line.side, line.points, line.rule) for line in s.lines] == [(None, 0, "F3-CHIP")]
    assert h.points == [1, 0]


def test_f3_block_scores_nothing():
    h = play(hand_at(), "Ana 6-3", "Ben pass", "Ana pass")
    assert h.ended == "block"
    s = h.settle({0: tiles("5-4 5-2 4-1 2-1 1-0 0-0"), 1: tiles("5-5 4-4 2-2 1-1 5-1 4-0 2-0")})
    assert h.points == [3, 0] and [line.rule for line in s.lines] == ["F3-BLOCK"]
    assert s.winner == 0  # the fewest pips, for the record format's "winner": 25 against 36


def test_f3_chip_pairs_play_on_until_both_partners_are_out():
    h = hand_at(players=("Ana", "Ben", "Cleo", "Dan"))
    for lay in ("Ana 6-6", "Ana 6-5 on 6-6", "Ana 5-4 on 6-5", "Ana 4-3 on 5-4"):
        play(h, lay, "Ben pass", "Cleo pass", "Dan pass")
    play(h, "Ana 3-2 on 4-3")  # Ana is out, Cleo holds five tiles: the hand goes on
    assert h.ended is None and h.sizes[0] == 0 and h.turn == 1
    play(h, "Ben pass", "Cleo 2-1 on 3-2", "Dan pass")
    assert h.turn == 1  # Ana, who is out, is passed over
    for lay in ("Cleo 1-1 on 2-1", "Cleo 1-0 on 1-1", "Cleo 0-0 on 1-0"):
        play(h, "Ben pass", lay, "Dan pass")
    play(h, "Ben pass", "Cleo 2-0 on 0-0")
    assert h.ended == "domino" and h.winner == 2
    assert h.scores == [4 + 8 + 4 + 4, 0]  # 12, 15, 12 and 12
    s = h.settle({0: [], 1: tiles("6-4 6-2 5-5 5-3 3-3"), 2: [], 3: tiles("6-3 6-1 6-0 5-0 4-4")})
    assert [(line.side, line.points) for line in s.lines] == [(0, 1)] and h.points == [21, 0]


def test_f3_chip_pairs_a_block_once_the_three_left_knock():
    h = hand_at(players=("Ana", "Ben", "Cleo", "Dan"))
    for lay in ("Ana 6-6", "Ana 6-5 on 6-6", "Ana 5-4 on 6-5", "Ana 4-3 on 5-4"):
        play(h, lay, "Ben pass", "Cleo pass", "Dan pass")
    play(h, "Ana 3-2 on 4-3", "Ben pass", "Cleo pass")
    assert h.ended is None
    play(h, "Dan pass")
    assert h.ended == "block"


def test_f3_chip_three_players_the_first_out_ends_the_hand():
    h = hand_at(players=("Ana", "Ben", "Cleo"))
    assert h.sizes == [5, 5, 5]
    for lay in ("Ana 6-1", "Ana 1-1 on 6-1", "Ana 6-0 on 6-1", "Ana 0-0 on 6-0"):
        play(h, lay, "Ben pass", "Cleo pass")
    play(h, "Ana 1-0 on 1-1")
    assert h.ended == "domino" and h.winner == 0


# -- the exact finish ----------------------------------------------------------------------
def test_f3_exact_points_that_would_pass_are_not_pegged_and_play_goes_on():
    h = play(hand_at(59, 0), "Ana 6-3", "Ben 3-3 on 6-3", "Ana 6-6 on 6-3", "Ben 6-0 on 6-6")
    play(h, "Ana 3-1 on 3-3", "Ben 1-1 on 3-1")
    assert h.ended is None and h.scores == [0, 6]
    play(h, "Ana 4-0 on 6-0")  # 4 + 2 = 6: 2 points, 61 exactly, with tiles still in hand
    assert h.plays == [
        (1, 9, 0, 0),  # 3 would pass 61
        (2, 12, 4, 1),
        (3, 18, 0, 0),  # 6 would pass 61
        (4, 6, 2, 1),
        (5, 1, 0, 0),
        (6, 2, 0, 1),
        (7, 6, 2, 0),
    ]
    assert h.ended == "target" and h.sizes == [3, 4] and h.points == [2, 6]


def test_f3_exact_a_side_at_59_pegs_out_with_2_and_not_with_3():
    h = play(hand_at(59, 0), "Ana 6-3")  # 9 scores 3: 62 would pass 61
    assert h.plays == [(1, 9, 0, 0)] and h.scores == [0, 0] and h.ended is None
    h = play(hand_at(59, 0), "Ana 5-5")  # 10 scores 2: exactly 61
    assert h.ended == "target" and h.pegged == 0 and h.turn is None
    assert h.settlement is not None and h.settlement.lines == [] and h.points == [2, 0]
    e = refused(h, "Ben 5-0 on 5-5")
    assert e.rule == "F3-MATCH" and "no move may follow" in e.message


def test_f3_exact_a_side_at_60_pegs_out_with_1_and_not_with_2():
    h = play(hand_at(60, 0), "Ana 5-5")
    assert h.scores == [0, 0] and h.ended is None
    play(h, "Ben 5-0 on 5-5")  # 10 + 0: Ben scores 2 (he is at 0)
    assert h.scores == [0, 2]
    h = play(hand_at(60, 0), "Ana 5-0")
    assert h.ended == "target" and h.points == [1, 0]


def test_f3_exact_a_side_at_61_has_won_and_the_match_takes_no_more_hands():
    match = play_match(F3, 2, random.Random(7))
    over, winner = match.result()
    assert over and match.totals()[winner] == 61 and 61 not in match.totals()[:winner]
    with pytest.raises(IllegalMove) as e:
        match.new_hand()
    assert e.value.rule == "F3-MATCH"


def test_f3_exact_the_last_lay_and_the_chip_out_point_are_one_score():
    h = knocking(hand_at(59, 0), "Ben", *SEVEN)  # 1 + 1: exactly 61, a Domino!
    assert h.ended == "domino" and h.pegged == 0 and h.settlement is not None
    assert [(line.points, line.rule) for line in h.settlement.lines] == [(1, "F3-CHIP")]
    assert h.points == [2, 0]
    h = knocking(hand_at(60, 0), "Ben", *SEVEN)  # 1 + 1 would pass 61: neither is pegged
    assert h.ended == "domino" and h.pegged is None and h.plays[-1] == (13, 3, 0, 0)
    s = h.settle({0: [], 1: tiles("5-5 5-3 5-2 3-3 3-2 2-2 6-6")})
    assert [(line.points, line.rule) for line in s.lines] == [(0, "F3-EXACT")]
    assert h.points == [0, 0]
    h = knocking(hand_at(60, 0, chip_out="none"), "Ben", *SEVEN)  # 1 alone: 61
    assert h.pegged == 0 and h.points == [1, 0]


def test_f3_exact_undo_takes_back_the_lay_that_pegged_out():
    h = play(hand_at(59, 0), "Ana 5-5")
    assert h.undo() is not None
    assert h.ended is None and h.settlement is None and h.pegged is None and h.moves == []


# -- winning on the lead -------------------------------------------------------------------
def test_f3_down_the_lead_may_not_finish_the_game_as_an_option():
    h = play(hand_at(59, 0, win_on_lead="no"), "Ana 5-5")
    assert h.plays == [(1, 10, 0, 0)] and h.ended is None
    h = play(hand_at(58, 0, win_on_lead="no"), "Ana 5-5")  # 60: the lead scores as usual
    assert h.scores == [2, 0]
    h = play(hand_at(59, 0, win_on_lead="no"), "Ana 6-6", "Ben 6-0 on 6-6")
    assert h.scores == [0, 4]  # the first tile on the lead is not the lead
    h = play(hand_at(59, 0), "Ana 5-5")
    assert h.ended == "target"


# -- the misplay penalty ---------------------------------------------------------------------
def misplayed(options: dict) -> dict:
    """A blocked hand in which Ben knocked holding 6-2, which fitted the 6 end."""
    return {
        "format": "domino-record/1",
        "variant": F3,
        "players": ["Ana", "Ben"],
        "options": options,
        "hands": [
            {
                "moves": [
                    {"player": "Ana", "play": "6-3"},
                    {"player": "Ben", "pass": True},
                    {"player": "Ana", "pass": True},
                ],
                "remaining": {
                    "Ana": ["5-4", "5-2", "4-1", "2-1", "1-0", "0-0"],
                    "Ben": ["6-2", "5-5", "4-4", "2-2", "1-1", "5-1", "4-0"],
                },
            }
        ],
    }


def test_f3_misplay_a_false_knock_found_at_the_end_is_c_renege_by_default():
    verdict = check.verdict(record.parse(misplayed({})))
    assert not verdict["ok"] and verdict["error"]["rule"] == "C-RENEGE"
    assert verdict["error"]["move"] == 2


def test_f3_misplay_gives_the_opponents_8_points_as_an_option():
    verdict = check.verdict(record.parse(misplayed({"misplay": "penalty"})))
    assert verdict["ok"], verdict["error"]
    (hand,) = verdict["hands"]
    assert hand["points"] == {"Ana": 3 + 8, "Ben": 0}
    assert [(line["side"], line["points"], line["rule"]) for line in hand["settlement"]] == [
        (None, 0, "F3-BLOCK"),
        ("Ana", 8, "F3-MISPLAY"),
    ]


# -- who leads -----------------------------------------------------------------------------
def test_f3_lead_by_lot_then_to_the_left():
    match = Match(F3, ["Ana", "Ben", "Cleo"])
    first = match.opening()
    assert first.lot and first.rule == "F3-LEAD"
    hand = match.new_hand(lot=1)
    play(hand, "Ben 6-3", "Cleo pass", "Ana pass", "Ben pass")
    hand.settle(
        {
            0: tiles("5-4 5-2 4-1 2-1 1-0"),
            1: tiles("5-5 4-4 2-2 1-1"),
            2: tiles("5-1 4-0 2-0 0-0 4-2"),
        }
    )
    nxt = match.new_hand()
    assert nxt.opening.leader == 2 and nxt.turn == 2 and not nxt.opening.lot
    assert refused(nxt, "Ana 6-6").rule == "F3-LEAD"


def test_f3_lead_the_highest_double_as_an_option():
    dealt = {0: tiles("6-3 5-5 4-4 2-2 1-1 0-0 5-4"), 1: tiles("6-6 5-2 4-2 3-2 2-1 2-0 1-0")}
    h = hand_at(dealt=dealt, lead="highest")
    assert h.opening.highest and h.opening.rule == "F3-LEAD"
    assert refused(h, "Ana 5-5").rule == "F3-LEAD"
    play(h, "Ben 6-6")
    # at a table, a higher double laid later proves the lead wrong
    h = play(hand_at(lead="highest"), "Ana 5-5", "Ben 6-5 on 5-5", "Ana 6-6 on 6-5")
    (wrong,) = h.wrong_leads
    assert (wrong.player, wrong.tile, wrong.proof) == (0, T("6-6"), 3)
    rec = {"format": "domino-record/1", "variant": F3, "players": ["Ana", "Ben"]}
    rec |= {"options": {"lead": "highest"}}
    rec["hands"] = [{"moves": [record.move_json(h, m) for m in h.moves]}]
    error = check.verdict(record.parse(rec))["error"]
    assert (error["rule"], error["move"]) == ("F3-LEAD", 1)


# -- options and presets ---------------------------------------------------------------------
def test_f3_options_default_to_the_book():
    assert Match(F3, ["Ana", "Ben"]).options == {
        "deal": "book",
        "lead": "left",
        "chip_out": "point",
        "win_on_lead": "yes",
        "misplay": "illegal",
        "target": 61,
    }


@pytest.mark.parametrize(
    "deal,players,size", [("book", 2, 7), ("book", 3, 5), ("book", 4, 5), ("league", 2, 9),
                          ("league", 3, 6), ("league", 4, 6)],
)  # fmt: skip
def test_f3_deal_tiles_each_by_the_player_count(deal, players, size):
    match = Match(F3, ["Ana", "Ben", "Cleo", "Dan"][:players], {"deal": deal})
    assert match.new_hand().sizes == [size] * players


@pytest.mark.parametrize(
    "options,field",
    [({"deal": "many"}, "deal"), ({"lead": 1}, "lead"), ({"chip_out": "two"}, "chip_out"),
     ({"misplay": None}, "misplay"), ({"target": 100}, "target"), ({"target": "61"}, "target"),
     ({"spinner": True}, "options")],
)  # fmt: skip
def test_f3_options_refused_with_the_field_they_belong_to(options, field):
    with pytest.raises(SetupError) as e:
        Match(F3, ["Ana", "Ben"], options)
    assert e.value.field == field


def test_f3_match_the_target_is_61_or_121():
    assert Match(F3, ["Ana", "Ben"], {"target": 121}).options["target"] == 121
    with pytest.raises(SetupError) as e:
        Match(F3, ["Ana", "Ben"], {"target": 100})
    assert e.value.rule == "F3-MATCH"


def test_f3_presets_are_options_the_variant_takes():
    v = get_variant(F3)
    assert [p.name for p in v.presets] == ["book", "leek-singles", "leek-doubles", "teesdale"]
    assert v.options(v.preset("book").options) == v.options({})
    leek = v.options(v.preset("leek-doubles").options)
    assert leek["target"] == 121 and leek["chip_out"] == "none" and leek["misplay"] == "penalty"
    assert v.deal_size(2, v.options(v.preset("leek-singles").options)) == 9
    assert v.deal_size(4, leek) == 6
    teesdale = v.options(v.preset("teesdale").options)
    assert teesdale["win_on_lead"] == "no" and teesdale["lead"] == "left"


# -- random games: properties and a second scorer ----------------------------------------------
@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    options=st.sampled_from([{}, {"chip_out": "none", "win_on_lead": "no", "target": 121}]),
)
def test_f3_random_games_peg_no_side_past_the_target(seed, players, options):
    match = play_match(F3, players, random.Random(seed), options)
    target = match.options["target"]
    assert match.result()[0] and sorted(match.totals())[-1] == target
    for hand in match.hands:
        running = list(hand.before)
        for _, count, points, side in hand.plays:
            assert points in (0, count_points(count))
            running[side] += points
            assert running[side] <= target
        chips = [0] * len(hand.sides)
        for line in hand.settlement.lines:
            assert line.rule in ("F3-CHIP", "F3-BLOCK", "F3-EXACT") and line.points in (0, 1)
            if line.side is not None:
                chips[line.side] += line.points
        assert hand.points == [
            sum(p for _, _, p, s in hand.plays if s == side) + chips[side]
            for side in range(len(hand.sides))
        ]
    assert match.totals() == [
        sum(h.points[s] for h in match.hands) for s in range(len(match.sides))
    ]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_f3_check_json_agrees_with_a_second_scorer(seed, players):
    data = record.to_json(play_match(F3, players, random.Random(seed)))
    for h in data["hands"]:  # as a table records it: no deal
        h.pop("dealt")
    data = json.loads(json.dumps(data))
    verdict = check.verdict(record.parse(data))
    oracle = score(data)
    assert verdict["ok"], verdict["error"]
    for got, want in zip(verdict["hands"], oracle["hands"], strict=True):
        assert [(p["count"], p["points"]) for p in got["plays"]] == want["plays"]
        assert got["points"] == want["points"] and got["end"] == want["end"]
    assert verdict["totals"] == oracle["totals"]
    assert verdict["match"] == {"over": True, "winner": oracle["winner"]}
