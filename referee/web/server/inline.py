"""What the server's event loop and the app say to each other about a request asked in
the loop (`serve.py` asks, `poll.py` answers): the environ's `INLINE` key says what the
app may do there ("io": read a local database; "memory": nothing but what it holds), and
`DECLINED` is the app's answer for "ask me on a thread"."""

from __future__ import annotations

INLINE = "referee.inline"


class _Declined(tuple):
    """The app's answer in the loop to a request it leaves to a thread (`DECLINED`)."""


DECLINED = _Declined()
