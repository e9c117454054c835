"""One or more tests for every rule id of the rulebook, with the seeds' own examples."""

import random
from types import SimpleNamespace

import pytest
from conftest import play, refused, tiles

from referee.engine import IllegalMove, Match, SetupError, parse_tile
from referee.engine.rulebook import RULES
from referee.engine.simulate import play_hand
from referee.engine.variants.base import round5

T = parse_tile
CROSS = ("Ana 0-0", "Ben 1-0 on 0-0", "Cleo 2-0 on 0-0", "Dan 3-0 on 0-0", "Ana 4-0 on 0-0")


def settle(hand, **left):
    """Settle with tiles left written per name: settle(h, Ana="6-1 4-0", Ben="")."""
    return hand.settle({hand.players.index(k): tiles(v) for k, v in left.items()})


# -- common -------------------------------------------------------------------------------
def test_c_seat_turn_goes_round_in_list_order(five4):
    h = play(five4.new_hand(), "Cleo 6-6")
    assert h.turn == 3  # Dan follows Cleo
    assert refused(h, "Ana 6-1 on 6-6").rule == "C-SEAT"
    play(h, "Dan 6-1 on 6-6")
    assert h.turn == 0  # after the last comes the first


def test_c_one_touching_halves_match(five4):
    h = play(five4.new_hand(), "Ana 5-5")
    e = refused(h, "Ben 6-1 on 5-5")
    assert e.rule == "C-ONE" and "6-1" in e.message


def test_c_set_tile_outside_the_set():
    h = Match("five-up", ["A", "B"]).new_hand()
    assert refused(h, "A 9-9").rule == "C-SET"
    assert len(h.tiles) == 28


@pytest.mark.parametrize("players,size", [(2, 28), (3, 28), (4, 55), (7, 55), (8, 91), (13, 91)])
def test_c_set_ctyrka_set_follows_player_count(players, size):
    h = Match("ctyrka", [f"P{i}" for i in range(players)]).new_hand()
    assert len(h.tiles) == size
    assert h.stock == size - 7 * players


def test_c_double_ordinary_double_has_one_free_side(fc):
    h = play(fc.new_hand(), *CROSS, "Ben 1-1 on 1-0")
    node = h.layout.by_tile[T("1-1")]
    assert not node.spinner and [s for s, _ in node.free] == ["side"]
    assert [p.anchor for p in h.places_for(T("6-1"))] == [T("1-1")]


def test_c_spinner_order_side_side_end_end():
    h = play(Match("ctyrka", ["A", "B"]).new_hand(), "A 6-6")
    play(h, "B 6-5 on 6-6", "A 6-4 on 6-6", "B 6-3 on 6-6", "A 6-2 on 6-6")
    assert [h.layout.nodes[i].slot for i in (1, 2, 3, 4)] == ["side1", "side2", "end1", "end2"]
    assert refused(h, "B 6-1 on 6-6").rule == "C-PLACE"


def test_c_domino_ends_the_hand_even_with_tiles_in_the_boneyard(five4):
    h = domino4(five4)
    assert h.ended == "domino" and h.winner == 0 and h.stock == 8
    assert refused(h, "Ben 5-5 on 5-1").rule == "C-DOMINO"


def test_c_block_when_everybody_passes_with_an_empty_boneyard():
    h = play(Match("ctyrka", ["A", "B"]).new_hand(), "A 6-6")
    for _ in range(14):
        play(h, f"{'AB'[len(h.moves) % 2]} draw 1")
    assert h.stock == 0 and h.turn == 1
    play(h, "B pass")
    assert not h.ended
    play(h, "A pass")
    assert h.ended == "block"
    assert refused(h, "A 6-5 on 6-6").rule == "C-BLOCK"


def test_c_tie_level_totals_over_the_target_do_not_end_the_match():
    m = Match("five-up", ["A", "B"], {"target": 5})
    assert m.variant.result([7, 7], m.options) == (False, None)
    assert m.variant.result([7, 6], m.options) == (True, 0)


def test_c_renege_full_record_refuses_a_pass_with_a_playable_tile(fc):
    dealt = {
        0: tiles("0-0 6-6 5-5 4-4 3-3 2-2 1-1"),
        1: tiles("6-0 6-1 6-2 6-3 6-4 6-5 5-0"),
        2: tiles("5-1 5-2 5-3 5-4 4-0 4-1 4-2"),
        3: tiles("4-3 3-0 3-1 3-2 2-0 2-1 1-0"),
    }
    h = play(fc.new_hand(dealt), "Ana 0-0")
    e = refused(h, "Ben pass")
    assert e.rule == "C-RENEGE" and "6-0" in e.message


def test_c_renege_partial_a_later_play_proves_a_false_pass(fc):
    h = play(fc.new_hand(), *CROSS, "Ben pass")
    assert h.false_passes == []
    play(h, "Cleo 1-1 on 1-0", "Dan pass", "Ana pass", "Ben 1-6 on 1-1")
    assert h.false_passes == []  # 6-1 did not fit when Ben passed: 1-0's arm was locked
    play(h, "Cleo pass", "Dan pass", "Ana pass", "Ben 2-2 on 2-0")
    (false,) = h.false_passes
    assert (false.move, false.player, false.tile, false.proof) == (6, 1, T("2-2"), 14)


def test_c_renege_partial_tiles_left_at_the_end_prove_a_false_pass():
    h = play(Match("ctyrka", ["A", "B"]).new_hand(), "A 6-6")
    for _ in range(14):
        play(h, f"{'AB'[len(h.moves) % 2]} draw 1")
    play(h, "B pass", "A pass")
    settle(
        h,
        A="6-5 1-0 2-0 3-0 4-0 5-0 1-1 2-2 3-3 4-4 5-5 6-4 6-3",
        B="6-2 6-1 6-0 5-4 5-3 5-2 5-1 4-3 4-2 4-1 3-2 3-1 2-1 0-0",
    )
    moves = sorted((f.move, f.player, str(f.tile)) for f in h.false_passes)
    # B passed at move 16 holding 6-2 and A at move 17 holding 6-5: both fitted the 6-6
    assert moves == [(16, 1, "6-2"), (17, 0, "6-5")]


def test_c_unique_a_tile_is_played_once(five4):
    h = play(five4.new_hand(), "Ana 5-5", "Ben 5-0 on 5-5")
    assert refused(h, "Cleo 5-0 on 5-5").rule == "C-UNIQUE"


def test_c_place_laid_against_a_tile_on_the_table(five4):
    h = play(five4.new_hand(), "Ana 5-5")
    assert refused(h, "Ben 3-2 on 3-3").rule == "C-PLACE"


def test_c_hold_full_record_lays_only_his_tiles(fc):
    dealt = {
        0: tiles("0-0 6-6 5-5 4-4 3-3 2-2 1-1"),
        1: tiles("6-0 6-1 6-2 6-3 6-4 6-5 5-0"),
        2: tiles("5-1 5-2 5-3 5-4 4-0 4-1 4-2"),
        3: tiles("4-3 3-0 3-1 3-2 2-0 2-1 1-0"),
    }
    h = play(fc.new_hand(dealt), "Ana 0-0")
    assert refused(h, "Ben 4-0 on 0-0").rule == "C-HOLD"


def domino4(match):
    """A 4-player Five-Up hand that Ana wins by Domino! at move 17 (8 tiles in the boneyard)."""
    return play(
        match.new_hand(),
        "Ana 6-6",
        "Ben 6-1 on 6-6",
        "Cleo 6-2 on 6-6",
        "Dan 6-3 on 6-6",
        "Ana 6-4 on 6-6",
        "Ben 1-1 on 6-1",
        "Cleo 2-2 on 6-2",
        "Dan 3-3 on 6-3",
        "Ana 4-4 on 6-4",
        "Ben 1-0 on 1-1",
        "Cleo 2-0 on 2-2",
        "Dan 3-0 on 3-3",
        "Ana 4-0 on 4-4",
        "Ben 5-1 on 1-1",
        "Cleo 5-2 on 2-2",
        "Dan 5-3 on 3-3",
        "Ana 5-4 on 4-4",
    )


@pytest.mark.parametrize(
    "left",
    [
        {"Ben": "0-0 5-5", "Cleo": "", "Dan": "6-5"},  # Ben holds one tile, not two
        {"Ben": "6-6", "Cleo": "5-5", "Dan": "6-5"},  # 6-6 is on the table
        {"Ben": "5-5", "Cleo": "5-5", "Dan": "6-5"},  # 5-5 listed twice
    ],
)
def test_c_remaining_each_player_lists_exactly_what_he_holds(five4, left):
    h = domino4(five4)
    with pytest.raises(IllegalMove) as info:
        settle(h, **left)
    assert info.value.rule == "C-REMAINING" and h.settlement is None
    s = settle(h, Ben="0-0", Cleo="5-5", Dan="6-5")
    # Ana+Cleo went out; Ben+Dan hold 0 + 11 = 11 pips -> 2 points (FU-DOMINO)
    assert [(line.side, line.points, line.rule) for line in s.lines] == [(0, 2, "FU-DOMINO")]


# -- Five-Up ------------------------------------------------------------------------------
def test_fu_players_two_three_or_four_as_pairs():
    with pytest.raises(SetupError) as info:
        Match("five-up", list("ABCDE"))
    assert info.value.rule == "FU-PLAYERS"
    m = Match("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    assert m.side_names == ["Ana+Cleo", "Ben+Dan"]
    assert Match("five-up", ["A", "B", "C"]).side_names == ["A", "B", "C"]


def test_fu_deal_five_tiles_each_rest_is_the_boneyard():
    assert Match("five-up", ["A", "B"]).new_hand().stock == 18
    assert Match("five-up", ["A", "B", "C", "D"]).new_hand().sizes == [5, 5, 5, 5]


def test_fu_lead_after_a_domino_the_winner_leads(five4):
    h = five4.new_hand()
    assert h.turn is None  # the first hand: lot
    play(
        h,
        "Cleo 6-6",
        "Dan 6-1 on 6-6",
        "Ana 6-2 on 6-6",
        "Ben 6-3 on 6-6",
        "Cleo 6-4 on 6-6",
        "Dan 1-1 on 6-1",
        "Ana 2-2 on 6-2",
        "Ben 3-3 on 6-3",
        "Cleo 4-4 on 6-4",
        "Dan 1-0 on 1-1",
        "Ana 2-0 on 2-2",
        "Ben 3-0 on 3-3",
        "Cleo 4-0 on 4-4",
        "Dan 5-1 on 1-1",
        "Ana 5-2 on 2-2",
        "Ben 5-3 on 3-3",
        "Cleo 5-4 on 4-4",
    )
    settle(h, Ana="0-0", Ben="6-5", Dan="5-5")
    nxt = five4.new_hand()
    assert nxt.turn == 2 and five4.opening().rule == "FU-LEAD"
    assert refused(nxt, "Ana 5-0").rule == "FU-LEAD"


FIVE4_DEAL = {
    0: tiles("6-6 6-3 5-4 3-2 3-1"),
    1: tiles("6-2 3-0 2-2 2-1 0-0"),
    2: tiles("6-5 5-1 5-0 4-3 4-0"),
    3: tiles("6-0 5-5 5-2 2-0 1-0"),
}


@pytest.mark.parametrize("lot", [None, 2])
def test_fu_lead_by_lot_of_a_tile_not_dealt_is_c_hold(five4, lot):
    """By lot anyone may lead (FU-LEAD): leading another's tile breaks C-HOLD (issue 17.21),
    whether or not the record names the lot's winner."""
    h = five4.new_hand(FIVE4_DEAL, lot=lot)
    e = refused(h, "Cleo 6-2")  # Ben was dealt 6-2
    assert e.rule == "C-HOLD" and e.message.fields["holder"] == "Ben"
    play(h, "Cleo 6-5")  # Cleo's own tile leads


def test_fu_lead_after_a_block_of_a_tile_not_dealt_is_c_hold():
    m, h = blocked(["Ana", "Ben", "Cleo", "Dan"])
    free = iter(sorted(t for t in h.tiles if t not in h.layout.by_tile))
    h.settle({seat: [next(free) for _ in range(size)] for seat, size in enumerate(h.sizes)})
    nxt = m.new_hand(FIVE4_DEAL)  # after a block: lot again, anyone leads
    assert nxt.opening.lot and nxt.turn is None
    assert refused(nxt, "Dan 6-6").rule == "C-HOLD"  # Ana was dealt 6-6


def test_fu_spinner_every_double_and_its_ends_only_after_both_sides(five4):
    h = play(five4.new_hand(), "Ana 5-0", "Ben 0-0 on 5-0")
    node = h.layout.by_tile[T("0-0")]
    assert node.spinner and [s for s, _ in node.free] == ["side", "end1", "end2"]
    play(h, "Cleo 0-1 on 0-0")  # the free side first
    assert h.layout.nodes[-1].slot == "side"
    play(h, "Dan 0-2 on 0-0")  # then an end
    assert h.layout.nodes[-1].slot == "end1"


def test_fu_draw_pass_only_with_an_empty_boneyard(five4):
    h = play(five4.new_hand(), "Ana 5-5")
    assert refused(h, "Ben pass").rule == "FU-DRAW"
    assert refused(h, "Ben draw 9").rule == "FU-DRAW"  # 8 tiles in the boneyard
    play(h, "Ben draw 8")
    assert h.stock == 0 and h.turn == 1  # a Five-Up draw does not end the turn
    play(h, "Ben pass")
    assert h.turn == 2


def test_fu_draw_full_record_draws_only_until_playable():
    dealt = {0: tiles("5-5 6-6 4-4 3-3 2-2"), 1: tiles("1-0 2-0 3-0 4-0 6-0")}
    m = Match("five-up", ["A", "B"])
    h = play(m.new_hand(dealt), "A 5-5")
    assert refused(h, "B draw 5-1 5-2").rule == "FU-DRAW"  # 5-1 could be played at once
    play(h, "B draw 1-1 5-2", "B 5-2 on 5-5")


@pytest.mark.parametrize("lead,count", [("4-1", 5), ("5-5", 10), ("6-6", 12), ("3-2", 5)])
def test_fu_count_of_the_lead(lead, count):
    h = play(Match("five-up", ["A", "B"]).new_hand(), f"A {lead}")
    assert h.layout.count == count


def test_fu_count_a_double_at_an_end_counts_double():
    # seed: "the sum on both ends is 5; the double [1|1] counts as 2 pips"
    h = play(Match("five-up", ["A", "B"]).new_hand(), "A 3-1", "B 1-1 on 3-1")
    assert h.layout.count == 5 and h.plays[-1][1:3] == (5, 1)


def test_fu_count_spinner_ends_count_through_the_tile_on_them():
    # seed: [3|3] spinner; laying [3|5] on its shorter side activates that arm: sum 10
    h = play(Match("five-up", ["A", "B", "C"]).new_hand(), "A 3-3")
    assert h.layout.count == 6
    play(h, "B 3-1 on 3-3")
    assert h.layout.count == 7  # one side free: the double still counts 6, plus 1
    play(h, "C 3-4 on 3-3")
    assert h.layout.count == 5  # both sides covered: the double counts nothing
    play(h, "A 3-5 on 3-3")
    assert h.layout.count == 10  # the end counts through 3-5


def test_fu_score_multiples_of_five_score_count_over_five(five4):
    h = play(five4.new_hand(), "Ana 5-5")  # 10 -> 2
    play(h, "Ben 5-0 on 5-5")  # 10 + 0 -> 2
    play(h, "Cleo 5-3 on 5-5")  # 0 + 3 -> nothing
    play(h, "Dan 3-2 on 5-3")  # 0 + 2 -> nothing
    play(h, "Ana 0-3 on 5-0")  # 3 + 2 = 5 -> 1
    assert [(c, p) for _, c, p, _ in h.plays] == [(10, 2), (10, 2), (3, 0), (2, 0), (5, 1)]
    assert h.scores == [3, 2]


def test_fu_score_a_count_of_25_scores_5():
    h = play(
        Match("five-up", ["A", "B"]).new_hand(),
        "A 6-6",
        "B 6-5 on 6-6",
        "A 6-4 on 6-6",
        "B 6-3 on 6-6",
        "A 5-5 on 6-5",
        "B 4-4 on 6-4",
        "A 3-3 on 6-3",
        "B 6-1 on 6-6",
    )
    # 12, 17, 9, 12, 17 (5-5 counts 10 with a side free), 21, 24, 25
    assert [c for _, c, _, _ in h.plays] == [12, 17, 9, 12, 17, 21, 24, 25]
    assert h.plays[-1][2] == 5 and h.scores == [0, 5]


@pytest.mark.parametrize("pips,points", [(21, 4), (22, 4), (23, 5), (24, 5), (14, 3), (0, 0)])
def test_fu_domino_rounding(pips, points):
    assert round5(pips) == points


def fu3_domino_hand():
    """A 3-player hand that A wins by Domino!."""
    m = Match("five-up", ["A", "B", "C"])
    h = play(
        m.new_hand(),
        "A 6-6",
        "B 6-1 on 6-6",
        "C 6-2 on 6-6",
        "A 6-3 on 6-6",
        "B 1-1 on 6-1",
        "C 2-2 on 6-2",
        "A 3-3 on 6-3",
        "B 1-0 on 1-1",
        "C 2-0 on 2-2",
        "A 3-0 on 3-3",
        "B draw 1",
        "B 0-0 on 1-0",
        "C draw 1",
        "C 5-0 on 2-0",
        "A 3-5 on 3-3",
    )
    return m, h


def test_fu_domino_three_players_second_place_bonus():
    # seed: A went out, B has 5 pips, C has 19: A 5 points (24 pips), B 3 (19 - 5 = 14), C 0
    m, h = fu3_domino_hand()
    assert h.ended == "domino" and h.winner == 0
    s = h.variant.settle(h, [[], tiles("4-1"), tiles("6-5 4-4")])
    assert [(line.side, line.points, line.rule) for line in s.lines] == [
        (0, 5, "FU-DOMINO"),
        (1, 3, "FU-DOMINO"),
    ]
    before = list(h.scores)
    settle(h, B="2-1 4-0", C="6-5 6-4")  # B 7 pips, C 21: A (28 -> 6), B (14 -> 3)
    assert h.points == [before[0] + 6, before[1] + 3, before[2]]


def test_fu_domino_three_players_level_losers_score_nothing_more():
    m, h = fu3_domino_hand()
    s = h.variant.settle(h, [[], tiles("6-1"), tiles("4-3")])
    assert [(line.side, line.points) for line in s.lines] == [(0, 3)]  # 14 pips -> 3


def blocked(players):
    """A hand of Five-Up blocked at once: the leader's partner side drew the boneyard."""
    m = Match("five-up", players)
    h = m.new_hand()
    play(h, f"{players[0]} 6-6", f"{players[1]} draw {h.stock}", f"{players[1]} 6-1 on 6-6")
    for i in range(len(players)):
        play(h, f"{players[(i + 2) % len(players)]} pass")
    return m, h


def test_fu_block_the_winner_scores_the_difference():
    # seed's example read as FU-BLOCK says: A 10 pips, B 5, C 19 -> B scores 10+19-5 = 24 -> 5
    m, h = blocked(["A", "B", "C"])
    assert h.ended == "block"
    s = h.variant.settle(h, [tiles("5-5"), tiles("4-1"), tiles("6-5 4-4")])
    assert s.winner == 1
    assert [(line.side, line.points, line.rule) for line in s.lines] == [(1, 5, "FU-BLOCK")]


def test_fu_block_pairs_add_their_pips_and_a_tie_scores_nobody():
    m, h = blocked(["Ana", "Ben", "Cleo", "Dan"])
    # Ana 3 + Cleo 2 = 5 against Ben 10 + Dan 9 = 19: Ana+Cleo score 14 -> 3; Cleo holds fewest
    s = h.variant.settle(h, [tiles("2-1"), tiles("5-5"), tiles("2-0"), tiles("5-4")])
    assert (s.winner, [(line.side, line.points) for line in s.lines]) == (2, [(0, 3)])
    tie = h.variant.settle(h, [tiles("2-1"), tiles("3-0"), tiles("2-0"), tiles("1-1")])
    assert tie.winner is None and all(line.points == 0 for line in tie.lines)


def test_fu_match_refuses_a_hand_after_the_match_is_decided():
    m = Match("five-up", ["A", "B"], {"target": 5})
    h = play(
        m.new_hand(),
        "A 6-6",
        "B 6-5 on 6-6",
        "A 6-4 on 6-6",
        "B 6-3 on 6-6",
        "A 5-5 on 6-5",
        "B 4-4 on 6-4",
        "A 3-3 on 6-3",
        "B 6-1 on 6-6",
    )
    assert h.scores == [0, 5]
    play(h, "A draw 18", "A pass", "B pass")  # blocked: A holds 19 tiles, B one
    rest = [t for t in h.tiles if t not in h.layout.by_tile]
    settle(h, A=" ".join(str(t) for t in rest if str(t) != "0-0"), B="0-0")
    assert m.result() == (True, 1)
    with pytest.raises(IllegalMove) as info:
        m.new_hand()
    assert info.value.rule == "FU-MATCH"


def test_fu_match_decided_at_the_end_of_a_hand_most_points_win():
    m = Match("five-up", ["A", "B"], {"target": 10})
    assert m.variant.result([12, 3], m.options) == (True, 0)
    assert m.variant.result([9, 3], m.options) == (False, None)


def test_rulebook_knows_every_rule_the_engine_cites():
    for rule in ("C-UNIQUE", "C-PLACE", "C-HOLD", "C-REMAINING", "FU-DRAW", "FC-LOCK"):
        assert rule in RULES


# -- French Connection --------------------------------------------------------------------
def test_fc_players_exactly_four_seven_tiles_each_no_boneyard():
    with pytest.raises(SetupError) as info:
        Match("french-connection", list("ABC"))
    assert info.value.rule == "FC-PLAYERS"
    h = Match("french-connection", list("ABCD")).new_hand()
    assert h.sizes == [7, 7, 7, 7] and h.stock == 0


def test_fc_nodraw(fc):
    h = play(fc.new_hand(), "Ana 0-0")
    assert refused(h, "Ben draw 1").rule == "FC-NODRAW"


def test_fc_pose_first_hand_is_posed_with_double_blank_by_any_holder(fc):
    h = fc.new_hand()
    assert refused(h, "Ana 6-6").rule == "FC-POSE"
    assert refused(h, "Ana pass").rule == "FC-POSE"
    play(h, "Cleo 0-0")
    assert h.turn == 3


def test_fc_pose_later_hands_winner_poses_a_double_or_passes_the_pose(fc):
    first = play_hand(fc, random.Random(5))
    assert first.winner is not None
    h = fc.new_hand()
    w = first.winner
    name = fc.players[w]
    nxt = fc.players[(w + 1) % 4]
    assert h.turn == w and h.opening.pose_passes
    assert refused(h, f"{nxt} 5-5").rule == "FC-POSE"  # the winner poses
    assert refused(h, f"{name} 5-4").rule == "FC-POSE"  # a double
    play(h, f"{name} pass", f"{nxt} 5-5")  # the pose passes along
    assert h.layout.nodes[0].spinner and h.streak == [0, 0, 0, 0] and h.passes == 0


def test_fc_pose_after_a_tied_block_double_blank_again(fc):
    opening = fc.variant.opening(list(fc.players), SimpleNamespace(winner=None), fc.options)
    assert opening.tile == T("0-0") and opening.leader is None


def test_fc_spinner_only_the_posed_double(fc):
    h = play(fc.new_hand(), *CROSS, "Ben 1-1 on 1-0")
    assert h.layout.nodes[0].spinner and not h.layout.by_tile[T("1-1")].spinner


def test_fc_cross_tiles_go_only_on_the_posed_double_until_four_lie_on_it(fc):
    h = play(fc.new_hand(), "Ana 0-0", "Ben 1-0 on 0-0")
    e = refused(h, "Cleo 1-1 on 1-0")
    assert e.rule == "FC-CROSS"
    assert h.places_for(T("1-1")) == []
    assert h.why_not(T("1-1")).rule == "FC-CROSS"


def test_fc_lock_arms_take_only_a_double_until_unlocked(fc):
    h = play(fc.new_hand(), *CROSS)
    e = refused(h, "Ben 6-1 on 1-0")
    assert e.rule == "FC-LOCK" and "locked" in e.message
    assert h.why_not(T("6-1")).rule == "FC-LOCK"
    play(h, "Ben 1-1 on 1-0", "Cleo 6-1 on 1-1")  # that arm is open for good
    assert refused(h, "Dan 6-2 on 2-0").rule == "FC-LOCK"  # the others are still locked
    assert [str(p.anchor) for p in h.places_for(T("6-6"))] == ["6-1"]


def test_fc_block_after_four_passes_fewest_pips_wins(fc):
    h = play(fc.new_hand(), *CROSS, "Ben pass", "Cleo pass", "Dan pass")
    assert not h.ended
    play(h, "Ana pass")
    assert h.ended == "block"
    s = h.variant.settle(
        h,
        [
            tiles("1-1 2-2 5-0 5-1 5-2"),
            tiles("3-3 4-4 5-3 5-4 5-5 6-0"),
            tiles("6-1 6-2 6-3 6-4 6-5 6-6"),
            tiles("2-1 3-1 3-2 4-1 4-2 4-3"),
        ],
    )
    # Ana 2+4+5+6+7 = 24 (a double: x2 = 48), Ben 6+8+8+9+10+6 = 47 (x2 = 94),
    # Cleo 7+8+9+10+11+12 = 57 (x2 = 114), Dan 3+4+5+5+6+7 = 30 (no double: 30)
    assert s.winner == 0
    assert [line.points for line in s.lines] == [48, 94, 114, 30]


def test_fc_allpass_a_tile_three_passes_and_another_tile_charges_each_other_ten(fc):
    h = play(
        fc.new_hand(),
        *CROSS,
        "Ben 1-1 on 1-0",
        "Cleo pass",
        "Dan pass",
        "Ana pass",
        "Ben 6-1 on 1-1",
    )
    assert h.charges == [(10, s, 10, "FC-ALLPASS") for s in (0, 2, 3)]
    assert h.scores == [10, 0, 10, 10]


def test_fc_threepass_the_third_pass_in_succession_costs_ten(fc):
    h = play(
        fc.new_hand(),
        *CROSS,
        "Ben 1-1 on 1-0",
        "Cleo 2-2 on 2-0",
        "Dan pass",
        "Ana 4-4 on 4-0",
        "Ben 5-1 on 1-1",
        "Cleo 5-2 on 2-2",
        "Dan pass",
        "Ana 5-4 on 4-4",
        "Ben 5-5 on 5-1",
        "Cleo 6-5 on 5-2",
    )
    assert h.charges == []
    play(h, "Dan pass")
    assert h.charges == [(16, 3, 10, "FC-THREEPASS")]
    play(h, "Ana 6-6 on 6-5", "Ben pass", "Cleo pass", "Dan 6-3 on 6-6")
    assert h.streak[3] == 0  # laying a tile starts his count again


def test_fc_settle_multipliers():
    fc = Match("french-connection", list("ABCD")).variant
    left = [[], tiles("6-5"), tiles("2-2 1-0"), tiles("0-0")]

    def domino_with(last):
        return SimpleNamespace(
            ended="domino",
            winner=0,
            players=list("ABCD"),
            layout=SimpleNamespace(nodes=[SimpleNamespace(tile=T(last))]),
        )

    plain = fc.settle(domino_with("5-3"), left)
    assert [(line.side, line.points, line.rule) for line in plain.lines] == [
        (1, 11, "FC-SETTLE"),
        (2, 10, "FC-SETTLE"),
        (3, 20, "FC-SOAP"),
    ]
    double = fc.settle(domino_with("3-3"), left)
    # a Domino! laid with a double: x2, and x4 for a hand with a double; [0|0] alone stays 20
    assert [line.points for line in double.lines] == [22, 20, 20]


def test_fc_soap_only_when_double_blank_is_the_only_tile():
    fc = Match("french-connection", list("ABCD")).variant
    hand = SimpleNamespace(ended="block", winner=None, players=list("ABCD"))
    s = fc.settle(hand, [tiles("0-0"), tiles("0-0 1-0")[1:], tiles("6-6"), tiles("3-1 0-0")])
    assert [(line.points, line.rule) for line in s.lines] == [
        (20, "FC-SOAP"),
        (1, "FC-SETTLE"),
        (24, "FC-SETTLE"),
        (8, "FC-SETTLE"),
    ]
    assert s.winner == 0  # 0 pips is the fewest, yet at a block the winner is charged too


def test_fc_match_fewest_points_win_once_someone_reaches_100(fc):
    assert fc.variant.result([40, 100, 60, 99], fc.options) == (True, 0)
    assert fc.variant.result([40, 40, 100, 50], fc.options) == (False, None)
    assert fc.variant.result([40, 41, 99, 50], fc.options) == (False, None)


# -- Čtyřka -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 14])
def test_ct_players_two_to_thirteen(players):
    with pytest.raises(SetupError) as info:
        Match("ctyrka", [f"P{i}" for i in range(players)])
    assert info.value.rule == "CT-PLAYERS"


def test_ct_lead_a_double_and_in_a_full_record_the_highest():
    h = Match("ctyrka", ["A", "B"]).new_hand()
    assert refused(h, "A 6-5").rule == "CT-LEAD"
    dealt = {0: tiles("5-5 1-0 2-0 3-0 4-0 5-0 6-0"), 1: tiles("6-6 2-1 3-1 4-1 5-1 6-1 3-2")}
    full = Match("ctyrka", ["A", "B"]).new_hand(dealt)
    e = refused(full, "A 5-5")
    assert e.rule == "CT-LEAD" and "6-6" in e.message
    play(full, "B 6-6")


def test_ct_spinner_places_in_any_order_and_other_doubles_are_ordinary():
    # seed: 6/6 is laid, 6/5 attached; the next player may attach 5/3 to 6/5
    h = play(
        Match("ctyrka", ["A", "B", "C"]).new_hand(),
        "A 6-6",
        "B 6-5 on 6-6",
        "C 5-3 on 6-5",
        "A 3-3 on 5-3",
    )
    assert h.layout.nodes[0].spinner and not h.layout.by_tile[T("3-3")].spinner


def test_ct_draw_exactly_one_tile_and_the_turn_ends():
    h = play(Match("ctyrka", ["A", "B"]).new_hand(), "A 6-6")
    assert refused(h, "B draw 2").rule == "CT-DRAW"
    assert refused(h, "B pass").rule == "CT-DRAW"
    play(h, "B draw 1")
    assert h.turn == 0 and h.sizes == [6, 8] and h.stock == 13


def ct_domino(options=None):
    """A goes out at move 13 while 8 tiles are still in the boneyard."""
    m = Match("ctyrka", ["A", "B"], options)
    h = play(
        m.new_hand(),
        "A 6-6",
        "B draw 1",
        "A 6-5 on 6-6",
        "B draw 1",
        "A 6-4 on 6-6",
        "B draw 1",
        "A 6-3 on 6-6",
        "B draw 1",
        "A 6-2 on 6-6",
        "B draw 1",
        "A 5-5 on 6-5",
        "B draw 1",
        "A 4-4 on 6-4",
    )
    return m, h


def test_ct_end_domino_even_with_tiles_in_the_boneyard_and_block_to_the_lowest():
    m, h = ct_domino()
    assert h.ended == "domino" and h.winner == 0 and h.stock == 8
    _, b = blocked_ct()
    s = b.variant.settle(b, [tiles("6-5"), tiles("1-0 2-0")])
    assert s.winner == 1


def blocked_ct(options=None):
    m = Match("ctyrka", ["A", "B"], options)
    h = play(m.new_hand(), "A 6-6")
    for _ in range(14):
        play(h, f"{'AB'[len(h.moves) % 2]} draw 1")
    play(h, "B pass", "A pass")
    return m, h


B_LEFT = "6-1 5-4 5-3 5-2 4-3 4-2 4-1 3-2 3-1 2-1 1-1 1-0 0-0"  # 13 tiles, 64 pips


def test_ct_penalty_others_are_charged_their_pips():
    m, h = ct_domino()
    settle(h, B=B_LEFT)
    assert [(line.side, line.points, line.rule) for line in h.settlement.lines] == [
        (1, 64, "CT-PENALTY")
    ]
    assert m.options == {"target": 100, "scoring": "penalty"} and m.result() == (False, None)
    assert m.variant.result([60, 101], m.options) == (True, 0)


def test_ct_victory_the_winner_scores_the_others_pips():
    m, h = ct_domino({"scoring": "victory"})
    settle(h, B=B_LEFT)
    assert h.points == [64, 0] and m.options["target"] == 300
    assert m.variant.result([301, 120], m.options) == (True, 0)
    _, b = blocked_ct({"scoring": "victory"})
    s = b.variant.settle(b, [tiles("6-5 1-0"), tiles("2-0")])
    assert [(line.side, line.points) for line in s.lines] == [(1, 12 - 2)]


def test_fc_pose_after_a_block_with_a_winner_he_poses():
    fc = Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"], {"target": 1000})
    h = play(fc.new_hand(), *CROSS, "Ben pass", "Cleo pass", "Dan pass", "Ana pass")
    settle(
        h,
        Ana="1-1 2-1 3-1 4-1 5-1",
        Ben="2-2 3-2 4-2 5-2 6-2 6-1",
        Cleo="3-3 4-3 5-3 6-3 5-0 6-0",
        Dan="4-4 5-4 6-4 5-5 6-5 6-6",
    )
    assert h.winner == 0  # 24 pips, the fewest
    nxt = fc.new_hand()
    assert nxt.turn == 0 and nxt.opening.pose_passes and nxt.opening.tile is None


def test_fc_pose_full_record_the_holder_of_double_blank_poses_it(fc):
    dealt = {
        0: tiles("0-0 6-6 5-5 4-4 3-3 2-2 1-1"),
        1: tiles("6-0 6-1 6-2 6-3 6-4 6-5 5-0"),
        2: tiles("5-1 5-2 5-3 5-4 4-0 4-1 4-2"),
        3: tiles("4-3 3-0 3-1 3-2 2-0 2-1 1-0"),
    }
    h = fc.new_hand(dealt)
    e = refused(h, "Ben 0-0")
    assert e.rule == "FC-POSE" and "Ana holds 0-0" in e.message


def test_c_tie_a_level_finish_at_the_target_plays_another_hand():
    m, h = blocked_ct({"target": 10})
    # a tie for the fewest pips at the block: nobody wins, everybody is charged (CT-PENALTY)
    # A: 11+8+6+9+7+6+5+7+6+6+4+2+1 = 78; B: 10+9+7+10+8+8+5+4+5+4+3+3+2+0 = 78
    settle(
        h,
        A="6-5 6-2 6-0 5-4 5-2 5-1 5-0 4-3 4-2 3-3 2-2 2-0 1-0",
        B="6-4 6-3 6-1 5-5 5-3 4-4 4-1 4-0 3-2 3-1 3-0 2-1 1-1 0-0",
    )
    assert h.winner is None and h.points == [78, 78]
    assert m.tied() and m.result() == (False, None)  # both past 10, level: play on
    assert m.new_hand().turn is None
