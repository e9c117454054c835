"""Evidence shown where people look: a pass proven false (C-RENEGE) and a Čtyřka lead
proven wrong (CT-LEAD) are flagged in the move list, on every phone's table screen and the
spectators' view until the hand is settled, in the replay viewer, and on the settlement."""

from __future__ import annotations

from webhelpers import Phone, text_of

from referee.engine import check, record

FOUR = ["Ana", "Ben", "Cleo", "Dan"]


def second_phone(app, phone, t) -> Phone:
    other = Phone(app.test_client())
    other.players[t] = phone.players[t]
    return other


def test_a_false_pass_is_seen_on_a_second_phone_and_by_spectators(app, phone):
    t = phone.start("french-connection", FOUR)
    phone.moves(t, "Dan 0-0; Ana pass; Ben 1-0 on 0-0; Cleo 3-0 on 0-0; Dan 4-0 on 0-0")
    phone.move(t, "Ana 2-0 on 0-0")  # she held 2-0 when she passed at move 2
    other = second_phone(app, phone, t)
    s = other.read_token(t)
    for url in (f"/t/{t}", f"/s/{s}"):
        html = other.get(url).get_data(as_text=True)
        ev = text_of(html, "evidence")
        assert "False pass: Ana passed at move 2 while holding 2-0" in ev and "C-RENEGE" in ev
        moves = text_of(html, "moves")
        assert "Ana passed ⚑ False pass ( C-RENEGE )" in moves, url
    html = other.get(f"/s/{s}/hand/1").get_data(as_text=True)
    assert "⚑ False pass" in text_of(html, "moves")
    html = other.get(f"/s/{s}/hand/1/move/6").get_data(as_text=True)
    assert "Ana passed at move 2" in text_of(html, "replay-false-passes")
    html = other.get(f"/s/{s}/hand/1/move/5").get_data(as_text=True)
    assert text_of(html, "replay-false-passes") is None  # not proven yet at move 5


def test_a_wrong_ctyrka_lead_is_seen_on_a_second_phone_and_check_refuses_it(app, phone):
    t = phone.start("ctyrka", ["Ana", "Ben", "Cleo"])
    phone.moves(t, "Ana 5-5; Ben 6-5 on 5-5")
    other = second_phone(app, phone, t)
    assert text_of(other.table(t), "evidence") is None
    phone.move(t, "Cleo 6-6 on 6-5")  # Cleo drew nothing: she held 6-6 at the deal
    s = other.read_token(t)
    for url in (f"/t/{t}", f"/s/{s}"):
        html = other.get(url).get_data(as_text=True)
        ev = text_of(html, "evidence")
        assert "Wrong lead: Ana led 5-5, but Cleo held 6-6, a higher double" in ev, url
        assert "CT-LEAD" in ev
        assert "Ana led 5-5 ⚑ Wrong lead ( CT-LEAD )" in text_of(html, "moves")
    verdict = check.verdict(record.parse(other.record(t)))
    assert verdict["error"]["rule"] == "CT-LEAD" and verdict["error"]["move"] == 1


def test_a_draw_before_the_higher_double_proves_nothing(phone):
    t = phone.start("ctyrka", ["Ana", "Ben", "Cleo"])
    phone.moves(t, "Ana 5-5; Ben 6-5 on 5-5; Cleo draw; Ana 5-4 on 5-5; Ben 4-4 on 5-4")
    phone.move(t, "Cleo 6-6 on 6-5")  # she may have drawn it
    assert text_of(phone.table(t), "evidence") is None
    assert check.verdict(record.parse(phone.record(t)))["ok"]


# Ana holds every 0-x tile: her pass at move 2 (on 0-0) is proven false by the tiles left.
BLOCK = "Dan 0-0; Ana pass; Ben pass; Cleo pass; Dan pass"
LEFT = {
    "Ana": "6-0 5-0 4-0 3-0 2-0 1-0 6-6",
    "Ben": "6-5 6-4 6-3 6-2 6-1 5-5 5-4",
    "Cleo": "5-3 5-2 5-1 4-4 4-3 4-2 4-1",
    "Dan": "3-3 3-2 3-1 2-2 2-1 1-1",
}


def test_a_false_pass_proven_at_settlement_is_shown_where_the_settlement_is(app, phone):
    """Issue 23.3: the tiles left prove Ana's pass false. The table screen of every phone
    and the spectators' (hand 2 now), and the match page flag it, not only hand 1's page."""
    t = phone.start("french-connection", FOUR, target=500)
    phone.moves(t, BLOCK)
    assert text_of(phone.table(t), "evidence") is None  # nothing proven yet
    phone.settle(t, LEFT)
    other = second_phone(app, phone, t)
    s = other.read_token(t)
    for url in (f"/t/{t}", f"/s/{s}", f"/t/{t}?fragment=1", f"/s/{s}?fragment=1"):
        html = other.get(url).get_data(as_text=True)
        assert "hand 2" in html.split("</h1>")[0], url
        ev = text_of(html, "settled-evidence")
        assert ev is not None, url
        assert "hand 1" in ev and "False pass: Ana passed at move 2 while holding" in ev, url
        assert 'href="/rules/french-connection#C-RENEGE"' in html, url
    for url in (f"/t/{t}/match", f"/s/{s}/match"):
        html = other.get(url).get_data(as_text=True)
        row = text_of(html, "hand-1")
        assert "⚑ False pass" in row and "C-RENEGE" in row, url
    # still shown once hand 2 is under way, until hand 2 is settled
    phone.moves(t, "Dan 1-1")
    assert "Ana passed at move 2" in text_of(other.table(t), "settled-evidence")


def test_a_false_pass_proven_by_a_later_lay_stays_flagged_after_the_settlement(app, phone):
    t = phone.start("french-connection", FOUR)
    phone.moves(t, "Dan 0-0; Ana pass; Ben 1-0 on 0-0; Cleo 3-0 on 0-0; Dan 4-0 on 0-0")
    phone.move(t, "Ana 2-0 on 0-0")
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "⚑ False pass" in text_of(html, "hand-1")  # flagged on the match page at once
