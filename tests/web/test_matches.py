"""Whole matches through HTTP, from the start form to the match winner, one per variant
(Five-Up with 2, 3 and 4 players), with the figures worked out by hand in the comments.

The Five-Up hands were made up for these tests (every count is worked out below); the
French Connection and Čtyřka matches are random legal games dealt by the engine's
simulator (seeds noted), replayed here move by move as a table would enter them, and
their settlements worked out by hand from the tiles left.
"""

from __future__ import annotations

import re

from webhelpers import CTYRKA_BLOCKED, CTYRKA_DOMINO, text_of

from referee.engine import check, record


def verdict(phone, token):
    """The engine's verdict on the exported record (what `python -m referee check` says)."""
    return check.verdict(record.parse(phone.record(token)))


def hand_points(phone, token, number):
    return verdict(phone, token)["hands"][number - 1]["points"]


def match_page(phone, token):
    r = phone.get(f"/t/{token}/match")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def totals(phone, token, sides):
    html = match_page(phone, token)
    return {side: int(text_of(html, f"total-{i}")) for i, side in enumerate(sides)}


def flashed(response_after_redirect) -> str:
    return text_of(response_after_redirect.get_data(as_text=True), "flash") or ""


def settlement_lines(phone, token, number):
    """(side, points, rule) of each line of a hand's settlement page."""
    html = phone.get(f"/t/{token}/hand/{number}").get_data(as_text=True)
    rows = re.findall(
        r'<tr class="line"><td>(.*?)</td><td class="num">(-?\d+)</td><td>(.*?)</td>'
        r'<td><a class="rule" href="/rules/[a-z-]+#([A-Z-]+)"',
        html,
    )
    return [(side, int(points), rule) for side, points, _, rule in rows]


def test_five_up_two_players(phone):
    t = phone.start("five-up", ["Ana", "Ben"], target=15)
    assert "Let the app draw lots" in phone.table(t)
    # Hand 1. The table drew lots by itself: Ana leads (any player may, before the lead).
    # Each line: the count after the play (FU-COUNT) and what it scores (FU-SCORE).
    phone.moves(
        t,
        """
        Ana 5-5          # a lead double counts both halves: 10 -> Ana +2
        Ben 5-0 on 5-5   # 5-5 keeps a free side (10) + 0 = 10 -> Ben +2
        Ana 0-0 on 5-0   # 10 + 0-0 with a free side (0) = 10 -> Ana +2
        Ben draw 2       # Five-Up draws several at once (FU-DRAW)
        Ben 5-3 on 5-5   # both sides of 5-5 covered: it counts 0; 0 + 3 = 3
        Ana 3-3 on 5-3   # 3-3 free side 6 + 0 = 6
        Ben 5-2 on 5-5   # an end of 5-5, now open: 6 + 0 + 2 = 8
        Ana 3-1 on 3-3   # 3-3 covered: 0 + 2 + 1 = 3
        Ben 2-2 on 5-2   # 2-2 free side 4 + 0 + 1 = 5 -> Ben +1
        Ana 4-1 on 3-1   # 4 + 0 + 4 = 8; Ana's fifth tile: Domino!
        """,
    )
    assert "Domino! Ana went out." in phone.table(t)
    # Ben: 5 dealt + 2 drawn - 4 laid = 3 tiles: 6-6 6-5 4-2 = 12 + 11 + 6 = 29 pips,
    # 29 / 5 = 5.8 -> 6 for Ana (FU-DOMINO). Hand 1: Ana 2 + 2 + 6 = 10, Ben 2 + 1 = 3.
    r = phone.settle(t, {"Ben": "6-6 6-5 4-2"})
    assert r.location.endswith(f"/t/{t}/hand/1")
    assert settlement_lines(phone, t, 1) == [
        ("Ana", 2, "FU-SCORE"),
        ("Ben", 2, "FU-SCORE"),
        ("Ana", 2, "FU-SCORE"),
        ("Ben", 1, "FU-SCORE"),
        ("Ana", 6, "FU-DOMINO"),
    ]
    assert hand_points(phone, t, 1) == {"Ana": 10, "Ben": 3}
    assert totals(phone, t, ["Ana", "Ben"]) == {"Ana": 10, "Ben": 3}

    # Hand 2: Ana went out, so she leads (FU-LEAD).
    html = phone.table(t)
    assert "Ana went out last hand and leads any tile." in text_of(html, "opening")
    assert "Ana</strong> to play" in html
    phone.moves(
        t,
        """
        Ana 6-4          # a lead that is not a double counts both halves: 10 -> Ana +2
        Ben 4-4 on 6-4   # 6 + 4-4 with a free side (8) = 14
        Ana 6-6 on 6-4   # 6-6 free side 12 + 8 = 20 -> Ana +4
        Ben 4-1 on 4-4   # 12 + 0 + 1 = 13
        Ana 6-1 on 6-6   # 0 + 1 + 1 = 2
        Ben 1-0 on 4-1   # 1 + 0 = 1
        Ana 3-1 on 6-1   # 3 + 0 = 3
        Ben 5-0 on 1-0   # 3 + 5 = 8
        Ana 3-2 on 3-1   # 2 + 5 = 7; Domino!
        """,
    )
    # Ben holds 6-5: 11 pips / 5 = 2.2 -> 2 for Ana. Hand 2: Ana 2 + 4 + 2 = 8.
    phone.settle(t, {"Ben": "6-5"})
    assert hand_points(phone, t, 2) == {"Ana": 8, "Ben": 0}
    # Totals: Ana 10 + 8 = 18 >= 15, Ben 3: Ana wins (FU-MATCH).
    assert totals(phone, t, ["Ana", "Ben"]) == {"Ana": 18, "Ben": 3}
    html = match_page(phone, t)
    assert "Ana won the match" in text_of(html, "outcome")
    assert 'href="/rules/five-up#FU-MATCH"' in html
    v = verdict(phone, t)
    assert v["ok"] and v["match"] == {"over": True, "winner": "Ana"}
    # and the table takes no more moves
    table = phone.table(t)
    assert "Match over." in table and 'id="picker"' not in table


def test_five_up_three_players(phone):
    t = phone.start("five-up", ["Ana", "Ben", "Cleo"], target=15)
    # Hand 1: Cleo leads (the table's lot); the turn goes Cleo, Ana, Ben.
    phone.moves(
        t,
        """
        Cleo 6-4         # lead 6 + 4 = 10 -> Cleo +2
        Ana 4-1 on 6-4   # 6 + 1 = 7
        Ben 6-2 on 6-4   # 1 + 2 = 3
        Cleo 1-1 on 4-1  # 1-1 free side 2 + 2 = 4
        Ana 2-2 on 6-2   # 2 + 4 = 6
        Ben 3-1 on 1-1   # 1-1 covered: 4 + 3 = 7
        Cleo 5-2 on 2-2  # 2-2 covered: 3 + 5 = 8
        Ana 3-0 on 3-1   # 0 + 5 = 5 -> Ana +1
        Ben 5-5 on 5-2   # 0 + 5-5 free side 10 = 10 -> Ben +2
        Cleo 6-0 on 3-0  # 6 + 10 = 16
        Ana 5-4 on 5-5   # 5-5 covered: 6 + 4 = 10 -> Ana +2
        Ben draw 1
        Ben 4-3 on 5-4   # 6 + 3 = 9
        Cleo 6-6 on 6-0  # 6-6 free side 12 + 3 = 15 -> Cleo +3; her fifth tile: Domino!
        """,
    )
    # Ana holds 6-5 (11 pips); Ben 1-0 2-0 (3 pips). Cleo scores (11 + 3) / 5 = 2.8 -> 3;
    # with three players Ben, who holds fewer pips than Ana, scores (11 - 3) / 5 = 1.6 -> 2
    # (FU-DOMINO). Hand 1: Cleo 2 + 3 + 3 = 8, Ana 1 + 2 = 3, Ben 2 + 2 = 4.
    phone.settle(t, {"Ana": "6-5", "Ben": "1-0 2-0"})
    assert settlement_lines(phone, t, 1)[-2:] == [("Cleo", 3, "FU-DOMINO"), ("Ben", 2, "FU-DOMINO")]
    assert hand_points(phone, t, 1) == {"Ana": 3, "Ben": 4, "Cleo": 8}

    # Hand 2: Cleo went out and leads. Ben draws the whole boneyard (13 tiles); the layout
    # ends with every open end showing 6 once all seven 6s are down: a block.
    assert "Cleo went out last hand" in text_of(phone.table(t), "opening")
    phone.moves(
        t,
        """
        Cleo 0-0          # 0
        Ana 6-0 on 0-0    # 0-0 keeps a free side (0) + 6 = 6
        Ben draw 13       # the boneyard is empty now
        Ben 1-0 on 0-0    # 0-0's sides covered: 6 + 1 = 7
        Cleo 2-0 on 0-0   # an end of the spinner: 6 + 1 + 2 = 9
        Ana 3-0 on 0-0    # 6 + 1 + 2 + 3 = 12
        Ben 1-1 on 1-0    # 6 + 1-1 free side 2 + 2 + 3 = 13
        Cleo 6-6 on 6-0   # 6-6 free side 12 + 2 + 2 + 3 = 19
        Ana 6-2 on 2-0    # 12 + 2 + 6 + 3 = 23
        Ben 6-3 on 3-0    # 12 + 2 + 6 + 6 = 26
        Cleo 6-1 on 1-1   # 1-1 covered: 12 + 6 + 6 + 6 = 30 -> Cleo +6
        Ana 4-1 on 1-1    # 30 + 4 = 34
        Ben 5-1 on 1-1    # 34 + 5 = 39
        Cleo pass         # she holds 3-2: nothing shows 3 or 2
        Ana pass          # she holds 2-1
        Ben 6-4 on 4-1    # 12 + 6 + 6 + 6 + 6 + 5 = 41
        Cleo pass
        Ana pass
        Ben 6-5 on 5-1    # 12 + 6 * 5 = 42
        Cleo pass
        Ana pass
        Ben pass          # everybody passed in succession with the boneyard empty: blocked
        """,
    )
    assert "The hand is blocked." in phone.table(t)
    # Pips left: Cleo 3-2 = 5, Ana 2-1 = 3, Ben the twelve other tiles without a 6:
    # 2-2 3-3 4-4 5-5 3-1 4-0 4-2 4-3 5-0 5-2 5-3 5-4 = 4+6+8+10+4+4+6+7+5+7+8+9 = 78.
    # Ana holds the fewest and alone scores (5 + 78 - 3) = 80 / 5 = 16 (FU-BLOCK).
    ben = "2-2 3-3 4-4 5-5 3-1 4-0 4-2 4-3 5-0 5-2 5-3 5-4"
    phone.settle(t, {"Cleo": "3-2", "Ana": "2-1", "Ben": ben})
    assert settlement_lines(phone, t, 2) == [("Cleo", 6, "FU-SCORE"), ("Ana", 16, "FU-BLOCK")]
    assert hand_points(phone, t, 2) == {"Ana": 16, "Ben": 0, "Cleo": 6}
    # Totals: Ana 3 + 16 = 19, Ben 4, Cleo 8 + 6 = 14: Ana reached 15 with the most.
    assert totals(phone, t, ["Ana", "Ben", "Cleo"]) == {"Ana": 19, "Ben": 4, "Cleo": 14}
    assert verdict(phone, t)["match"] == {"over": True, "winner": "Ana"}
    assert "Ana won the match with 19 points" in text_of(match_page(phone, t), "outcome")


def test_five_up_four_players_in_pairs(phone):
    # Entered in the order they play; seats 1 and 3 (Cleo, Ana) play against 2 and 4.
    t = phone.start("five-up", ["Cleo", "Dan", "Ana", "Ben"], target=8)
    html = phone.table(t)
    assert "(Cleo+Ana)" in html and "(Dan+Ben)" in html
    # The app draws the lot for the table: with RANDOM_SEED 7 it falls on seat 3, Ana.
    r = phone.post(f"/t/{t}/lot", {"hand": 1, "after": 0}, follow_redirects=True)
    assert "The app drew the lot: Ana won it and leads." in flashed(r)
    assert "Ana won the lot and leads." in text_of(phone.table(t), "opening")
    # Nobody else may lead now (FU-LEAD)
    phone.move(t, "Dan 5-5", status=422)
    # The turn goes Ana, Ben, Cleo, Dan.
    lines = """
        Ana 5-5          # 10 -> Cleo+Ana +2
        Ben 5-0 on 5-5   # 10 + 0 = 10 -> Dan+Ben +2
        Cleo 5-3 on 5-5  # 5-5 covered: 0 + 3 = 3
        Dan 2-0 on 5-0   # 2 + 3 = 5 -> Dan+Ben +1
        Ana 3-3 on 5-3   # 2 + 3-3 free side 6 = 8
        Ben 5-1 on 5-5   # an end of 5-5: 2 + 6 + 1 = 9
        Cleo 2-2 on 2-0  # 2-2 free side 4 + 6 + 1 = 11
        Dan 4-1 on 5-1   # 4 + 6 + 4 = 14
        Ana 6-3 on 3-3   # 3-3 covered: 4 + 6 + 4 = 14
        Ben 4-4 on 4-1   # 4 + 6 + 4-4 free side 8 = 18
        Cleo 6-1 on 6-3  # 4 + 1 + 8 = 13
        Dan draw 2
        Dan 5-4 on 4-4   # 4-4 covered: 4 + 1 + 5 = 10 -> Dan+Ben +2
        Ana 1-0 on 6-1   # 4 + 0 + 5 = 9
        Ben 6-2 on 2-2   # 2-2 covered: 6 + 0 + 5 = 11
        Cleo 6-5 on 5-4  # 6 + 0 + 6 = 12
        Dan 6-4 on 6-2   # 4 + 0 + 6 = 10 -> Dan+Ben +2
        Ana 4-0 on 1-0   # 4 + 4 + 6 = 14; Ana's fifth tile: Domino!
    """
    said = {}
    for line in lines.strip().splitlines():
        move = line.split("#")[0].strip()
        r = phone.move(t, move)
        said[move] = flashed(phone.get(r.location))
    # The count and the points are shown at once after every play
    assert said["Ana 5-5"] == "Ana led 5-5; count 10: +2 for Cleo+Ana."
    assert said["Ben 5-0 on 5-5"] == "Ben laid 5-0 on 5-5; count 10: +2 for Dan+Ben."
    assert said["Cleo 5-3 on 5-5"] == "Cleo laid 5-3 on 5-5; count 3."
    assert said["Dan draw 2"] == "Dan drew 2 tiles."
    assert said["Ana 4-0 on 1-0"].startswith("Ana laid 4-0 on 1-0; count 14; Domino!")
    # Ben holds 6-6 (12), Dan 4-3 5-2 3-0 (7 + 7 + 3 = 17); partners' pips do not count:
    # Cleo's 1-1 is not charged. Cleo+Ana score (12 + 17) = 29 / 5 = 5.8 -> 6 (FU-DOMINO).
    phone.settle(t, {"Ben": "6-6", "Cleo": "1-1", "Dan": "4-3 5-2 3-0"})
    # Hand: Cleo+Ana 2 + 6 = 8; Dan+Ben 2 + 1 + 2 + 2 = 7. Target 8: Cleo+Ana win.
    assert hand_points(phone, t, 1) == {"Cleo+Ana": 8, "Dan+Ben": 7}
    assert totals(phone, t, ["Cleo+Ana", "Dan+Ben"]) == {"Cleo+Ana": 8, "Dan+Ben": 7}
    assert "Cleo+Ana won the match with 8 points" in text_of(match_page(phone, t), "outcome")


# French Connection: a random legal match of the engine's simulator (seed 24359).
FC_HAND_1 = """
    Dan 0-0; Ana 6-0 on 0-0; Ben 3-0 on 0-0; Cleo 5-0 on 0-0; Dan 2-0 on 0-0; Ana pass
    Ben 5-5 on 5-0; Cleo 5-3 on 5-5; Dan 2-2 on 2-0; Ana 2-1 on 2-2; Ben 3-1 on 2-1
    Cleo 3-2 on 3-1; Dan 5-2 on 3-2; Ana 6-3 on 5-3; Ben 6-4 on 6-3; Cleo 4-3 on 6-4; Dan pass
    Ana 6-5 on 5-2; Ben pass; Cleo 3-3 on 4-3; Dan pass; Ana 6-2 on 6-5; Ben pass
    Cleo 4-2 on 6-2; Dan 4-1 on 4-2; Ana 1-1 on 4-1; Ben 5-1 on 1-1; Cleo 6-6 on 6-0
"""
FC_HAND_2 = """
    Cleo pass               # Cleo won hand 1 but holds no double: she passes the pose
    Dan 1-1                 # Dan poses a double
    Ana 2-1 on 1-1; Ben pass; Cleo 1-0 on 1-1; Dan 5-1 on 1-1   # the cross is complete
    Ana pass; Ben pass; Cleo pass
    Dan 6-1 on 1-1          # FC-ALLPASS: Ana, Ben and Cleo are charged 10 each
    Ana pass                # Ana's third pass in a row (moves 7, 11, 15 count 3 turns)
    Ben 2-2 on 2-1; Cleo 4-2 on 2-2; Dan 4-1 on 4-2
    Ana pass                # FC-THREEPASS: Ana is charged 10
    Ben 6-6 on 6-1; Cleo 6-5 on 6-6; Dan 3-1 on 4-1; Ana 6-3 on 3-1; Ben 6-0 on 6-3
    Cleo 5-2 on 6-5; Dan 0-0 on 1-0; Ana 3-0 on 6-0; Ben 4-0 on 0-0; Cleo 4-3 on 3-0
    Dan 5-5 on 5-1          # Domino! laid with a double
"""


def test_french_connection(phone):
    names = ["Ana", "Ben", "Cleo", "Dan"]
    t = phone.start("french-connection", names)
    html = phone.table(t)
    assert "The holder of [0|0] poses it." in text_of(html, "opening")
    assert 'id="pass-form"' not in html and 'id="draw-form"' not in html  # no pass before the pose
    assert "No boneyard" in text_of(html, "boneyard")
    phone.moves(t, FC_HAND_1)
    assert "Domino! Cleo went out." in phone.table(t)
    # Cleo went out with 6-6, a double: every charge is doubled, and doubled again for a
    # hand that holds a double (FC-SETTLE).
    # Ana 6-1: 7 pips x 2 = 14; Ben 5-4 4-4: 9 + 8 = 17 x 4 = 68; Dan 4-0 1-0: 5 x 2 = 10.
    phone.settle(t, {"Ana": "6-1", "Ben": "5-4 4-4", "Dan": "4-0 1-0"})
    assert settlement_lines(phone, t, 1) == [
        ("Ana", 14, "FC-SETTLE"),
        ("Ben", 68, "FC-SETTLE"),
        ("Dan", 10, "FC-SETTLE"),
    ]
    page = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert "Ben holds 17 pips × 4: holds a double and the Domino! was a double" in page
    assert hand_points(phone, t, 1) == {"Ana": 14, "Ben": 68, "Cleo": 0, "Dan": 10}

    # Hand 2: the winner, Cleo, poses any double or passes the pose (FC-POSE).
    html = phone.table(t)
    assert "Cleo won the last hand and poses any double" in text_of(html, "opening")
    assert "Cleo passes the pose" in html
    lines = [ln.split("#")[0].strip() for ln in re.split(r"[;\n]", FC_HAND_2)]
    lines = [ln for ln in lines if ln]
    said = []
    for line in lines:
        r = phone.move(t, line)
        said.append(flashed(phone.get(r.location)))
    assert said[0] == "Cleo passed the pose."
    assert said[1] == "Dan posed 1-1."
    assert said[9] == (
        "Dan laid 6-1 on 1-1; Ana is charged 10 points: Everybody passed: 10 points each; "
        "Ben is charged 10 points: Everybody passed: 10 points each; "
        "Cleo is charged 10 points: Everybody passed: 10 points each."
    )
    assert said[14] == "Ana passed; Ana is charged 10 points: Three passes in a row: 10 points."
    # Dan went out with 5-5, a double.
    # Ana 6-4 6-2 4-4 3-2: 10 + 8 + 8 + 5 = 31 x 4 = 124, + 10 + 10 charged = 144;
    # Ben 5-3 3-3 2-0: 8 + 6 + 2 = 16 x 4 = 64, + 10 = 74; Cleo 5-4 5-0: 14 x 2 = 28, + 10 = 38.
    phone.settle(t, {"Ana": "6-4 6-2 4-4 3-2", "Ben": "5-3 3-3 2-0", "Cleo": "5-4 5-0"})
    assert settlement_lines(phone, t, 2) == [
        ("Ana", 10, "FC-ALLPASS"),
        ("Ben", 10, "FC-ALLPASS"),
        ("Cleo", 10, "FC-ALLPASS"),
        ("Ana", 10, "FC-THREEPASS"),
        ("Ana", 124, "FC-SETTLE"),
        ("Ben", 64, "FC-SETTLE"),
        ("Cleo", 28, "FC-SETTLE"),
    ]
    assert hand_points(phone, t, 2) == {"Ana": 144, "Ben": 74, "Cleo": 38, "Dan": 0}
    # Totals: Ana 158, Ben 142, Cleo 38, Dan 10. Somebody passed 100: the fewest win (FC-MATCH).
    assert totals(phone, t, names) == {"Ana": 158, "Ben": 142, "Cleo": 38, "Dan": 10}
    outcome = text_of(match_page(phone, t), "outcome")
    assert "Dan won the match with 10 penalty points, the fewest" in outcome
    assert verdict(phone, t)["match"] == {"over": True, "winner": "Dan"}


def test_ctyrka_penalty(phone):
    t = phone.start("ctyrka", ["Ana", "Ben"], scoring="penalty", target=40)
    html = phone.table(t)
    assert "The holder of the highest double leads it." in text_of(html, "opening")
    assert "Boneyard: 14 tiles" in text_of(html, "boneyard")  # 28 - 2 x 7
    phone.move(t, "Ana 6-5", status=422)  # the lead is a double (CT-LEAD)
    phone.moves(t, CTYRKA_DOMINO)
    # Ana went out; Ben is charged the 9 pips of 6-3 (CT-PENALTY).
    phone.settle(t, {"Ben": "6-3"})
    assert settlement_lines(phone, t, 1) == [("Ben", 9, "CT-PENALTY")]
    assert totals(phone, t, ["Ana", "Ben"]) == {"Ana": 0, "Ben": 9}
    html = phone.table(t)
    # Čtyřka draws one tile and the turn ends: no count to choose
    phone.moves(t, "Ben 3-3; Ana 4-3 on 3-3")
    html = phone.table(t)
    assert "Ben draws a tile" in html and 'id="draw-count"' not in html
    phone.move(t, "Ben draw 2", status=422)  # CT-DRAW
    lines = [ln.strip() for ln in re.split(r"[;\n]", CTYRKA_BLOCKED) if ln.strip()]
    phone.moves(t, "\n".join(lines[2:]))
    assert "The hand is blocked." in phone.table(t)
    # Blocked. Ana 6-6 6-4 5-4 2-1 1-0 0-0: 12 + 10 + 9 + 3 + 1 + 0 = 35 pips;
    # Ben 6-5 5-5 5-2 5-1 4-4 4-2 4-1 2-2 2-0 1-1: 11+10+7+6+8+6+5+4+2+2 = 61 pips.
    # Ana holds the fewest and wins the block (CT-END); every other player is charged.
    phone.settle(
        t,
        {"Ana": "6-6 6-4 5-4 2-1 1-0 0-0", "Ben": "6-5 5-5 5-2 5-1 4-4 4-2 4-1 2-2 2-0 1-1"},
    )
    assert settlement_lines(phone, t, 2) == [("Ben", 61, "CT-PENALTY")]
    # Ben 9 + 61 = 70 >= 40: the fewest points win, Ana with 0.
    assert totals(phone, t, ["Ana", "Ben"]) == {"Ana": 0, "Ben": 70}
    outcome = text_of(match_page(phone, t), "outcome")
    assert "Ana won the match with 0 penalty points, the fewest" in outcome
    assert verdict(phone, t)["match"] == {"over": True, "winner": "Ana"}


# Čtyřka, victory scoring, three players (simulator seed 469, target 60).
CT_VICTORY_1 = """
    Ben 6-6; Cleo draw; Ana 6-1 on 6-6; Ben 6-5 on 6-6; Cleo 5-4 on 6-5; Ana 5-1 on 6-1
    Ben 6-4 on 5-4; Cleo draw; Ana 5-2 on 5-1; Ben 6-0 on 6-6; Cleo 4-0 on 6-0; Ana draw
    Ben 3-2 on 5-2; Cleo 4-2 on 4-0; Ana 5-3 on 3-2; Ben 2-2 on 4-2; Cleo 2-1 on 2-2
    Ana 1-0 on 2-1; Ben 5-0 on 1-0
"""
CT_VICTORY_2 = """
    Ben 6-6; Cleo 6-2 on 6-6; Ana 2-1 on 6-2; Ben 1-0 on 2-1; Cleo 6-4 on 6-6; Ana 4-0 on 1-0
    Ben 6-3 on 6-6; Cleo 4-3 on 6-3; Ana 4-1 on 4-3; Ben 6-1 on 4-1; Cleo draw; Ana 6-5 on 6-6
    Ben 5-4 on 4-0; Cleo 5-5 on 5-4; Ana 5-3 on 6-5; Ben 3-0 on 5-3; Cleo 2-0 on 3-0; Ana draw
    Ben 2-2 on 2-0
"""


def test_ctyrka_victory(phone):
    r = phone.get("/new/ctyrka?players=3")
    assert "double-six, 28 tiles" in text_of(r.get_data(as_text=True), "set")
    t = phone.start("ctyrka", ["Ana", "Ben", "Cleo"], scoring="victory", target=60)
    phone.moves(t, CT_VICTORY_1)
    # Ben went out: he scores the others' pips (CT-VICTORY):
    # Ana 5-5 3-3 3-1 = 10 + 6 + 4 = 20; Cleo 4-4 4-1 3-0 1-1 0-0 = 8 + 5 + 3 + 2 + 0 = 18.
    phone.settle(t, {"Ana": "5-5 3-3 3-1", "Cleo": "4-4 4-1 3-0 1-1 0-0"})
    assert settlement_lines(phone, t, 1) == [("Ben", 38, "CT-VICTORY")]
    phone.moves(t, CT_VICTORY_2)
    # Ben out again: Ana 5-1 3-3 0-0 = 12; Cleo 3-2 3-1 1-1 = 11; 23 for Ben.
    phone.settle(t, {"Ana": "5-1 3-3 0-0", "Cleo": "3-2 3-1 1-1"})
    assert settlement_lines(phone, t, 2) == [("Ben", 23, "CT-VICTORY")]
    # Ben 38 + 23 = 61 >= 60: the most points win.
    assert totals(phone, t, ["Ana", "Ben", "Cleo"]) == {"Ana": 0, "Ben": 61, "Cleo": 0}
    assert "Ben won the match with 61 points, the most" in text_of(match_page(phone, t), "outcome")
    assert verdict(phone, t)["match"] == {"over": True, "winner": "Ben"}


# -- ending a match from the players' link: the lock, events, both databases --------------
def _count(app, model) -> int:
    from referee.web.store import db

    with app.app_context():
        n = db.session.execute(db.select(db.func.count()).select_from(model)).scalar()
        db.session.remove()
        return n


def test_delete_removes_the_match_with_its_log_on_both_databases(app, phone):
    """The declared cascades hold on SQLite too (foreign keys on): the match's hands,
    moves, kept client moves and change log go with it."""
    from referee.web.audit.models import Change
    from referee.web.models import ClientMove, Hand, Match, Move

    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    phone.undo(t)  # a row of the change log
    kept = phone.start("five-up", ["Cleo", "Dan"])
    phone.moves(kept, "Cleo 5-5")
    assert _count(app, Change) == 1
    r = phone.post(f"/t/{t}/delete", {"sure": "y"})
    assert r.status_code == 302
    assert [_count(app, m) for m in (Match, Hand, Move, ClientMove, Change)] == [1, 1, 1, 0, 0]
    assert phone.table(kept)  # the other match is untouched


def test_an_event_game_is_not_deleted_or_abandoned_from_the_players_link(app, phone):
    """Deleting a table's match from its players' link broke the whole event on SQLite
    (500 on every event page) and dropped the game from the standings on PostgreSQL: it
    is refused with a sentence (the director abandons the table), and the close page does
    not offer it; the event's pages all answer."""
    from eventhelpers import Director

    director = Director(app.test_client())
    event = director.create("five-up", ["Ana", "Ben"], format="round-robin", target=5)
    director.act(event, "pair")
    director.act(event, "start")
    [link] = director.table_links(event)
    t = phone.get(link).location.rsplit("/", 1)[1]
    phone.players[t] = phone.record(t)["players"]
    page = phone.get(f"/t/{t}/close").get_data(as_text=True)
    assert 'id="delete-form"' not in page and 'id="abandon-form"' not in page
    assert "“Club night”" in text_of(page, "event-note")
    for url, form in ((f"/t/{t}/delete", {"sure": "y"}), (f"/t/{t}/abandon", {"reason": "x"})):
        r = phone.post(url, form)
        assert r.status_code == 409, url
        said = text_of(r.get_data(as_text=True), "refused")
        assert "a game of the event “Club night”" in said and "director" in said, url
    public = director.public_token(event)
    for url in (
        f"/e/{event}",
        f"/p/{public}",
        f"/p/{public}/standings.json",
        f"/p/{public}/event.zip",
        f"/t/{t}",
    ):
        assert phone.get(url).status_code == 200, url
    assert len(director.get(f"/p/{public}/standings.json").get_json()["standings"]) == 2


def test_abandoning_an_abandoned_match_says_why_not(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    assert phone.post(f"/t/{t}/abandon", {"reason": "The café closed"}).status_code == 302
    for form in ({"reason": "again"}, {"reason": ""}):  # also without a reason: 409, said
        r = phone.post(f"/t/{t}/abandon", form)
        assert r.status_code == 409
        said = text_of(r.get_data(as_text=True), "refused")
        assert "already abandoned: The café closed" in said
    page = phone.get(f"/t/{t}/close").get_data(as_text=True)
    assert 'id="abandon-form"' not in page and 'id="delete-form"' in page


def test_a_decided_match_is_not_abandoned(phone):
    t = phone.start("five-up", ["Ana", "Ben"], target=5)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    page = phone.get(f"/t/{t}/close").get_data(as_text=True)
    assert 'id="abandon-form"' not in page and text_of(page, "decided-note")
    r = phone.post(f"/t/{t}/abandon", {"reason": "late"})
    assert r.status_code == 409
    assert "decided" in text_of(r.get_data(as_text=True), "refused")
    assert text_of(phone.table(t), "abandoned") is None
