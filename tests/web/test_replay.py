"""The replay viewer: every position of every hand, live or imported, on the players' and
the spectators' links: the layout, count and points, whose turn, the tiles each holds,
and what could legally be laid there (with full knowledge, which of them the player held)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from webhelpers import text_of

RECORDS = Path(__file__).resolve().parents[1] / "records"
LIVE = "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana draw 2"


def test_step_through_a_live_hand(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, LIVE)
    r = phone.get(f"/t/{t}/hand/1/move/2")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert text_of(html, "position").startswith("After move 2 of 5")
    last = "Move 2: Ben laid 5-0 on 5-5; count 10: +2 for Ben ( FU-SCORE )"
    assert text_of(html, "replay-last") == last
    assert text_of(html, "replay-next") == "Next, move 3: Ana: 0-0 on 5-0"
    assert text_of(html, "replay-turn") == "Ana to play."
    assert "Count: 10" in text_of(html, "replay-count")
    assert text_of(html, "replay-holds") == "Ana 4 tiles Ben 4 tiles"
    assert text_of(html, "replay-points") == "Points so far in this hand Ana 2 Ben 2"
    fits = text_of(html, "fits-list")
    assert "0-0: on 5-0" in fits and "6-5: on 5-5" in fits and "4-4" not in fits
    assert text_of(html, "held") is None  # the app does not see the players' tiles
    assert f'rel="prev" href="/t/{t}/hand/1/move/1"' in html
    assert f'rel="next" href="/t/{t}/hand/1/move/3"' in html
    assert "<svg" in html
    # the start and the end of the hand
    html = phone.get(f"/t/{t}/hand/1/move/0").get_data(as_text=True)
    assert "Before the first move" in text_of(html, "position")
    assert 'rel="prev"' not in html
    html = phone.get(f"/t/{t}/hand/1/move/5").get_data(as_text=True)
    assert "Boneyard: 16 tiles" in text_of(html, "replay-count")
    assert 'rel="next"' not in html
    assert phone.get(f"/t/{t}/hand/1/move/6").status_code == 404
    assert phone.get(f"/t/{t}/hand/2/move/0").status_code == 404


def test_the_start_and_end_buttons_are_drawn_not_emoji(phone):
    """Issue 43.4: ⏮ and ⏭ were empty boxes on a phone without an emoji font; the buttons
    draw their own marks (inline SVG, in the button's colour) and keep their names."""
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, LIVE)
    html = phone.get(f"/t/{t}/hand/1/move/2").get_data(as_text=True)
    assert not set("⏮⏭⏪⏩") & set(html)
    for ident, name in (("first", "Start of the hand"), ("end", "End of the hand")):
        button = re.search(rf'<a class="button secondary" id="{ident}"[^>]*>(.*?)</a>', html).group(
            0
        )
        assert f'aria-label="{name}"' in button
        assert re.search(
            r'<svg class="icon"[^>]*aria-hidden="true"[^>]*><path d="[^"]+"/></svg>', button
        )


def test_spectators_step_through_too_and_the_hand_page_links_each_move(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, LIVE)
    s = phone.read_token(t)
    html = phone.get(f"/s/{s}/hand/1/move/3").get_data(as_text=True)
    assert text_of(html, "replay-turn") == "Ben to play."
    assert f"/s/{s}/hand/1/move/4" in html and f"/t/{t}" not in html
    page = phone.get(f"/s/{s}/hand/1").get_data(as_text=True)
    assert f'href="/s/{s}/hand/1/move/3"' in page
    assert f'href="/s/{s}/hand/1/move/0"' in page


def test_an_imported_full_record_shows_what_the_player_held(phone):
    text = (RECORDS / "ctyrka_2p_penalty.json").read_text()
    r = phone.post("/import", {"text": text, "carry_on": "1"})
    t = r.location.rsplit("/", 1)[1]
    rec = json.loads(text)
    first = rec["hands"][0]
    html = phone.get(f"/t/{t}/hand/1/move/1").get_data(as_text=True)
    assert text_of(html, "held") == "Ana held no tile that fits."  # and she drew
    html = phone.get(f"/t/{t}/hand/1/move/2").get_data(as_text=True)
    who = text_of(html, "replay-turn").split()[0]
    held = text_of(html, "held")
    assert held.startswith(f"{who} held")
    # every tile he is shown holding fits and was dealt to him
    tiles = held.split(":", 1)[1].replace(",", " ").split()
    assert tiles and set(tiles) <= set(first["dealt"][who])
    fits = text_of(html, "fits-list")
    assert all(f"{tile}: on" in fits for tile in tiles)


def test_an_illegal_record_links_to_the_position_of_the_offending_move(phone):
    import html as html_lib
    import re

    text = (RECORDS / "illegal_c_renege.json").read_text()
    r = phone.post("/import", {"text": text, "check": "1"})
    assert r.status_code == 400
    page = r.get_data(as_text=True)
    form = text_of(page, "position-form")
    assert form == "Show the table just before move 3"
    fields = dict(re.findall(r'name="(record|hand|move)" value="([^"]*)"', page))
    fields = {k: html_lib.unescape(v) for k, v in fields.items()}
    assert fields["hand"] == "1" and fields["move"] == "2"
    r = phone.post("/import/position", fields)
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "After move 2 of 7" in text_of(html, "position")
    fault = text_of(html, "replay-fault")
    assert "refuses the next move (3)" in fault and "C-RENEGE" in fault
    assert text_of(html, "replay-turn") == "Ben to play."
    # stepping on posts the record again
    r = phone.post("/import/position", {**fields, "move": "3"})
    assert "After move 3 of 7" in text_of(r.get_data(as_text=True), "position")
    # a wrong Čtyřka lead: the position before the lead
    text = (RECORDS / "illegal_ct_lead_proven.json").read_text()
    page = phone.post("/import", {"text": text, "check": "1"}).get_data(as_text=True)
    assert text_of(page, "position-form") == "Show the table just before move 1"
    r = phone.post("/import/position", {"record": text, "hand": 1, "move": 0})
    assert "CT-LEAD" in text_of(r.get_data(as_text=True), "replay-fault")
