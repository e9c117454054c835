"""The app's threads in the server (`serve.py`), the one that went idle last given the next
request: a phone's requests come one after another, and the thread that has just served
one still has its memory in the processor's caches.

`concurrent.futures.ThreadPoolExecutor` hands work to whichever of its idle threads the
system wakes first, so that on a quiet server each request ran on a thread that had been
idle the longest. A play's answer, several times as much Python as a bare route, paid the
most for it (docs/performance.md, "the twelfth pass"). `HotPool` is the same executor
(`submit`, `shutdown`, futures) with its idle threads kept as a stack: the last to finish
is the first to start again, and the others wait until the work overlaps (a hall's rush,
a database's wait), as many as it has threads.
"""

from __future__ import annotations

import threading
from collections import deque
from concurrent.futures import Executor, Future


class _Worker:
    """An idle thread's slot: the work it is given, and the lock it waits on."""

    def __init__(self, work):
        self.work = work
        self.wake = threading.Lock()
        self.wake.acquire()  # held: the thread waits on it until `submit` releases it


class HotPool(Executor):
    """At most `threads` threads; work goes to the thread that went idle last, else to a
    new thread, else waits its turn (first come, first served)."""

    def __init__(self, threads: int, name: str = "app"):
        self.size, self.name = threads, name
        self.lock = threading.Lock()
        self.idle: list[_Worker] = []  # the thread idle last on top
        self.waiting: deque = deque()  # work that found no thread free
        self.threads: list[threading.Thread] = []
        self.closed = False

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        work = (future, fn, args, kwargs)
        with self.lock:
            if self.closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            if self.idle:
                worker = self.idle.pop()
                worker.work = work
                worker.wake.release()
            elif len(self.threads) < self.size:
                thread = threading.Thread(
                    target=self._serve,
                    args=(_Worker(work),),
                    name=f"{self.name}_{len(self.threads)}",
                    daemon=True,
                )
                self.threads.append(thread)
                thread.start()
            else:
                self.waiting.append(work)
        return future

    def _serve(self, worker: _Worker) -> None:
        work = worker.work
        while work is not None:
            _run(*work)
            with self.lock:
                if self.waiting:
                    work = self.waiting.popleft()
                    continue
                if self.closed:
                    return
                worker.work = None
                self.idle.append(worker)
            worker.wake.acquire()
            work = worker.work  # None: the pool is shut down

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more work; what waits is run (or cancelled), then the threads end."""
        with self.lock:
            self.closed = True
            if cancel_futures:
                while self.waiting:
                    self.waiting.popleft()[0].cancel()
            for worker in self.idle:
                worker.wake.release()  # its work is None: it ends
            self.idle.clear()
            threads = list(self.threads)
        if wait:
            for thread in threads:
                thread.join()


def _run(future: Future, fn, args, kwargs) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        result = fn(*args, **kwargs)
    except BaseException as e:  # noqa: BLE001  (the future carries it to whoever waits)
        future.set_exception(e)
    else:
        future.set_result(result)
