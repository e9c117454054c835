"""Once means once, held by the database: the one pattern of every write that may happen
only once (a fixture list made, cards printed, a league made, a merge, a sheet signed) or
must be unique (a league's name in a year, a team's in its league, a member's name).

- What may happen once is a conditional update of a state or version column (`claim`:
  ``UPDATE ... WHERE fixtures_made IS NULL``, one row or none). It is the write's first
  statement: on PostgreSQL it locks the row until the commit, and a second request
  waiting for it finds the state changed and claims nothing; on SQLite it takes the
  write lock before anything is read, so the reads after it see every commit before.
- What must be unique is a unique key, and the insert it refuses means the work is done
  (`unique`).
- Either way the service raises `Done`: what was asked is done already (by this
  request's twin, a reload, another phone). The view answers it as any write it did:
  a redirect to the current page, where the sentence says so (`answered`). A check in
  Python before the write would race; the database's answer does not.
- A limit (PIN tries, table codes) counts and records a try in one statement, its tries
  of one key counted one after the other (`serialized`).

A secret shown once (a card's link and PIN, a league secretary's link) is made from
the form's once-key (`key_of`, a random token each page carries in a hidden field:
`once_field`), so that the page that shows it is a GET of what was made: a reload, or
the answer to a twin request, shows the same secret again (`members.cards.derived`)."""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
from collections.abc import Callable
from contextlib import contextmanager

from flask import Flask, flash, redirect, render_template
from markupsafe import Markup
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from .models import is_token, new_token
from .store import db

FIELD = "once"  # the form field of the once-key


class Done(Exception):
    """What was asked is done already: `message` says so (and when); `then`, where to
    show it, if not the view's own page."""

    def __init__(self, message: str, then: str | None = None):
        super().__init__(message)
        self.message, self.then = message, then


Answer = str | Callable[[], "str | Exception"]


def _raise(done: Answer):
    """Raise Done(`done`); `done` may be a function, called once the write is rolled
    back (the sentence may read what the first request made), that gives the sentence or
    the exception to raise instead (a refusal: two phones that asked for one name)."""
    said = done() if callable(done) else done
    if isinstance(said, Exception):
        raise said
    raise Done(said)


def claimed(statement) -> bool:
    """Run a conditional UPDATE: whether it changed its one row (False: its condition no
    longer holds, and nothing was changed)."""
    done = db.session.execute(statement, execution_options={"synchronize_session": False})
    return done.rowcount == 1


def claim(statement, done: Answer) -> None:
    """Run a conditional UPDATE, or (no row) roll back and raise Done(`done`)."""
    if not claimed(statement):
        db.session.rollback()
        _raise(done)


def duplicate(e: IntegrityError) -> bool:
    """Whether the database refused a row for a unique key (not a foreign key, a NULL)."""
    code = getattr(e.orig, "sqlstate", None)  # PostgreSQL (psycopg)
    if code is not None:
        return code == "23505"
    return "UNIQUE constraint failed" in str(e.orig)  # SQLite


@contextmanager
def unique(done: Answer):
    """Run the block's writes (flushed at its end, or committed in it); a unique key that
    refuses one means the work is done: roll back and raise Done(`done`)."""
    try:
        yield
        db.session.flush()
    except IntegrityError as e:
        db.session.rollback()
        if not duplicate(e):
            raise
    else:
        return
    _raise(done)


def serialized(key: str) -> None:
    """A limit's tries of one `key` counted one after the other: on PostgreSQL a lock on
    the key until the transaction ends (an advisory lock: two statements that count and
    insert would each count without the other's row); SQLite needs none (the statement
    that counts and inserts holds the database's write lock)."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(
            text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": key}
        )


def key_of(form, *what) -> str:
    """The once-key of this sending of the form: the key the form carries (a new one if it
    carries none, or not a token: a form of before, a script), with `what` it asks for
    (the members ticked, the league's name and year) mixed in, so that the same page sent
    again asking for something else (after Back) is another sending."""
    sent = form.get(FIELD, "")
    key = sent if len(sent) >= 16 and is_token(sent) else new_token()
    if not what:
        return key
    mac = hmac.new(key.encode(), "\x1f".join(map(str, what)).encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:16]).decode().rstrip("=")


def answered(page: Callable[..., str]):
    """A view whose write may find its work done: `Done` is answered as a write that was
    done, with a redirect to `page(**view_args)` (or the Done's own `then`), the sentence
    flashed there."""

    def wrap(view):
        @functools.wraps(view)
        def run(**kwargs):
            try:
                return view(**kwargs)
            except Done as e:
                flash(e.message)
                return redirect(e.then or page(**kwargs))

        return run

    return wrap


def init_app(app: Flask) -> None:
    @app.template_global()
    def once_field() -> Markup:
        """The hidden field of a one-shot form: a new once-key each time the page is made."""
        return Markup('<input type="hidden" name="{}" value="{}">').format(FIELD, new_token())

    @app.errorhandler(Done)
    def done(e: Done):
        """A Done no view answered: said on a page of its own (nothing was written)."""
        return render_template("error.html", status=409, title=e.message, message=e.message), 409
