"""What the server's event loop and the app say to each other about a request asked in
the loop (`serve.py` asks, `poll.py` answers): the environ's `INLINE` key says what the
app may do there ("io": read a local database; "memory": nothing but what it holds), and
`DECLINED` is the app's answer for "ask me on a thread".

Measured (issue 39, 2026-12-07, beside main): with the polls answered on a thread instead
(`inline=None`), a hall of 400 tables on SQLite answered at p99 288 and 113 ms against
main's 203 and 91."""

from __future__ import annotations

INLINE = "referee.inline"


class _Declined(tuple):
    """The app's answer in the loop to a request it leaves to a thread (`DECLINED`)."""


DECLINED = _Declined()
