"""The one cache type of the web side: what was computed of a thing at a version, kept
while that version holds.

`LRU` is a small bounded least-recently-used map shared by a process's threads, keyed by
(what, version): `what` names the thing (a match, a picture of its layout, a rendered
fragment, a plan of tiles), `version` the match's version it was made at. Only the newest
version of each `what` is kept (the version of a match only grows, so an older one is
never asked for again), and `get` answers only for the version asked. The app keeps five:
each process's replayed matches (`table.state`), their layout pictures (`table.state.drawn`),
the layout plans (`drawing.plan`, no version), the rendered table fragments, and the parts
of them that change with no move (`table.fragment.kept_part`, no version).

`Shared` is the same with a file behind each entry, in a folder all the host's processes
read (`table/fragment.py`: the table one phone's move rendered, found by the others): the
file holds the version it was made at, checked at every read, so a file is never served
stale. The files are a cache: deleting the folder loses nothing.

`Locks` gives one lock per thing being made, so that the threads that ask for it at once
wait for the first one's instead of each making it.

Nothing here knows Flask: the callers keep one of each per app (`app.extensions`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path

log = logging.getLogger(__name__)


class LRU:
    """At most `size` things, each at its newest version, the least recently used dropped
    first. `counts` is the caller's own tally (hits, misses...)."""

    def __init__(self, size: int):
        self.size, self.data, self.lock = size, OrderedDict(), threading.Lock()
        self.counts: Counter = Counter()

    def get(self, what: Hashable, version=None):
        """The value kept for `what` at `version`, or None."""
        with self.lock:
            found = self.data.get(what)
            if found is None or found[0] != version:
                return None
            self.data.move_to_end(what)
            return found[1]

    def latest(self, what: Hashable):
        """(version, value) of the newest version kept of `what`, or None (a use too: it
        is kept the longer for it)."""
        with self.lock:
            found = self.data.get(what)
            if found is not None:
                self.data.move_to_end(what)
            return found

    def put(self, what: Hashable, version, value) -> None:
        """Keep `value` as `what` at `version`, unless a newer version is kept."""
        with self.lock:
            old = self.data.get(what)
            if old is not None and old[0] is not None and version < old[0]:
                return
            self.data[what] = (version, value)
            self.data.move_to_end(what)
            while len(self.data) > self.size:
                self.data.popitem(last=False)

    def make(self, what: Hashable, version, make: Callable[[], object]):
        """The value kept for `what` at `version`, else `make()`, kept."""
        found = self.get(what, version)
        if found is None:
            found = make()
            self.put(what, version, found)
        return found

    def pop(self, what: Hashable) -> None:
        with self.lock:
            self.data.pop(what, None)

    def clear(self) -> None:
        with self.lock:
            self.data.clear()

    def __len__(self) -> int:
        return len(self.data)


class Locks:
    """One lock per key, made at its first use and kept (a process holds few keys: an
    event's, the club's)."""

    def __init__(self):
        self.locks: dict[Hashable, threading.Lock] = {}
        self.guard = threading.Lock()

    def __call__(self, key: Hashable) -> threading.Lock:
        with self.guard:
            return self.locks.setdefault(key, threading.Lock())


class Shared(LRU):
    """An `LRU` of texts with a file behind each entry in `folder`, which every process of
    the host reads: a value put by one process is found by the others. `put` may leave the
    file to be written later (`later`: a list the caller writes with `write_files` once its
    answer has gone, so that no phone waits for the disk)."""

    def __init__(self, size: int, folder: str | Path):
        super().__init__(size)
        self.folder = Path(folder)
        self.paths = LRU(size)  # each thing's file, named once (a hash and a join: ~0.03 ms)

    def get(self, what: Hashable, version=None) -> str | None:
        found = super().get(what, version)
        if found is None:
            found = _read(self.path(what), version)
            if found is not None:
                super().put(what, version, found)
        return found

    def put(self, what: Hashable, version, value: str, later: list | None = None) -> None:
        super().put(what, version, value)
        write = (self.path(what), f"{version}\n{value}")
        if later is None:
            write_files([write])
        else:
            later.append(write)

    def newest(self, what: Hashable, parse: Callable = int):
        """(version, value) of the newest version of `what` on the host, whatever it is:
        this process's, or another's (its file; its version read with `parse`); or None."""
        mine = super().latest(what)
        try:
            head, _, value = self.path(what).read_text(encoding="utf-8").partition("\n")
            theirs = (parse(head), value)
        except (OSError, UnicodeError, ValueError):
            theirs = None
        if mine is None or (theirs is not None and theirs[0] > mine[0]):
            return theirs
        return mine

    def path(self, what: Hashable) -> Path:
        found = self.paths.get(what)
        if found is None:
            name = hashlib.sha256(repr(what).encode()).hexdigest()[:32]
            found = self.folder / f"{name}.html"
            self.paths.put(what, None, found)
        return found


def write_files(files: list[tuple[Path, str]]) -> None:
    """Write each (path, text) whole: a reader sees the old file or the new one, never half.
    The text goes to a file of this thread's own first (no other writer shares its name),
    then takes the path's place; the folder is made only when it is missing."""
    own = f".new-{os.getpid()}-{threading.get_ident()}"
    for path, text in files:
        tmp = path.with_name(own)
        try:
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            except FileNotFoundError:
                path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(text.encode("utf-8"))
            os.replace(tmp, path)
        except OSError:  # a read-only or full disk: each process's memory copy still serves
            log.warning("could not keep a rendered table in %s", path.parent)


def _read(path: Path, version) -> str | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return None
    head, _, value = text.partition("\n")
    return value if head == str(version) else None
