"""The version poll (`/t|s/<token>/version`) is answered before Flask's request cycle
(referee/web/poll.py): the match's version, never cached, with the safe headers every
answer carries; anything unknown gets Flask's 404 page."""

from __future__ import annotations

from flask import request

from referee.web import db
from referee.web.models import Match


def test_the_poll_answers_the_matchs_version_before_flask(app, phone):
    seen = []
    app.before_request(lambda: seen.append(request.path))
    token = phone.start("five-up", ["Ana", "Ben"])
    read = phone.read_token(token)
    r = phone.get(f"/t/{token}/version")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    with app.app_context():
        version = db.session.execute(
            db.select(Match.version).where(Match.write_token == token)
        ).scalar_one()
        db.session.remove()
    assert r.get_data(as_text=True) == str(version)
    assert r.headers["Cache-Control"] == "no-store"
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    assert phone.get(f"/s/{read}/version").get_data(as_text=True) == str(version)
    seen.clear()
    phone.get(f"/t/{token}/version")
    phone.get(f"/s/{read}/version")
    assert seen == []  # answered before Flask's request cycle
    phone.moves(token, "Ana 5-5")
    assert phone.get(f"/t/{token}/version").get_data(as_text=True) == str(version + 1)


def test_unknown_links_still_get_the_404_page(phone):
    token = phone.start("five-up", ["Ana", "Ben"])
    for url in (
        f"/s/{token}/version",
        "/t/nosuchtableatallxx/version",
        "/t/%00/version",
        "/t/a.b/version",
    ):
        r = phone.get(url)
        assert r.status_code == 404, url
        assert r.mimetype == "text/html"  # Flask's error page
    assert phone.client.post(f"/t/{token}/version").status_code in (405, 400)
