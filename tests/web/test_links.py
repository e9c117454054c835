"""The addresses a page carries, each built once (referee/web/links.py): the same as
Flask's, and never one request's for another (a proxy's prefix, an external address)."""

from __future__ import annotations

import re

from flask import url_for

from referee.web import links


def hrefs(html: str) -> set[str]:
    return set(re.findall(r'(?:href|action)="([^"]+)"', html))


def test_a_table_page_under_a_prefix_after_one_without_carries_the_prefix(phone):
    """The same table served at / and then behind a proxy at /club (its SCRIPT_NAME):
    every form and link of the second carries /club, none of the first does."""
    token = phone.start("five-up", ["Ana", "Ben"])
    plain = phone.get(f"/t/{token}").get_data(as_text=True)
    prefixed = phone.get(f"/t/{token}", base_url="http://localhost/club")
    prefixed = prefixed.get_data(as_text=True)
    ours = {h for h in hrefs(plain) if h.startswith("/")}
    assert f"/t/{token}/match" in ours and not any(h.startswith("/club") for h in ours)
    theirs = {h for h in hrefs(prefixed) if h.startswith("/")}
    assert f"/club/t/{token}/match" in theirs
    assert all(h.startswith("/club/") for h in theirs), sorted(theirs)[:5]
    assert {h.replace("/club", "") for h in theirs} == ours


def test_the_kept_address_is_flasks_and_external_ones_are_not_kept(app):
    with app.test_request_context("/", base_url="http://hall.example/"):
        for _ in range(2):  # built, then kept
            assert links.url_for("table.table", token="abc") == url_for("table.table", token="abc")
            assert links.url_for("static", filename="css/app.css", v="1") == url_for(
                "static", filename="css/app.css", v="1"
            )
        assert links.url_for("table.table", token="abc", _external=True) == (
            "http://hall.example/t/abc"
        )
    with app.test_request_context("/", base_url="http://other.example/"):
        assert links.url_for("table.table", token="abc", _external=True) == (
            "http://other.example/t/abc"
        )


def test_each_tables_own_links_at_every_move_and_in_each_language(phone, app):
    """The links at the foot of a table (its record, its audit log, its shared links, its
    table code) are rendered once per process and kept: each table still shows its own,
    after moves, to its spectators, and in the language each phone reads."""
    first = phone.start("five-up", ["Ana", "Ben"])
    second = phone.start("five-up", ["Cleo", "Dan"])
    phone.move(first, "Ana 6-6")
    for token in (first, second, first):
        html = phone.get(f"/t/{token}?fragment=1").get_data(as_text=True)
        read = phone.read_token(token)
        assert f'href="/t/{token}/record.json"' in html and f'href="/t/{token}/audit.json"' in html
        assert re.search(rf'id="read-link" href="[^"]*/s/{read}"', html)
        code = re.search(r'id="table-code">([^<]+)<', html).group(1)
        card = phone.get(f"/t/{token}/card").get_data(as_text=True)
        assert code in card
        watching = app.test_client().get(f"/s/{read}?fragment=1").get_data(as_text=True)
        assert f'href="/s/{read}/record.json"' in watching and "table-code" not in watching
    polish = phone.get(f"/t/{first}?fragment=1&lang=pl").get_data(as_text=True)
    assert "Pobierz zapis gry" in polish and "Download the game record" not in polish
    english = phone.get(f"/t/{first}?fragment=1&lang=en").get_data(as_text=True)
    assert "Download the game record" in english


def test_the_score_at_the_foot_of_a_table_follows_each_move_and_undo(phone):
    """The score table is kept by the points it shows (`_table_score.html`): a lead of 5-5
    scores 2 for Ana at once (count 10, FU-SCORE), Undo takes them back, and the other
    table still shows its own nothing."""
    first = phone.start("five-up", ["Ana", "Ben"])
    second = phone.start("five-up", ["Cleo", "Dan"])

    def points(token):
        html = phone.get(f"/t/{token}?fragment=1").get_data(as_text=True)
        rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+)</td>', html)
        return {name: (int(hand), int(match)) for name, hand, match in rows}

    assert points(first) == {"Ana": (0, 0), "Ben": (0, 0)}
    phone.move(first, "Ana 5-5")
    assert points(first) == {"Ana": (2, 2), "Ben": (0, 0)}
    assert points(second) == {"Cleo": (0, 0), "Dan": (0, 0)}
    phone.undo(first)
    assert points(first) == {"Ana": (0, 0), "Ben": (0, 0)}
