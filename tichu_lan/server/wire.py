"""The host's side of a TCP connection: prologue, frames, limits; requests go to a `Session`.

Everything a client sends passes here first and is refused here if it is not a
well-formed message within the limits, so nothing malformed reaches a table.
A protocol violation is answered with one error frame and closes this
connection only.

Each connection's lifecycle is the `Stage` state machine, every step of it in
`TRANSITIONS` at the end of this module (`tichu_lan.lifecycle` says how they are
written)::

    NEW --admitted--> PROLOGUE --prologue--> HANDSHAKE --welcome--> READY
    PROLOGUE, HANDSHAKE, READY --violation, timeout, stall--> CLOSING --lost--> CLOSED
    NEW --over the connection limits--> TURNED_AWAY --lost--> CLOSED

The handshake clock runs from PROLOGUE to the welcome, the idle clock in READY;
only a whole, valid frame counts as hearing from a client, so half a frame sent
slowly keeps no connection alive. The stall watch (the transport pauses us when
a client stops reading what we send) runs beside every open stage. A closing
connection reads nothing more and flushes what it owes; one that has not
closed within the stall timeout is cut.
"""

from __future__ import annotations

import time
from enum import Enum
from typing import TYPE_CHECKING, Protocol, cast

from twisted.internet.interfaces import IPushProducer
from twisted.internet.protocol import Factory, connectionDone
from twisted.logger import Logger
from twisted.protocols.basic import Int32StringReceiver
from twisted.python.failure import Failure
from zope.interface import implementer

from .. import protocol
from ..lifecycle import Clock, Lifecycle, Timer, Transitions, cancel
from ..protocol import HostError
from .limits import RateLimiter
from .session import Session

if TYPE_CHECKING:
    from twisted.internet.interfaces import IAddress

    from .host import Host

log = Logger()


class Stage(Enum):
    """Where one client's connection to the host stands."""

    NEW = "built, not yet connected"
    PROLOGUE = "admitted: waiting for the client's prologue line"
    HANDSHAKE = "prologue read: frames, until a hello succeeds"
    READY = "welcomed: requests go to the session"
    CLOSING = "the last word is said: reading nothing more, flushing, then closing"
    TURNED_AWAY = "over the connection limits: told so and closing, never counted"
    CLOSED = "the connection is gone"


class Event(Enum):
    ADMITTED = "the connection is up, within the limits"
    OVER_LIMITS = "the connection is up, one too many for its address or for the host"
    BYTES = "bytes arrived"
    PROLOGUE_READ = "the client's prologue is complete"
    FRAME = "a whole frame arrived"
    WELCOMED = "the session welcomed the client"
    VIOLATION = "the client broke the protocol or flooded: answer, then close"
    LAST_ANSWER = "the session's answer ends the connection"
    HANDSHAKE_TIMEOUT = "no hello succeeded in time"
    IDLE_TIMEOUT = "nothing heard from a welcomed client in time"
    OUTPUT_PAUSED = "the transport holds more than it can send: the client is not reading"
    OUTPUT_RESUMED = "the transport has sent what it held"
    STALLED = "the output stayed paused for the stall timeout"
    FLUSH_TIMEOUT = "a closing connection has not closed within the stall timeout"
    LOST = "the connection is gone"


OPEN = (Stage.PROLOGUE, Stage.HANDSHAKE, Stage.READY)


class _Peer(Protocol):
    host: str


class _Tcp(Protocol):
    """What the host uses of a connection's transport (Twisted's zope interfaces give mypy
    no types)."""

    def write(self, data: bytes) -> None: ...

    def getPeer(self) -> _Peer: ...

    def setTcpNoDelay(self, enabled: bool) -> None: ...

    def registerProducer(self, producer: object, streaming: bool) -> None: ...

    def unregisterProducer(self) -> None: ...

    def loseConnection(self) -> None: ...

    def abortConnection(self) -> None: ...


@implementer(IPushProducer)
class OutputWatch:
    """Tells a connection when its transport pauses and resumes it: the transport pauses its
    producer when our unsent data piles up, as it does when the client stops reading."""

    def __init__(self, connection: HostProtocol) -> None:
        self.connection = connection

    def pauseProducing(self) -> None:
        self.connection.lifecycle.feed(Event.OUTPUT_PAUSED)

    def resumeProducing(self) -> None:
        self.connection.lifecycle.feed(Event.OUTPUT_RESUMED)

    def stopProducing(self) -> None:
        """The connection is ending; its loss stops every clock."""


class HostProtocol(Int32StringReceiver):
    # made with the connection (connectionMade)
    tcp: _Tcp
    address: str
    session: Session
    limiter: RateLimiter

    def __init__(self, host: Host, connections: set[HostProtocol]) -> None:
        self.host = host
        self.connections = connections
        self.clock: Clock = host.reactor
        self.limits = host.config.limits
        self.MAX_LENGTH = self.limits.max_frame
        self.prologue = protocol.PrologueReader()
        self.lifecycle = Lifecycle(self, Stage.NEW, TRANSITIONS)
        self.arrived = 0.0                         # when the bytes being read came in
        self.handshake_timer: Timer | None = None
        self.idle_timer: Timer | None = None
        self.stall_timer: Timer | None = None
        self.flush_timer: Timer | None = None

    @property
    def stage(self) -> Stage:
        return self.lifecycle.state

    # --- what Twisted tells us ------------------------------------------------------

    def connectionMade(self) -> None:
        self.connections.add(self)
        self.tcp = cast(_Tcp, self.transport)
        self.address = self.tcp.getPeer().host
        self.tcp.setTcpNoDelay(True)     # small frames, sent at once: moves are interactive
        self.tcp.write(protocol.PROLOGUE)
        self.tcp.registerProducer(OutputWatch(self), True)
        self.limiter = RateLimiter(self.limits.rate, self.limits.burst, self.clock.seconds())
        self.session = Session(self.host, self.address, self.tcp.write, self._hello_succeeded)
        refusal = self.host.addresses.admit(self.address)
        if refusal is None:
            self.lifecycle.feed(Event.ADMITTED)
        else:
            self.lifecycle.feed(Event.OVER_LIMITS, refusal)

    def dataReceived(self, data: bytes) -> None:
        self.arrived = time.perf_counter()
        self.lifecycle.feed(Event.BYTES, data)

    def stringReceived(self, frame: bytes) -> None:
        self.lifecycle.feed(Event.FRAME, frame)

    def lengthLimitExceeded(self, length: int) -> None:
        self.lifecycle.feed(Event.VIOLATION, HostError(
            "frame_too_large", f"a frame may hold at most {self.MAX_LENGTH} bytes; this one "
            f"announced {length}", params={"limit": self.MAX_LENGTH, "length": length}))

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        self.lifecycle.feed(Event.LOST)

    def abort(self) -> None:
        """Cut the connection at once (the host is stopping)."""
        self.tcp.abortConnection()

    def _hello_succeeded(self) -> None:
        self.lifecycle.feed(Event.WELCOMED)

    # --- the steps of the lifecycle (see TRANSITIONS) -------------------------------

    def _admitted(self) -> None:
        self.handshake_timer = self._after(self.limits.handshake_timeout,
                                           Event.HANDSHAKE_TIMEOUT)

    def _turn_away(self, refusal: str) -> None:
        log.warn("refusing a connection from {address}: {why}", address=self.address,
                 why=refusal)
        self._say(HostError("too_many_connections", refusal))
        self._shut()

    def _read_prologue(self, data: bytes) -> None:
        try:
            rest = self.prologue.feed(data)
        except HostError as exc:
            log.info("{address}: {why}", address=self.address, why=exc)
            self.lifecycle.feed(Event.VIOLATION, exc)
            return
        if rest is not None:
            self.lifecycle.feed(Event.PROLOGUE_READ, rest)

    def _read_frames(self, data: bytes) -> None:
        super().dataReceived(data)

    def _request(self, frame: bytes, heard: bool = False) -> None:
        """One request, checked before it reaches the session; ``heard``: the client is
        welcomed, and a good frame shows it is alive."""
        raw = None
        try:
            raw = protocol.decode_frame(frame)
            message = protocol.validate(raw, protocol.CLIENT_MESSAGES)
        except HostError as exc:
            log.info("{address}: {code}: {why}", address=self.address, code=exc.code, why=exc)
            self._refuse(exc, protocol.request_id(raw))
            return
        if heard:
            self._heard()
        if not self.limiter.allow(self.clock.seconds()):
            self._limited(message["id"])
        elif self.session.handle(message, self.arrived):
            self.lifecycle.feed(Event.LAST_ANSWER)

    def _request_heard(self, frame: bytes) -> None:
        self._request(frame, heard=True)

    def _welcomed(self) -> None:
        cancel(self.handshake_timer)
        self.handshake_timer = None
        self.idle_timer = self._after(self.limits.idle_timeout, Event.IDLE_TIMEOUT)

    def _heard(self) -> None:
        """The client said something: it is alive. One that falls silent (a frozen process, a
        laptop gone to sleep) is cut off, so that its seat's grace period and stand-in bot
        apply instead of the table waiting for it for ever."""
        if self.idle_timer is not None:
            self.idle_timer.reset(self.limits.idle_timeout)

    def _too_slow(self) -> None:
        self._say_and_close(HostError("handshake_timeout", "no hello within "
                                      f"{self.limits.handshake_timeout:g} seconds",
                                      params={"seconds": self.limits.handshake_timeout}))

    def _silent(self) -> None:
        log.info("{address} has sent nothing for {timeout} s; closing its connection",
                 address=self.address, timeout=self.limits.idle_timeout)
        self._say_and_close(HostError("idle_timeout", "nothing heard from this client for "
                                      f"{self.limits.idle_timeout:g} seconds (a client pings "
                                      "to stay)", params={"seconds": self.limits.idle_timeout}))

    def _watch_output(self) -> None:
        if self.stall_timer is None:
            self.stall_timer = self._after(self.limits.stall_timeout, Event.STALLED)

    def _output_flows(self) -> None:
        cancel(self.stall_timer)
        self.stall_timer = None

    def _cut(self) -> None:
        """The client has stopped reading: the seat is better off without the connection
        (its token still holds the seat)."""
        log.warn("{address} has not read for {timeout} s; closing its connection",
                 address=self.address, timeout=self.limits.stall_timeout)
        self._stop_clocks()
        self.session.connection_lost()
        self.tcp.abortConnection()

    def _say_and_close(self, error: HostError, rid: int | None = None) -> None:
        self._say(error, rid)
        self._close()

    def _close(self) -> None:
        """Said and done: the session leaves its table now, so that nothing more is owed to
        this connection than what is already on its way."""
        self.session.connection_lost()
        self._shut()

    def _shut(self) -> None:
        self.pauseProducing()                # read nothing more from this client
        self._stop_clocks()
        self.tcp.unregisterProducer()        # else the transport waits for it before closing
        self.tcp.loseConnection()
        self.flush_timer = self._after(self.limits.stall_timeout, Event.FLUSH_TIMEOUT)

    def _flush_overdue(self) -> None:
        log.warn("{address} has not taken our last words in {timeout} s; cutting it off",
                 address=self.address, timeout=self.limits.stall_timeout)
        self.tcp.abortConnection()

    def _ended(self) -> None:
        """Lost while open: the session leaves its table now."""
        self.session.connection_lost()
        self._closed()

    def _closed(self) -> None:
        self.host.addresses.release(self.address)
        self._forgotten()

    def _forgotten(self) -> None:
        self.connections.discard(self)
        self._stop_clocks()
        cancel(self.flush_timer)
        self.flush_timer = None

    # --- helpers of the steps -------------------------------------------------------

    def _after(self, seconds: float, event: Event) -> Timer:
        return self.clock.callLater(seconds, self.lifecycle.feed, event)

    def _stop_clocks(self) -> None:
        for timer in (self.handshake_timer, self.idle_timer, self.stall_timer):
            cancel(timer)
        self.handshake_timer = self.idle_timer = self.stall_timer = None

    def _say(self, error: HostError, rid: int | None = None) -> None:
        self.tcp.write(protocol.encode(protocol.error_message(error, rid)))

    def _refuse(self, error: HostError, rid: int | None) -> None:
        """Answer with an error; one that closes the connection is a violation."""
        if error.closes:
            self.lifecycle.feed(Event.VIOLATION, error, rid)
        else:
            self._say(error, rid)

    def _limited(self, rid: int) -> None:
        """Refuse a request over the rate; a client that keeps going anyway is cut off."""
        if self.limiter.dropped > self.limits.burst:
            log.warn("{address} floods the host; closing its connection", address=self.address)
            self._refuse(HostError("flood", f"more than {self.limits.burst} requests in a row "
                                   "over the rate limit", params={"burst": self.limits.burst}), rid)
        else:
            self._refuse(HostError("rate_limited", "too many requests: at most "
                                   f"{self.limits.rate:g} a second (bursts of "
                                   f"{self.limits.burst}); this one was not carried out",
                                   params={"rate": self.limits.rate, "burst": self.limits.burst}),
                         rid)


S, E, P = Stage, Event, HostProtocol
TRANSITIONS: Transitions[Stage, Event] = {
    (S.NEW, E.ADMITTED): (S.PROLOGUE, P._admitted),
    (S.NEW, E.OVER_LIMITS): (S.TURNED_AWAY, P._turn_away),
    # the prologue, then frames; a hello that succeeds welcomes the client
    (S.PROLOGUE, E.BYTES): (S.PROLOGUE, P._read_prologue),
    (S.PROLOGUE, E.PROLOGUE_READ): (S.HANDSHAKE, P._read_frames),
    (S.HANDSHAKE, E.BYTES): (S.HANDSHAKE, P._read_frames),
    (S.HANDSHAKE, E.FRAME): (S.HANDSHAKE, P._request),
    (S.HANDSHAKE, E.WELCOMED): (S.READY, P._welcomed),
    (S.READY, E.BYTES): (S.READY, P._read_frames),
    (S.READY, E.FRAME): (S.READY, P._request_heard),
    # the clocks
    (S.PROLOGUE, E.HANDSHAKE_TIMEOUT): (S.CLOSING, P._too_slow),
    (S.HANDSHAKE, E.HANDSHAKE_TIMEOUT): (S.CLOSING, P._too_slow),
    (S.READY, E.IDLE_TIMEOUT): (S.CLOSING, P._silent),
    **{(s, E.OUTPUT_PAUSED): (s, P._watch_output) for s in OPEN},
    **{(s, E.OUTPUT_RESUMED): (s, P._output_flows) for s in OPEN},
    **{(s, E.STALLED): (S.CLOSING, P._cut) for s in OPEN},
    # the end
    **{(s, E.VIOLATION): (S.CLOSING, P._say_and_close) for s in OPEN},
    (S.HANDSHAKE, E.LAST_ANSWER): (S.CLOSING, P._close),
    (S.READY, E.LAST_ANSWER): (S.CLOSING, P._close),
    (S.CLOSING, E.FLUSH_TIMEOUT): (S.CLOSING, P._flush_overdue),
    (S.TURNED_AWAY, E.FLUSH_TIMEOUT): (S.TURNED_AWAY, P._flush_overdue),
    **{(s, E.LOST): (S.CLOSED, P._ended) for s in OPEN},
    (S.CLOSING, E.LOST): (S.CLOSED, P._closed),
    (S.TURNED_AWAY, E.LOST): (S.CLOSED, P._forgotten),
}
del S, E, P


class HostFactory(Factory):
    noisy = False

    def __init__(self, host: Host) -> None:
        self.host = host
        self.connections: set[HostProtocol] = set()

    def buildProtocol(self, addr: IAddress | None) -> HostProtocol:
        proto = HostProtocol(self.host, self.connections)
        proto.factory = self
        return proto
