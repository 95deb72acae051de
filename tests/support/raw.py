"""A bare TCP connection to a host, for sending what a well-behaved client never would."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

import msgpack
from twisted.internet import defer
from twisted.internet.endpoints import TCP4ClientEndpoint, connectProtocol
from twisted.internet.protocol import Protocol

from tichu_lan import protocol

from .live_host import LOOPBACK


def frames_in(data: bytes) -> tuple[list[Any], bytes]:
    """The msgpack values of the whole frames at the start of ``data``, and the rest (in one
    pass: a client that has read nothing for a while may have megabytes to catch up on)."""
    values, start = [], 0
    size = protocol.HEADER.size
    while len(data) - start >= size:
        (length,) = protocol.HEADER.unpack_from(data, start)
        end = start + size + length
        if len(data) < end:
            break
        values.append(msgpack.unpackb(data[start + size:end], raw=False))
        start = end
    return values, data[start:]


class RawConnection(Protocol):
    """Sends raw bytes or framed messages; decodes the host's prologue and frames as they come."""

    def __init__(self) -> None:
        self.buffer = b""
        self.prologue: bytes | None = None      # the host's prologue, once received
        self.received: list[dict[str, Any]] = []
        self.is_closed = False
        self.prologue_sent = False
        self.waiters: list[tuple[Callable[[dict[str, Any]], bool], defer.Deferred]] = []
        self.closed: defer.Deferred[None] = defer.Deferred()

    def dataReceived(self, data: bytes) -> None:
        self.buffer += data
        if self.prologue is None:
            end = self.buffer.find(b"\n")
            if end < 0:
                return
            self.prologue, self.buffer = self.buffer[:end + 1], self.buffer[end + 1:]
            assert self.prologue == protocol.PROLOGUE, self.prologue
        messages, self.buffer = frames_in(self.buffer)
        for message in messages:
            self.received.append(message)
            self._check(message)

    def _check(self, message: dict[str, Any]) -> None:
        for waiter in list(self.waiters):
            predicate, d = waiter
            if predicate(message):
                self.waiters.remove(waiter)
                d.callback(message)

    def connectionLost(self, reason=None) -> None:
        self.is_closed = True
        for _, d in self.waiters:
            d.errback(AssertionError(f"the connection closed without such a message: "
                                     f"{self.received}"))
        self.waiters.clear()
        self.closed.callback(None)

    # --- sending --------------------------------------------------------------------

    def send_bytes(self, data: bytes) -> None:
        self.transport.write(data)

    def send_frame(self, body: bytes) -> None:
        self.transport.write(protocol.HEADER.pack(len(body)) + body)

    def send(self, message: Any) -> None:
        self.send_frame(msgpack.packb(message, use_bin_type=True))

    def send_prologue(self) -> None:
        self.send_bytes(protocol.PROLOGUE)
        self.prologue_sent = True

    def hello(self, name: str = "raw", **extra: Any) -> None:
        """The prologue (unless sent already) and a hello."""
        if not self.prologue_sent:
            self.send_prologue()
        self.send({"type": "hello", "id": 1, "protocol": protocol.PROTOCOL_VERSION,
                   "program": "raw test", "name": name, **extra})

    # --- reading --------------------------------------------------------------------

    def messages(self) -> list[dict[str, Any]]:
        """Every message received so far."""
        return list(self.received)

    def wait_message(self, predicate: Callable[[dict[str, Any]], bool],
                     timeout: float = 5.0) -> defer.Deferred[dict[str, Any]]:
        """The next message for which ``predicate`` is true (from now on, not earlier ones)."""
        from twisted.internet import reactor
        d: defer.Deferred[dict[str, Any]] = defer.Deferred()
        if self.is_closed:
            return defer.fail(AssertionError(f"the connection is closed: {self.received}"))
        self.waiters.append((predicate, d))
        return d.addTimeout(timeout, reactor)

    def synced(self, rid: int = 999_999) -> defer.Deferred[dict[str, Any]]:
        """Sends a ping; fires with its pong, once the host has read everything sent before
        the ping and everything the host sent before the pong has arrived."""
        pong = self.wait_message(lambda m: m.get("id") == rid)
        self.send({"type": "ping", "id": rid})
        return pong

    def wait_closed(self, timeout: float = 5.0) -> defer.Deferred[None]:
        from twisted.internet import reactor
        if self.is_closed:
            return defer.succeed(None)
        wait: defer.Deferred[None] = defer.Deferred()
        self.closed.addCallback(lambda _: wait.callback(None) if not wait.called else None)
        return wait.addTimeout(timeout, reactor)


def raw_connect(port: int) -> defer.Deferred[RawConnection]:
    from twisted.internet import reactor
    endpoint = TCP4ClientEndpoint(reactor, LOOPBACK, port, timeout=5)
    return connectProtocol(endpoint, RawConnection())
