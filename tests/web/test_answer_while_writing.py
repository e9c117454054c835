"""A move recorded from the table screen is answered with the new table, rendered while
PostgreSQL writes the move (`transaction.answering`, `inflight`). What a player would
notice if that went wrong: the loser of a race shown its own move as recorded, the other
phones shown a table that never was (a render of a write that did not land, kept), or a
move lost when the answer fails. On SQLite (written before the answer is rendered) the
same must hold."""

from __future__ import annotations

import threading

from webhelpers import Phone, text_of

from referee.web.models import Move
from referee.web.store import db
from referee.web.table import screen

FETCH = {"X-Requested-With": "fetch"}
ROUNDS = 16


def _play(phone: Phone, token: str, tile: str):
    return phone.post(
        f"/t/{token}/play",
        {"hand": 1, "after": 1, "seat": 1, "tile": tile, "on": "5-5"},
        headers=FETCH,
    )


def _recorded(app) -> list[tuple[int, str]]:
    with app.app_context():
        live = db.select(Move).where(Move.taken_back.is_(None)).order_by(Move.seq)
        moves = [(m.seq, m.tile) for m in db.session.execute(live).scalars()]
        db.session.remove()
    return moves


def test_two_screens_race_and_every_phone_sees_the_move_recorded(app):
    a, b, c = (Phone(app.test_client()) for _ in range(3))
    token = a.start("five-up", ["Ana", "Ben"])
    for p in (b, c):
        p.players[token] = ["Ana", "Ben"]
        p.csrf  # noqa: B018  (each phone's CSRF token, fetched before the race)
    a.moves(token, "Ana 5-5")  # Ben to play: 5-0 or 5-1 on 5-5
    for round_ in range(ROUNDS):
        barrier, results = threading.Barrier(2), {}

        def send(phone, tile, barrier=barrier, results=results):
            barrier.wait()
            r = _play(phone, token, tile)
            results[tile] = (r.status_code, r.get_data(as_text=True))

        threads = [threading.Thread(target=send, args=(p, t)) for p, t in ((a, "5-0"), (b, "5-1"))]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        assert sorted(code for code, _ in results.values()) == [200, 409], round_
        laid = next(tile for tile, (code, _) in results.items() if code == 200)
        lost = "5-1" if laid == "5-0" else "5-0"
        assert f"Ben laid {laid} on 5-5" in text_of(results[laid][1], "moves")
        refused = text_of(results[lost][1], "refused")
        assert f"already recorded: Ben laid {laid} on 5-5" in refused
        assert f"Ben laid {lost}" not in (text_of(results[lost][1], "moves") or "")
        # the third phone, after a poll, is shown the move recorded (not the one refused)
        shown = c.get(f"/t/{token}?fragment=1", headers=FETCH).get_data(as_text=True)
        assert f"Ben laid {laid} on 5-5" in text_of(shown, "moves")
        assert f"Ben laid {lost}" not in text_of(shown, "moves")
        picture = text_of(shown, "layout")
        assert laid in picture and lost not in picture
        assert _recorded(app) == [(1, "5-5"), (2, laid)]
        c.undo(token)


def test_a_move_whose_answer_fails_is_kept_and_the_table_goes_on(app, monkeypatch):
    phone = Phone(app.test_client())
    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5")
    phone.table(token)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # the error page, as a server gives it

    def broken(*args, **kwargs):
        raise RuntimeError("the answer could not be drawn")

    monkeypatch.setattr(screen, "table_html", broken)
    assert _play(phone, token, "5-0").status_code == 500
    monkeypatch.undo()
    assert _recorded(app) == [(1, "5-5"), (2, "5-0")]  # written: nothing lost
    html = phone.get(f"/t/{token}?fragment=1", headers=FETCH).get_data(as_text=True)
    assert "Ben laid 5-0 on 5-5" in text_of(html, "moves")
    r = phone.post(
        f"/t/{token}/play",
        {"hand": 1, "after": 2, "seat": 0, "tile": "0-0", "on": "5-0"},
        headers=FETCH,
    )  # the same process, the same connections: the next move goes through
    assert r.status_code == 200, r.get_data(as_text=True)[:400]
    assert "Ana laid 0-0 on 5-0" in text_of(r.get_data(as_text=True), "moves")
    assert _recorded(app) == [(1, "5-5"), (2, "5-0"), (3, "0-0")]


def test_a_move_another_server_got_in_first_is_judged_on_the_table_as_it_is(two_apps):
    here, there = (Phone(a.test_client()) for a in two_apps)
    token = here.start("five-up", ["Ana", "Ben"])
    here.moves(token, "Ana 5-5")
    here.table(token)  # this process keeps the match at its version
    there.players[token] = ["Ana", "Ben"]
    there.move(token, "Ben 5-1 on 5-5")  # through the other server: this one does not know
    r = _play(here, token, "5-0")  # sent on the kept state, whose version has moved on
    assert r.status_code == 409
    refused = text_of(r.get_data(as_text=True), "refused")
    assert "already recorded: Ben laid 5-1 on 5-5" in refused
    html = here.get(f"/t/{token}?fragment=1", headers=FETCH).get_data(as_text=True)
    assert "Ben laid 5-1 on 5-5" in text_of(html, "moves")
    assert "5-0" not in text_of(html, "layout")
    assert _recorded(two_apps[0]) == [(1, "5-5"), (2, "5-1")]
