"""Fives & Threes at the table (issue 38): the count and its points after every lay, the
lead included, shown at once; the button says Knock; what each side needs to finish
exactly; the match won in mid-hand; the cribbage board's pegs on the table screen and the
match page, drawn from the scores."""

from __future__ import annotations

import re

from webhelpers import Phone, text_of


def pegs(html: str) -> dict[int, int]:
    """Each side's peg on the board: side -> the score it stands at."""
    return {
        int(side): int(score)
        for side, score in re.findall(r'class="peg" data-side="(\d)" data-score="(\d+)"', html)
    }


def test_fives_and_threes_table_counts_knocks_and_pegs(app):
    phone = Phone(app.test_client())
    t = phone.start("fives-and-threes", ["Ana", "Ben"])
    html = phone.table(t)
    assert pegs(html) == {0: 0, 1: 0}  # the board, before the first lay
    assert "Ana needs 61, Ben needs 61" in text_of(html, "needs")
    phone.move(t, "Ana 5-0")  # the lead scores: 5 is 1 point
    html = phone.table(t)
    assert text_of(html, "count") == "5"
    assert "count 5: +1 for Ana" in text_of(html, "last-move")
    assert 'href="/rules/fives-and-threes#F3-SCORE"' in html
    phone.move(t, "Ben 5-5 on 5-0")  # 10 + 0 = 10: 2 points
    phone.move(t, "Ana 0-0 on 5-0")  # 10 + 0 = 10: 2 points
    html = phone.table(t)
    assert text_of(html, "count") == "10"
    assert pegs(html) == {0: 3, 1: 2}
    assert "Ana needs 58, Ben needs 59" in text_of(html, "needs")
    # A player who cannot lay knocks: the button says so, and so does the history.
    assert "Ben knocks" in text_of(html, "pass-form")
    phone.move(t, "Ben pass")
    assert "Ben knocked" in text_of(phone.table(t), "last-move")
    match = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert pegs(match) == {0: 3, 1: 2} and 'id="board"' in match


def test_the_match_won_mid_hand_is_shown(app):
    phone = Phone(app.test_client())
    t = phone.imported("fives_2p_pegged_out.json")
    html = phone.table(t)
    assert 'id="outcome"' in html and 'id="needs"' not in html
    assert 61 in pegs(html).values()
    assert "reached the target exactly" in phone.get(f"/t/{t}/match").get_data(as_text=True)


def test_a_blocked_hand_says_nobody_scores(app):
    """A blocked hand of Fives & Threes scores nothing (F3-BLOCK): its heading said "won
    by Ana" (the fewest pips, which count for nothing in this game)."""
    phone = Phone(app.test_client())
    t = phone.start("fives-and-threes", ["Ana", "Ben"])
    phone.moves(t, "Ana 6-3; Ben pass; Ana pass")  # the lead scores 3; both knock
    phone.settle(t, {"Ana": "5-2 4-1 1-0 4-2 5-0 2-0", "Ben": "5-5 4-4 2-2 1-1 5-4 2-1 0-0"})
    page = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "Blocked: nobody scores" in page and "won by" not in page


def test_a_knock_the_tiles_left_prove_false_cites_leeks_penalty(app):
    """With Leek's misplay penalty, a knock the tiles left prove false is settled by the
    penalty (F3-MISPLAY): its flag cited C-RENEGE and said the rules give no penalty."""
    phone = Phone(app.test_client())
    t = phone.start("fives-and-threes", ["Ana", "Ben"], misplay="penalty")
    phone.moves(t, "Ana 6-3; Ben pass; Ana pass")  # Ben knocks holding 6-2
    phone.settle(t, {"Ana": "5-2 4-1 1-0 4-2 5-0 2-0", "Ben": "6-2 4-4 2-2 1-1 5-4 2-1 0-0"})
    page = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert "F3-MISPLAY" in page and "C-RENEGE" not in page
