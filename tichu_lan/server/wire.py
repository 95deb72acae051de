"""The host's side of a TCP connection: prologue, frames, limits; requests go to a `Session`.

Everything a client sends passes here first and is refused here if it is not a
well-formed message within the limits, so nothing malformed reaches a table.
A protocol violation is answered with one error frame and closes this
connection only.

Each connection's lifecycle is the `Stage` state machine, every step of it in
`TRANSITIONS` at the end of this module (`tichu_lan.lifecycle` says how they are
written)::

    NEW --admitted--> PROLOGUE --prologue--> HANDSHAKE --welcome--> READY
    PROLOGUE, HANDSHAKE, READY --violation, timeout, stall, evicted--> CLOSING --lost--> CLOSED
    PROLOGUE, HANDSHAKE, READY --over its output limit--> CUT --lost--> CLOSED
    NEW --over the connection limits--> TURNED_AWAY --lost--> CLOSED

The handshake clock runs from PROLOGUE to the welcome, the idle clock in READY;
only a whole, valid frame counts as hearing from a client, so half a frame sent
slowly keeps no connection alive. The stall watch (the transport pauses us when
a client stops reading what we send) runs beside every open stage. A closing
connection reads nothing more and flushes what it owes; one that has not
closed within the stall timeout is cut.

Everything sent to the client goes through its `Outbox`, which holds at most
`Limits.output` bytes for it: a client that reads too little to take what it is
sent is cut the moment it would owe more (CUT), not after the stall timeout. Who
is let in when the host is full is `admission`'s to decide; a connection let in
on probation may only say a hello with a seat token. When a connection ends, it
lets go of its transport and its buffers at once (nothing of it waits for the
garbage collector).
"""

from __future__ import annotations

import contextlib
import socket
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
from .admission import Verdict
from .limits import RateLimiter
from .outbox import TRANSPORT_BUFFER, Outbox
from .session import AT_TABLE, Session
from .session_requests import answer

if TYPE_CHECKING:
    from twisted.internet.interfaces import IAddress

    from .host import Host

log = Logger()
SEND_BUFFER = 64 * 1024     # the kernel's send buffer for one client (it may double it)


class Stage(Enum):
    """Where one client's connection to the host stands."""

    NEW = "built, not yet connected"
    PROLOGUE = "admitted: waiting for the client's prologue line"
    HANDSHAKE = "prologue read: frames, until a hello succeeds"
    READY = "welcomed: requests go to the session"
    CLOSING = "the last word is said: reading nothing more, flushing, then closing"
    TURNED_AWAY = "over the connection limits: told so and closing, never counted"
    CUT = "over its output limit: dropped at once, its loss still to come"
    CLOSED = "the connection is gone"


class Event(Enum):
    ADMITTED = "the connection is up, within the limits"
    OVER_LIMITS = "the connection is up, one too many for its address or for the host"
    BYTES = "bytes arrived"
    PROLOGUE_READ = "the client's prologue is complete"
    FRAME = "a whole frame arrived"
    WELCOMED = "the session welcomed the client"
    VIOLATION = "the client broke the protocol or flooded, or made room: answer, then close"
    OVERFLOW = "the client owes more unread output than the host holds for one connection"
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


class _Socket(Protocol):
    def setsockopt(self, level: int, option: int, value: int) -> None: ...


class _Tcp(Protocol):
    """What the host uses of a connection's transport (Twisted's zope interfaces give mypy
    no types)."""

    def write(self, data: bytes) -> None: ...

    def getPeer(self) -> _Peer: ...

    def getHandle(self) -> _Socket: ...

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
        self.connection.outbox.pause()
        self.connection.lifecycle.feed(Event.OUTPUT_PAUSED)

    def resumeProducing(self) -> None:
        self.connection.outbox.resume()
        self.connection.lifecycle.feed(Event.OUTPUT_RESUMED)

    def stopProducing(self) -> None:
        """The connection is ending; its loss stops every clock."""


class HostProtocol(Int32StringReceiver):
    # made with the connection (connectionMade)
    tcp: _Tcp
    address: str
    session: Session
    limiter: RateLimiter
    listings: RateLimiter       # list_tables, limited on its own: its answer is the largest
    outbox: Outbox

    def __init__(self, host: Host, connections: set[HostProtocol]) -> None:
        self.host = host
        self.connections = connections
        self.clock: Clock = host.reactor
        self.limits = host.config.limits
        self.MAX_LENGTH = self.limits.max_frame
        self.prologue = protocol.PrologueReader()
        self.lifecycle = Lifecycle(self, Stage.NEW, TRANSITIONS)
        self.arrived = 0.0                         # when the bytes being read came in
        self.active = self.clock.seconds()         # when it last asked for more than a ping
        self.handshake_timer: Timer | None = None
        self.idle_timer: Timer | None = None
        self.stall_timer: Timer | None = None
        self.flush_timer: Timer | None = None

    @property
    def stage(self) -> Stage:
        return self.lifecycle.state

    # --- what admission asks (see admission.Guest) ----------------------------------

    @property
    def idle_since(self) -> float:
        return self.active

    @property
    def holds_place(self) -> bool:
        return self.session.state in AT_TABLE

    def evict(self) -> None:
        log.info("{address}: a connection without a seat makes room for a newcomer",
                 address=self.address)
        self.lifecycle.feed(Event.VIOLATION, HostError(
            "evicted", "the host is full: this connection, without a seat, made room for a "
            "newcomer"))

    # --- what the session sends -----------------------------------------------------

    def send_frame(self, frame: bytes) -> None:
        """Send one frame to the client, unless that puts it over its output limit (it is
        then cut) or the connection is closing (nothing more is owed to it)."""
        if self.stage in OPEN and not self.outbox.put(frame):
            self.lifecycle.feed(Event.OVERFLOW)

    # --- what Twisted tells us ------------------------------------------------------

    def connectionMade(self) -> None:
        self.connections.add(self)
        self.tcp = cast(_Tcp, self.transport)
        self.address = self.tcp.getPeer().host
        self.tcp.setTcpNoDelay(True)     # small frames, sent at once: moves are interactive
        self._bound_send_buffer()
        self.outbox = Outbox(self.tcp.write, self.limits.output,
                             getattr(self.tcp, "bufferSize", TRANSPORT_BUFFER))
        self.tcp.write(protocol.PROLOGUE)
        self.tcp.registerProducer(OutputWatch(self), True)
        now = self.clock.seconds()
        self.limiter = RateLimiter(self.limits.rate, self.limits.burst, now)
        self.listings = RateLimiter(self.limits.listing_rate, self.limits.listing_burst, now)
        self.session = Session(self.host, self.address, self.send_frame, self._hello_succeeded)
        verdict = self.host.addresses.admit(self, now)
        if verdict is Verdict.REFUSED:
            self.lifecycle.feed(Event.OVER_LIMITS, self.host.addresses.refusal(self))
        else:
            self.lifecycle.feed(Event.ADMITTED)

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
        self._let_go()

    def abort(self) -> None:
        """Cut the connection at once (the host is stopping)."""
        self.tcp.abortConnection()

    def _hello_succeeded(self) -> None:
        self.host.addresses.seated(self)      # on probation, the token has got it in
        self.lifecycle.feed(Event.WELCOMED)

    def _bound_send_buffer(self) -> None:
        """The kernel keeps what the client has not read too: keep that small and known."""
        with contextlib.suppress(AttributeError, OSError):   # the tests' fake transports
            self.tcp.getHandle().setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)

    def _let_go(self) -> None:
        """Nothing will be sent or read any more: drop every reference to the transport and its
        buffers now (the session's table is already left), so that freeing them does not wait
        for the garbage collector to find the cycles around this connection."""
        self.outbox.close()
        self.session.write = _nowhere
        self.session.on_welcome = _nothing
        self.tcp = _GONE
        self.transport = None

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
        now = self.clock.seconds()
        if self.host.addresses.on_probation(self) and not self._may_come_back(message):
            return
        if message["type"] != "ping":
            self.active = now
        if not self.limiter.allow(now):
            self._limited(message["id"])
        elif message["type"] == "list_tables" and not self.listings.allow(now):
            self._refuse(HostError("rate_limited", "the list of tables may be asked for at most "
                                   f"{self.limits.listing_rate:g} times a second (bursts of "
                                   f"{self.limits.listing_burst}); a watcher gets every change",
                                   params={"rate": self.limits.listing_rate,
                                           "burst": self.limits.listing_burst}), message["id"])
        elif answer(self.session, message, self.arrived):
            self.lifecycle.feed(Event.LAST_ANSWER)
        elif self.host.addresses.on_probation(self) and self.stage in OPEN:
            self._full(None)               # the hello is answered; the token got no seat back

    def _may_come_back(self, message: protocol.Message) -> bool:
        """On probation only a hello with a seat token is heard."""
        if message["type"] == "hello" and message.get("token"):
            return True
        self._full(message["id"])
        return False

    def _full(self, rid: int | None) -> None:
        self._refuse(HostError("too_many_connections", self.host.addresses.refusal(self) +
                               "; only a player coming back to a seat with its token gets in"),
                     rid)

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

    def _overflowed(self) -> None:
        """The client has left more unsent than the host holds for anyone: drop it now (its
        seat stays its own; the session leaves the table once the loss is reported, after the
        request or broadcast being written has finished)."""
        log.warn("{address} owes more than {limit} bytes of unread output; cutting it off",
                 address=self.address, limit=self.limits.output)
        self._stop_clocks()
        self.outbox.close()
        self.tcp.abortConnection()

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
        self.outbox.flush()
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
        self.host.addresses.release(self)
        self._forgotten()

    def _forgotten(self) -> None:
        self.connections.discard(self)
        self.host.heap.connection_ended(self.outbox.sent)
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
        self.outbox.put(protocol.encode(protocol.error_message(error, rid)))

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
    **{(s, E.OVERFLOW): (S.CUT, P._overflowed) for s in OPEN},
    # the end
    **{(s, E.VIOLATION): (S.CLOSING, P._say_and_close) for s in OPEN},
    (S.HANDSHAKE, E.LAST_ANSWER): (S.CLOSING, P._close),
    (S.READY, E.LAST_ANSWER): (S.CLOSING, P._close),
    (S.CLOSING, E.FLUSH_TIMEOUT): (S.CLOSING, P._flush_overdue),
    (S.TURNED_AWAY, E.FLUSH_TIMEOUT): (S.TURNED_AWAY, P._flush_overdue),
    **{(s, E.LOST): (S.CLOSED, P._ended) for s in OPEN},
    (S.CLOSING, E.LOST): (S.CLOSED, P._closed),
    (S.CUT, E.LOST): (S.CLOSED, P._ended),
    (S.TURNED_AWAY, E.LOST): (S.CLOSED, P._forgotten),
}
del S, E, P


def _nowhere(frame: bytes) -> None:
    """Where a session's frames go once its connection is gone."""


def _nothing() -> None:
    pass


class _Gone:
    """The transport of a connection that has ended: writing to it or closing it does nothing."""

    def write(self, data: bytes) -> None:
        pass

    def getPeer(self) -> _Peer:
        raise RuntimeError("the connection has ended")

    def getHandle(self) -> _Socket:
        raise RuntimeError("the connection has ended")

    def setTcpNoDelay(self, enabled: bool) -> None:
        pass

    def registerProducer(self, producer: object, streaming: bool) -> None:
        pass

    def unregisterProducer(self) -> None:
        pass

    def loseConnection(self) -> None:
        pass

    def abortConnection(self) -> None:
        pass


_GONE = _Gone()


class HostFactory(Factory):
    noisy = False

    def __init__(self, host: Host) -> None:
        self.host = host
        self.connections: set[HostProtocol] = set()

    def buildProtocol(self, addr: IAddress | None) -> HostProtocol:
        proto = HostProtocol(self.host, self.connections)
        proto.factory = self
        return proto
