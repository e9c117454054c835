"""Backups of a club's history: `flask --app app backup FILE`, `flask --app app restore FILE`.

- SQLite: SQLite's online backup API copies the database page by page into FILE, as one
  consistent snapshot, while the tables go on recording (WAL mode: the writers do not
  wait). FILE is a SQLite database itself. A copy of the file with `cp` is not a backup:
  the last commits live in the `-wal` file beside it.
- PostgreSQL: `pg_dump --format=custom` (one transaction's snapshot), restored with
  `pg_restore`. The programs come with Debian's `postgresql-client` (installed with
  `postgresql`); the connection's details go to them through the environment (`PGHOST`,
  `PGPASSWORD`, ...), never on a command line that `ps` shows.

`restore` refuses to replace a database that holds matches unless told to (`--force`, or
"y" to its question), and says what it restored. `backup --check FILE` reads a backup
without restoring it and says what it holds. docs/deployment.md has the nightly timer.
"""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import func, select
from sqlalchemy.engine import URL, make_url

from .store import db

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"


@dataclass(frozen=True)
class Contents:
    """What a database or a backup holds."""

    matches: int
    moves: int
    revision: str | None

    def __str__(self) -> str:
        rev = f", schema revision {self.revision}" if self.revision else ""
        return f"{self.matches:,} matches, {self.moves:,} moves{rev}"


class BackupError(click.ClickException):
    """A backup or restore that cannot be done, with the reason (exit status 1)."""


# -- what the app's database is ------------------------------------------------------------
def _url() -> URL:
    return make_url(current_app.config["SQLALCHEMY_DATABASE_URI"])


def _sqlite_file(url: URL) -> Path:
    name = url.database
    if not name or name == ":memory:" or name.startswith("file:"):
        raise BackupError("this SQLite database is not a file: nothing to back up")
    return Path(name)


def kind(url: URL) -> str:
    backend = url.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise BackupError(f"backups know SQLite and PostgreSQL, not {backend}")
    return backend


def contents() -> Contents:
    """What the app's database holds now."""
    from .models import Match, Move

    matches = db.session.execute(select(func.count()).select_from(Match)).scalar_one()
    moves = db.session.execute(select(func.count()).select_from(Move)).scalar_one()
    try:
        revision = db.session.execute(db.text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:  # noqa: BLE001  (a database never migrated)
        db.session.rollback()
        revision = None
    db.session.remove()
    return Contents(matches, moves, revision)


def _sqlite_contents(path: Path) -> Contents:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        ok = con.execute("PRAGMA integrity_check").fetchone()[0]
        if ok != "ok":
            raise BackupError(f"{path} is damaged: {ok}")
        count = {
            t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608
            for t in ("matches", "moves")
        }
        revision = con.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as e:
        raise BackupError(f"{path} is not a backup of this app: {e}") from None
    finally:
        con.close()
    return Contents(count["matches"], count["moves"], revision[0] if revision else None)


# -- PostgreSQL's programs -----------------------------------------------------------------
def _program(name: str) -> str:
    """pg_dump or pg_restore: on PATH, else the newest of Debian's PostgreSQL versions."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if versions:
        return versions[-1]
    raise BackupError(f"{name} is not installed: apt-get install postgresql-client")


def _pg_env(url: URL) -> dict[str, str]:
    """The connection as libpq's environment variables (the password is not shown to `ps`)."""
    env = dict(os.environ)
    for var, value in (
        ("PGHOST", url.host),
        ("PGPORT", url.port),
        ("PGUSER", url.username),
        ("PGPASSWORD", url.password),
        ("PGDATABASE", url.database),
    ):
        if value not in (None, ""):
            env[var] = str(value)
    query = dict(url.query)
    for key, var in (
        ("host", "PGHOST"),
        ("port", "PGPORT"),
        ("options", "PGOPTIONS"),
        ("sslmode", "PGSSLMODE"),
        ("sslrootcert", "PGSSLROOTCERT"),
    ):
        value = query.get(key)
        if isinstance(value, tuple):
            value = value[0]
        if value:
            env[var] = value
    options = current_app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}).get("connect_args", {})
    if options.get("options"):  # the tests' search_path
        env["PGOPTIONS"] = options["options"]
    return env


def _run(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{Path(args[0]).name} failed: {done.stderr.strip()}")
    return done.stdout


def _copy_rows(dump: Path, table: str) -> int:
    """Rows of `table` in a custom-format dump, read with pg_restore (no database needed)."""
    out = _run(
        [_program("pg_restore"), "--data-only", f"--table={table}", "--file=-", str(dump)],
        dict(os.environ),
    )
    rows, inside = 0, False
    for line in out.splitlines():
        if line.startswith("COPY "):
            inside = True
        elif inside and line == "\\.":
            inside = False
        elif inside:
            rows += 1
    return rows


def _pg_contents(dump: Path) -> Contents:
    listing = _run([_program("pg_restore"), "--list", str(dump)], dict(os.environ))
    if " TABLE " not in listing or " matches " not in listing:
        raise BackupError(f"{dump} is not a backup of this app (no table matches)")
    out = _run(
        [_program("pg_restore"), "--data-only", "--table=alembic_version", "--file=-", str(dump)],
        dict(os.environ),
    )
    lines = out.splitlines()
    revision = next(
        (
            lines[i + 1]
            for i, line in enumerate(lines[:-1])
            if line.startswith("COPY ") and lines[i + 1] != "\\."
        ),
        None,
    )
    return Contents(_copy_rows(dump, "matches"), _copy_rows(dump, "moves"), revision)


def read_backup(path: Path) -> tuple[str, Contents]:
    """("sqlite" or "postgresql", what the backup at `path` holds); BackupError if it is
    not one."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError as e:
        raise BackupError(f"cannot read {path}: {e.strerror}") from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite", _sqlite_contents(path)
    if head.startswith(PG_MAGIC):
        return "postgresql", _pg_contents(path)
    raise BackupError(f"{path} is neither a SQLite backup nor a pg_dump archive")


# -- backup and restore --------------------------------------------------------------------
def backup(target: Path) -> Contents:
    """Back the app's database up into `target` (written beside it, then moved into place:
    a failed backup leaves no half file under that name)."""
    url = _url()
    target = target.resolve()
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    os.close(fd)
    try:
        if kind(url) == "sqlite":
            src = sqlite3.connect(_sqlite_file(url), timeout=30)
            dst = sqlite3.connect(temp)
            try:
                with dst:
                    src.backup(dst)  # one step: a consistent snapshot of a live database
                dst.execute("PRAGMA journal_mode=DELETE")  # the backup is one file
            finally:
                dst.close()
                src.close()
        else:
            _run(
                [
                    _program("pg_dump"),
                    "--format=custom",
                    "--no-owner",
                    "--no-privileges",
                    f"--file={temp}",
                ],
                _pg_env(url),
            )
        os.chmod(temp, 0o600)  # it holds every table's links
        os.replace(temp, target)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
    return read_backup(target)[1]


def restore(source: Path) -> Contents:
    """Replace the app's database with the backup at `source`; what it now holds."""
    url = _url()
    backup_kind, _held = read_backup(source)
    if backup_kind != kind(url):
        raise BackupError(f"{source} is a {backup_kind} backup; the app's database is {kind(url)}")
    db.session.remove()
    db.engine.dispose()
    if backup_kind == "sqlite":
        path = _sqlite_file(url)
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        dst = sqlite3.connect(path, timeout=30)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=WAL")
        finally:
            dst.close()
            src.close()
    else:
        _run(
            [
                _program("pg_restore"),
                "--clean",
                "--if-exists",
                "--no-owner",
                "--no-privileges",
                "--single-transaction",
                "--exit-on-error",
                f"--dbname={_pg_env(url).get('PGDATABASE', '')}",
                str(source),
            ],
            _pg_env(url),
        )
    # the tables rendered from the database before (a cache, keyed by match and version:
    # an older backup's versions come again with other moves)
    shutil.rmtree(current_app.config["RENDERED_DIR"], ignore_errors=True)
    return contents()


# -- the commands --------------------------------------------------------------------------
@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--check",
    is_flag=True,
    help="Read the backup FILE and say what it holds, instead of making one.",
)
@with_appcontext
def backup_command(file: Path, check: bool) -> None:
    """Back the database up into FILE (SQLite: the online backup API; PostgreSQL:
    pg_dump's custom format), consistent while tables are recording."""
    if check:
        backup_kind, held = read_backup(file)
        click.echo(f"{file}: a good {backup_kind} backup: {held}.")
        return
    held = backup(file)
    click.echo(f"Backed up {held} into {file}.")


@click.command("restore")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Replace a database that holds matches.")
@with_appcontext
def restore_command(file: Path, force: bool) -> None:
    """Replace the database with the backup FILE. Stop the app servers first (their
    processes keep replayed tables in memory)."""
    _kind, held = read_backup(file)
    try:
        now_held = contents()
    except Exception:  # noqa: BLE001  (an empty database: no tables yet)
        db.session.rollback()
        now_held = Contents(0, 0, None)
    if now_held.matches and not force:
        question = f"The database holds {now_held}. Replace it with {file} ({held})?"
        if not click.confirm(question, default=False):
            raise BackupError(
                "nothing restored: the database holds matches (--force replaces them)"
            )
    restored = restore(file)
    click.echo(f"Restored {file}: {restored}.")
    from .schema import heads

    if restored.revision and restored.revision not in heads():
        click.echo(
            f"The backup's schema is older ({restored.revision}): run `flask --app app db upgrade`."
        )


def init_app(app: Flask) -> None:
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
