"""CT-LEAD at a table that does not see the deal: the lead is proven wrong when a player
who drew no unnamed tile lays, or holds at the end, a double higher than the lead."""

from __future__ import annotations

from referee.engine import Match, Move, parse_tile, record

ANA = [
    ("4-3", "4-4"),
    ("4-2", "4-4"),
    ("4-1", "4-4"),
    ("4-0", "4-4"),
    ("3-3", "4-3"),
    ("2-2", "4-2"),
]
BEN_DRAWS = ["6-5", "5-1", "5-0", "6-1", "6-0", "3-0"]
BEN_DEALT = ["6-6", "5-5", "6-4", "6-3", "6-2", "5-4", "5-3"]


def t(text):
    return parse_tile(text)


def hand_where_ben_draws(named: bool):
    """Ana leads 4-4 and goes out; Ben draws a tile at each turn (named or not)."""
    hand = Match("ctyrka", ["Ana", "Ben"], {}).new_hand()
    hand.apply(Move.play(0, t("4-4")))
    for (tile, on), drawn in zip(ANA, BEN_DRAWS, strict=True):
        hand.apply(Move.draw(1, (t(drawn),) if named else 1))
        hand.apply(Move.play(0, t(tile), t(on)))
    assert hand.ended == "domino"
    return hand


def test_a_higher_double_held_at_the_end_proves_the_lead_wrong():
    hand = hand_where_ben_draws(named=True)
    assert hand.wrong_leads == []
    hand.settle({0: [], 1: [t(x) for x in BEN_DRAWS + BEN_DEALT]})
    assert {w.tile for w in hand.wrong_leads} == {t("6-6"), t("5-5")}  # both beat 4-4
    wrong = hand.wrong_leads[0]
    assert wrong.player == 1 and wrong.proof is None
    assert "Ben still held it at the end" in hand.wrong_lead_message(wrong)
    hand.undo()  # the settlement taken back: the proof goes with it
    assert hand.wrong_leads == []


def test_unnamed_draws_prove_nothing_and_check_judges_the_lead():
    hand = hand_where_ben_draws(named=False)
    hand.settle({0: [], 1: [t(x) for x in BEN_DRAWS + BEN_DEALT]})
    assert hand.wrong_leads == []
    rec = record.Record(
        "ctyrka",
        ["Ana", "Ben"],
        {},
        [
            record.HandRecord(
                None,
                list(hand_where_ben_draws(named=True).moves),
                {0: [], 1: [t(x) for x in BEN_DRAWS + BEN_DEALT]},
            )
        ],
    )
    _, fault = record.replay(rec)
    assert fault.rule == "CT-LEAD" and fault.move == 1 and fault.hand == 1
