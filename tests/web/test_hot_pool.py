"""The server's threads (`referee/web/hot_pool.py`): a request after another runs on the
thread that served the last one; requests that overlap run on as many threads as the pool
has, the rest in the order they came; what a request raises reaches whoever waits for it;
a pool shut down runs (or cancels) what waits, then its threads end."""

from __future__ import annotations

import threading
import time

import pytest

from referee.web.hot_pool import HotPool


def test_one_request_after_another_runs_on_the_thread_that_served_the_last():
    pool = HotPool(4)
    try:
        for _ in range(3):  # three overlapping: three threads made
            gate = threading.Event()
            busy = [pool.submit(gate.wait, 5) for _ in range(3)]
            gate.set()
            assert all(f.result(5) for f in busy)
        names = [pool.submit(lambda: threading.current_thread().name).result(5) for _ in range(20)]
        assert len(pool.threads) == 3
        assert len(set(names)) == 1  # the same hot thread, not the one idle the longest
    finally:
        pool.shutdown()


def test_overlapping_requests_use_every_thread_then_wait_their_turn():
    pool = HotPool(2)
    gate, order, running, most = threading.Event(), [], [0], [0]
    lock = threading.Lock()

    def job(n):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        gate.wait(5)
        time.sleep(0.01)
        with lock:
            running[0] -= 1
            order.append(n)
        return n

    try:
        futures = [pool.submit(job, n) for n in range(6)]
        time.sleep(0.1)
        assert sum(f.running() for f in futures) == 2  # two threads, four waiting
        gate.set()
        assert [f.result(5) for f in futures] == list(range(6))
        assert most[0] == 2 and len(pool.threads) == 2 and sorted(order) == list(range(6))
    finally:
        pool.shutdown()
    one, gate, order = HotPool(1), threading.Event(), []
    try:
        futures = [one.submit(gate.wait, 5)]
        futures += [one.submit(order.append, n) for n in range(5)]
        gate.set()
        [f.result(5) for f in futures]
        assert order == list(range(5))  # the waiting ones in the order they came
    finally:
        one.shutdown()


def test_what_a_request_raises_reaches_whoever_waits_and_the_thread_goes_on():
    pool = HotPool(1)
    try:
        failed = pool.submit(lambda: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            failed.result(5)
        assert pool.submit(lambda: "next").result(5) == "next"
    finally:
        pool.shutdown()


def test_shut_down_it_runs_or_cancels_what_waits_and_takes_no_more():
    pool = HotPool(1)
    gate = threading.Event()
    first = pool.submit(gate.wait, 5)
    waiting = [pool.submit(lambda n=n: n) for n in range(3)]
    threading.Timer(0.05, gate.set).start()
    pool.shutdown(wait=True)
    assert first.result(0) and [f.result(0) for f in waiting] == [0, 1, 2]
    assert not any(t.is_alive() for t in pool.threads)
    with pytest.raises(RuntimeError):
        pool.submit(print)
    cancelling = HotPool(1)
    gate = threading.Event()
    cancelling.submit(gate.wait, 5)
    dropped = cancelling.submit(print)
    threading.Timer(0.05, gate.set).start()
    cancelling.shutdown(wait=True, cancel_futures=True)
    assert dropped.cancelled()
