"""A connection inside the host's process: an ssh guest's client on one end, the host on the
other, and the host seeing the ssh client's own address.

The guest's `TichuClient` talks to the host exactly as `tichu join` does, frames and all,
so every rule, limit, record and log line of the host applies to an ssh guest unchanged.
What it needs is a transport: `Pipe` joins two protocols, each end's writes reaching the
other end on the next turn of the loop (never inside the writer's call, as on a socket),
and ``getPeer()`` on the host's end is the address the ssh connection came from. The host
holds what it owes a client to its usual limit; this client reads at once whatever comes.

Calls into the guest's end run in the guest's language (`tichu_lan.i18n.speaking`): the
client words what it hears as it hears it, in the same process as the host's owner and
the other guests, who each speak their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from twisted.internet import defer
from twisted.internet.address import IPv4Address, IPv6Address
from twisted.internet.error import ConnectionAborted, ConnectionDone, ConnectionRefusedError
from twisted.internet.interfaces import (IAddress, IProtocol, IProtocolFactory,
                                         IStreamClientEndpoint, ITransport)
from twisted.python.failure import Failure
from zope.interface import implementer

from ..lifecycle import Clock, Timer, cancel

Runner = Callable[..., object]      # runs a call into one end's protocol: (call, *args)


def plainly(call: Callable[..., object], *args: object) -> object:
    return call(*args)


class _Producer(Protocol):
    def stopProducing(self) -> None: ...


def tcp_address(host: str, port: int) -> IPv4Address | IPv6Address:
    """The address as a TCP transport would give it (the host reads its ``host``)."""
    if ":" in host:
        return IPv6Address("TCP", host, port)
    return IPv4Address("TCP", host, port)


@implementer(ITransport)
class PipeEnd:
    """One end's transport: what its protocol writes goes to the other end."""

    def __init__(self, clock: Clock, own: IAddress, peer: IAddress, run: Runner) -> None:
        self.clock, self.own, self.peer, self.run = clock, own, peer, run
        self.protocol: IProtocol | None = None
        self.other: PipeEnd | None = None
        self.pending: list[bytes] = []
        self.delivery: Timer | None = None
        self.producer: _Producer | None = None
        self.disconnecting = False
        self.closed = False

    # --- what a protocol uses of its transport ------------------------------------------

    def write(self, data: bytes) -> None:
        if data and not (self.closed or self.disconnecting):
            self.pending.append(bytes(data))
            self._deliver_soon()

    def writeSequence(self, data: Iterable[bytes]) -> None:
        for chunk in data:
            self.write(chunk)

    def loseConnection(self) -> None:
        """Close once what was written has reached the other end."""
        if not (self.closed or self.disconnecting):
            self.disconnecting = True
            self._deliver_soon()

    def abortConnection(self) -> None:
        self.pending.clear()
        self._end(Failure(ConnectionAborted()))

    def getPeer(self) -> IAddress:
        return self.peer

    def getHost(self) -> IAddress:
        return self.own

    def setTcpNoDelay(self, enabled: bool) -> None:
        """Every write goes at the next turn of the loop anyway."""

    def registerProducer(self, producer: _Producer, streaming: bool) -> None:
        """The other end reads at once, so the writer is never paused; it is only told when
        the connection ends."""
        self.producer = producer

    def unregisterProducer(self) -> None:
        self.producer = None

    def pauseProducing(self) -> None:
        """The host asks to read no more only as it closes a connection, and then ignores
        whatever comes: nothing to hold back here."""

    def resumeProducing(self) -> None:
        """See `pauseProducing`."""

    # --- moving the bytes -----------------------------------------------------------------

    def _deliver_soon(self) -> None:
        if self.delivery is None:
            self.delivery = self.clock.callLater(0, self._deliver)

    def _deliver(self) -> None:
        self.delivery = None
        if self.closed:
            return
        data, self.pending = b"".join(self.pending), []
        other = self.other
        if data and other is not None and not other.closed and other.protocol is not None:
            other.run(other.protocol.dataReceived, data)
        if self.disconnecting and not self.pending and not self.closed:
            self._end(Failure(ConnectionDone()))

    def _end(self, reason: Failure) -> None:
        """Both ends close, and each protocol hears it once."""
        ends = [end for end in (self, self.other) if end is not None and not end.closed]
        for end in ends:
            end.closed = True
            end.pending.clear()
            cancel(end.delivery)
            end.delivery = None
        for end in ends:
            producer, end.producer = end.producer, None
            if producer is not None:
                producer.stopProducing()
            if end.protocol is not None:
                end.run(end.protocol.connectionLost, reason)


class Pipe:
    """Two protocols joined, ``guest`` seeing the host at ``host_address`` and the host
    seeing the guest at ``guest_address``."""

    def __init__(self, clock: Clock, guest_address: IAddress, host_address: IAddress,
                 guest_run: Runner = plainly) -> None:
        self.guest = PipeEnd(clock, guest_address, host_address, guest_run)
        self.host = PipeEnd(clock, host_address, guest_address, plainly)
        self.guest.other, self.host.other = self.host, self.guest

    def join(self, guest: IProtocol, host: IProtocol) -> None:
        """Start both protocols, the host's first (it speaks first, as a listening host
        does)."""
        self.host.protocol, self.guest.protocol = host, guest
        host.makeConnection(self.host)
        self.guest.run(guest.makeConnection, self.guest)


@implementer(IStreamClientEndpoint)
class InProcessEndpoint:
    """A client endpoint (Twisted's `IStreamClientEndpoint`) whose every connection is a
    `Pipe` to ``host_factory``, seen from the host as coming from ``guest_address``."""

    def __init__(self, clock: Clock, host_factory: IProtocolFactory, guest_address: IAddress,
                 host_address: IAddress, guest_run: Runner = plainly) -> None:
        self.clock, self.host_factory = clock, host_factory
        self.guest_address, self.host_address = guest_address, host_address
        self.guest_run = guest_run

    def connect(self, factory: IProtocolFactory) -> defer.Deferred[Any]:
        """Connected on the next turn of the loop, as a dialled connection would be; a host
        that builds no protocol (shutting down) is a refused connection."""
        def dial() -> None:
            host = self.host_factory.buildProtocol(self.guest_address)
            guest = factory.buildProtocol(self.host_address)
            if host is None or guest is None:
                connected.errback(Failure(ConnectionRefusedError("the host is closing")))
                return
            Pipe(self.clock, self.guest_address, self.host_address, self.guest_run).join(
                guest, host)
            connected.callback(guest)

        dialing = self.clock.callLater(0, dial)
        connected: defer.Deferred[Any] = defer.Deferred(lambda _d: cancel(dialing))
        return connected
