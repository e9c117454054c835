"""Several phones at one table: two post different moves for the same turn at the same
moment, many times over; exactly one is recorded each time, the other is told what was."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy.exc import IntegrityError
from webhelpers import Phone, text_of

from referee.web.models import Hand, Move
from referee.web.store import db

ROUNDS = 32


def test_two_phones_race_for_the_same_turn(app):
    # The app fixture uses a file-based SQLite database (or PostgreSQL): real connections,
    # one per thread, as a server would have.
    a, b, c = (Phone(app.test_client()) for _ in range(3))
    token = a.start("five-up", ["Ana", "Ben"])
    for p in (b, c):
        p.players[token] = ["Ana", "Ben"]
        p.csrf  # fetch each phone's CSRF token before the race  # noqa: B018
    a.moves(token, "Ana 5-5")  # Ben to play: 5-0 or 5-1 on 5-5
    outcomes = []
    for round_ in range(ROUNDS):
        barrier = threading.Barrier(2)
        results = {}

        def send(phone, line, key, barrier=barrier, results=results):
            barrier.wait()
            r = phone.post(
                f"/t/{token}/play",
                {"hand": 1, "after": 1, "seat": 1, "tile": line, "on": "5-5"},
            )
            results[key] = (r.status_code, r.get_data(as_text=True))

        threads = [
            threading.Thread(target=send, args=(a, "5-0", "a")),
            threading.Thread(target=send, args=(b, "5-1", "b")),
        ]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        statuses = sorted(code for code, _ in results.values())
        assert statuses == [302, 409], (round_, {k: v[0] for k, v in results.items()})
        winner = "a" if results["a"][0] == 302 else "b"
        loser = "b" if winner == "a" else "a"
        laid = {"a": "5-0", "b": "5-1"}[winner]
        message = text_of(results[loser][1], "refused")
        assert f"already recorded: Ben laid {laid} on 5-5" in message
        outcomes.append(winner)
        with app.app_context():
            live = db.select(Move).where(Move.taken_back.is_(None)).order_by(Move.seq)
            moves = db.session.execute(live).scalars().all()
            assert [(m.seq, m.tile) for m in moves] == [(1, "5-5"), (2, laid)]
            every = db.session.execute(db.select(Move)).scalars().all()
            assert len(every) == 2 + round_  # the moves taken back keep their rows
            db.session.remove()
        c.undo(token)  # a third phone takes it back for the next round
    assert len(outcomes) == ROUNDS


def test_the_database_refuses_a_duplicate_move(app):
    phone = Phone(app.test_client())
    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5")
    with app.app_context():
        hand = db.session.execute(db.select(Hand)).scalar_one()
        db.session.add(Move(hand_id=hand.id, seq=1, seat=1, kind="play", tile="5-0", on="5-5"))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
        # a move taken back does not hold its turn: another may be recorded in its place
        db.session.add(Move(hand_id=hand.id, seq=1, seat=1, kind="play", tile="5-0", taken_back=1))
        db.session.commit()
        db.session.remove()
