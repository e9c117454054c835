"""The table's two links are one blueprint registered twice: the players' at /t (which
records) and the spectators' at /s (which only watches). Every page of the spectators'
link is the players' page of the same name, drawn by the same view; the routes that write
exist at /t alone."""

from __future__ import annotations

import pytest

READS = ["table", "version", "hand", "match", "record"]
WRITES = ["play", "draw", "pass_", "lot", "undo", "end"]


def test_each_spectators_page_is_the_players_page_of_the_same_view(app):
    views = app.view_functions
    for name in READS:
        assert views[f"spectator.{name}"] is views[f"table.{name}"]
    for name in WRITES:
        assert f"table.{name}" in views and f"spectator.{name}" not in views
    spectators = [r for r in app.url_map.iter_rules() if r.endpoint.startswith("spectator.")]
    assert sorted(r.endpoint for r in spectators) == sorted(f"spectator.{n}" for n in READS)
    assert all(
        r.rule.startswith("/s/") and r.methods <= {"GET", "HEAD", "OPTIONS"} for r in spectators
    )


@pytest.mark.parametrize("path", ["play", "draw", "pass", "lot", "undo", "end"])
def test_the_spectators_link_has_no_write_routes(phone, path):
    t = phone.start("five-up", ["Ana", "Ben"])
    s = phone.read_token(t)
    assert phone.get(f"/s/{s}/{path}").status_code == 404
    assert phone.post(f"/s/{s}/{path}", {"hand": 1, "after": 0, "seat": 0}).status_code == 404


def test_each_link_gives_its_own_links(phone):
    """The spectators' pages link to the spectators' pages, the players' to the players'."""
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    s = phone.read_token(t)
    players = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    spectators = phone.get(f"/s/{s}/hand/1").get_data(as_text=True)
    assert f'href="/t/{t}/match"' in players and f"/s/{s}" not in players
    assert f'href="/s/{s}/match"' in spectators and f"/t/{t}" not in spectators
