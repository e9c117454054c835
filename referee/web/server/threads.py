"""Locks for what a worker process keeps in memory (the caches, the club's results, an
event's check), shared by the server's threads (`asgi`: THREADS of them per process)."""

from __future__ import annotations

import threading
from collections.abc import Hashable

Lock = threading.Lock


class Locks:
    """One lock per key (an event, an event's render), made when first asked for."""

    def __init__(self):
        self.locks: dict[Hashable, threading.Lock] = {}
        self.guard = threading.Lock()

    def __call__(self, key: Hashable) -> threading.Lock:
        with self.guard:
            return self.locks.setdefault(key, threading.Lock())
