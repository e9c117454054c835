"""The phone's path (issue 22): what a table's phones ask most costs few waits for the
database. A move recorded from the table screen (as its script sends it) through the
process that keeps the match waits for PostgreSQL once (one statement that adds the move
if the version is still the kept one: the match is not read), the other phones' fetch of
the new table and the version poll once each; no connection is pinged before use. A
fetch write sets no cookie (nothing is flashed). A process's first request on a match it
has not seen replays the match once; an Undo through the process that made the move
replays nothing."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time

import psycopg
import psycopg._cursor_base
import pytest
from webhelpers import Phone, sent_sql, text_of

from referee.engine import record
from referee.engine.match import Match
from referee.engine.simulate import deal, leader, play_hand
from referee.web.server import inflight
from referee.web.table import state

FETCH = {"X-Requested-With": "fetch"}


@contextlib.contextmanager
def round_trips():
    """Count the round trips to PostgreSQL: every command psycopg sends and waits for
    (statements, BEGIN, COMMIT, ROLLBACK, a ping), and every statement sent to be
    answered later (`inflight.send`: a move), in `counted["n"]`."""
    counted = {"n": 0}
    cursor_execute, generators_execute = psycopg._cursor_base.execute, psycopg.generators.execute

    def sent(sql):
        counted["n"] += 1

    def wrap(execute):
        def counting(pgconn, *args, **kwargs):
            counted["n"] += 1
            return (yield from execute(pgconn, *args, **kwargs))

        return counting

    psycopg._cursor_base.execute = wrap(cursor_execute)
    psycopg.generators.execute = wrap(generators_execute)
    inflight.TRACE.append(sent)
    try:
        yield counted
    finally:
        inflight.TRACE.remove(sent)
        psycopg._cursor_base.execute = cursor_execute
        psycopg.generators.execute = generators_execute


def play_and_take_back(phone: Phone, token: str) -> None:
    r = phone.post(
        f"/t/{token}/play", {"hand": 1, "after": 1, "seat": 1, "tile": "5-0", "on": "5-5"}
    )
    assert r.status_code == 302
    phone.post(f"/t/{token}/undo", {"hand": 1, "after": 2, "settled": 0})
    phone.table(token)  # the redirect followed: the table as it is now


def fetch_play(phone: Phone, token: str):
    r = phone.post(
        f"/t/{token}/play",
        {"hand": 1, "after": 1, "seat": 1, "tile": "5-0", "on": "5-5"},
        headers=FETCH,
    )
    assert r.status_code == 200 and r.headers["X-Table-Fragment"] == "1"
    return r


@pytest.mark.postgres
def test_a_play_from_the_table_screen_waits_once_for_postgresql(app, phone):
    if app.config["DB_KIND"] != "postgres":
        pytest.skip("round trips to a database server")
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    other = Phone(app.test_client())
    other.players[t] = phone.players[t]
    for _ in range(8):  # connections made, statements prepared (psycopg: at the 5th)
        play_and_take_back(phone, t)
        other.get(f"/t/{t}?fragment=1")
    with round_trips() as trips:
        r = fetch_play(phone, t)
    assert trips["n"] == 1  # the bump and the move in one statement; the match not read
    assert "Ben laid 5-0 on 5-5" in text_of(r.get_data(as_text=True), "moves")
    with round_trips() as trips:
        html = other.get(f"/t/{t}?fragment=1").get_data(as_text=True)
    assert trips["n"] == 1 and "Ben laid 5-0 on 5-5" in text_of(html, "moves")
    with round_trips() as trips:
        version = other.get(f"/t/{t}/version").get_data(as_text=True)
    shown = re.search(r'data-version="(\d+)"', r.get_data(as_text=True)).group(1)
    assert trips["n"] == 1 and version == shown


def test_a_play_through_the_process_keeping_the_match_does_not_read_it(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    for _ in range(3):
        play_and_take_back(phone, t)
    with sent_sql(app) as sent:
        fetch_play(phone, t)
    said = [s.split()[0] for s in sent]
    if app.config["DB_KIND"] == "postgres":
        assert said == ["WITH"], sent  # the bump and the move: one statement
    else:  # on the thread's own connection (`connections.SqliteWriter`)
        assert said == ["BEGIN", "UPDATE", "INSERT", "COMMIT"], sent
    with sent_sql(app) as sent:  # a process that keeps no state of it reads it first
        app.extensions["referee_state"].data.clear()
        r = phone.post(f"/t/{t}/undo", {"hand": 1, "after": 2, "settled": 0}, headers=FETCH)
    assert r.status_code == 200 and sent[0].startswith("SELECT"), sent


def test_a_write_from_the_table_screen_sets_no_cookie(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    phone.table(t)  # the phone has its session (its CSRF token) and its id
    r = fetch_play(phone, t)
    assert "Ben laid 5-0 on 5-5" in text_of(r.get_data(as_text=True), "flash")
    assert r.headers.getlist("Set-Cookie") == []  # nothing flashed, no session re-signed
    r = phone.post(f"/t/{t}/undo", {"hand": 1, "after": 2, "settled": 0}, headers=FETCH)
    assert r.status_code == 200 and r.headers.getlist("Set-Cookie") == []


def long_match(phone: Phone, hands: int) -> str:
    """A French Connection match of `hands` settled hands and a few moves of the next,
    imported to carry on (deals left out, as at a table); its players' token."""
    rng = random.Random(5)
    match = Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"], {"target": 1000})
    for _ in range(hands):
        play_hand(match, rng)
    dealt, stock = deal(match, rng)
    hand = match.new_hand(dealt)
    seat = leader(hand, rng)
    for _ in range(3):
        hand.play_random(rng, seat, stock)
    data = record.to_json(match)
    for h in data["hands"]:
        h.pop("dealt", None)
    r = phone.post("/import", {"text": json.dumps(data), "carry_on": "y"})
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    return r.location.rsplit("/", 1)[1]


@pytest.fixture
def replays(monkeypatch):
    """The replays made ((hands replayed) for each), counted at the engine's replay."""
    made: list[int] = []
    replay = state.record.replay_at_table

    def counting(rec, resume=None):
        made.append(len(rec.hands) - (len(resume.hands) if resume is not None else 0))
        return replay(rec, resume=resume)

    monkeypatch.setattr(state.record, "replay_at_table", counting)
    return made


@pytest.mark.parametrize("first", ["write", "fetch", "page"])
def test_a_process_replays_a_match_it_has_not_seen_once(two_apps, replays, first):
    one, two = two_apps
    t = long_match(Phone(one.test_client()), hands=12)
    q = Phone(two.test_client())
    q.csrf  # noqa: B018  (the phone has its session before the request measured)
    replays.clear()
    if first == "write":  # a pass, refused or not: the state replayed for it is the same
        r = q.post(f"/t/{t}/pass", {"hand": 13, "after": 3, "seat": 3}, headers=FETCH)
    elif first == "fetch":
        r = q.get(f"/t/{t}?fragment=1")
    else:
        r = q.get(f"/t/{t}")
    assert r.status_code in (200, 422), r.get_data(as_text=True)[:500]
    assert 'data-hand="13"' in r.get_data(as_text=True)
    assert replays == [13]  # once, every hand once
    q.get(f"/t/{t}?fragment=1&tile=6-6")  # and the next request replays nothing
    assert replays == [13]


def test_a_move_at_an_events_table_is_written_under_the_matchs_lock(app, monkeypatch):
    """An event's game is not written in the one-statement path: its move goes through
    `transaction.lock`, which also counts the write in the event's version (the event's
    pages poll it)."""
    from eventhelpers import Director, move_form

    from referee.web.table import transaction

    director = Director(app.test_client())
    token = director.create("five-up", ["Ana", "Ben"], format="swiss", rounds=1, target=10)
    director.act(token, "pair")
    director.act(token, "start")
    r = director.get(director.table_links(token)[0])
    t = r.location.rsplit("/", 1)[1]
    rec = director.record(t)
    match = Match(rec["variant"], rec["players"], rec["options"])
    hand = play_hand(match, random.Random(3))
    locked = []
    lock = transaction.lock
    monkeypatch.setattr(transaction, "lock", lambda table: locked.append(1) or lock(table))
    first = hand.moves[0]
    r = director.post(f"/t/{t}/{first.kind}", move_form(hand, 1, 0, first), headers=FETCH)
    assert r.status_code == 200, r.get_data(as_text=True)[:500]
    assert locked and director.position(t) == (1, 1)


def _shown(html: str) -> str:
    """The table as every phone sees it: from its status on, without this phone's CSRF
    token and the time it got the page."""
    html = html[html.index('<section id="status"') :]
    html = re.sub(r'name="csrf_token" value="[^"]*"', "", html)
    return re.sub(r' data-rendered="[^"]*"', "", html)


def test_an_undo_through_the_process_that_made_the_move_replays_nothing(two_apps, replays):
    """The Undo's answer is the table as it stood before the move taken back: the process
    that made the move kept that hand, and takes it up again without reading or
    replaying; what it shows is what a process that replays the match shows."""
    one, two = two_apps
    two.config["RENDERED_DIR"] += "-two"  # another host: it renders the table itself
    p = Phone(one.test_client())
    t = p.start("five-up", ["Ana", "Ben"])
    moves = ["Ana 5-5", "Ben 5-0 on 5-5", "Ana 0-0 on 5-0", "Ben draw 2", "Ben 5-3 on 5-5"]
    seen = {}
    for n, line in enumerate(moves):
        name, *rest = line.split()
        data = {"hand": 1, "after": n, "seat": p.players[t].index(name)}
        if rest[0] == "draw":
            r = p.post(f"/t/{t}/draw", dict(data, count=rest[1]), headers=FETCH)
        else:
            data |= {"tile": rest[0], "on": rest[2] if len(rest) > 1 else ""}
            r = p.post(f"/t/{t}/play", data, headers=FETCH)
        assert r.status_code == 200, r.get_data(as_text=True)[:500]
        seen[n + 1] = _shown(r.get_data(as_text=True))
    replays.clear()
    r = p.post(f"/t/{t}/undo", {"hand": 1, "after": 5, "settled": 0}, headers=FETCH)
    assert r.status_code == 200
    undone = r.get_data(as_text=True)
    assert "Taken back: Ben laid 5-3 on 5-5." in text_of(undone, "flash")
    assert replays == []  # no replay: the hand before the move, as this process kept it
    assert _shown(undone) == seen[4]
    q = Phone(two.test_client())
    assert _shown(q.get(f"/t/{t}?fragment=1").get_data(as_text=True)) == seen[4]
    assert replays == [1]  # the other process replayed it: the same table
    # a second Undo in a row is not known without a replay: the hand is replayed once
    r = p.post(f"/t/{t}/undo", {"hand": 1, "after": 4, "settled": 0}, headers=FETCH)
    assert r.status_code == 200 and _shown(r.get_data(as_text=True)) == seen[3]
    assert replays == [1, 1]
    # a move another process made is taken back with a replay, and shows the same
    q.players[t] = p.players[t]
    q.move(t, "Ben draw 2")
    r = p.post(f"/t/{t}/undo", {"hand": 1, "after": 4, "settled": 0}, headers=FETCH)
    assert r.status_code == 200 and _shown(r.get_data(as_text=True)) == seen[3]


@pytest.mark.postgres
def test_a_thread_keeps_its_connection_and_a_broken_one_is_made_anew(app, phone):
    """A thread's requests check no connection out of the pool (it keeps its own from one
    request to the next); when PostgreSQL ends that connection, the next request takes a
    new one without an error, and a move's prepared statement is prepared on it again."""
    if app.config["DB_KIND"] != "postgres":
        pytest.skip("a database server's connections")
    from sqlalchemy import event, text

    from referee.web.server import connections

    engine = connections.autocommit_engine(app)
    checkouts = []
    event.listen(engine, "checkout", lambda *args: checkouts.append(1))
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    for _ in range(3):
        play_and_take_back(phone, t)
    checkouts.clear()
    for _ in range(5):
        fetch_play(phone, t)
        phone.post(f"/t/{t}/undo", {"hand": 1, "after": 2, "settled": 0}, headers=FETCH)
        phone.get(f"/t/{t}?fragment=1")
        phone.get(f"/t/{t}/version")
    assert checkouts == []  # fifteen reads and five moves on the thread's one connection
    with app.app_context():
        kept = connections.thread_connection(engine)
        pid = kept.execute(text("select pg_backend_pid()")).scalar()
    with engine.connect() as other:
        other.execute(text("select pg_terminate_backend(:pid)"), {"pid": pid})
        gone = text("select count(*) from pg_stat_activity where pid = :pid")
        for _ in range(500):  # the backend ends a moment after it is told to
            if not other.execute(gone, {"pid": pid}).scalar():
                break
            time.sleep(0.01)
    before = len(checkouts)
    r = fetch_play(phone, t)  # no error: a new connection, the statement prepared anew
    assert "Ben laid 5-0 on 5-5" in text_of(r.get_data(as_text=True), "moves")
    assert len(checkouts) == before + 1 and phone.position(t) == (1, 2)


@pytest.mark.postgres
def test_a_server_that_makes_a_thread_per_request_leaves_no_connection_checked_out(app, phone):
    """Flask's own server (`flask run`) runs each request on a thread of its own: once such
    threads have ended, their kept connections go back to the pool (at the next thread's
    first request), so a burst of requests does not leave the pool dry."""
    if app.config["DB_KIND"] != "postgres":
        pytest.skip("a database server's connections")
    import threading

    from referee.web.server import connections

    engine = connections.autocommit_engine(app)
    t = phone.start("five-up", ["Ana", "Ben"])
    burst = 8  # requests at once, each on its thread (fewer than the pool holds: 5 + 10)
    together = threading.Barrier(burst)
    answers = []

    def request():
        answers.append(app.test_client().get(f"/t/{t}/version").status_code)
        together.wait()  # all alive at once: each its own thread, none reused

    threads = [threading.Thread(target=request) for _ in range(burst)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * burst
    assert engine.pool.checkedout() >= burst - 1  # each thread kept its own
    after = threading.Thread(target=lambda: answers.append(phone.get(f"/t/{t}/version")))
    after.start()
    after.join()
    assert engine.pool.checkedout() <= 2  # the ended threads' went back
