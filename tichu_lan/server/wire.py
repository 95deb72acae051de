"""The host's side of a TCP connection: prologue, frames, limits; requests go to a `Session`.

Everything a client sends passes here first and is refused here if it is not a
well-formed message within the limits, so nothing malformed reaches a table.
A protocol violation is answered with one error frame and closes this
connection only.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from twisted.internet.interfaces import IPushProducer
from twisted.internet.protocol import Factory
from twisted.logger import Logger
from twisted.protocols.basic import Int32StringReceiver
from zope.interface import implementer

from .. import protocol
from ..protocol import HostError
from .limits import RateLimiter
from .session import Session

if TYPE_CHECKING:
    from .host import Host

log = Logger()


@implementer(IPushProducer)
class StallWatch:
    """Cuts a connection whose client has stopped reading what we send.

    The transport pauses its producer when our unsent data piles up; if it stays
    paused for ``timeout`` seconds the client is gone or hostile, and the seat
    is better off without the connection (its token still holds the seat)."""

    def __init__(self, transport, clock, timeout: float) -> None:
        self.transport, self.clock, self.timeout = transport, clock, timeout
        self.timer = None

    def pauseProducing(self) -> None:
        if self.timer is None:
            self.timer = self.clock.callLater(self.timeout, self._cut)

    def resumeProducing(self) -> None:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        self.timer = None

    def stopProducing(self) -> None:
        self.resumeProducing()

    def _cut(self) -> None:
        self.timer = None
        log.warn("{peer} has not read for {timeout} s; closing its connection",
                 peer=self.transport.getPeer(), timeout=self.timeout)
        self.transport.abortConnection()


class HostProtocol(Int32StringReceiver):
    def __init__(self, host: Host) -> None:
        self.host = host
        self.limits = host.config.limits
        self.MAX_LENGTH = self.limits.max_frame
        self.prologue = protocol.PrologueReader()
        self.closing = False
        self.admitted = False
        self.session: Session | None = None
        self.handshake_timer = None

    def connectionMade(self) -> None:
        self.factory.connections.add(self)
        self.address = self.transport.getPeer().host
        self.transport.setTcpNoDelay(True)     # small frames, sent at once: moves are interactive
        self.transport.write(protocol.PROLOGUE)
        refusal = self.host.addresses.admit(self.address)
        if refusal is not None:
            log.warn("refusing a connection from {address}: {why}", address=self.address,
                     why=refusal)
            self.refuse(HostError("too_many_connections", refusal))
            return
        self.admitted = True
        clock = self.host.reactor
        self.limiter = RateLimiter(self.limits.rate, self.limits.burst, clock.seconds())
        self.session = Session(self.host, self.address, self.transport.write, self._handshake_done)
        self.handshake_timer = clock.callLater(self.limits.handshake_timeout, self._too_slow)
        self.transport.registerProducer(StallWatch(self.transport, clock, self.limits.stall_timeout),
                                        True)

    def _handshake_done(self) -> None:
        if self.handshake_timer is not None and self.handshake_timer.active():
            self.handshake_timer.cancel()
        self.handshake_timer = None

    def _too_slow(self) -> None:
        self.handshake_timer = None
        self.refuse(HostError("handshake_timeout", "no hello within "
                              f"{self.limits.handshake_timeout:g} seconds"))

    def refuse(self, error: HostError, rid: int | None = None) -> None:
        """Answer with an error; close the connection if the error says so."""
        if self.closing:
            return
        self.transport.write(protocol.encode(protocol.error_message(error, rid)))
        if error.closes:
            self._close()

    def _close(self) -> None:
        self.closing = True
        self.pauseProducing()                # read nothing more from this client
        self.transport.loseConnection()

    def dataReceived(self, data: bytes) -> None:
        if self.closing:
            return
        self.arrived = time.perf_counter()
        if not self.prologue.done:
            try:
                data = self.prologue.feed(data)
            except HostError as exc:
                log.info("{address}: {why}", address=self.address, why=exc)
                self.refuse(exc)
                return
            if data is None:
                return
        super().dataReceived(data)

    def lengthLimitExceeded(self, length: int) -> None:
        self.refuse(HostError("frame_too_large", f"a frame may hold at most {self.MAX_LENGTH} "
                              f"bytes; this one announced {length}"))

    def stringReceived(self, frame: bytes) -> None:
        if self.closing:
            return
        raw = None
        try:
            raw = protocol.decode_frame(frame)
            message = protocol.validate(raw, protocol.CLIENT_MESSAGES)
        except HostError as exc:
            log.info("{address}: {code}: {why}", address=self.address, code=exc.code, why=exc)
            self.refuse(exc, protocol.request_id(raw))
            return
        if not self.limiter.allow(self.host.reactor.seconds()):
            self._limited(message["id"])
        elif self.session.handle(message, self.arrived):
            self._close()

    def _limited(self, rid: int) -> None:
        """Refuse a request over the rate; a client that keeps going anyway is cut off."""
        if self.limiter.dropped > self.limits.burst:
            log.warn("{address} floods the host; closing its connection", address=self.address)
            self.refuse(HostError("flood", f"more than {self.limits.burst} requests in a row "
                                  "over the rate limit"), rid)
        else:
            self.refuse(HostError("rate_limited", "too many requests: at most "
                                  f"{self.limits.rate:g} a second (bursts of {self.limits.burst}); "
                                  "this one was not carried out"), rid)

    def connectionLost(self, reason=None) -> None:
        self.factory.connections.discard(self)
        self._handshake_done()
        if self.admitted:
            self.host.addresses.release(self.address)
            self.session.connection_lost()


class HostFactory(Factory):
    noisy = False

    def __init__(self, host: Host) -> None:
        self.host = host
        self.connections: set[HostProtocol] = set()

    def buildProtocol(self, addr) -> HostProtocol:
        proto = HostProtocol(self.host)
        proto.factory = self
        return proto
