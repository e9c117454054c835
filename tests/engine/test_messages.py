"""The referee's sentences: structured (msgid + facts), rendered in any catalogue, and
worded so that a player knows why (issue 7)."""

import ast
import random
import re
from pathlib import Path

from conftest import play, refused
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import IllegalMove, Match, Move, RecordError, tile_set
from referee.engine.messages import ENGLISH, N_, NP_, Message, render
from referee.engine.rulebook import RULES
from referee.engine.simulate import deal, leader, play_hand

ENGINE = Path(__file__).resolve().parents[2] / "referee" / "engine"
NAMES = [
    "Ana",
    "Ben",
    "Cleo",
    "Dan",
    "Eva",
    "Filip",
    "Gosia",
    "Hana",
    "Igor",
    "Jan",
    "Kuba",
    "Lena",
    "Marek",
]


class Shouting:
    """A catalogue that upper-cases every template (to see that translation happens)."""

    def gettext(self, msgid):
        parts = re.split(r"(\{[^}]*\})", msgid)
        return "".join(p if p.startswith("{") else p.upper() for p in parts)

    def ngettext(self, singular, plural, n):
        return f"[{n}] " + (singular if n == 1 else plural)


def engine_msgids():
    """Every template marked N_ / NP_ in the engine's source."""
    out = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("N_", "NP_"):
                out += [a.value for a in node.args if isinstance(a, ast.Constant)]
    return out


def test_a_message_is_its_english_text_and_keeps_its_facts():
    m = Message(N_("{player} does not hold {tile}."), player="Ana", tile="6-4")
    assert m == "Ana does not hold 6-4." and isinstance(m, str)
    assert m.fields == {"player": "Ana", "tile": "6-4"}
    assert render(m, Shouting()) == "Ana DOES NOT HOLD 6-4."


def test_plural_forms_are_chosen_by_n():
    one, many = (Message(NP_("{n} pip", "{n} pips"), n=k) for k in (1, 22))
    assert (one, many) == ("1 pip", "22 pips")
    assert render(many, Shouting()) == "[22] 22 pips"


def test_nested_messages_are_translated_too():
    inner = Message(N_("{tile} is dealt twice"), tile="5-5")
    outer = Message(N_("hand {hand}: {message}"), hand=2, message=inner)
    assert outer == "hand 2: 5-5 is dealt twice"
    assert render(outer, Shouting()) == "HAND 2: 5-5 IS DEALT TWICE"


def test_a_broken_translation_falls_back_to_english():
    class Broken:
        def gettext(self, msgid):
            return "{nobody}"

        def ngettext(self, s, p, n):
            return "{nobody}"

    assert render(Message(N_("{tile} is listed twice."), tile="1-1"), Broken()) == (
        "1-1 is listed twice."
    )


def test_refusals_and_settlements_carry_messages(five4):
    h = play(five4.new_hand(), "Ana 5-5")
    e = refused(h, "Cleo 5-0 on 5-5")
    assert isinstance(e.message, Message) and e.message.fields["player"] == "Cleo"
    assert e.rule == "C-SEAT" and e.message == "It is Ben's turn, not Cleo's."


# -- wording (issue 7) ----------------------------------------------------------------------
def test_after_a_domino_the_refusal_says_who_went_out():
    m = Match("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    hand = m.new_hand(lot=3)
    play(hand, "Dan 6-6", "Ana 6-5 on 6-6", "Ben 6-4 on 6-6", "Cleo 5-5 on 6-5")
    hand.sizes = [1, 1, 1, 1]  # at the table: Dan goes out with his next tile
    play(hand, "Dan 4-4 on 6-4")
    assert hand.ended == "domino"
    hand.settle(_left_for(hand))
    e = refused(m.new_hand(), "Ana 3-3")
    assert e.rule == "FU-LEAD"
    assert e.message == "Dan went out last hand, so Dan leads this hand, not Ana."


def _left_for(hand):
    """Some tiles not on the table, as many as each player holds."""
    free = [t for t in tile_set(6) if t not in hand.layout.by_tile]
    out, i = {}, 0
    for seat, size in enumerate(hand.sizes):
        out[seat], i = free[i : i + size], i + size
    return out


def test_french_connection_winner_poses_first():
    m = Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"], {"target": 1000})
    h = m.new_hand()
    play(h, "Ana 0-0", "Ben 1-0 on 0-0", "Cleo 2-0 on 0-0", "Dan 3-0 on 0-0", "Ana 4-0 on 0-0")
    h.sizes = [2, 6, 6, 0]
    h.ended, h.winner, h.turn = "domino", 3, None
    h.settle(_left_for(h))
    e = refused(m.new_hand(), "Ben 6-6")
    assert e.rule == "FC-POSE"
    assert e.message == "Dan won the last hand, so Dan poses first, not Ben."


def test_ctyrka_play_after_a_draw_says_drawing_ended_the_turn():
    m = Match("ctyrka", ["Ana", "Ben", "Cleo"])
    h = play(m.new_hand(), "Ben 5-5", "Cleo 5-1 on 5-5", "Ana draw 1")
    e = refused(h, "Ana 5-2 on 5-5")
    assert e.rule == "CT-DRAW"
    assert e.message == "Ana drew, and drawing ends the turn: it is Ben's turn now."


def test_a_double_that_is_not_a_spinner_says_only_the_lead_double_spins():
    m = Match("ctyrka", ["Ana", "Ben", "Cleo"])
    h = play(m.new_hand(), "Ana 6-6", "Ben 6-1 on 6-6", "Cleo 1-1 on 6-1", "Ana 1-0 on 1-1")
    e = refused(h, "Ben 1-2 on 1-1")
    assert e.rule == "C-PLACE"
    assert "only the lead double is a spinner" in e.message


def test_french_connection_says_the_posed_double():
    m = Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    h = play(
        m.new_hand(),
        "Ana 0-0",
        "Ben 1-0 on 0-0",
        "Cleo 2-0 on 0-0",
        "Dan 3-0 on 0-0",
        "Ana 4-0 on 0-0",
        "Ben 1-1 on 1-0",
        "Cleo 6-1 on 1-1",
    )
    e = refused(h, "Dan 5-1 on 1-1")
    assert "only the posed double is a spinner" in e.message


def test_french_connection_says_the_posed_double_s_cross_is_complete():
    """Issue 43.4: a fifth tile on the posed double was refused with "only the posed double
    is a spinner", said of the posed double itself; its cross is complete (FC-CROSS)."""
    m = Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    h = play(
        m.new_hand(),
        "Ana 0-0",
        "Ben 1-0 on 0-0",
        "Cleo 2-0 on 0-0",
        "Dan 3-0 on 0-0",
        "Ana 4-0 on 0-0",
    )
    e = refused(h, "Ben 5-0 on 0-0")
    assert e.rule == "FC-CROSS"
    assert e.message == (
        "0-0 has no free place left: the cross on the posed double is complete, "
        "with a tile on each of its four sides."
    )


def test_a_full_spinner_says_so_not_that_it_is_no_spinner():
    m = Match("five-up", ["Ana", "Ben"])
    h = play(
        m.new_hand(),
        "Ana 5-5",
        "Ben 5-0 on 5-5",
        "Ana 5-1 on 5-5",
        "Ben 5-2 on 5-5",
        "Ana 5-3 on 5-5",
    )
    e = refused(h, "Ben 5-4 on 5-5")
    assert e.rule == "C-PLACE"
    assert e.message == "5-5 has no free place left: the spinner has a tile on all four sides."


def test_no_sentence_gives_a_player_a_gender():
    pronouns = re.compile(r"\b(he|his|him|himself|she|her|hers|herself)\b", re.I)
    offending = [m for m in engine_msgids() if pronouns.search(m)]
    assert offending == []


def test_no_capital_letter_after_a_colon():
    offending = [m for m in engine_msgids() if re.search(r": [A-Z][a-z]", m)]
    assert offending == []


def test_the_opening_after_a_lead_refusal_reads_as_a_sentence(fc):
    h = fc.new_hand()
    e = refused(h, "Ana draw 1")
    assert e.message == "The hand begins with the lead. The holder of [0|0] poses it."


def test_record_errors_say_where_and_render():
    e = RecordError(Message(N_("unknown player {name!r}"), name="Zed"), 1, 3)
    assert str(e) == "hand 1, move 3: unknown player 'Zed'"
    assert render(e.located, Shouting()) == "HAND 1, MOVE 3: UNKNOWN PLAYER 'Zed'"


# -- every refusal cites a known rule and names the right player ------------------------------
CONFIGS = [
    ("five-up", 2),
    ("five-up", 3),
    ("five-up", 4),
    ("french-connection", 4),
    ("ctyrka", 3),
    ("ctyrka", 5),
    ("ctyrka", 9),
]


def names_in(text, players):
    return {p for p in players if re.search(rf"\b{re.escape(p)}\b", text)}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 2**32), st.integers(0, 60), st.data())
def test_random_illegal_moves_cite_a_rule_and_the_right_player(config, seed, steps, data):
    variant, n = config
    rng = random.Random(seed)
    m = Match(variant, NAMES[:n])
    if rng.random() < 0.3:  # sometimes a later hand, opened by the last winner
        play_hand(m, rng)
        if m.result()[0]:
            return
    dealt, stock = deal(m, rng)
    hand = m.new_hand(dealt)
    seat = leader(hand, rng)
    for _ in range(steps):
        if hand.ended:
            break
        hand.play_random(rng, seat, stock)
    tiles = sorted(tile_set(hand.max_pip)) + [t for t in tile_set(12) if t.high > hand.max_pip][:3]
    on_table = [None, *hand.layout.by_tile]
    for _ in range(8):
        mover = data.draw(st.integers(0, n - 1))
        kind = data.draw(st.sampled_from(["play", "play", "play", "draw", "pass"]))
        if kind == "play":
            move = Move.play(
                mover, data.draw(st.sampled_from(tiles)), data.draw(st.sampled_from(on_table))
            )
        elif kind == "draw":
            move = Move.draw(mover, data.draw(st.integers(1, 3)))
        else:
            move = Move.pass_(mover)
        try:
            hand.check(move)
        except IllegalMove as e:
            assert e.rule in RULES, e
            said = names_in(render(e.message, ENGLISH), hand.players)
            allowed = {hand.players[mover]}
            if hand.turn is not None:
                allowed.add(hand.players[hand.turn])
            if hand.winner is not None:
                allowed.add(hand.players[hand.winner])
            if move.tile is not None:
                allowed |= {
                    hand.players[s] for s, k in enumerate(hand.known) if k and move.tile in k
                }
            assert said <= allowed, (e.rule, e.message)
            if not hand.ended and hand.turn is not None and mover != hand.turn:
                assert said == {hand.players[mover], hand.players[hand.turn]}, e.message
        except RecordError:
            pass  # an ambiguous play: not a refusal
