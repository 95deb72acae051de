"""The host gives back to the system what ended connections freed, a little later, and not
too often (tichu_lan/server/heap.py)."""

from __future__ import annotations

import pytest
from twisted.internet import task

from tichu_lan.server import heap
from tichu_lan.server.heap import DELAY, EVERY, WORTH, HeapTrimmer, malloc_trim
from tichu_lan.server.outbox import Latest, Outbox


def trimmer() -> tuple[HeapTrimmer, task.Clock, list[float]]:
    clock = task.Clock()
    trims: list[float] = []
    return HeapTrimmer(clock, lambda: trims.append(clock.seconds())), clock, trims


def test_a_connection_ending_trims_once_a_little_later() -> None:
    trimmer_, clock, trims = trimmer()
    trimmer_.connection_ended(WORTH)
    clock.advance(DELAY - 0.1)
    assert trims == []
    clock.advance(0.1)
    assert trims == [DELAY]
    clock.advance(10 * EVERY)
    assert trims == [DELAY]


def test_many_connections_ending_together_trim_once() -> None:
    trimmer_, clock, trims = trimmer()
    for _ in range(500):
        trimmer_.connection_ended(WORTH)
        clock.advance(0.001)
    clock.advance(DELAY)
    assert len(trims) == 1


def test_connections_that_were_sent_little_are_not_worth_a_trim() -> None:
    trimmer_, clock, trims = trimmer()
    trimmer_.connection_ended(WORTH // 2)
    clock.advance(10 * EVERY)
    assert trims == [] and clock.getDelayedCalls() == []
    trimmer_.connection_ended(WORTH // 2)       # together they are
    clock.advance(DELAY)
    assert trims == [10 * EVERY + DELAY]
    trimmer_.connection_ended(WORTH - 1)        # counted afresh since that trim
    clock.advance(10 * EVERY)
    assert len(trims) == 1


def test_trims_are_at_least_every_apart() -> None:
    trimmer_, clock, trims = trimmer()
    for _ in range(int(3 * EVERY)):
        trimmer_.connection_ended(WORTH)
        clock.advance(1.0)
    clock.pump([1.0] * int(EVERY))       # advance() would show each call its end time
    assert trims == [DELAY + n * EVERY for n in range(4)]


def test_a_stopped_host_leaves_no_trim_waiting() -> None:
    trimmer_, clock, trims = trimmer()
    trimmer_.connection_ended(WORTH)
    trimmer_.stop()
    trimmer_.connection_ended(WORTH)          # a connection the stop cut, reported afterwards
    assert clock.getDelayedCalls() == []
    clock.advance(10 * EVERY)
    assert trims == []


def test_without_malloc_trim_nothing_is_scheduled() -> None:
    clock = task.Clock()
    trimmer_ = HeapTrimmer(clock, None)
    trimmer_.connection_ended(WORTH)
    assert clock.getDelayedCalls() == []


def test_glibc_s_trim_is_found_and_runs_on_linux(monkeypatch: pytest.MonkeyPatch) -> None:
    trim = malloc_trim()
    if heap.sys.platform.startswith("linux"):
        assert trim is not None
        assert trim() in (0, 1)            # 1: memory was given back, 0: there was none
    monkeypatch.setattr(heap.sys, "platform", "darwin")
    assert malloc_trim() is None


def test_an_outbox_counts_the_bytes_it_hands_to_the_transport() -> None:
    written: list[bytes] = []
    outbox = Outbox(written.append, limit=1 << 20, transport_buffer=10)
    outbox.put(b"x" * 100)
    outbox.pause()
    outbox.put(Latest(b"l" * 50, "lobby"))    # kept aside, not yet sent
    outbox.put(b"y" * 7)
    assert outbox.sent == 107
    outbox.resume()
    assert outbox.sent == 157 == sum(map(len, written))


def test_a_command_leaves_its_imports_out_of_later_collections():
    import gc

    from tichu_lan.server.startup import freeze_imports
    before = gc.get_freeze_count()
    try:
        freeze_imports()
        assert gc.get_freeze_count() > before
        module_objects = gc.get_objects()
        assert len(module_objects) < gc.get_freeze_count()   # what is left to walk is small
    finally:
        gc.unfreeze()
