"""The end of a hand (issue 7): the result page leads with the points and totals, a
blocked pairs hand is won by the side, and the tiles-left form groups each player's tiles
with a live subtotal (static/js/end.js)."""

from __future__ import annotations

from webhelpers import text_of


def test_a_blocked_pairs_hand_is_won_by_the_side(phone):
    t = phone.imported("fiveup_4p_blocks.json")  # hand 2: blocked, Dan has fewest pips
    html = phone.get(f"/t/{t}/hand/2").get_data(as_text=True)
    assert text_of(html, "hand-end") == "Blocked: won by Ben+Dan"
    match = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "won by Ben+Dan" in text_of(match, "hands")


def test_the_result_page_leads_with_points_and_totals(phone):
    t = phone.imported("fiveup_2p_match.json")
    html = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert html.index('id="scores"') < html.index('id="settlement"')
    assert html.index('id="continue"') < html.index('id="settlement"')
    assert "Ana" in text_of(html, "scores") and "Match" in text_of(html, "scores")


def test_the_tiles_left_form_groups_each_player_with_a_subtotal(phone):
    t = phone.start("five-up", ["Ana", "Ben"], target=61)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben draw 2; Ben 5-3 on 5-5")
    phone.moves(t, "Ana 3-3 on 5-3; Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2")
    phone.moves(t, "Ana 4-1 on 3-1")  # Domino!
    page = phone.get(f"/t/{t}/end").get_data(as_text=True)
    assert page.count('<details class="left"') == 2
    assert 'id="left-1-sum"' in page and 'data-pips="' in page
    assert "js/end.js" in page and "<script>" not in page


def test_the_why_of_a_settlement_reads_as_one_sum(phone):
    """Issue 43.4: "26 pips, / 5 rounded" said the sum backwards and wrapped a word a line;
    the Why column says it in the order it is worked out, with the result."""
    t = phone.imported("fiveup_2p_match.json")
    html = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    why = text_of(html, "settlement")
    assert "Ben went out: the opponents hold 16 pips ÷ 5, rounded: 3" in why  # Ana: 5-5 3-3
    assert "/ 5 rounded" not in why
    for lang, said in (
        ("pl", "16 oczek ÷ 5, po zaokrągleniu: 3"),
        ("cs", "16 oček ÷ 5, zaokrouhleno: 3"),
    ):
        page = phone.get(f"/t/{t}/hand/1?lang={lang}").get_data(as_text=True)
        assert said in text_of(page, "settlement")


def test_the_deciding_hand_s_settlement_is_listed(phone):
    """Issue 43.4: a match decided in hand 2 listed "Settlement of hand 1" among the
    table's links, not the settlement of hand 2 that decided it."""
    t = phone.start("five-up", ["Ana", "Ben"], target=10)
    hand = (
        "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3; "
        "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1"
    )
    phone.moves(t, hand)
    phone.settle(t, {"Ben": "6-6"})
    more = text_of(phone.get(f"/t/{t}").get_data(as_text=True), "more")
    assert "Settlement of hand 1" in more and "Settlement of hand 2" not in more
    phone.moves(t, hand)
    phone.settle(t, {"Ben": "6-6"})  # Ana reaches 10: the match is over
    for page in (f"/t/{t}", f"/s/{phone.read_token(t)}"):
        html = phone.get(page).get_data(as_text=True)
        assert "Match over." in html
        more = text_of(html, "more")
        assert "Settlement of hand 1" in more and "Settlement of hand 2" in more, page
        assert "/hand/2" in html
