"""Backups: `flask --app app backup FILE` while a phone records moves, then `restore FILE`
into a fresh instance, on SQLite and PostgreSQL. The backup holds every move acknowledged
before it began (and no half move: every table replays); a restore refuses to replace a
database that holds matches unless told to, and says what it restored."""

from __future__ import annotations

import threading
import time
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from conftest import POSTGRES, make_app, postgres_url
from webhelpers import Phone

from referee.web.models import Hand, Match, Move
from referee.web.store import db

DATABASES = ["sqlite", pytest.param(POSTGRES, marks=pytest.mark.postgres)]
pytestmark = pytest.mark.timeout(180)


@pytest.fixture(params=DATABASES)
def fresh(request, tmp_path):
    """fresh(name) -> an app on a new, empty database of this kind (not migrated)."""
    made, drop = [], []
    admin = None
    if request.param == POSTGRES:
        admin = sa.create_engine(postgres_url(), isolation_level="AUTOCOMMIT")

    def new(name: str, migrated: bool = True):
        if request.param == "sqlite":
            url = f"sqlite:///{tmp_path / (name + '.sqlite')}"
        else:
            dbname = f"b_{name}_{uuid.uuid4().hex[:10]}"
            with admin.connect() as c:
                c.execute(sa.text(f"CREATE DATABASE {dbname}"))
            drop.append(dbname)
            url = sa.engine.make_url(postgres_url()).set(database=dbname)
            url = url.render_as_string(hide_password=False)
        config = {"SQLALCHEMY_DATABASE_URI": url, "RENDERED_DIR": str(tmp_path / name)}
        if migrated:
            app = make_app(config)
        else:
            from app import create_app

            app = create_app({"TESTING": True, "SECRET_KEY": "test"} | config)
        made.append(app)
        return app

    new.kind = request.param
    yield new
    for app in made:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    if admin is not None:
        with admin.connect() as c:
            for name in drop:
                c.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


def moves_by_match(app) -> dict[str, list[tuple]]:
    """Every match's moves, in order: {players' token: [(hand, number, kind, tile), ...]}."""
    with app.app_context():
        rows = db.session.execute(
            sa.select(Match.write_token, Hand.number, Move.seq, Move.kind, Move.tile)
            .join(Hand, Hand.match_id == Match.id)
            .join(Move, Move.hand_id == Hand.id)
            .order_by(Match.id, Hand.number, Move.seq)
        ).all()
        tokens = db.session.execute(sa.select(Match.write_token)).scalars().all()
        db.session.remove()
    out = {t: [] for t in tokens}
    for token, *move in rows:
        out[token].append(tuple(move))
    return out


class Recorder(threading.Thread):
    """A table's phone recording moves until told to stop: matches of Five-Up for two, Ana
    leads 5-5, then Ben draws; `acked` counts the moves the server said it recorded."""

    def __init__(self, app):
        super().__init__(daemon=True)
        self.app, self.acked, self.stop, self.error = app, 0, threading.Event(), None

    def run(self):
        try:
            phone = Phone(self.app.test_client())
            while not self.stop.is_set():
                token = phone.start("five-up", ["Ana", "Ben"])
                phone.move(token, "Ana 5-5", position=(1, 0))
                self.acked += 1
                for after in range(1, 11):
                    if self.stop.is_set():
                        return
                    phone.move(token, "Ben draw 1", position=(1, after))
                    self.acked += 1
        except Exception as e:  # noqa: BLE001  (reported by the test)
            self.error = e


def wait_for(pred, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_backup_taken_while_moves_are_recorded_restores_every_acknowledged_move(fresh, tmp_path):
    source = fresh("source")
    recorder = Recorder(source)
    recorder.start()
    wait_for(lambda: recorder.acked >= 15)
    cli = source.test_cli_runner()
    taken = []
    for i in range(3):  # three backups, each while the phone goes on recording
        before = recorder.acked
        out = cli.invoke(args=["backup", str(tmp_path / f"during-{i}.backup")])
        assert out.exit_code == 0, out.output
        taken.append((before, recorder.acked, tmp_path / f"during-{i}.backup"))
        wait_for(lambda n=recorder.acked: recorder.acked >= n + 5)
    recorder.stop.set()
    recorder.join(30)
    assert recorder.error is None, recorder.error
    assert recorder.acked > taken[-1][1]  # it recorded after the last backup too
    final = tmp_path / "final.backup"
    assert cli.invoke(args=["backup", str(final)]).exit_code == 0
    recorded = moves_by_match(source)

    for i, (before, after, path) in enumerate([*taken, (recorder.acked, recorder.acked, final)]):
        target = fresh(f"target{i}", migrated=i % 2 == 0)  # a fresh instance, migrated or not
        out = target.test_cli_runner().invoke(args=["restore", str(path)])
        assert out.exit_code == 0, out.output
        restored = moves_by_match(target)
        count = sum(len(m) for m in restored.values())
        # every move acknowledged before the backup began, at most the one in flight after
        assert before <= count <= after + 1, (i, before, count, after)
        assert f"{len(restored)} matches, {count} moves" in out.output
        for token, moves in restored.items():  # each match as it was at one moment
            assert moves == recorded[token][: len(moves)]
        phone = Phone(target.test_client())
        for token in list(restored)[-2:]:  # the last matches replay on the new instance
            assert phone.get(f"/t/{token}").status_code == 200
    assert count == recorder.acked  # the backup after the last move holds every one


def test_restore_refuses_to_replace_matches_unless_told(fresh, tmp_path):
    source = fresh("source")
    phone = Phone(source.test_client())
    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5; Ben draw 1")
    path = tmp_path / "club.backup"
    assert source.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0

    target = fresh("target")
    other = Phone(target.test_client())
    kept = other.start("five-up", ["Cleo", "Dan"])
    other.moves(kept, "Cleo 6-4")
    cli = target.test_cli_runner()
    out = cli.invoke(args=["restore", str(path)], input="n\n")
    assert out.exit_code == 1
    assert "1 matches, 1 moves" in out.output and "nothing restored" in out.output
    assert set(moves_by_match(target)) == {kept}  # untouched
    out = cli.invoke(args=["restore", str(path)])  # no answer at all: no
    assert out.exit_code == 1 and set(moves_by_match(target)) == {kept}

    kept_render = Path(target.config["RENDERED_DIR"]) / "kept-table"
    kept_render.parent.mkdir(parents=True, exist_ok=True)
    kept_render.write_text("a table rendered from the database before")
    out = cli.invoke(args=["restore", str(path)], input="y\n")
    assert out.exit_code == 0, out.output
    assert not kept_render.exists()  # the cache of the old database's tables is gone
    assert "Restored" in out.output and "1 matches, 2 moves" in out.output
    assert set(moves_by_match(target)) == {token}
    out = cli.invoke(args=["restore", "--force", str(path)])
    assert out.exit_code == 0 and "1 matches, 2 moves" in out.output


def test_backup_check_says_what_a_backup_holds_and_refuses_what_is_not_one(fresh, tmp_path):
    source = fresh("source")
    phone = Phone(source.test_client())
    for _ in range(2):
        phone.moves(phone.start("five-up", ["Ana", "Ben"]), "Ana 5-5; Ben draw 1; Ben draw 1")
    path = tmp_path / "club.backup"
    cli = source.test_cli_runner()
    out = cli.invoke(args=["backup", str(path)])
    assert out.exit_code == 0 and "2 matches, 6 moves" in out.output
    out = cli.invoke(args=["backup", "--check", str(path)])
    assert out.exit_code == 0, out.output
    assert f"a good {fresh.kind.replace(POSTGRES, 'postgresql')} backup" in out.output
    assert "2 matches, 6 moves" in out.output
    assert path.stat().st_mode & 0o077 == 0  # it holds every link: its owner's alone

    junk = tmp_path / "notes.txt"
    junk.write_text("not a backup")
    for args in (["backup", "--check", str(junk)], ["restore", "--force", str(junk)]):
        out = cli.invoke(args=args)
        assert out.exit_code == 1 and "neither a SQLite backup nor a pg_dump" in out.output
    assert len(moves_by_match(source)) == 2
