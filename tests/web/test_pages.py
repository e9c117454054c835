"""The pages a person sees: home, the start forms, the rules, and the basics of
accessibility (language, labels, headings, no external resources)."""

from __future__ import annotations

import re

import pytest
from webhelpers import text_of

from referee.engine.rulebook import rules_for
from referee.web.public import lan_address


def test_home(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    read = phone.read_token(t)
    html = phone.get("/").get_data(as_text=True)
    for variant in ("five-up", "french-connection", "ctyrka"):
        assert f'href="/new/{variant}"' in html and f'href="/rules/{variant}"' in html
    assert 'id="import-form"' in html and 'enctype="multipart/form-data"' in html
    # no match is listed unless its players choose to (issue 8); then only its
    # spectators' link
    assert f'href="/s/{read}"' not in text_of_links(html)
    phone.post(f"/t/{t}/public", {"public": "y"})
    html = phone.get("/").get_data(as_text=True)
    assert f'href="/s/{read}"' in text_of_links(html)
    assert t not in html


def text_of_links(html):
    return " ".join(re.findall(r'href="[^"]+"', html))


@pytest.mark.parametrize(
    ("url", "words"),
    [
        (
            "/new/five-up?players=4",
            ["two pairs", "player 1 and player 3 against player 2 and player 4"],
        ),
        ("/new/five-up?players=2", ["The first hand. Draw lots for the lead", "Default 61"]),
        ("/new/french-connection", ["4 players", "Default 100"]),
        (
            "/new/ctyrka?players=5",
            ["double-nine, 55 tiles", "Default 100 for penalty scoring, 300"],
        ),
        ("/new/ctyrka?players=9", ["double-twelve, 91 tiles"]),
        ("/new/ctyrka?players=2", ["double-six, 28 tiles", "Victory points"]),
    ],
)
def test_start_forms(phone, url, words):
    r = phone.get(url)
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    for w in words:
        assert w in text, w
    assert "in the order they play" in text
    count = re.search(r'<option value="(\d+)" selected>', html) or re.search(
        r'name="count" value="(\d+)"', html
    )
    shown = re.findall(r'<li data-seat="\d+">', html)  # the others are hidden
    assert len(shown) == int(count.group(1))


@pytest.mark.parametrize("variant", ["five-up", "french-connection", "ctyrka"])
def test_rules_pages_list_every_rule(phone, variant):
    html = phone.get(f"/rules/{variant}").get_data(as_text=True)
    rules = rules_for(variant)
    assert len(rules) > 10
    for rule in rules:
        assert f'id="{rule.id}"' in html, rule.id
        assert rule.title in html
    others = {"five-up": "FU-", "french-connection": "FC-", "ctyrka": "CT-"}
    for name, prefix in others.items():
        if name != variant:
            assert f'id="{prefix}' not in html
    assert phone.get("/rules").status_code == 200


def test_pages_are_accessible_basics(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    urls = [
        "/",
        "/new/five-up",
        "/import",
        "/rules/five-up",
        f"/t/{t}",
        f"/t/{t}?tile=5-3",
        f"/t/{t}/undo",
        f"/t/{t}/match",
        f"/t/{t}/hand/1",
        f"/s/{phone.read_token(t)}",
    ]
    for url in urls:
        html = phone.get(url).get_data(as_text=True)
        assert '<html lang="en">' in html, url
        assert len(re.findall(r"<h1[ >]", html)) == 1, url
        assert 'name="viewport"' in html
        # every visible form field has a label
        for m in re.finditer(r"<(input|select|textarea)\b([^>]*)>", html):
            attrs = m.group(2)
            if re.search(r'type="(hidden|submit)"', attrs):
                continue
            ident = re.search(r'id="([^"]+)"', attrs)
            assert ident, (url, m.group(0))
            assert f'for="{ident.group(1)}"' in html, (url, ident.group(1))
        # nothing from elsewhere: no CDN, no external fonts or scripts (the table's own
        # links are absolute, to be shared)
        links = re.findall(r'(?:src|href)="((?:https?:)?//[^"]*)"', html)
        here = ("http://localhost/", f"http://{lan_address()}/")  # or the address phones use
        assert all(link.startswith(here) for link in links), url
        # the only scripts are the app's own files (the table and its history, with the
        # offline kit's addresses on the players' page; the start form); no inline script
        scripts = re.findall(r"<script\b[^>]*>", html)
        own = (
            r'<script src="/static/js/(table|history|start)\.js\?v=\w+" defer'
            r'(?: data-[a-z]+="/[^"]*")*>'
        )
        assert all(re.fullmatch(own, s) for s in scripts), (url, scripts)
        assert html.count("</script>") == len(scripts)


def test_table_screen_shows_the_state(phone):
    t = phone.start("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Cleo draw 2")
    html = phone.table(t)
    assert "Cleo</strong> to play" in html
    assert text_of(html, "boneyard").startswith("Boneyard: 6 tiles")
    players = text_of(html, "players")
    assert "Ana (Ana+Cleo) 4 tiles" in players and "Cleo (Ana+Cleo) 7 tiles" in players
    assert text_of(html, "count") == "10"
    assert "<svg" in text_of_html(html, "layout")
    assert text_of(html, "last-move") == "Last move: Cleo drew 2 tiles."
    assert "Ana led 5-5; count 10: +2 for Ana+Cleo" in text_of(html, "moves")
    # the tile picker offers the tiles not on the table: 28 - 2, each a button that shows
    # the tile (drawn with the page's sprite) and names it
    picker = html[html.index('id="picker"') : html.index("</ul>", html.index('id="picker"'))]
    assert len(re.findall(r'<button name="tile" value="\d+-\d+"', picker)) == 26
    assert 'value="5-5"' not in picker and 'aria-label="5-3"' in picker
    assert 'aria-label="6-1, fits nowhere now"' in picker
    assert 'id="d-p6"' in html  # the sprite, once


def text_of_html(html, ident):
    start = html.index(f'id="{ident}"')
    return html[start : start + 4000]


def test_home_says_the_time_of_the_last_move_not_of_the_last_write(app, phone):
    """Issue 43.4: the home page's "last move" was the match's last write (its listing, a
    phone's name, a confirmation...): it is the time of the last move that stands."""
    from datetime import datetime

    import sqlalchemy as sa

    from referee.web.models import Move
    from referee.web.store import db

    t = phone.start("five-up", ["Ana", "Ben"])
    phone.post(f"/t/{t}/public", {"public": "y"})
    assert "no move yet" in text_of(phone.get("/").get_data(as_text=True), "recent")
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    with app.app_context():  # the moves were made that morning; the listing is a write now
        db.session.execute(sa.update(Move).values(created=datetime(2026, 3, 1, 9, 15)))
        db.session.commit()
    phone.post(f"/t/{t}/public", {"public": "y"})
    recent = text_of(phone.get("/").get_data(as_text=True), "recent")
    assert "last move 2026-03-01 09:15 UTC" in recent, recent
