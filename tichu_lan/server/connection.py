"""One client's connection to the host: its stages, and the step each event takes in each.

Everything a client sends passes here first and is refused here if it is not a
well-formed message within the limits, so nothing malformed reaches a table.
A protocol violation is answered with one error frame and closes this
connection only.

Each connection's lifecycle is the `Stage` state machine, every step of it in
`TRANSITIONS` at the end of this module (`tichu_lan.lifecycle` says how they are
written); `wire.HostProtocol` only feeds it what Twisted reports::

    NEW --admitted--> PROLOGUE --prologue--> HANDSHAKE --welcome--> READY
    PROLOGUE, HANDSHAKE, READY --violation, timeout, stall, evicted--> CLOSING --lost--> CLOSED
    PROLOGUE, HANDSHAKE, READY --over its output limit--> CUT --lost--> CLOSED
    READY --the host stops--> PARTING --lost--> CLOSED
    NEW --over the connection limits--> TURNED_AWAY --lost--> CLOSED

The handshake clock runs from PROLOGUE to the welcome, the idle clock in READY;
only a whole, valid frame counts as hearing from a client, so half a frame sent
slowly keeps no connection alive. The stall watch (the transport pauses us when
a client stops reading what we send) runs beside every open stage. A closing
connection reads nothing more and flushes what it owes; one that has not
closed within the stall timeout is cut. The clocks are `Deadlines`, each named by
the event it ends in.

Everything sent to the client goes through its `Outbox`, which holds at most
`Limits.output` bytes for it: a client that reads too little to take what it is
sent is cut the moment it would owe more (CUT), not after the stall timeout, or
when all connections together owe `Limits.output_total` and it owes the most. How
often it may ask is `RequestLimits`'; who is let in when the host is full is
`admission`'s to decide, and a connection let in on probation may only say a hello
with a seat token. When a connection ends, it lets go of its transport and its
buffers at once (nothing of it waits for the garbage collector).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Protocol

from twisted.internet import defer
from twisted.logger import Logger

from .. import protocol
from ..lifecycle import Clock, Lifecycle, Transitions
from ..prologue import PrologueReader
from ..protocol import HostError
from .admission import Verdict
from .deadlines import Deadlines
from .limits import RequestLimits
from .outbox import TRANSPORT_BUFFER, Outbox
from .session import AT_TABLE, Session
from .session_requests import answer

if TYPE_CHECKING:
    from .host import Host

log = Logger()


class Stage(Enum):
    """Where one client's connection to the host stands."""

    NEW = "built, not yet connected"
    PROLOGUE = "admitted: waiting for the client's prologue line"
    HANDSHAKE = "prologue read: frames, until a hello succeeds"
    READY = "welcomed: requests go to the session"
    CLOSING = "the last word is said: reading nothing more, flushing, then closing"
    PARTING = "the host stops and has said so: flushing that, then closing"
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
    HOST_STOPS = "the host stops on purpose: its last word to the client, then the end"
    LOST = "the connection is gone"


OPEN = (Stage.PROLOGUE, Stage.HANDSHAKE, Stage.READY)
CLOCKS = (Event.HANDSHAKE_TIMEOUT, Event.IDLE_TIMEOUT, Event.STALLED)   # not the flush's


class Peer(Protocol):
    host: str


class Tcp(Protocol):
    """What a connection uses of its transport (Twisted's zope interfaces give mypy no
    types)."""

    def write(self, data: bytes) -> None: ...

    def getPeer(self) -> Peer: ...

    def unregisterProducer(self) -> None: ...

    def loseConnection(self) -> None: ...

    def abortConnection(self) -> None: ...


class Frames(Protocol):
    """What a connection uses of its protocol: the framing of what it reads."""

    def read_frames(self, data: bytes) -> None: ...

    def stop_reading(self) -> None: ...


class Connection:
    def __init__(self, host: Host, tcp: Tcp, frames: Frames,
                 connections: set[Connection]) -> None:
        """``connections``: every connection of the host, this one among them while it lasts."""
        self.host = host
        self.tcp = tcp
        self.frames = frames
        self.connections = connections
        self.limits = limits = host.config.limits
        self.address = tcp.getPeer().host
        self.lifecycle = Lifecycle(self, Stage.NEW, TRANSITIONS)
        self.prologue = PrologueReader()
        self.clock: Clock = host.reactor
        now = self.clock.seconds()
        self.active: float = now                   # when it last asked for more than a ping
        self.arrived = 0.0                         # when the bytes being read came in
        self.deadlines: Deadlines[Event] = Deadlines(self.clock, self.lifecycle.feed)
        self.requests = RequestLimits(limits, now)
        self.outbox = Outbox(tcp.write, limits.output, getattr(tcp, "bufferSize", TRANSPORT_BUFFER),
                             host.output, self._owes_most)
        self.session = Session(host, self.address, self.send_frame, self._hello_succeeded)
        self.ended: defer.Deferred[None] = defer.Deferred()    # fires once it is gone

    @property
    def stage(self) -> Stage:
        return self.lifecycle.state

    def open(self) -> None:
        """The connection is up: it is counted, or turned away."""
        self.connections.add(self)
        verdict = self.host.addresses.admit(self, self.active)
        if verdict is Verdict.REFUSED:
            self.lifecycle.feed(Event.OVER_LIMITS, self.host.addresses.refusal(self))
        else:
            self.lifecycle.feed(Event.ADMITTED)

    # --- what admission asks (see admission.Guest) ----------------------------------

    @property
    def idle_since(self) -> float:
        return self.active

    @property
    def holds_place(self) -> bool:
        return self.session.state in AT_TABLE or self.session in self.session.host.room.watchers

    def evict(self) -> None:
        log.info("{address}: a connection without a seat makes room for a newcomer",
                 address=self.address)
        self.lifecycle.feed(Event.VIOLATION, HostError(
            "evicted", "the host is full: this connection, without a seat, made room for a "
            "newcomer"))

    # --- what the session sends, and the host's stop --------------------------------

    def send_frame(self, frame: bytes) -> None:
        """Send one frame to the client, unless that puts it over its output limit (it is
        then cut) or the connection is closing (nothing more is owed to it)."""
        if self.stage in OPEN and not self.outbox.put(frame):
            if self.outbox.over_budget:
                self._owes_most()
            else:
                self.lifecycle.feed(Event.OVERFLOW)

    def abort(self) -> None:
        """Cut the connection at once (the host is stopping)."""
        self.tcp.abortConnection()

    def part(self, farewell: bytes) -> None:
        """The host stops: a welcomed client that reads is told ``farewell`` before the
        connection closes; any other is cut at once."""
        if self.outbox.paused or not self.lifecycle.feed(Event.HOST_STOPS, farewell):
            self.abort()

    def _owes_most(self) -> None:
        """All connections together owe what the host may hold, and this one the most."""
        self.lifecycle.feed(Event.OVERFLOW, f"owes the most unread output ({self.outbox.held} "
                            f"bytes) while all connections owe the host's limit of "
                            f"{self.limits.output_total} bytes")

    def _hello_succeeded(self) -> None:
        self.host.addresses.seated(self)      # on probation, the token has got it in
        self.lifecycle.feed(Event.WELCOMED)

    # --- the steps of the lifecycle (see TRANSITIONS) -------------------------------

    def _admitted(self) -> None:
        self.deadlines.set(Event.HANDSHAKE_TIMEOUT, self.limits.handshake_timeout)

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
        self.frames.read_frames(data)

    def _request(self, frame: bytes) -> None:
        """One request, checked before it reaches the session."""
        welcomed = self.stage is Stage.READY
        raw = None
        try:
            raw = protocol.decode_frame(frame)
            message = protocol.validate(raw, protocol.CLIENT_MESSAGES)
        except HostError as exc:
            log.info("{address}: {code}: {why}", address=self.address, code=exc.code, why=exc)
            self._refuse(exc, protocol.request_id(raw))
            return
        if welcomed:    # a good frame shows the client is alive; one that falls silent (a
            # frozen process, a laptop gone to sleep) is cut off, so that its seat's grace
            # period and stand-in bot apply instead of the table waiting for it for ever
            self.deadlines.reset(Event.IDLE_TIMEOUT, self.limits.idle_timeout)
        now = self.clock.seconds()
        addresses = self.host.addresses
        if addresses.on_probation(self) and not (message["type"] == "hello"
                                                 and message.get("token")):
            self._refuse(addresses.on_probation_only(self), message["id"])
            return
        if message["type"] != "ping":
            self.active = now
        refusal = self.requests.refusal(message["type"], now)
        if refusal is not None:
            if refusal.code == "flood":
                log.warn("{address} floods the host; closing its connection",
                         address=self.address)
            self._refuse(refusal, message["id"])
        elif answer(self.session, message, self.arrived):
            self.lifecycle.feed(Event.LAST_ANSWER)
        elif addresses.on_probation(self) and self.stage in OPEN:
            self._refuse(addresses.on_probation_only(self), None)   # the token got no seat

    def _welcomed(self) -> None:
        self.deadlines.clear(Event.HANDSHAKE_TIMEOUT)
        self.deadlines.set(Event.IDLE_TIMEOUT, self.limits.idle_timeout)

    def _watch_output(self) -> None:
        self.deadlines.set(Event.STALLED, self.limits.stall_timeout)

    def _output_flows(self) -> None:
        self.deadlines.clear(Event.STALLED)

    def _overflowed(self, why: str | None = None) -> None:
        """The client has left more unsent than the host holds for anyone, or owes the most
        when the host holds all it may: drop it now (its seat stays its own; the session
        leaves the table once the loss is reported, after the request or broadcast being
        written has finished)."""
        log.warn("{address} {why}; cutting it off", address=self.address,
                 why=why or f"owes more than {self.limits.output} bytes of unread output")
        self.deadlines.clear(*CLOCKS)
        self.outbox.close()
        self.tcp.abortConnection()

    def _cut(self) -> None:
        """The client has stopped reading: the seat is better off without the connection
        (its token still holds the seat)."""
        log.warn("{address} has not read for {timeout} s; closing its connection",
                 address=self.address, timeout=self.limits.stall_timeout)
        self.deadlines.clear(*CLOCKS)
        self.session.connection_lost()
        self.tcp.abortConnection()

    def _say_and_close(self, error: HostError | None = None, rid: int | None = None) -> None:
        """Said (``error``, or the session's last answer) and done: the session leaves its
        table now, so that nothing more is owed to this connection than what is already on
        its way."""
        if error is not None:
            self._say(error, rid)
        self.session.connection_lost()
        self._shut()

    def _shut(self) -> None:
        self.frames.stop_reading()           # read nothing more from this client
        self.deadlines.clear(*CLOCKS)
        self.tcp.unregisterProducer()        # else the transport waits for it before closing
        self.outbox.flush()
        self.tcp.loseConnection()
        self.deadlines.set(Event.FLUSH_TIMEOUT, self.limits.stall_timeout)

    def _part(self, farewell: bytes) -> None:
        """Said, then closed once delivered (the host cuts it if that takes too long). Its
        session leaves its table when the loss comes, once every guest has been told."""
        self.outbox.put(farewell)
        self._shut()

    def _flush_overdue(self) -> None:
        log.warn("{address} has not taken our last words in {timeout} s; cutting it off",
                 address=self.address, timeout=self.limits.stall_timeout)
        self.tcp.abortConnection()

    def _ended(self) -> None:
        """Lost while open: the session leaves its table now."""
        self.session.connection_lost()
        self._forgotten()

    def _forgotten(self) -> None:
        """Nothing will be sent or read any more: it counts no more, and every reference to
        the transport and its buffers is dropped now (the session's table is already left), so
        that freeing them does not wait for the garbage collector to find the cycles around
        this connection."""
        self.host.addresses.release(self)       # nothing, for one turned away
        self.connections.discard(self)
        self.host.heap.connection_ended(self.outbox.sent)
        self.deadlines.clear()
        self.outbox.close()
        self.session.write = _nowhere
        self.session.on_welcome = _nothing
        self.tcp = GONE
        self.ended.callback(None)

    # --- helpers of the steps -------------------------------------------------------

    def _say(self, error: HostError, rid: int | None = None) -> None:
        self.outbox.put(protocol.encode(protocol.error_message(error, rid)))

    def _refuse(self, error: HostError, rid: int | None) -> None:
        """Answer with an error; one that closes the connection is a violation."""
        if error.closes:
            self.lifecycle.feed(Event.VIOLATION, error, rid)
        else:
            self._say(error, rid)


def too_slow(connection: Connection) -> None:
    """No hello in time: the client is told why, and closed."""
    wait = connection.limits.handshake_timeout
    connection._say_and_close(HostError("handshake_timeout", f"no hello within {wait:g} "
                                        "seconds", params={"seconds": wait}))


def silent(connection: Connection) -> None:
    """Nothing heard for the idle time: the client is told why, and closed."""
    wait = connection.limits.idle_timeout
    log.info("{address} has sent nothing for {timeout} s; closing its connection",
             address=connection.address, timeout=wait)
    connection._say_and_close(HostError("idle_timeout", f"nothing heard from this client for "
                                        f"{wait:g} seconds (a client pings to stay)",
                                        params={"seconds": wait}))


S, E, C = Stage, Event, Connection
TRANSITIONS: Transitions[Stage, Event] = {
    (S.NEW, E.ADMITTED): (S.PROLOGUE, C._admitted),
    (S.NEW, E.OVER_LIMITS): (S.TURNED_AWAY, C._turn_away),
    # the prologue, then frames; a hello that succeeds welcomes the client
    (S.PROLOGUE, E.BYTES): (S.PROLOGUE, C._read_prologue),
    (S.PROLOGUE, E.PROLOGUE_READ): (S.HANDSHAKE, C._read_frames),
    (S.HANDSHAKE, E.BYTES): (S.HANDSHAKE, C._read_frames),
    (S.HANDSHAKE, E.FRAME): (S.HANDSHAKE, C._request),
    (S.HANDSHAKE, E.WELCOMED): (S.READY, C._welcomed),
    (S.READY, E.BYTES): (S.READY, C._read_frames),
    (S.READY, E.FRAME): (S.READY, C._request),
    # the clocks
    (S.PROLOGUE, E.HANDSHAKE_TIMEOUT): (S.CLOSING, too_slow),
    (S.HANDSHAKE, E.HANDSHAKE_TIMEOUT): (S.CLOSING, too_slow),
    (S.READY, E.IDLE_TIMEOUT): (S.CLOSING, silent),
    **{(s, E.OUTPUT_PAUSED): (s, C._watch_output) for s in OPEN},
    **{(s, E.OUTPUT_RESUMED): (s, C._output_flows) for s in OPEN},
    **{(s, E.STALLED): (S.CLOSING, C._cut) for s in OPEN},
    **{(s, E.OVERFLOW): (S.CUT, C._overflowed) for s in OPEN},
    # the end
    **{(s, E.VIOLATION): (S.CLOSING, C._say_and_close) for s in OPEN},
    (S.HANDSHAKE, E.LAST_ANSWER): (S.CLOSING, C._say_and_close),
    (S.READY, E.LAST_ANSWER): (S.CLOSING, C._say_and_close),
    (S.READY, E.HOST_STOPS): (S.PARTING, C._part),
    (S.PARTING, E.FLUSH_TIMEOUT): (S.PARTING, C._flush_overdue),
    (S.PARTING, E.LOST): (S.CLOSED, C._ended),
    (S.CLOSING, E.FLUSH_TIMEOUT): (S.CLOSING, C._flush_overdue),
    (S.TURNED_AWAY, E.FLUSH_TIMEOUT): (S.TURNED_AWAY, C._flush_overdue),
    **{(s, E.LOST): (S.CLOSED, C._ended) for s in OPEN},
    (S.CLOSING, E.LOST): (S.CLOSED, C._forgotten),
    (S.CUT, E.LOST): (S.CLOSED, C._ended),
    (S.TURNED_AWAY, E.LOST): (S.CLOSED, C._forgotten),
}
del S, E, C


def _nowhere(frame: bytes) -> None:
    """Where a session's frames go once its connection is gone."""


def _nothing() -> None:
    pass


class _Gone:
    """The transport of a connection that has ended: writing to it or closing it does nothing."""

    def write(self, data: bytes) -> None:
        pass

    def getPeer(self) -> Peer:
        raise RuntimeError("the connection has ended")

    def unregisterProducer(self) -> None:
        pass

    def loseConnection(self) -> None:
        pass

    def abortConnection(self) -> None:
        pass


GONE = _Gone()
