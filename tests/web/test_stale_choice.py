"""A second phone one move behind (issue 17.6): its screen still says "Bartek to play"
while the table is at Celina. The tile it chooses there is refused as a move from a stale
page is ("already recorded: …"), and it is shown the table as it is, never handed buttons
that would record the tile as Celina's move."""

from __future__ import annotations

import re

from webhelpers import text_of


def _picker_fields(html: str) -> dict:
    form = re.search(r'<form method="get"[^>]*id="pick-form">(.*?)</form>', html, re.S).group(1)
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form))


def test_a_tile_chosen_on_a_stale_screen_is_refused(phone):
    t = phone.start("five-up", ["Ana", "Bartek", "Celina"])
    phone.moves(t, "Ana 5-5")
    stale = phone.table(t)  # the second phone's screen: Bartek to play
    assert "Bartek to play" in text_of(stale, "turn")
    fields = {"hand": 1, "after": 1}  # what the picker sends: the position the screen showed
    phone.moves(t, "Bartek 5-0 on 5-5")  # the first phone records Bartek's move

    r = phone.get(f"/t/{t}", query_string={**fields, "tile": "5-4"})
    html = r.get_data(as_text=True)
    assert r.status_code == 409
    assert "already recorded: Bartek laid 5-0 on 5-5" in text_of(html, "refused")
    assert 'id="chosen"' not in html and 'id="place-form"' not in html
    assert "Celina to play" in text_of(html, "turn")  # the table as it is
    # the same through the table's script (the fragment it swaps in)
    r = phone.get(f"/t/{t}", query_string={**fields, "tile": "5-4", "fragment": "1"})
    assert r.status_code == 409 and 'id="chosen"' not in r.get_data(as_text=True)
    assert phone.position(t) == (1, 2)  # nothing recorded


def test_a_tile_chosen_on_a_current_screen_shows_its_places(phone):
    t = phone.start("five-up", ["Ana", "Bartek", "Celina"])
    phone.moves(t, "Ana 5-5; Bartek 5-0 on 5-5")
    fields = _picker_fields(phone.table(t))
    html = phone.table(t, **fields, tile="5-4")
    assert "Celina" in text_of(html, "chosen-q") and 'id="place-form"' in html
    # a typed address without a position still chooses on the table as it stands
    assert 'id="place-form"' in phone.table(t, tile="5-4")


def test_the_picker_and_the_typed_tile_form_send_the_position_shown(phone):
    t = phone.start("five-up", ["Ana", "Bartek", "Celina"])
    phone.moves(t, "Ana 5-5")
    html = phone.table(t)
    assert _picker_fields(html) == {"hand": "1", "after": "1"}
    form = re.search(r'id="tile-form">(.*?)</form>', html, re.S).group(1)
    assert 'name="hand" value="1"' in form and 'name="after" value="1"' in form
