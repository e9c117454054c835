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
