"""Partnership block dominoes (issue 44): the shared page's worked examples
(`../shared/games/partnership-block.md`), every option, the presets, and properties of
random games (every tile once; a block only when both ends show a number whose seven
tiles are down; the table's deduction never refuses a true pass)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import play, refused, tiles
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import Match, SetupError, check, record
from referee.engine.simulate import deal, endless, leader, play_hand, play_match
from referee.engine.tiles import parse_tile, tile_set
from referee.engine.variants import get_variant
from referee.engine.variants.line_games import certain

RECORDS = Path(__file__).resolve().parents[1] / "records"
PB = get_variant("partnership")
NAMES = ["Ana", "Ben", "Cleo", "Dan"]
T = parse_tile

# Worked example 1: the gist's blocked hand (after pagat and Anderson et al.). Order B, C,
# D, A; A and C partners.
GIST = {
    0: tiles("0-0 0-1 0-6 1-1 1-6 2-3 2-6"),  # B
    1: tiles("0-2 2-4 2-5 3-3 3-6 4-5 4-6"),  # C
    2: tiles("0-3 0-4 1-2 1-5 3-5 5-5 6-6"),  # D
    3: tiles("0-5 1-3 1-4 2-2 3-4 4-4 5-6"),  # A
}
GIST_PLAY = (
    "B 1-1",
    "C pass",
    "D 1-5",
    "A 1-4",
    "B pass",
    "C 4-5 on 5-1",
    "D 0-4 on 4-1",
    "A 0-5",
    "B pass",
    "C 2-5",
    "D 1-2",
    "A 4-4",
    "B 0-1",
    "C 0-2",
    "D pass",
    "A 2-2",
    "B 2-6",
    "C 4-6 on 6-2",
    "D pass",
    "A 3-4 on 4-4",
    "B 2-3",
    "C 2-4 on 3-2",
)


def gist(**options):
    """The gist's hand played to its last tile: the layout is blocked, no pass made yet."""
    m = Match("partnership", ["B", "C", "D", "A"], {"first_lead": "lot", **options})
    return m, play(m.new_hand(GIST), *GIST_PLAY)


def block(hand):
    return play(hand, "D pass", "A pass", "B pass", "C pass")


def lines(hand):
    return [
        (line.rule, hand.side_names[line.side] if line.side is not None else None, line.points)
        for line in hand.settlement.lines
    ]


def fixture(name):
    return record.loads((RECORDS / f"{name}.json").read_bytes())


# -- worked example 1: the blocked hand ----------------------------------------------------
def test_the_gist_s_hand_is_provably_blocked_before_its_passes():
    _, h = gist()
    assert h.open_ends == [4, 4] and h.stuck and not h.ended
    assert all(T(f"4-{p}") in h.layout.by_tile for p in range(7))  # all seven 4s down
    block(h)
    assert h.ended == "block" and not h.stuck


def test_the_book_gives_the_block_to_the_lower_pair_for_the_losers_pips():
    h = block(gist()[1])
    h.settle()
    assert lines(h) == [("PB-BLOCK", None, 0), ("PB-SCORE", "C+A", 46)]
    assert h.points == [0, 46] and h.players[h.winner] == "C"


def test_all_four_hands_give_76():
    h = block(gist(score="all")[1])
    h.settle()
    assert h.points == [0, 76]


def test_the_lowest_single_hand_gives_it_to_b_and_d():
    h = block(gist(block="player")[1])
    h.settle()
    assert h.players[h.winner] == "B" and h.points == [30, 0]


def test_the_closer_against_the_player_on_his_left():
    # C closed it (15 pips); on the closer's left, the player before C: B (13): B wins
    h = block(gist(block="closer")[1])
    h.settle()
    assert h.players[h.last_layer] == "C"
    assert h.players[h.winner] == "B" and h.points == [30, 0]


# -- worked example 2: capicú and chuchazo -------------------------------------------------
def test_capicu_ends_6_and_5_last_tile_6_5():
    match, fault = record.replay(fixture("partnership_pr_capicua"))
    h = match.hands[0]
    assert fault is None and h.layout.nodes[-1].tile == T("6-5")
    assert lines(h) == [
        ("PB-SCORE", "Ana+Cleo", 8),
        ("PB-CAPICUA", "Ana+Cleo", 100),
        ("PB-HANDS", "Ana+Cleo", 100),
    ]


def test_chuchazo_and_no_chuchazo_when_both_ends_are_blank():
    # the second hand's 0-0 fits both ends but is a double: no capicúa either
    match, fault = record.replay(fixture("partnership_pr_chuchazo"))
    first, second = match.hands
    assert fault is None
    assert ("PB-CHUCHAZO", "Ana+Cleo", 100) in lines(first)
    assert second.layout.nodes[-1].tile == T("0-0") and second.open_ends == [0, 0]
    assert lines(second) == [("PB-SCORE", "Ana+Cleo", 10), ("PB-HANDS", "Ana+Cleo", 75)]


# -- worked example 3: the Dominican unanswered lead ---------------------------------------
DOMINICAN = PB.preset("dominican-republic").options


def test_an_unanswered_double_lead_scores_25_at_once():
    m = Match("partnership", NAMES, DOMINICAN)
    h = play(m.new_hand(), "Ana 6-6", "Ben pass")
    assert h.charges == [(2, 0, 25, "PB-UNANSWERED")] and h.points == [25, 0]


def test_an_unanswered_lead_that_is_not_a_double_scores_50():
    m = Match("partnership", NAMES, {**DOMINICAN, "first_lead": "lot"})
    h = play(m.new_hand(), "Ana 6-5", "Ben pass")
    assert h.charges == [(2, 0, 50, "PB-UNANSWERED")]


def test_pase_corrido_when_all_three_others_pass():
    m = Match("partnership", NAMES, DOMINICAN)
    h = play(m.new_hand(), "Ana 6-6", "Ben pass", "Cleo pass", "Dan pass")
    assert [c[3] for c in h.charges] == ["PB-UNANSWERED", "PB-PASE"]
    assert h.charges[1] == (4, 0, 25, "PB-PASE") and h.points == [50, 0]


def test_the_dominican_fixture_reports_its_bonuses_in_check():
    v = check.verdict(fixture("partnership_dominican_bonuses"))
    assert [b["rule"] for b in v["hands"][0]["bonuses"]] == ["PB-UNANSWERED", "PB-PASE"]


# -- worked example 4: six love --------------------------------------------------------------
def test_six_love_a_win_by_the_other_pair_sends_the_score_back_to_love():
    match, fault = record.replay(fixture("partnership_six_love_reset"))
    assert fault is None
    totals, running = [0, 0], []
    for h in match.hands:
        totals = [a + b for a, b in zip(totals, h.points, strict=True)]
        running.append(totals)
    assert running[:7] == [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [0, 0], [1, 0]]
    reset = match.hands[5]
    assert lines(reset) == [("PB-LOVE", "Ana+Cleo", -5)]
    seventh = match.hands[6]
    assert seventh.opening.tile == T("6-6") and seventh.opening.rule == "PB-LOVE"
    assert match.match_rule == "PB-LOVE"


def test_straight_six_counts_every_game():
    match = play_match("partnership", 4, random.Random(3), {"score": "game"}, max_hands=60)
    over, win = match.result()
    assert over and match.totals()[win] == 6
    assert all(h.points in ([1, 0], [0, 1], [0, 0]) for h in match.hands)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_six_love_totals_are_always_one_pair_at_love(seed):
    match = play_match("partnership", 4, random.Random(seed), PB.preset("jamaica").options)
    for i in range(1, len(match.hands) + 1):
        totals = [0, 0]
        for h in match.hands[:i]:
            totals = [a + b for a, b in zip(totals, h.points, strict=True)]
        assert min(totals) == 0 and max(totals) <= 6
    over, win = match.result()
    assert not over or match.totals() == ([6, 0] if win == 0 else [0, 6])


# -- worked example 5: Spain's tied block ----------------------------------------------------
def test_a_tied_block_under_spain_s_rules_scores_nothing_and_the_lead_moves_on():
    match, fault = record.replay(fixture("partnership_spain_tied_block"))
    first, second = match.hands
    assert fault is None and first.ended == "block" and first.winner is None
    assert first.points == [0, 0] and lines(first) == [("PB-TIE", None, 0)]
    assert first.moves[0].player == 1 and second.opening.leader == 2
    assert second.opening.rule == "PB-TIED"


# -- the line: no spinner --------------------------------------------------------------------
def test_a_double_lead_has_one_end_each_side_and_no_spinner():
    m = Match("partnership", NAMES)
    h = play(m.new_hand(), "Ana 6-6", "Ben 6-5 on 6-6", "Cleo 6-4 on 6-6")
    assert not h.layout.nodes[0].spinner and h.open_ends == [5, 4]
    e = refused(h, "Dan 6-3 on 6-6")
    assert e.rule == "C-PLACE" and "no spinner" in e.message


def test_a_double_laid_in_the_line_takes_one_tile_beyond_it():
    m = Match("partnership", NAMES)
    h = play(m.new_hand(), "Ana 6-6", "Ben 6-5 on 6-6", "Cleo 5-5 on 6-5", "Dan 5-4 on 5-5")
    assert h.open_ends == [6, 4]
    assert refused(h, "Ana 5-3 on 5-5").rule == "C-PLACE"


# -- no drawing, and passes ------------------------------------------------------------------
def test_no_drawing():
    h = play(Match("partnership", NAMES).new_hand(), "Ana 6-6")
    assert refused(h, "Ben draw 1").rule == "PB-NODRAW"


def test_a_pass_the_table_can_prove_false_is_refused_at_once():
    # after 6-6 the six other 6s are in hands; Ben, Cleo and Dan passed on 6: Ana's six
    # tiles are those 6s, and her pass is refused before any lay could show it
    h = play(Match("partnership", NAMES).new_hand(), "Ana 6-6", "Ben pass", "Cleo pass", "Dan pass")
    e = refused(h, "Ana pass")
    assert e.rule == "C-RENEGE" and "Ana must hold 6-5" in e.message
    assert certain(h)[0] == {T(f"6-{p}") for p in range(6)}


def test_a_false_pass_the_table_could_not_see_is_flagged_by_the_later_lay():
    data = {
        "format": "domino-record/1",
        "variant": "partnership",
        "players": NAMES,
        "hands": [
            {
                "moves": [
                    {"player": "Ana", "play": "6-6"},
                    {"player": "Ben", "pass": True},
                    {"player": "Cleo", "play": "6-5", "on": "6-6"},
                    {"player": "Dan", "play": "5-5", "on": "6-5"},
                    {"player": "Ana", "play": "5-4", "on": "5-5"},
                    {"player": "Ben", "play": "6-4", "on": "6-6"},
                ]
            }
        ],
    }
    match, fault = record.replay_at_table(record.parse(data))
    assert fault is None and [(f.move, f.tile, f.proof) for f in match.hands[0].false_passes] == [
        (2, T("6-4"), 6)
    ]
    v = check.verdict(record.parse(data))
    assert v["error"]["rule"] == "C-RENEGE" and v["error"]["move"] == 2


def test_with_tiles_asleep_nothing_is_certain_and_a_pass_is_taken():
    m = Match("partnership", NAMES, {"set": "double-nine"})
    h = play(m.new_hand(), "Ana 9-9", "Ben pass", "Cleo pass", "Dan pass")
    assert h.stock == 15 and certain(h) == [set(), set(), set(), set()]
    play(h, "Ana pass")
    assert h.ended == "block" and not h.stuck


# -- the set ---------------------------------------------------------------------------------
def test_double_nine_deals_ten_each_and_leaves_fifteen_asleep():
    m = Match("partnership", NAMES, {"set": "double-nine"})
    assert m.options["first_lead"] == "highest-double"
    h = m.new_hand()
    assert h.max_pip == 9 and h.sizes == [10] * 4 and h.stock == 15
    assert PB.set_name(4, m.options) == "double-nine"
    assert refused(h, "Ana 8-7").rule == "PB-FIRST"  # a double leads


def test_double_nine_highest_double_proven_wrong_later():
    m = Match("partnership", NAMES, {"set": "double-nine"})
    h = play(m.new_hand(), "Ana 5-5", "Ben 5-4 on 5-5", "Cleo 5-3 on 5-5", "Dan 4-4 on 5-4")
    assert h.wrong_leads == []  # 4-4 is lower than 5-5
    play(h, "Ana 3-3 on 5-3", "Ben 4-2 on 4-4", "Cleo 3-1 on 3-3", "Dan 2-2 on 4-2")
    play(h, "Ana 1-1 on 3-1", "Ben 2-0 on 2-2", "Cleo 1-0 on 1-1", "Dan 0-0 on 2-0")
    play(h, "Ana 9-0 on 0-0", "Ben 9-9 on 9-0")
    assert [w.tile for w in h.wrong_leads] == [T("9-9")]


# -- who leads -------------------------------------------------------------------------------
def finished(match, rng):
    return play_hand(match, rng)


def test_later_hands_by_the_next_player_after_the_leader():
    match = Match("partnership", NAMES)
    h = finished(match, random.Random(1))
    o = match.opening()
    assert o.leader == (h.moves[0].player + 1) % 4 and o.tile is None and o.rule == "PB-NEXT"


def test_the_winning_pair_chooses_who_leads():
    rng = random.Random(2)
    match = Match("partnership", NAMES, {"next_lead": "winners"})
    h = finished(match, rng)
    while h.winner is None:
        h = finished(match, rng)
    o = match.opening()
    pair = h.sides[h.side_of[h.winner]]
    assert o.leader is None and o.seats == pair
    nxt = match.new_hand()
    loser = next(s for s in range(4) if s not in pair)
    assert refused(nxt, f"{NAMES[loser]} 5-5").rule == "PB-NEXT"
    assert nxt.leaders == list(pair)


def test_the_player_who_went_out_leads():
    rng = random.Random(5)
    match = Match("partnership", NAMES, {"next_lead": "out"})
    h = finished(match, rng)
    while h.ended != "domino":
        h = finished(match, rng)
    assert match.opening().leader == h.winner


def test_a_tied_block_may_open_the_next_hand_as_the_first():
    match, _ = record.replay(fixture("partnership_spain_tied_block"))
    first = match.hands[0]
    o = PB.opening(list(match.players), first, {**match.options, "tied_lead": "first"})
    assert o.rule == "PB-TIED" and o.lot and "tied block" in o.text


def test_the_first_hand_s_lead_options():
    assert Match("partnership", NAMES).opening().tile == T("6-6")
    assert Match("partnership", NAMES, {"first_lead": "lot"}).opening().lot
    highest = Match("partnership", NAMES, {"first_lead": "highest-double"}).opening()
    assert highest.highest and highest.double


def test_in_a_full_record_the_holder_of_6_6_leads_it():
    m = Match("partnership", ["B", "C", "D", "A"])
    h = m.new_hand(GIST)  # D holds 6-6
    assert refused(h, "A 6-6").rule == "PB-FIRST"
    play(h, "D 6-6")


# -- tied blocks -----------------------------------------------------------------------------
def tied_block_hand(**options):
    match, _ = record.replay(fixture("partnership_spain_tied_block"))
    data = json.loads((RECORDS / "partnership_spain_tied_block.json").read_text())
    data["options"] = {**data["options"], **options}
    data["hands"] = data["hands"][:1]
    match, fault = record.replay(record.parse(data))
    assert fault is None
    return match.hands[0]


def test_a_tied_block_to_the_pair_that_led():
    h = tied_block_hand(tied_block="leaders")
    assert h.winner == h.moves[0].player and h.points[h.side_of[h.winner]] == 60


def test_a_tied_block_to_the_closer():
    h = tied_block_hand(tied_block="closer")
    assert h.winner == h.last_layer and lines(h)[0][0] == "PB-TIE"


# -- options ---------------------------------------------------------------------------------
def test_a_record_without_options_plays_the_book():
    assert PB.options({}) == {
        "set": "double-six",
        "first_lead": "double-six",
        "next_lead": "next",
        "tied_lead": "next",
        "score": "losers",
        "block": "pair",
        "tied_block": "void",
        "hand_bonus": "none",
        "target": 100,
        "capicua": 0,
        "chuchazo": 0,
        "unanswered_double": 0,
        "unanswered_other": 0,
        "pase_corrido": 0,
    }


@pytest.mark.parametrize(
    "options,field",
    [
        ({"colour": "red"}, "options"),
        ({"set": "double-twelve"}, "set"),
        ({"first_lead": "youngest"}, "first_lead"),
        ({"next_lead": 3}, "next_lead"),
        ({"score": "most"}, "score"),
        ({"block": "dealer"}, "block"),
        ({"tied_block": "replay"}, "tied_block"),
        ({"tied_lead": "dealer"}, "tied_lead"),
        ({"hand_bonus": "200"}, "hand_bonus"),
        ({"capicua": -5}, "capicua"),
        ({"chuchazo": 501}, "chuchazo"),
        ({"pase_corrido": True}, "pase_corrido"),
        ({"unanswered_double": "25"}, "unanswered_double"),
        ({"target": 0}, "target"),
        ({"set": "double-nine", "first_lead": "double-six"}, "first_lead"),
        ({"score": "six-love", "capicua": 25}, "capicua"),
        ({"score": "game", "hand_bonus": "100-75-50-25"}, "hand_bonus"),
    ],
)
def test_a_bad_option_is_refused_naming_its_field(options, field):
    with pytest.raises(SetupError) as info:
        PB.options(options)
    assert info.value.field == field


def test_games_default_to_a_target_of_six():
    assert PB.options({"score": "six-love"})["target"] == 6
    assert PB.options({"score": "game", "target": 4})["target"] == 4
    assert PB.target_defaults() == {"points": 100, "games": 6}
    assert PB.hand_line({"score": "game"}).startswith("Hand {hand}: {end}. Games")


def test_every_preset_is_a_set_of_valid_options_with_a_source():
    names = [p.name for p in PB.presets]
    assert names == [
        "international",
        "spain",
        "dominican-republic",
        "puerto-rico",
        "cuba",
        "jamaica",
    ]
    for p in PB.presets:
        assert p.label and p.source and PB.options(p.options)
    spain = PB.options(PB.preset("spain").options)
    assert (spain["first_lead"], spain["score"], spain["tied_block"], spain["target"]) == (
        "lot",
        "all",
        "void",
        300,
    )
    cuba = PB.options(PB.preset("cuba").options)
    assert (cuba["set"], cuba["next_lead"], cuba["target"]) == ("double-nine", "winners", 100)
    jamaica = PB.options(PB.preset("jamaica").options)
    assert (jamaica["score"], jamaica["block"]) == ("six-love", "player")
    assert PB.preset("nowhere") is None


# -- properties ------------------------------------------------------------------------------
def ends_blocked(hand) -> bool:
    """Both ends show one number and all seven tiles of it are on the table."""
    if len(hand.open_ends) != 2:  # before the lead
        return False
    a, b = hand.open_ends
    return a == b and all(T(f"{max(a, p)}-{min(a, p)}") in hand.layout.by_tile for p in range(7))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from([p.name for p in PB.presets]))
def test_random_hands_every_tile_once_and_a_block_only_when_provably_blocked(seed, preset):
    rng = random.Random(seed)
    match = endless("partnership", NAMES)
    match.options.update(PB.options(PB.preset(preset).options), target=10**9)
    dealt, asleep = deal(match, rng)
    hand = match.new_hand(dealt)
    seat = leader(hand, rng)
    six = hand.max_pip == 6
    while not hand.ended:
        if six:
            assert hand.stuck == ends_blocked(hand)  # in double-six the two are one
        was_stuck = hand.stuck
        move = hand.play_random(rng, seat, asleep)
        assert not was_stuck or move.kind == "pass"  # stuck: only passes are left
        laid = set(hand.layout.by_tile)
        held = [set(k) for k in hand.known]
        assert sum(map(len, held)) + len(laid) + len(asleep) == len(tile_set(hand.max_pip))
        assert set().union(laid, set(asleep), *held) == set(tile_set(hand.max_pip))
    if hand.ended == "block" and six:
        assert ends_blocked(hand)
    hand.settle()
    assert hand.false_passes == []


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from([p.name for p in PB.presets]))
def test_a_true_pass_is_never_refused_at_a_table_that_does_not_see_the_hands(seed, preset):
    """The table's deduction (line_games.certain) is sound: a random legal match written
    as a table record (no deal) checks as legal, with the same scores."""
    match = play_match("partnership", 4, random.Random(seed), PB.preset(preset).options, 12)
    data = record.to_json(match)
    full = check.verdict(record.parse(data))
    assert full["ok"], full["error"]
    for h in data["hands"]:
        h.pop("dealt")
    table = check.verdict(record.parse(data))
    assert table["ok"], table["error"]
    assert table["hands"] == full["hands"] and table["totals"] == full["totals"]


def test_a_dead_layout_in_double_six_can_only_be_passed():
    _, h = gist()
    assert h.stuck and all(not h.places_for(t) for t in h.tiles if t not in h.layout.by_tile)
