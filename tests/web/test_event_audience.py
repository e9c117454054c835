"""An event's audience through HTTP (issue 22): the live fragment shared by every viewer,
the event's version bumped by every move of its tables, standings right after a
correction and an unlock, and the director's page bounded in size."""

from __future__ import annotations

import gzip
import random
import re
import time

import pytest
from eventhelpers import Director, move_form
from webhelpers import text_of

from referee.engine import Match
from referee.engine.simulate import play_hand
from referee.web.events.models import Event
from referee.web.store import db

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


@pytest.fixture
def director(app):
    return Director(app.test_client())


def started(director, names=NAMES, **form) -> tuple[str, str]:
    """An event with its first round started: (director's token, public token)."""
    form = {"format": "swiss", "rounds": 2, "target": 10, **form}
    token = director.create("five-up", names, **form)
    director.act(token, "pair")
    director.act(token, "start")
    return token, director.public_token(token)


def event_version(app, public: str) -> int:
    with app.app_context():
        return db.session.query(Event.version).filter_by(public_token=public).scalar()


def replays(app) -> int:
    """Matches this app has replayed from the database (its state cache's misses)."""
    kept = app.extensions.get("referee_state")
    return 0 if kept is None else kept.counts["misses"]


def renders(app) -> int:
    return app.extensions["referee_live"].counts["renders"]


@pytest.mark.parametrize("page", ["", "/tv"])
def test_the_live_fragment_is_the_same_bytes_for_every_viewer_and_rendered_once(
    app, director, page
):
    _token, public = started(director)
    url = f"/p/{public}{page}?fragment=1"
    first = app.test_client().get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    done = renders(app)
    second = app.test_client().get(url)  # another viewer, no cookie in common
    assert second.data == first.data and second.headers["ETag"] == first.headers["ETag"]
    assert renders(app) == done  # not rendered again for the second viewer
    # gzipped once: the same bytes for two viewers that take gzip
    zipped = [app.test_client().get(url, headers={"Accept-Encoding": "gzip"}) for _ in (1, 2)]
    assert zipped[0].headers["Content-Encoding"] == "gzip"
    assert zipped[0].data == zipped[1].data
    # a viewer who has them is told so: nothing sent again
    again = app.test_client().get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert renders(app) == done
    # what the page polls names the fragment's version
    version = app.test_client().get(f"/p/{public}/version").get_data(as_text=True)
    assert first.headers["ETag"] == f'"{version}"'
    assert f'data-version="{version}"' in first.get_data(as_text=True)


@pytest.mark.parametrize("page", ["", "/tv"])
def test_the_public_page_and_the_tv_poll_the_events_one_version_route(director, page):
    """The TV polled `/p/<token>/tv/version`, a 404, backing off to every 30 s: the wall
    never moved on. Both pages name what their script polls, and it answers."""
    _token, public = started(director)
    for url in (f"/p/{public}{page}", f"/p/{public}{page}?fragment=1"):
        html = director.get(url).get_data(as_text=True)
        poll = re.search(r'id="event"[^>]* data-poll="([^"]+)"', html).group(1)
        assert poll == f"/p/{public}/version"
        answer = director.get(poll)
        assert answer.status_code == 200
        assert f'data-version="{answer.get_data(as_text=True)}"' in html


def test_every_move_adds_one_to_the_event_version_and_the_pages_show_it(app, director):
    token, public = started(director)
    link = director.table_links(token)[0]
    play = director.get(link).location.rsplit("/", 1)[1]
    rec = director.record(play)
    match = Match(rec["variant"], rec["players"], rec["options"])
    hand = play_hand(match, random.Random(5))
    shown = director.get(f"/p/{public}/version").get_data(as_text=True)
    before = director.get(f"/p/{public}?fragment=1").get_data(as_text=True)
    assert "hand 1" in text_of(before, "table-1")
    for after, m in enumerate(hand.moves):
        v = event_version(app, public)
        r = director.post(f"/t/{play}/{m.kind}", move_form(hand, 1, after, m))
        assert r.status_code == 302
        assert event_version(app, public) == v + 1  # one more at every move
    v = event_version(app, public)
    left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
    assert (
        director.post(f"/t/{play}/end", {"hand": 1, "after": len(hand.moves), **left}).status_code
        == 302
    )
    assert event_version(app, public) == v + 1
    # the hand settled: what the pages poll moved on, and both pages show the new hand
    assert director.get(f"/p/{public}/version").get_data(as_text=True) != shown
    totals = [str(t) for t in match.totals()]
    for page in ("", "/tv"):
        html = director.get(f"/p/{public}{page}?fragment=1").get_data(as_text=True)
        line = text_of(html, "table-1")
        assert "hand 2" in line, line
        assert re.findall(r"\b\d+\b", line.split("hand 2")[0])[-2:] == totals, line
        full = director.get(f"/p/{public}{page}").get_data(as_text=True)
        assert "hand 2" in text_of(full, "table-1")
    # an event's other writes (the director's) move it on too
    v = event_version(app, public)
    director.act(token, "time")
    assert event_version(app, public) > v
    assert "Time is called" in director.get(f"/p/{public}?fragment=1").get_data(as_text=True)


def standings(director, public: str) -> list[tuple]:
    rows = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    return [(r["rank"], r["entrant"], r["played"]) for r in rows]


def play_to_end(director, play: str, rng) -> dict:
    """Play the match at `play` to its end; the last hand's settling form."""
    rec = director.record(play)
    match = Match(rec["variant"], rec["players"], rec["options"])
    for number in range(1, 40):
        hand = play_hand(match, rng)
        for after, m in enumerate(hand.moves):
            assert (
                director.post(f"/t/{play}/{m.kind}", move_form(hand, number, after, m)).status_code
                == 302
            )
        left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
        end = {"hand": number, "after": len(hand.moves), **left}
        assert director.post(f"/t/{play}/end", end).status_code == 302
        if match.result()[0]:
            return end
    raise AssertionError("the match did not end")


def test_standings_after_a_correction_and_an_unlock_are_right(director):
    token, public = started(director, club=director.club_key())
    nothing = standings(director, public)
    assert all(played == 0 for _rank, _name, played in nothing)
    play = director.get(director.table_links(token)[0]).location.rsplit("/", 1)[1]
    end = play_to_end(director, play, random.Random(3))
    won = standings(director, public)
    assert won != nothing and sum(p for _r, _n, p in won) == 2  # both sides of table 1
    assert "won by" in text_of(director.get(f"/p/{public}?fragment=1").get_data(True), "table-1")
    # a correction: the last hand's settling taken back, the table is no longer decided
    director.undo(play)
    assert standings(director, public) == nothing
    html = director.get(f"/p/{public}?fragment=1").get_data(as_text=True)
    assert "won by" not in text_of(html, "table-1")
    assert "won by" not in text_of(director.get(f"/p/{public}/tv").get_data(True), "table-1")
    # settled again, signed by both sides, unlocked by the director, corrected again
    assert director.post(f"/t/{play}/end", end).status_code == 302
    assert standings(director, public) == won
    # the entrants are members: each side signs with its member's PIN
    score = re.search(r'name="score" value="([^"]+)"', director.table(play)).group(1)
    pins = director.new_cards(token)
    director.sign(play, [pins[name] for name in director.record(play)["players"]], score)
    table = director.table_ids(token)[0]
    director.act(token, f"tables/{table}/unlock", {"reason": "a misread tile"})
    assert standings(director, public) == won
    director.undo(play)
    assert standings(director, public) == nothing
    assert "won by" not in text_of(director.page(token), "table-1")
    assert "won by" not in text_of(director.get(f"/p/{public}").get_data(True), "table-1")


def test_the_directors_page_at_30_tables_is_small(director):
    names = [f"Player {i:02d}" for i in range(60)]
    token, _public = started(director, names, club=director.club_key())
    assert len(director.table_ids(token)) == 30
    director.new_cards(token)  # printed as the event is made: the page lists them no more
    size = len(director.get(f"/e/{token}").data)
    # 341 KB at 100 tables before: a third of the goal's 100 KB at 100 tables
    assert size < 30_000, size
    # usable without JS: each table's acts a link away, there as forms
    page = director.table_page(token, director.table_ids(token)[7])
    assert "/forfeit" in page and "/abandon" in page and "<form" in page


def test_the_poll_lags_a_busy_event_by_at_most_its_lag(app, director):
    app.config["EVENT_POLL_LAG"] = 0.5
    token, public = started(director)
    poll = f"/p/{public}/version"
    play = director.get(director.table_links(token)[0]).location.rsplit("/", 1)[1]
    rec = director.record(play)
    hand = play_hand(Match(rec["variant"], rec["players"], rec["options"]), random.Random(5))
    assert (
        director.post(
            f"/t/{play}/{hand.moves[0].kind}", move_form(hand, 1, 0, hand.moves[0])
        ).status_code
        == 302
    )
    checked = time.monotonic()  # a new version: checked in the next request, not before
    before = director.get(f"/p/{public}?fragment=1").headers["ETag"].strip('"')
    assert director.get(poll).get_data(as_text=True) == before  # checked: exact
    director.act(token, "time")  # a change the pages show (time called)
    answer = director.get(poll).get_data(as_text=True)
    if time.monotonic() - checked < 0.5:  # within the lag: the last check's answer
        assert answer == before
    time.sleep(0.55)
    after = director.get(poll).get_data(as_text=True)  # past it: checked again
    assert after != before
    html = director.get(f"/p/{public}?fragment=1").get_data(as_text=True)
    assert f'data-version="{after}"' in html and "Time is called" in html


def test_viewers_arriving_at_once_after_a_change_make_one_render(app, director, monkeypatch):
    """A change the pages show, then 8 viewers fetching the live fragment at the same
    moment (each in its own thread) while it renders (50 ms here, as in a busy hall): one
    check and one render for all of them."""
    if app.config["DB_KIND"] != "sqlite":
        pytest.skip("threads of one test client: the SQLite run shows it")
    import threading

    from referee.web.events import views

    def slow(template, **kw):
        if template == "events/_live.html":
            time.sleep(0.05)
        return render(template, **kw)

    render = views.render_template
    monkeypatch.setattr(views, "render_template", slow)

    token, public = started(director)
    url = f"/p/{public}?fragment=1"
    app.test_client().get(url)
    director.act(token, "time")  # time called: what the pages show changes
    kept = app.extensions["referee_live"]
    checks, done = kept.counts["checks"], renders(app)
    gate, bodies = threading.Barrier(8), []

    def viewer():
        client = app.test_client()
        gate.wait()
        bodies.append(client.get(url).get_data(as_text=True))

    threads = [threading.Thread(target=viewer) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(bodies)) == 1 and "Time is called" in bodies[0]
    assert renders(app) == done + 1
    assert kept.counts["checks"] == checks + 1


def test_the_live_fragment_is_answered_before_flask_once_the_host_has_it(app, director):
    """A viewer's fetch of the live fragment at the shown version the host has rendered is
    answered before Flask's request cycle, in the server's event loop (on PostgreSQL too,
    from memory, within the poll's lag): the same bytes and headers as the view, in the
    viewer's language, 304 to one who holds it; a change the pages show goes to the view
    again (rendered once)."""
    from test_poll import asgi_get, server_of

    app.config["EVENT_POLL_LAG"] = 5  # what the loop may answer from memory on PostgreSQL
    token, public = started(director)
    url, gz = f"/p/{public}/tv", {"Accept-Encoding": "gzip"}
    first = app.test_client().get(url + "?fragment=1", headers=gz)  # the view renders it
    english = app.test_client().get(url + "?fragment=1")
    polish = app.test_client().get(url + "?fragment=1", headers={"Accept-Language": "pl"})
    assert polish.data != english.data  # a page per language
    app.test_client().get(f"/p/{public}/version")  # the poll has it
    server = server_of(app)  # no thread asked: Flask never saw the request
    status, said, body, threaded = asgi_get(server, url, "fragment=1", gz)
    assert (status, body, threaded) == (200, first.data, False)
    for name in ("ETag", "Content-Encoding", "Content-Type", "Cache-Control"):
        assert said[name.lower()] == first.headers[name]
    assert said["content-security-policy"] == first.headers["Content-Security-Policy"]
    assert "Accept-Language" in said["vary"] and "Accept-Language" in first.headers["Vary"]
    pl = {"Accept-Language": "pl"}
    assert asgi_get(server, url, "fragment=1", pl)[2:] == (polish.data, False)
    held = {"If-None-Match": first.headers["ETag"]}
    assert asgi_get(server, url, "fragment=1", held)[::2] == (304, b"")
    app.config["EVENT_POLL_LAG"] = 0
    director.act(token, "time")  # what the pages show changes: the view renders it anew
    done = renders(app)
    status, said, body, threaded = asgi_get(server, url, "fragment=1", gz)
    assert status == 200 and threaded and said["etag"] != first.headers["ETag"]
    assert renders(app) == done + 1


def test_a_check_reads_the_result_the_writing_process_kept_instead_of_replaying(app, director):
    """Two processes of one host (two apps on one database and one folder of kept files):
    a move through one, and the other's check of the event finds the game's result that
    the writer kept (no replay of the match); the pages show the same either way."""
    if app.config["DB_KIND"] != "sqlite":
        pytest.skip("two apps on one SQLite file stand for two processes of a host")
    from conftest import make_app

    other = make_app(
        {k: app.config[k] for k in ("SQLALCHEMY_DATABASE_URI", "RENDERED_DIR")}
        | {"SQLALCHEMY_ENGINE_OPTIONS": app.config["SQLALCHEMY_ENGINE_OPTIONS"]}
    )
    token, public = started(director)
    viewer = other.test_client()
    viewer.get(f"/p/{public}?fragment=1")  # the other process has checked the event once
    play = director.get(director.table_links(token)[0]).location.rsplit("/", 1)[1]
    rec = director.record(play)
    hand = play_hand(Match(rec["variant"], rec["players"], rec["options"]), random.Random(5))
    first = hand.moves[0]
    moved = director.post(f"/t/{play}/{first.kind}", move_form(hand, 1, 0, first))
    assert moved.status_code == 302
    moved.close()  # as the server does once the answer has gone: the kept files are written
    replays = dict(other.extensions["referee_state"].counts)
    page = viewer.get(f"/p/{public}?fragment=1").get_data(as_text=True)
    assert dict(other.extensions["referee_state"].counts) == replays  # nothing replayed
    assert page == app.test_client().get(f"/p/{public}?fragment=1").get_data(as_text=True)
    with other.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_process_meeting_an_event_reads_the_results_another_replayed(app, director):
    """The first check of an event in a process of the host replays none of its matches
    when another process has checked it (their results are in the host's files): a
    server's processes meet a live event once, not once each."""
    if app.config["DB_KIND"] != "sqlite":
        pytest.skip("two apps on one SQLite file stand for two processes of a host")
    from conftest import make_app

    config = {k: app.config[k] for k in ("SQLALCHEMY_DATABASE_URI", "RENDERED_DIR")} | {
        "SQLALCHEMY_ENGINE_OPTIONS": app.config["SQLALCHEMY_ENGINE_OPTIONS"]
    }
    first, second = make_app(config), make_app(config)  # two processes that know nothing
    eight = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"]
    _token, public = started(director, names=eight)  # four tables
    url = f"/p/{public}/standings.json"  # the event's state: its check, in each process
    seen = first.test_client().get(url)
    assert replays(first) == 4  # replayed: its 4 matches
    seen.close()  # as the server does once the answer has gone: the kept files are written
    again = second.test_client().get(url).get_data(as_text=True)
    assert replays(second) == 0  # nothing replayed
    assert again == seen.get_data(as_text=True)
    for other in (first, second):
        with other.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.mark.parametrize("offered", ["gzip;q=0, deflate", "identity", "*;q=0.5"])
def test_a_viewer_is_sent_gzip_only_if_it_takes_gzip(app, director, offered):
    """`gzip;q=0` refuses gzip although it names it; `*` takes it: by the view and by the
    server's event loop alike."""
    from test_poll import asgi_get, server_of

    app.config["EVENT_POLL_LAG"] = 5
    _token, public = started(director)
    url, asked = f"/p/{public}/tv", {"Accept-Encoding": offered}
    plain = app.test_client().get(url + "?fragment=1")
    by_view = app.test_client().get(url + "?fragment=1", headers=asked)
    app.test_client().get(f"/p/{public}/version")  # the poll has it
    status, said, by_loop, threaded = asgi_get(server_of(app), url, "fragment=1", asked)
    assert status == 200 and not threaded
    zipped = offered.startswith("*")
    assert by_view.headers.get("Content-Encoding") == ("gzip" if zipped else None)
    assert said.get("content-encoding") == by_view.headers.get("Content-Encoding")
    read = gzip.decompress if zipped else bytes
    assert read(by_view.data) == read(by_loop) == plain.data
