"""A name is shown as it was typed on every part of the table screen, never read as markup:
the screen is made in Python (`table/screen_html.py`, `moves_html.py`), where every value
is escaped by hand, so each place a name appears is looked at (the turn, the players, the
last move, the buttons that lead, lay, draw and pass, the Undo's question, the history)."""

from __future__ import annotations

import re

from webhelpers import text_of

ANA, BEN = "<b>Ana</b>", 'Ben&"<i>x</i>"'


def shown(html: str) -> None:
    """No name reached the page as markup."""
    assert "<b>" not in html and "<i>" not in html
    assert not re.search(r'="[^"]*"<i>', html)  # nor broke out of an attribute


def test_hostile_names_are_shown_as_typed_everywhere_on_the_table(phone):
    t = phone.start("five-up", [ANA, BEN])
    html = phone.table(t, tile="5-5")  # who leads it: a button for each player
    shown(html)
    assert text_of(html, "places") == f"{ANA} leads 5-5 {BEN} leads 5-5"

    phone.move(t, f"{ANA} 5-5")
    html = phone.table(t)
    shown(html)
    assert text_of(html, "turn") == f"{BEN} to play."
    scored = f"count 10: +2 for {ANA} ( FU-SCORE )"  # the note names her too
    assert text_of(html, "last-move") == f"Last move: {ANA} led 5-5; {scored}."
    assert text_of(html, "players") == f"{ANA} 4 tiles {BEN} 5 tiles"
    assert text_of(html, "undo-what") == f"{ANA} led 5-5"
    assert text_of(html, "draw-form") == f"{BEN} draws tile(s)"
    assert text_of(html, "moves") == f"{ANA} led 5-5; {scored}"

    html = phone.table(t, tile="5-0", hand=1, after=1)  # one place: the button that lays it
    shown(html)
    assert text_of(html, "chosen-q") == f"Confirm where {BEN} lays 5-0"
    r = phone.get(f"/t/{t}?fragment=1")  # the fragment the other phones swap in
    shown(r.get_data(as_text=True))
    assert text_of(r.get_data(as_text=True), "turn") == f"{BEN} to play."
