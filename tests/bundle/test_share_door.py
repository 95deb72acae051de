"""The share port's door (tichu_lan/server/share_guard.py) on 127.0.0.1: bodies and other
methods are refused with only the head read, a trickled head is cut at its deadline, each
address has its share of connections and requests, a full port makes room for a newcomer
from a quieter address, and what is refused is logged once per cause and address."""

from __future__ import annotations

import tempfile

import pytest
import pytest_twisted
from twisted.internet import defer, task
from twisted.logger import globalLogPublisher

from tests.support.live_host import wait_until
from tichu_lan.server import share_guard
from tichu_lan.server.share import Offer, share_factory
from tichu_lan.server.share_guard import BURST, PER_ADDRESS, LogOnce, Rates

from .http_clients import connect, fetch, get, parse

pytestmark = pytest.mark.timeout(60)
DATA = b"the bundle" * 1000


def reactor():
    from twisted.internet import reactor
    return reactor


@pytest.fixture
def port():
    offer = Offer("Ann's laptop", lambda: defer.succeed(DATA))
    factory, _ = share_factory(offer, reactor())
    listening = reactor().listenTCP(0, factory, interface="127.0.0.1")
    yield listening.getHost().port
    pytest_twisted.blockon(defer.maybeDeferred(listening.stopListening))


@pytest.fixture
def no_spooling(monkeypatch):
    """Fail the test if anything makes a temporary file (Twisted spools big bodies there)."""
    def refuse(*args, **kwargs):
        raise AssertionError("a request body was spooled to a temporary file")
    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)


@pytest.fixture
def warnings():
    seen: list[str] = []

    def observe(event):
        if event.get("log_namespace", "").startswith("tichu_lan.server.share_guard"):
            seen.append(event["log_format"].format(**event))
    globalLogPublisher.addObserver(observe)
    yield seen
    globalLogPublisher.removeObserver(observe)


@pytest_twisted.ensureDeferred
async def test_a_body_is_refused_before_any_of_it_is_read(port, no_spooling):
    big = (b"GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 100000000\r\n\r\n" + b"x" * 65536)
    answer = await fetch(reactor(), port, big)
    assert answer.status == 413 and answer.body == b"Requests here carry no body.\n"
    chunked = b"GET / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n" + \
        b"y" * 65536
    assert (await fetch(reactor(), port, chunked)).status == 413
    post = b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5000000\r\n\r\n" + b"z" * 65536
    answer = await fetch(reactor(), port, post)
    assert answer.status == 405 and answer.headers["allow"] == "GET, HEAD"
    assert (await fetch(reactor(), port, get("/"))).status == 200


@pytest_twisted.ensureDeferred
async def test_a_head_trickled_a_byte_at_a_time_is_cut_at_its_deadline(port, monkeypatch):
    monkeypatch.setattr(share_guard, "HEAD_DEADLINE", 0.6)
    slow = await connect(reactor(), port, b"GET / HTTP/1.1\r\n")
    sent = 0

    def trickle():
        nonlocal sent
        if slow.transport is not None and not slow.closed.called:
            slow.transport.write(b"X-A: b\r\n")
            sent += 1
    ticking = task.LoopingCall(trickle)
    ticking.start(0.1)              # a byte every 0.1 s: Twisted's idle cut would never come
    try:
        assert await slow.closed == b""
    finally:
        ticking.stop()
    assert sent >= 4


@pytest_twisted.ensureDeferred
async def test_an_address_has_its_share_of_connections_and_others_still_get_in(port):
    held = [await connect(reactor(), port, b"", "127.0.0.5") for _ in range(PER_ADDRESS)]
    extra = await connect(reactor(), port, b"", "127.0.0.5")
    assert await extra.closed == b""
    assert (await fetch(reactor(), port, get("/"), "127.0.0.6")).status == 200
    for client in held:
        client.close()


@pytest_twisted.ensureDeferred
async def test_a_full_port_makes_room_for_a_newcomer_from_a_quieter_address(port, monkeypatch):
    monkeypatch.setattr(share_guard, "MAX_CONNECTIONS", 4)
    squat = [await connect(reactor(), port, b"", "127.0.0.7") for _ in range(4)]
    answer = await fetch(reactor(), port, get("/"), "127.0.0.8")
    assert answer.status == 200
    await wait_until(lambda: sum(c.closed.called for c in squat) == 1)
    same = await connect(reactor(), port, b"", "127.0.0.7")       # no room for the squatter
    assert await same.closed == b""
    for client in squat:
        client.close()


@pytest_twisted.ensureDeferred
async def test_an_address_past_its_rate_is_told_to_wait_and_logged_once(port, warnings):
    keep_alive = b"GET / HTTP/1.1\r\nHost: t\r\nAccept: */*\r\n\r\n"
    flood = await connect(reactor(), port, keep_alive * (BURST + 10), "127.0.0.9")
    raw = await flood.closed
    answers = raw.count(b"HTTP/1.1 200")
    assert BURST - 1 <= answers <= BURST + 2 and raw.count(b"HTTP/1.1 429") == 1
    assert b"Retry-After: 5" in raw
    again = await fetch(reactor(), port, keep_alive, "127.0.0.9")
    assert again.status == 429
    assert (await fetch(reactor(), port, get("/"), "127.0.0.10")).status == 200
    assert len([w for w in warnings if "127.0.0.9" in w and "rate" in w]) == 1


def test_rates_fill_again_with_time_and_forget_the_oldest_address():
    clock = task.Clock()
    rates = Rates(clock)
    assert all(rates.take("a") for _ in range(BURST)) and not rates.take("a")
    clock.advance(1.0)
    assert sum(rates.take("a") for _ in range(20)) == int(share_guard.RATE)
    for n in range(share_guard.REMEMBERED + 5):
        rates.take(f"10.0.{n // 256}.{n % 256}")
    assert len(rates.buckets) == share_guard.REMEMBERED and "a" not in rates.buckets


def test_a_cause_is_logged_once_a_minute_per_address(warnings):
    clock = task.Clock()
    quiet = LogOnce(clock)
    for _ in range(100):
        quiet.warn("slow", "10.0.0.1", "{address} slow")
        quiet.warn("slow", "10.0.0.2", "{address} slow")
    clock.advance(share_guard.LOG_AGAIN)
    quiet.warn("slow", "10.0.0.1", "{address} slow")
    assert sorted(warnings) == ["10.0.0.1 slow", "10.0.0.1 slow", "10.0.0.2 slow"]


def test_a_refusal_is_a_whole_answer_that_closes():
    answer = parse(share_guard.raw_answer(429, "wait", (b"Retry-After", b"5")))
    assert answer.status == 429 and answer.body == b"wait\n"
    assert answer.headers["connection"] == "close" and answer.headers["retry-after"] == "5"
