"""Stopping the bot workers: they are asked to exit, killed if they think too long, and a
worker whose end is never reported does not hold the host up."""

from types import SimpleNamespace

from twisted.internet import defer
from twisted.internet.task import Clock

from tichu_lan.server.botrunner import WorkerPool


def worker(signals):
    transport = SimpleNamespace(closeStdin=lambda: signals.append("stdin closed"),
                                signalProcess=signals.append)
    return SimpleNamespace(alive=True, transport=transport, ended=defer.Deferred())


def test_workers_that_end_are_waited_for():
    clock, signals = Clock(), []
    pool = WorkerPool(2, clock, ("unused",))
    pool.workers = [worker(signals), worker(signals)]
    stopped = pool.stop(patience=1.0)
    assert signals == ["stdin closed", "stdin closed"] and not stopped.called
    for one in pool.workers:
        one.alive = False
        one.ended.callback(None)
    assert stopped.called
    clock.advance(10)                      # nothing left to kill, nothing called twice
    assert signals == ["stdin closed", "stdin closed"]


def test_a_worker_whose_end_is_never_reported_is_killed_and_then_left():
    clock, signals = Clock(), []
    pool = WorkerPool(1, clock, ("unused",))
    pool.workers = [worker(signals)]
    stopped = pool.stop(patience=1.0)
    clock.advance(1.0)
    assert signals == ["stdin closed", "KILL"] and not stopped.called
    clock.advance(2.0)
    assert stopped.called
