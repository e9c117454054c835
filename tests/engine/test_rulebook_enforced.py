"""What the rulebook says of FC-THREEPASS, FC-SOAP and CT-LEAD is what the engine does
(issue 17.22): each sentence, in every language, beside the play that proves it."""

from __future__ import annotations

import random

import pytest
from conftest import play, refused, tiles

from referee.engine import Match, Move, record
from referee.engine.rulebook import rule
from referee.engine.simulate import endless, play_hand
from referee.engine.tiles import parse_tile
from referee.languages import CODES

CROSS = ("Ana 0-0", "Ben 1-0 on 0-0", "Cleo 2-0 on 0-0", "Dan 3-0 on 0-0", "Ana 4-0 on 0-0")
LANGS = CODES  # every language (referee/languages.py): a new one needs its words below


def says(rule_id: str, words: dict[str, str]) -> None:
    """The rule's text holds these words in each language."""
    for lang in LANGS:
        text = " ".join(rule(rule_id, lang).text.split())
        assert words[lang] in text, (rule_id, lang)


def test_fc_threepass_a_new_hand_resets_the_count():
    says(
        "FC-THREEPASS",
        {
            "en": "and so does a new hand",
            "pl": "tak samo jak nowe rozdanie",
            "cs": "a stejně tak nové kolo",
            "es": "y también una mano nueva",
        },
    )
    m = Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    h = play(
        m.new_hand(),
        *CROSS,
        "Ben pass",
        "Cleo pass",
        "Dan pass",
        "Ana 4-4 on 4-0",
        "Ben pass",
        "Cleo pass",
        "Dan pass",
        "Ana pass",
    )
    assert h.ended == "block" and h.streak == [1, 2, 2, 2]  # two passes each, not charged
    assert [c for c in h.charges if c[3] == "FC-THREEPASS"] == []
    free = sorted((t for t in h.tiles if t not in h.layout.by_tile), key=sum)
    left = {1: free[:6], 2: free[6:12], 3: free[12:18], 0: free[18:]}  # Ben the fewest pips
    assert h.settle(left).winner == 1
    nxt = play(m.new_hand(), "Ben 6-6", "Cleo pass", "Dan pass")
    assert nxt.charges == [] and nxt.streak == [0, 0, 1, 1]  # a third pass, counted anew
    play(
        nxt,
        "Ana 6-5 on 6-6",
        "Ben 6-4 on 6-6",
        "Cleo pass",
        "Dan 6-3 on 6-6",
        "Ana 6-2 on 6-6",
        "Ben pass",
        "Cleo pass",
    )
    assert nxt.charges == [(10, 2, 10, "FC-THREEPASS")]  # her third pass in this hand


def soap_block():
    """A French Connection match (random legal play, fixed seeds) whose last hand blocked
    and was won by a player left holding only [0|0]."""
    for seed in range(100):
        rng = random.Random(seed)
        m = endless("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
        for _ in range(40):
            h = play_hand(m, rng)
            w = h.settlement.winner
            soap = [line.side for line in h.settlement.lines if line.rule == "FC-SOAP"]
            if h.ended == "block" and w is not None and w in soap:
                return m, h
    pytest.fail("no seed gives a block won by the player left with [0|0]")


def test_fc_soap_the_player_left_with_double_blank_wins_the_block_and_poses_next():
    says(
        "FC-SOAP",
        {
            "en": "he can win the block (FC-BLOCK) and pose the next hand (FC-POSE) "
            "while being charged 20",
            "pl": "może wygrać blokadę (FC-BLOCK) i otworzyć następne rozdanie (FC-POSE)",
            "cs": "může zablokované kolo vyhrát (FC-BLOCK) a zahájit další kolo (FC-POSE)",
            "es": "puede ganar el tranque (FC-BLOCK) y salir en la mano siguiente (FC-POSE)",
        },
    )
    m, h = soap_block()
    w = h.settlement.winner
    assert (w, 20, "FC-SOAP") in [
        (line.side, line.points, line.rule) for line in h.settlement.lines
    ]
    assert h.points[w] == 20  # charged, though he won the block
    opening = m.opening()
    assert opening.leader == w and opening.rule == "FC-POSE"
    nxt = m.new_hand()
    other = m.players[(w + 1) % 4]
    assert refused(nxt, f"{other} 6-6").rule == "FC-POSE"  # the soap player poses
    play(nxt, f"{m.players[w]} 6-6")


NO_DOUBLE = {0: tiles("6-5 6-4 6-3 6-2 6-1 6-0 5-4"), 1: tiles("5-3 5-2 5-1 5-0 4-3 4-2 4-1")}


def test_ct_lead_a_full_record_without_a_double_is_illegal_at_its_first_move():
    says(
        "CT-LEAD",
        {
            "en": "a full record whose deal holds no double is illegal at its first move",
            "pl": "pełny zapis, w którego rozdaniu nie ma dubletu, jest niedozwolony od "
            "pierwszego ruchu",
            "cs": "úplný zápis, v jehož rozdání není žádný dubl, je nedovolený od prvního tahu",
            "es": "un registro completo cuyo reparto no tiene ningún doble es ilegal desde su "
            "primera jugada",
        },
    )
    full = Match("ctyrka", ["Ana", "Ben"]).new_hand(NO_DOUBLE)
    assert refused(full, "Ana 6-5").rule == "CT-LEAD"
    lead = Move.play(0, parse_tile("6-5"))
    rec = record.Record("ctyrka", ["Ana", "Ben"], {}, [record.HandRecord(NO_DOUBLE, [lead], None)])
    _, fault = record.replay(rec)
    assert (fault.hand, fault.move, fault.rule) == (1, 1, "CT-LEAD")


def test_ct_lead_is_flagged_when_the_record_later_proves_a_higher_double():
    says(
        "CT-LEAD",
        {
            "en": "the table shows the flag, and a check of the record judges it "
            "illegal at the lead (move 1)",
            "pl": "stół pokazuje to oznaczenie, a sprawdzenie zapisu uznaje go za "
            "niedozwolony od otwarcia (ruch 1)",
            "cs": "stůl označení ukáže a kontrola zápisu jej uzná za nedovolený od "
            "zahájení (tah 1)",
            "es": "la mesa muestra la marca, y la comprobación del registro la juzga ilegal "
            "en la salida (jugada 1)",
        },
    )
    h = play(Match("ctyrka", ["Ana", "Ben", "Cleo"]).new_hand(), "Ana 5-5", "Ben 6-5 on 5-5")
    assert h.wrong_leads == []
    play(h, "Cleo 6-6 on 6-5")  # Cleo drew nothing: she held 6-6 at the deal
    assert [(w.player, w.tile) for w in h.wrong_leads] == [(2, parse_tile("6-6"))]
    rec = record.Record("ctyrka", h.players, {}, [record.HandRecord(None, list(h.moves), None)])
    _, fault = record.replay(rec)
    assert (fault.hand, fault.move, fault.rule) == (1, 1, "CT-LEAD")
