"""A client that asks and never reads: the host holds a fixed amount for it, cuts it the moment
it would owe more, and lets go of its buffers as it closes (with the garbage collector off)."""

from __future__ import annotations

import gc
import socket
import weakref

import msgpack
import pytest_twisted

from tests.support.live_host import connect, pause, wait_until
from tests.support.raw import raw_connect
from engine import RuleSet
from tichu_lan import protocol
from tichu_lan.server.host_config import TableOptions
from tichu_lan.server.lobby import LISTING_DELAY
from tichu_lan.records.meta import TableName

NEVER = 3600.0      # the stall timeout, out of the way: what cuts here is the output limit


async def non_reader(port: int, *first: dict):
    """A welcomed raw connection with a tiny receive buffer that has stopped reading, once the
    host has answered ``first``."""
    raw = await raw_connect(port)
    raw.transport.getHandle().setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.hello()
    await raw.wait_message(lambda m: m["type"] == "welcome")
    for message in first:
        raw.send(message)
    await raw.synced()
    raw.transport.pauseProducing()
    return raw


def many_tables(host, count: int) -> list:
    """``count`` waiting tables, opened on the host itself (so a listing is long)."""
    return [host.lobby.create(TableName(f"table number {i} " + "x" * 12), RuleSet("classic", 1000),
                              TableOptions(), None) for i in range(count)]


def connection_of(host, raw):
    port = raw.transport.getHost().port
    return next(c for c in host.factory.connections if c.tcp.getPeer().port == port)


@pytest_twisted.ensureDeferred
async def test_asking_for_listings_without_reading_is_cut_at_its_limit_not_after_a_stall(
        hosts, host_log):
    host = hosts(limits={"stall_timeout": NEVER, "listing_rate": 1000.0, "listing_burst": 1000})
    limit = host.config.limits.output
    many_tables(host, 12)
    ann = await connect(host.port, "Ann")
    raw = await non_reader(host.port)
    connection = connection_of(host, raw)
    peak = 0
    for i in range(400):
        raw.send({"type": "list_tables", "id": 10 + i})
        peak = max(peak, connection.outbox.held)
        if raw.is_closed or connection not in host.factory.connections:
            break
        await pause(0.005)                          # let the host read it
    await wait_until(lambda: connection not in host.factory.connections)
    assert 64 * 1024 < peak <= limit
    assert any(f"owes more than {limit} bytes of unread output" in line for line in host_log)
    assert (await ann.ping()).TYPE == "pong"
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_listing_requests_are_limited_on_their_own(hosts):
    host = hosts(limits={"listing_rate": 1.0, "listing_burst": 3})
    raw = await raw_connect(host.port)
    raw.hello()
    await raw.wait_message(lambda m: m["type"] == "welcome")
    for i in range(6):
        raw.send({"type": "list_tables", "id": 10 + i})
        raw.send({"type": "ping", "id": 100 + i})
    await raw.wait_message(lambda m: m.get("id") == 105)
    answers = {m["id"]: m.get("code", m["type"]) for m in raw.messages() if "id" in m}
    assert [answers[10 + i] for i in range(6)] == ["lobby"] * 3 + ["rate_limited"] * 3
    assert [answers[100 + i] for i in range(6)] == ["pong"] * 6
    (limited,) = {tuple(m["params"].items()) for m in raw.messages()
                  if m.get("code") == "rate_limited"}
    assert dict(limited) == {"rate": 1.0, "burst": 3}
    assert not raw.is_closed


@pytest_twisted.ensureDeferred
async def test_a_slow_watcher_is_owed_only_the_newest_listing(hosts):
    host = hosts(stepped=True, limits={"stall_timeout": NEVER})
    raw = await non_reader(host.port, {"type": "list_tables", "id": 2, "watch": True})
    connection = connection_of(host, raw)
    tables = []
    while not connection.outbox.paused:                 # listings pile up, one per change
        tables += many_tables(host, 5)
        host.reactor.advance(LISTING_DELAY)             # the listing is written
    for table in tables[:10]:
        table.close("closed")
        host.reactor.advance(LISTING_DELAY)
    assert connection in host.factory.connections
    assert list(connection.outbox.aside) == ["lobby"]
    raw.transport.getHandle().setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
    raw.transport.resumeProducing()
    await wait_until(lambda: not connection.outbox.paused and not connection.outbox.aside)
    await wait_until(lambda: [m for m in raw.messages() if m["type"] == "lobby"
                              and len(m["tables"]) == len(tables) - 10 and "id" not in m] != [])


@pytest_twisted.ensureDeferred
async def test_a_closed_connection_lets_go_of_its_buffers_without_the_garbage_collector(hosts):
    host = hosts(limits={"stall_timeout": NEVER, "listing_rate": 1000.0, "listing_burst": 1000})
    many_tables(host, 30)
    raw = await non_reader(host.port)
    connection = connection_of(host, raw)
    rid = 10
    while not connection.outbox.paused:             # the host holds what it could not send
        raw.send({"type": "list_tables", "id": rid})
        rid += 1
        await pause(0.005)
    transport = weakref.ref(connection.tcp)
    outbox = connection.outbox
    gc.collect()
    gc.disable()
    try:
        raw.transport.abortConnection()
        await wait_until(lambda: connection not in host.factory.connections)
        await wait_until(lambda: transport() is None)   # freed by reference counting alone
        assert outbox.held == 0 and outbox.write is None
        assert connection.session.write(b"late frame") is None   # goes nowhere
    finally:
        gc.enable()


def body_with(*pairs) -> bytes:
    """A msgpack map written pair by pair (so that a key may come twice)."""
    head = bytes([0x80 | len(pairs)])
    return head + b"".join(msgpack.packb(k) + msgpack.packb(v) for k, v in pairs)


@pytest_twisted.ensureDeferred
async def test_a_key_twice_and_a_timestamp_are_bad_frames_as_documented(host):
    frames = [body_with(("type", "ping"), ("id", 1), ("id", 2)),
              body_with(("type", "ping"), ("id", 1), ("type", "leave")),
              msgpack.packb({"type": "chat", "id": 3, "text": msgpack.Timestamp(0)}),
              msgpack.packb({"type": "action", "id": 4,
                             "action": {"type": "pass", "at": [msgpack.Timestamp(5)]}})]
    for body in frames:
        raw = await raw_connect(host.port)
        raw.hello()
        await raw.wait_message(lambda m: m["type"] == "welcome")
        raw.send_frame(body)
        error = await raw.wait_message(lambda m: m["type"] == "error")
        assert error["code"] == "bad_frame" and "id" not in error, error
        await raw.wait_closed()
    assert protocol.ERROR_CODES["bad_frame"]
