"""The host's side of a TCP connection, as Twisted sees it: bytes in, frames out of them.

A `HostProtocol` only forwards: what Twisted reports (the connection made, bytes, a
whole frame, a frame too large, the transport pausing us, the loss) becomes an event
of the connection's lifecycle, `connection.Connection`, which alone decides what
happens next. Frames are length-prefixed (`Int32StringReceiver`, at most
`Limits.max_frame` bytes), after the protocol's prologue line.
"""

from __future__ import annotations

import contextlib
import socket
import time
from typing import TYPE_CHECKING, Protocol, cast

from twisted.internet.interfaces import IPushProducer
from twisted.internet.protocol import Factory, connectionDone
from twisted.protocols.basic import Int32StringReceiver
from twisted.python.failure import Failure
from zope.interface import implementer

from .. import protocol
from ..protocol import HostError
from . import framing
from .connection import Connection, Event, Tcp

if TYPE_CHECKING:
    from twisted.internet.interfaces import IAddress

    from .host import Host

SEND_BUFFER = 64 * 1024     # the kernel's send buffer for one client (it may double it)


class _Socket(Protocol):
    def setsockopt(self, level: int, option: int, value: int) -> None: ...


class _Transport(Tcp, Protocol):
    """What the host uses of a connection's transport here, besides what the connection does."""

    def getHandle(self) -> _Socket: ...

    def setTcpNoDelay(self, enabled: bool) -> None: ...

    def registerProducer(self, producer: object, streaming: bool) -> None: ...


@implementer(IPushProducer)
class OutputWatch:
    """Tells a connection when its transport pauses and resumes it: the transport pauses its
    producer when our unsent data piles up, as it does when the client stops reading."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def pauseProducing(self) -> None:
        self.connection.outbox.pause()
        self.connection.lifecycle.feed(Event.OUTPUT_PAUSED)

    def resumeProducing(self) -> None:
        self.connection.outbox.resume()
        self.connection.lifecycle.feed(Event.OUTPUT_RESUMED)

    def stopProducing(self) -> None:
        """The connection is ending; its loss stops every clock."""


class HostProtocol(Int32StringReceiver):
    connection: Connection          # made with the connection (connectionMade)

    def __init__(self, host: Host, connections: set[Connection]) -> None:
        self.host = host
        self.connections = connections
        self.MAX_LENGTH = host.config.limits.max_frame

    def connectionMade(self) -> None:
        tcp = cast(_Transport, self.transport)
        tcp.setTcpNoDelay(True)     # small frames, sent at once: moves are interactive
        with contextlib.suppress(AttributeError, OSError):   # the tests' fake transports
            # the kernel keeps what the client has not read too: keep that small and known
            tcp.getHandle().setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        self.connection = Connection(self.host, tcp, self, self.connections)
        tcp.write(protocol.PROLOGUE)
        tcp.registerProducer(OutputWatch(self.connection), True)
        self.connection.open()

    def dataReceived(self, data: bytes) -> None:
        self.connection.arrived = time.perf_counter()
        self.connection.lifecycle.feed(Event.BYTES, data)

    def stringReceived(self, frame: bytes) -> None:
        self.connection.lifecycle.feed(Event.FRAME, frame)

    def lengthLimitExceeded(self, length: int) -> None:
        self.connection.lifecycle.feed(Event.VIOLATION, HostError(
            "frame_too_large", f"a frame may hold at most {self.MAX_LENGTH} bytes; this one "
            f"announced {length}", params={"limit": self.MAX_LENGTH, "length": length}))

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        self.connection.lifecycle.feed(Event.LOST)
        self.transport = None

    # --- what the connection asks of its framing (see connection.Frames) ------------

    def read_frames(self, data: bytes) -> None:
        framing.read_frames(self, data)

    def stop_reading(self) -> None:
        framing.stop_reading(self)


class HostFactory(Factory):
    noisy = False

    def __init__(self, host: Host) -> None:
        self.host = host
        self.connections: set[Connection] = set()

    def buildProtocol(self, addr: IAddress | None) -> HostProtocol | None:
        """None once the host is stopping (a connection made inside the process, as the ssh
        door's guests' are, is then refused like one to a closed port)."""
        if self.host.stopping:
            return None
        proto = HostProtocol(self.host, self.connections)
        proto.factory = self
        return proto
