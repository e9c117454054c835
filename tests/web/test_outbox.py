"""Moves kept on a phone while offline and sent later (static/js/offline.js): judged as if
live, stored once per client id (a second send gets the first answer), refused with the
rule and the referee's words, and stopped by what another phone recorded meanwhile."""

from __future__ import annotations

import json
import re
import threading
import uuid

from webhelpers import Phone

from referee.web.models import ClientMove, Move
from referee.web.store import db


def send(phone: Phone, token: str, **fields):
    fields.setdefault("client_id", str(uuid.uuid4()))
    return phone.client.post(
        f"/t/{token}/outbox",
        data=json.dumps(fields),
        content_type="application/json",
        headers={"X-CSRFToken": phone.csrf, "Accept": "application/json"},
    )


def moves_of(app):
    with app.app_context():
        rows = db.session.execute(db.select(Move).order_by(Move.id)).scalars().all()
        out = [(m.seq, m.seat, m.kind, m.tile) for m in rows]
        db.session.remove()
        return out


def test_kept_moves_are_judged_in_order_and_stored_once(app, phone):
    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5")
    first = send(
        phone,
        token,
        kind="play",
        hand=1,
        after=1,
        seat=1,
        tile="5-0",
        on="5-5",
        client_id="move-0001",
    )
    assert first.status_code == 200, first.get_json()
    answer = first.get_json()
    assert answer["ok"] and not answer["duplicate"]
    assert answer["message"].startswith("Ben laid 5-0 on 5-5")
    # the answer was lost on the way back: the phone sends the same move again
    again = send(
        phone,
        token,
        kind="play",
        hand=1,
        after=1,
        seat=1,
        tile="5-0",
        on="5-5",
        client_id="move-0001",
    )
    assert again.status_code == 200
    assert again.get_json() == {**answer, "duplicate": True}
    assert moves_of(app) == [(1, 0, "play", "5-5"), (2, 1, "play", "5-0")]
    # the next kept move follows
    r = send(phone, token, kind="pass", hand=1, after=2, seat=0)
    assert r.status_code == 422  # the boneyard still holds tiles: FU-DRAW
    assert r.get_json()["rule"] == "FU-DRAW" and r.get_json()["rule_url"].endswith("#FU-DRAW")
    assert "boneyard" in r.get_json()["message"]
    r = send(phone, token, kind="draw", hand=1, after=2, seat=0, count=2)
    assert r.status_code == 200 and "Ana drew 2" in r.get_json()["message"]
    assert len(moves_of(app)) == 3


def test_a_refused_kept_move_changes_nothing(app, phone, rows):
    token = phone.start("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    before = rows()
    r = send(phone, token, kind="play", hand=1, after=0, seat=0, tile="6-6")
    assert r.status_code == 422 and r.get_json()["rule"] == "FC-POSE"
    assert rows() == before
    with app.app_context():
        assert db.session.execute(db.select(ClientMove)).first() is None


def test_another_phone_recorded_meanwhile(app, phone):
    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5")
    other = Phone(app.test_client())
    other.players[token] = ["Ana", "Ben"]
    other.moves(token, "Ben 5-0 on 5-5")
    # this phone kept "Ben 5-1 on 5-5" offline, for the same turn
    r = send(phone, token, kind="play", hand=1, after=1, seat=1, tile="5-1", on="5-5")
    assert r.status_code == 409
    assert "already recorded: Ben laid 5-0 on 5-5" in r.get_json()["message"]
    assert moves_of(app)[-1] == (2, 1, "play", "5-0")


def test_bad_kept_moves_are_refused_with_a_sentence(app, phone, rows):
    token = phone.start("five-up", ["Ana", "Ben"])
    before = rows()
    for body in (
        {},
        {"client_id": "x"},
        {"client_id": "abcdefgh", "kind": "jump"},
        {"client_id": "abcdefgh", "kind": "play", "hand": "1", "after": 0, "seat": 0},
        {
            "client_id": "abcdefgh",
            "kind": "play",
            "hand": 1,
            "after": 0,
            "seat": 0,
            "tile": ["5-5"],
        },
    ):
        r = phone.client.post(
            f"/t/{token}/outbox",
            data=json.dumps(body),
            content_type="application/json",
            headers={"X-CSRFToken": phone.csrf},
        )
        assert r.status_code == 400, body
        assert r.get_json()["message"]
    r = phone.client.post(
        f"/t/{token}/outbox",
        data="[",
        content_type="application/json",
        headers={"X-CSRFToken": phone.csrf},
    )
    assert r.status_code == 400
    assert send(phone, "nosuchtable", kind="pass", hand=1, after=0, seat=0).status_code == 404
    assert rows() == before


def test_without_csrf_token_nothing_is_recorded(app, phone, rows):
    token = phone.start("five-up", ["Ana", "Ben"])
    before = rows()
    r = phone.client.post(
        f"/t/{token}/outbox",
        content_type="application/json",
        data=json.dumps(
            {
                "client_id": "abcdefgh",
                "kind": "play",
                "hand": 1,
                "after": 0,
                "seat": 0,
                "tile": "5-5",
            }
        ),
    )
    assert r.status_code == 400
    assert rows() == before


def test_a_client_id_belongs_to_one_table(app, phone):
    a = phone.start("five-up", ["Ana", "Ben"])
    b = phone.start("five-up", ["Cleo", "Dan"])
    assert (
        send(
            phone, a, kind="play", hand=1, after=0, seat=0, tile="5-5", client_id="shared-id-1"
        ).status_code
        == 200
    )
    r = send(phone, b, kind="play", hand=1, after=0, seat=0, tile="5-5", client_id="shared-id-1")
    assert r.status_code == 409 and "another table" in r.get_json()["message"]


def test_the_same_move_sent_twice_at_once_is_stored_once(app):
    phones = [Phone(app.test_client()) for _ in range(2)]
    for p in phones:
        p.csrf  # noqa: B018  (each phone's token before the race)
    for round_ in range(6):
        token = phones[0].start("five-up", ["Ana", "Ben"])
        barrier, results = threading.Barrier(2), []

        def go(p, token=token, cid=f"race-{round_:04d}", barrier=barrier, results=results):
            barrier.wait()
            r = send(p, token, kind="play", hand=1, after=0, seat=0, tile="5-5", client_id=cid)
            results.append((r.status_code, r.get_json()))

        threads = [threading.Thread(target=go, args=(p,)) for p in phones]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert [s for s, _ in results] == [200, 200], results
        assert sorted(a["duplicate"] for _, a in results) == [False, True]
        assert results[0][1]["message"] == results[1][1]["message"]
    assert [m[3] for m in moves_of(app)] == ["5-5"] * 6


def test_table_page_carries_what_the_phone_needs_offline(phone):
    token = phone.start("ctyrka", ["Ana", "Ben", "Cleo"])
    phone.moves(token, "Ana 6-6; Ben 6-5 on 6-6")
    html = phone.table(token)
    assert re.search(r'data-laid="(6-6 6-5|6-5 6-6)" data-draw="2"', html)  # draw ends turn
    assert 'rel="manifest"' in html
    kit = re.search(r'data-kit="([^"]+)"', html).group(1)
    body = phone.get(kit)
    assert body.status_code == 200 and "immutable" in body.headers["Cache-Control"]
    text = body.get_data(as_text=True)
    assert "RefereeOutbox" in text and "RefereeOffline" in text and "openDB" in text
    five = phone.start("five-up", ["Ana", "Ben"])
    assert 'data-draw="1"' in phone.table(five)
    assert 'data-draw="0"' in phone.table(phone.start("french-connection", list("ABCD")))
    # the spectators' page keeps nothing and sends nothing
    read = phone.read_token(token)
    spectator = phone.get(f"/s/{read}").get_data(as_text=True)
    assert "data-laid" not in spectator and "data-kit" not in spectator


def test_offline_words_follow_the_language(phone):
    words = phone.get("/offline/words.json").get_json()
    assert words["Waiting for the referee"] == "Waiting for the referee"
    assert len(words) >= 20


def test_service_worker_and_manifest(client):
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.mimetype == "text/javascript"
    body = sw.get_data(as_text=True)
    assert "/static/vendor/workbox/workbox-sw.js" in body and "precacheAndRoute" in body
    assert "http" not in body  # nothing from another host
    m = client.get("/manifest.webmanifest")
    assert m.mimetype == "application/manifest+json"
    data = m.get_json(force=True)
    assert data["display"] == "standalone" and {i["sizes"] for i in data["icons"]} == {
        "192x192",
        "512x512",
    }
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_every_script_and_stylesheet_the_table_page_loads_is_precached(phone):
    """Offline, a phone reloading the table gets all of it from the worker's cache: Back's
    guard (history.js) as well as the table's own script."""
    t = phone.start("five-up", ["Ana", "Ben"])
    page = phone.table(t)
    loaded = re.findall(r'<(?:script src|link rel="stylesheet" href)="(/static/[^"]+)"', page)
    assert any("js/history.js" in url for url in loaded)
    sw = phone.get("/sw.js").get_data(as_text=True)
    assert loaded and all(json.dumps(url) in sw for url in loaded), (loaded, sw)


def test_a_kept_lay_names_its_train(app, phone):
    """Mexican Train: a lay kept offline keeps the train its button named (12-6 fits Ben's
    own train and the Mexican train, both empty); a train that is not a number is refused."""
    token = phone.start("mexican-train", ["Ana", "Ben"])
    phone.moves(token, "Ana 12-12")
    bad = send(phone, token, kind="play", hand=1, after=1, seat=1, tile="12-6", train="x")
    assert bad.status_code == 400
    r = send(phone, token, kind="play", hand=1, after=1, seat=1, tile="12-6", train=2)
    assert r.status_code == 200, r.get_json()
    html = phone.table(token)
    assert re.search(r'<g class="train" data-train="2">.*?data-tile="12-6"', html)
    assert moves_of(app)[-1] == (2, 1, "play", "12-6")
