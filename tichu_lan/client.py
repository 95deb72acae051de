"""A headless client of a tichu-lan host: connect, handshake, ask, keep the latest view, reconnect.

The terminal client is built on it, and the tests drive the host with it::

    client = TichuClient("127.0.0.1", port, name="Ann")
    welcome = yield client.connect()
    seated = yield client.create_table("Friday", variant="classic", target=1000)
    yield client.add_bot(1); yield client.add_bot(2); yield client.add_bot(3)
    yield client.start()
    client.subscribe(lambda message: ...)     # every message from the host, in order
    yield client.act(Pass(seated.seat))

Every request returns a Deferred that fires with the host's reply (a dict) or
fails with `HostError` (the host's code and message) or `Disconnected`. The
client keeps what the host last said: `view` (a `SeatView`), `seq`, `table`,
`lobby`, `seating`. If the connection drops while it holds a seat token, it
reconnects by itself, resumes the seat and gets the full current view; the
subscribers see local ``{"type": "connection", "state": "lost" | "restored" |
"seat_lost" | "closed"}`` notices (these never travel on the wire). A spectator
reconnects too, and watches its table again.

The connection's lifecycle is the `Link` state machine, every step of it in
`TRANSITIONS` at the end of this module (`tichu_lan.lifecycle` says why a plain
table rather than Automat)::

    OFFLINE --connect()--> DIALING --prologue--> GREETING --welcome--> READY
    READY --dropped, holding a seat--> BACKOFF --pause--> REDIALING --> RESUMING --> READY
    READY --dropped, nothing held--> OFFLINE      any open state --close()--> CLOSING --> CLOSED
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, cast

from twisted.internet import defer
from twisted.internet.endpoints import HostnameEndpoint, connectProtocol
from twisted.internet.interfaces import IReactorTime, IStreamClientEndpoint
from twisted.internet.protocol import connectionDone
from twisted.logger import Logger
from twisted.protocols.basic import Int32StringReceiver
from twisted.python.failure import Failure

from engine import Action, NotationError, SeatView, action_to_dict, view_from_dict

from . import protocol
from .bundling.where import DEFAULT_SHARE_PORT, page_url
from .i18n import _
from .lifecycle import Clock, Lifecycle, Timer, Transitions, cancel
from .protocol import HostError, Message
from .words.refusals import refusal_words

log = Logger()
Listener = Callable[[Message], None]
NOTICES_KEPT = 10


class Disconnected(Exception):
    """The connection to the host was lost before the host answered."""


def _lost_failure() -> Failure:
    return Failure(Disconnected("the connection to the host was lost"))


@dataclass(frozen=True)
class Seating:
    table: int
    seat: int              # -1 when watching as a spectator
    token: str | None      # the secret that gets the seat back; None for a spectator


class Link(Enum):
    """Where the client's connection to the host stands."""

    OFFLINE = "no connection, and none under way"
    DIALING = "connect(): opening TCP and reading the host's prologue"
    GREETING = "hello sent, waiting for welcome"
    READY = "welcomed: requests go out"
    BACKOFF = "dropped while holding a seat or watching: pausing before dialing again"
    REDIALING = "dialing again after a drop"
    RESUMING = "hello sent again, to get the seat (or the table watched) back"
    CLOSING = "close(): waiting for the connection to end"
    CLOSED = "closed for good: close(), or the host speaks another protocol version"


class Event(Enum):
    CONNECT = "connect() was called"
    CLOSE = "close() was called"
    OPENED = "the TCP connection is up and the host's prologue read"
    DIAL_FAILED = "no connection, or not to a tichu-lan host"
    WRONG_VERSION = "the host speaks another protocol version"
    FRAME = "a message from the host"
    WELCOMED = "the host answered the hello with welcome"
    SEAT_GONE = "no seat on the host has the token the hello gave"
    REFUSED = "the host refused the hello for another reason"
    DROPPED = "the connection was lost while holding a seat or watching, reconnect on"
    LOST = "the connection was lost with nothing to come back to (or reconnect off)"
    RETRY = "the pause before dialing again is over"


OPEN = frozenset({Link.GREETING, Link.RESUMING, Link.READY, Link.CLOSING})  # a connection is up


class _Tcp(Protocol):
    """What the client uses of its transport (Twisted's zope interfaces give mypy no types)."""

    def write(self, data: bytes) -> None: ...

    def setTcpNoDelay(self, enabled: bool) -> None: ...

    def loseConnection(self) -> None: ...

    def abortConnection(self) -> None: ...


def where_to_get(host: str) -> str:
    """Where a guest gets the host's version: its page on the share port, unless the host
    moved it (its screen, its announcement and `tichu find --json` say where then)."""
    url = page_url(host, DEFAULT_SHARE_PORT)
    return _("; get the host's version at {url} (or where the host's screen "
             "says)").format(url=url)


class _Connection(Int32StringReceiver):
    """One TCP connection to the host: prologue, frames, validation. What each means is the
    client's to decide; a connection only reports it."""

    MAX_LENGTH = protocol.MAX_HOST_FRAME

    def __init__(self, client: TichuClient) -> None:
        self.client = client
        self.prologue = protocol.PrologueReader()
        self.tcp: _Tcp | None = None
        self.dialing: defer.Deferred[object] | None = None    # the TCP attempt
        self.lost: defer.Deferred[None] = defer.Deferred()

    def connectionMade(self) -> None:
        self.tcp = cast(_Tcp, self.transport)
        self.tcp.setTcpNoDelay(True)
        self.tcp.write(protocol.PROLOGUE)

    def dataReceived(self, data: bytes) -> None:
        if not self.prologue.done:
            try:
                rest = self.prologue.feed(data)
            except HostError as exc:
                return self._not_a_host(exc)
            if rest is None:
                return
            self.client._from(self, Event.OPENED)
            data = rest
        super().dataReceived(data)

    def _not_a_host(self, exc: HostError) -> None:
        if exc.code == "bad_prologue":
            event, why = Event.DIAL_FAILED, "that is not a tichu-lan host"
        else:
            event, why = Event.WRONG_VERSION, ("the host speaks another protocol version than "
                                               f"this client's {protocol.PROTOCOL_VERSION}"
                                               + where_to_get(self.client.host))
        log.error("{error}", error=why)
        self.hang_up()
        self.client._from(self, event, Failure(HostError(exc.code, why)))

    def stringReceived(self, frame: bytes) -> None:
        """One message from the host; a text longer than this client shows (another person's
        words, relayed) is cut to fit, never a reason to hang up."""
        try:
            message = protocol.validate(protocol.decode_frame(frame), protocol.HOST_MESSAGES,
                                        cut=True)
        except HostError as exc:
            log.error("{error}", error=f"the host sent a bad message: {exc.message}")
            self.hang_up()
            return
        self.client._from(self, Event.FRAME, message)

    def lengthLimitExceeded(self, length: int) -> None:
        log.error("{error}", error=f"the host sent a frame of {length} bytes")
        self.hang_up()

    def send(self, message: Message) -> None:
        if self.tcp is not None:
            self.tcp.write(protocol.encode(message))

    def hang_up(self) -> None:
        """End this connection, or the attempt to make it."""
        if self.tcp is not None:
            self.tcp.loseConnection()
        elif self.dialing is not None:
            self.dialing.cancel()

    def abort(self) -> None:
        if self.tcp is not None:
            self.tcp.abortConnection()

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        self.lost.callback(None)
        if self.prologue.done:
            self.client._lost(self)
        else:
            self.client._from(self, Event.DIAL_FAILED,
                              Failure(Disconnected("the host closed the connection")))


class TichuClient:
    def __init__(self, host: str, port: int = protocol.DEFAULT_PORT, name: str = "player", *,
                 token: str | None = None, reactor: Clock | None = None, reconnect: bool = True,
                 max_backoff: float = 3.0, endpoint: IStreamClientEndpoint | None = None) -> None:
        """``token``: a seat token from an earlier connection, to get that seat back at once.
        ``endpoint``: how to reach the host, by default TCP to ``host:port`` (tests pass a fake)."""
        if reactor is None:
            from twisted.internet import reactor as default
            reactor = default
        self.host, self.port, self.name = host, port, name
        self.reactor: Clock = reactor
        self.endpoint = endpoint
        self.reconnect = reconnect
        self.max_backoff = max_backoff
        self.lifecycle = Lifecycle(self, Link.OFFLINE, TRANSITIONS)
        self.wire: _Connection | None = None      # the connection being made or in use
        self.waiters: list[defer.Deferred[Message]] = []     # connect() calls not yet answered
        self.hello: defer.Deferred[Message | None] | None = None
        self.retry: Timer | None = None
        self.attempts = 0                         # dialed since the last welcome
        self.keepalive: Timer | None = None
        self.welcome: Message | None = None
        self.seating: Seating | None = None
        self.resume_token = token                 # the seat to ask for before one is held
        self.watching: tuple[int, str | None] | None = None   # (table, password) as a spectator
        self.table: Message | None = None
        self.asking: Message | None = None        # the host's `pending`: a seat asked for
        self.lobby: list[Message] = []
        self.view: SeatView | None = None
        self.view_message: Message | None = None
        self.notices: list[Message] = []          # the host's notices about the table
        self.seq = -1
        self.listeners: list[Listener] = []
        self.pending: dict[int, defer.Deferred[Message]] = {}
        self.ids = itertools.count(1)

    # --- connecting -----------------------------------------------------------------

    @property
    def link(self) -> Link:
        return self.lifecycle.state

    @property
    def connection(self) -> _Connection | None:
        """The connection to the host while one is up."""
        return self.wire if self.link in OPEN else None

    @property
    def connected(self) -> bool:
        return self.link is Link.READY

    @property
    def token(self) -> str | None:
        """The token of the seat held (or to be resumed at the next hello)."""
        return self.seating.token if self.seating else self.resume_token

    def connect(self) -> defer.Deferred[Message]:
        """Connect and say hello (resuming the seat if a token is held); fires with `welcome`.
        While a connection is being made already, waits for that one; in the pause before
        dialing again after a drop, dials at once."""
        d: defer.Deferred[Message] = defer.Deferred()
        self.waiters.append(d)
        self.lifecycle.feed(Event.CONNECT)
        return d

    def close(self) -> defer.Deferred[None]:
        """Leave the host for good (the seat stays with the token; `leave` gives it up)."""
        wire = self.connection
        self.lifecycle.feed(Event.CLOSE)
        if wire is None:
            return defer.succeed(None)
        done: defer.Deferred[None] = defer.Deferred()
        wire.lost.addBoth(lambda _: done.callback(None))
        return done

    def drop(self) -> None:
        """Cut the connection as a network failure would (tests use it; reconnection follows)."""
        if self.connection is not None:
            self.connection.abort()

    def _from(self, wire: _Connection, event: Event, *data: object) -> None:
        """An event on ``wire``; one from a connection given up on is no news, and a late one
        that opens after all is hung up."""
        if wire is not self.wire:
            if event is Event.OPENED:
                wire.hang_up()
            return
        self.lifecycle.feed(event, *data)

    def _lost(self, wire: _Connection) -> None:
        resumable = self.reconnect and bool(self.token or self.watching)
        self._from(wire, Event.DROPPED if resumable else Event.LOST)

    # --- the steps of the lifecycle (see TRANSITIONS) -------------------------------

    def _dial(self) -> None:
        self.wire = wire = _Connection(self)
        endpoint = self.endpoint or HostnameEndpoint(self.reactor, self.host, self.port,
                                                     timeout=5)
        wire.dialing = connectProtocol(endpoint, wire)
        wire.dialing.addErrback(lambda failure: self._from(wire, Event.DIAL_FAILED, failure))

    def _dial_now(self) -> None:
        cancel(self.retry)
        self._dial()

    def _dial_over_closing(self) -> None:
        self._forget()
        self._tell("closed")
        self._dial()

    def _say_hello(self) -> None:
        message: Message = {"type": "hello", "protocol": protocol.PROTOCOL_VERSION,
                            "program": protocol.PROGRAM, "name": self.name}
        if self.token:
            message["token"] = self.token
        self.hello = self._send(message).addErrback(self._hello_refused)

    def _hello_refused(self, failure: Failure) -> None:
        error = failure.value
        if not isinstance(error, HostError):
            return                    # the connection was lost: that is an event of its own
        event = (Event.SEAT_GONE if error.code == "bad_token" else
                 Event.WRONG_VERSION if error.code == "version_mismatch" else Event.REFUSED)
        self.lifecycle.feed(event, failure)

    def _hello_as_newcomer(self, failure: Failure) -> None:
        self._left()
        self._tell("seat_lost", failure)
        self._say_hello()

    def _welcomed(self, message: Message) -> None:
        self._take_welcome(message)
        self._after_listeners(lambda: self._answer_waiters(message))

    def _restored(self, message: Message) -> None:
        self._take_welcome(message)

        def back() -> None:
            if self.watching and not self.token:
                self.spectate(*self.watching).addErrback(self._watch_lost)
            self._tell("restored")
            self._answer_waiters(message)

        self._after_listeners(back)

    def _take_welcome(self, message: Message) -> None:
        self.welcome, self.attempts = message, 0
        self._keep_alive(message["limits"])
        if message.get("seat"):
            seat = message["seat"]
            self.seating = Seating(seat["table"], seat["seat"], seat["token"])

    def _after_listeners(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the welcome has reached every listener (it answers the hello)."""
        def answered(welcome: Message | None) -> Message | None:
            then()
            return welcome

        if self.hello is not None:
            self.hello.addCallback(answered)

    def _already_welcomed(self) -> None:
        if self.welcome is not None:
            self._answer_waiters(self.welcome)

    def _connect_failed(self, failure: Failure) -> None:
        self.wire = None
        self._answer_waiters(failure)

    def _refused(self, failure: Failure) -> None:
        self._hang_up_and_forget()
        self._answer_waiters(failure)

    def _lost_for_now(self) -> None:
        self._forget()
        self._tell("lost")
        self._answer_waiters(_lost_failure())

    def _lost_then_retry(self) -> None:
        self._lost_for_now()
        self._schedule_retry()

    def _hang_up(self) -> None:
        if self.wire is not None:
            self.wire.hang_up()

    def _closed(self) -> None:
        self._forget()
        self._tell("closed")
        self._answer_waiters(Failure(Disconnected("the connection to the host was closed")))

    def _abandon(self) -> None:
        """close() before the host answered: give the attempt up."""
        self._hang_up()
        self.wire = None
        self._answer_waiters(Failure(Disconnected("closed before the host answered")))

    def _stop_retrying(self) -> None:
        cancel(self.retry)
        self.retry = None

    def _redial(self) -> None:
        self.retry = None
        self._dial()

    def _retry_later(self, failure: Failure) -> None:
        self.wire = None
        self._answer_waiters(failure)
        self._schedule_retry()

    def _resume_failed(self, failure: Failure | None = None) -> None:
        self._hang_up_and_forget()
        self._answer_waiters(failure or _lost_failure())
        self._schedule_retry()

    def _give_up(self, failure: Failure) -> None:
        log.error("giving up reconnecting: {why}", why=failure.getErrorMessage())
        self._hang_up_and_forget()
        self._tell("closed", failure)
        self._answer_waiters(failure)

    # --- helpers of the steps -------------------------------------------------------

    def _schedule_retry(self) -> None:
        delay = min(self.max_backoff, 0.1 * 2 ** self.attempts)
        self.attempts += 1
        self.retry = self.reactor.callLater(delay, self.lifecycle.feed, Event.RETRY)

    def _forget(self) -> None:
        """The connection is over: what was asked on it fails, nothing more is sent on it."""
        cancel(self.keepalive)
        self.keepalive = None
        self.wire, self.welcome, self.hello = None, None, None
        pending, self.pending = self.pending, {}
        for d in pending.values():
            d.errback(_lost_failure())

    def _hang_up_and_forget(self) -> None:
        self._hang_up()
        self._forget()

    def _tell(self, state: str, why: Failure | None = None) -> None:
        """A local notice to the listeners about the connection (it never crosses the wire):
        why, in the words of the error (``message``) and in the reader's (``words``, from a
        host's code)."""
        notice: Message = {"type": "connection", "state": state}
        if why is not None:
            notice["message"] = why.getErrorMessage()
            notice["words"] = refusal_words(why.value)
        self._notify(notice)

    def _answer_waiters(self, result: Message | Failure) -> None:
        waiters, self.waiters = self.waiters, []
        for d in waiters:
            if isinstance(result, Failure):
                d.errback(result)
            else:
                d.callback(result)

    def _keep_alive(self, limits: Message) -> None:
        """Ping often enough that the host, which drops clients it has not heard from for
        ``limits["idle"]`` seconds, never takes this one for frozen."""
        cancel(self.keepalive)
        self.keepalive = None
        idle = limits.get("idle")
        if isinstance(idle, (int, float)) and idle > 0:
            self.keepalive = self.reactor.callLater(idle / 3, self._ping_quietly, idle / 3)

    def _ping_quietly(self, every: float) -> None:
        self.keepalive = self.reactor.callLater(every, self._ping_quietly, every)
        if self.connected:
            self.ping().addErrback(lambda failure: None)   # a lost connection reports itself

    # --- messages -------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every message from the host (and local notices); returns
        the unsubscriber."""
        self.listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self.listeners:
                self.listeners.remove(listener)

        return unsubscribe

    def wait_for(self, predicate: Callable[[Message], bool],
                 timeout: float = 10.0) -> defer.Deferred[Message]:
        """The next message for which ``predicate`` is true (fails after ``timeout`` seconds)."""
        d: defer.Deferred[Message] = defer.Deferred()

        def check(message: Message) -> None:
            if not d.called and predicate(message):
                unsubscribe()
                d.callback(message)

        unsubscribe = self.subscribe(check)
        d.addTimeout(timeout, cast(IReactorTime, self.reactor))   # the reactor or a test Clock
        d.addBoth(lambda result: (unsubscribe(), result)[1])
        return d

    def _notify(self, message: Message) -> None:
        for listener in list(self.listeners):
            try:
                listener(message)
            except Exception:
                log.failure("a client listener failed on {type}", type=message.get("type"))

    def _received(self, message: Message) -> None:
        self._remember(message)
        self._notify(message)
        rid = message.get("id")
        d = self.pending.pop(rid, None) if isinstance(rid, int) else None
        if d is not None:
            if message["type"] == "error":
                d.errback(HostError(message["code"], message["message"],
                                    params=message.get("params")))
            else:
                d.callback(message)

    def _remember(self, message: Message) -> None:
        kind = message["type"]
        if kind == "view":
            self.view_message, self.seq = message, message["seq"]
            try:
                self.view = view_from_dict(message["view"])
            except NotationError as exc:
                log.error("the host sent a view this client cannot read: {why}", why=exc)
        elif kind == "table":
            self.table = message["table"]
        elif kind == "lobby":
            self.lobby = message["tables"]
        elif kind == "notice":
            self.notices = [*self.notices[-(NOTICES_KEPT - 1):], message]
        elif kind == "welcome":
            self.lifecycle.feed(Event.WELCOMED, message)
        elif kind == "seated":
            self.seating = Seating(message["table"], message["seat"], message["token"])
            self.asking = None
        elif kind == "pending":
            self.asking = message
        elif kind == "spectating":
            self.seating = Seating(message["table"], -1, None)
        elif kind == "error" and message["code"] == "bad_token" and "id" not in message:
            self._left()        # another connection took our seat back with its token

    def _watch_lost(self, failure: Failure) -> None:
        self._left()
        self._tell("seat_lost", failure)

    def _left(self) -> None:
        self.resume_token, self.watching, self.asking = None, None, None
        self.seating, self.table, self.view, self.view_message = None, None, None, None
        self.notices = []
        self.seq = -1

    def _send(self, message: Message) -> defer.Deferred[Message]:
        rid = next(self.ids)
        message["id"] = rid
        d: defer.Deferred[Message] = defer.Deferred()
        self.pending[rid] = d
        if self.wire is not None:
            self.wire.send(message)
        return d

    def _request(self, message: Message) -> defer.Deferred[Message]:
        if not self.connected:
            return defer.fail(Disconnected("not connected to the host"))
        return self._send(message)

    # --- requests -------------------------------------------------------------------

    def list_tables(self, watch: bool | None = None) -> defer.Deferred[list[Message]]:
        """The tables; with ``watch`` true the host also sends every later change."""
        message: Message = {"type": "list_tables"}
        if watch is not None:
            message["watch"] = watch
        return self._request(message).addCallback(lambda reply: reply["tables"])

    def create_table(self, name: str, variant: str = "classic", target: int = 1000, *,
                     password: str | None = None, takeover: bool | None = None,
                     grace: float | None = None, bot_level: str | None = None,
                     seat: int | None = None, collect: float | None = None
                     ) -> defer.Deferred[Seating]:
        """Open a table and sit down at it (``collect``: the seconds a won trick waits for
        bombs; the host's default if None)."""
        options = {"password": password, "takeover": takeover, "grace": grace,
                   "bot_level": bot_level, "seat": seat, "collect": collect}
        message = {"type": "create_table", "name": name, "variant": variant, "target": target,
                   **{k: v for k, v in options.items() if v is not None}}
        return self._request(message).addCallback(_seating)

    def join(self, table: int, seat: int | None = None,
             password: str | None = None) -> defer.Deferred[Seating]:
        """Take a seat. A bot's seat in the middle of a round is only asked for: the host
        says `pending` (kept in ``asking``) and answers once the table's owner lets the
        person in, or the round ends; `leave` takes the request back."""
        message: Message = {"type": "join", "table": table}
        if seat is not None:
            message["seat"] = seat
        if password is not None:
            message["password"] = password

        def not_asking(failure: Failure) -> Failure:
            self.asking = None
            return failure
        return self._request(message).addCallbacks(_seating, not_asking)

    def spectate(self, table: int, password: str | None = None) -> defer.Deferred[Seating]:
        """Watch a table; after a dropped connection the client watches it again by itself."""
        message: Message = {"type": "spectate", "table": table}
        if password is not None:
            message["password"] = password

        def watching(reply: Message) -> Seating:
            self.watching = (table, password)
            return _seating(reply)

        return self._request(message).addCallback(watching)

    def add_bot(self, seat: int, level: str | None = None) -> defer.Deferred[Message]:
        message: Message = {"type": "add_bot", "seat": seat}
        if level is not None:
            message["level"] = level
        return self._request(message)

    def remove_bot(self, seat: int) -> defer.Deferred[Message]:
        return self._request({"type": "remove_bot", "seat": seat})

    def start(self) -> defer.Deferred[Message]:
        return self._request({"type": "start"})

    def act(self, action: Action | Message) -> defer.Deferred[int]:
        """Send a move; fires with the move's number once the host has accepted it."""
        data = action_to_dict(action) if not isinstance(action, dict) else action
        return self._request({"type": "action", "action": data}).addCallback(
            lambda reply: reply["seq"])

    def chat(self, text: str) -> defer.Deferred[Message]:
        return self._request({"type": "chat", "text": text})

    def leave(self) -> defer.Deferred[Message]:
        """Give up the seat (or stop watching); the connection stays, in the lobby."""
        def left(reply: Message) -> Message:
            self._left()
            return reply
        return self._request({"type": "leave"}).addCallback(left)

    def ping(self) -> defer.Deferred[Message]:
        return self._request({"type": "ping"})

    # --- running a table (its owner), and playing again -------------------------------

    def set_options(self, *, takeover: bool | None = None, grace: float | None = None,
                    bot_level: str | None = None,
                    coach: bool | None = None) -> defer.Deferred[Message]:
        options = {"takeover": takeover, "grace": grace, "bot_level": bot_level, "coach": coach}
        return self._request({"type": "set_options",
                              **{k: v for k, v in options.items() if v is not None}})

    def grant_seat(self, seat: int, now: bool) -> defer.Deferred[Message]:
        """Answer a person asking for a bot's seat mid-round: now, or at the round's end."""
        return self._request({"type": "grant_seat", "seat": seat, "now": now})

    def play_again(self, agree: bool = True) -> defer.Deferred[Message]:
        """Once the game is over: a new one starts when every person at the table agrees."""
        return self._request({"type": "play_again", "agree": agree})


def _seating(reply: Message) -> Seating:
    """The seat a `seated` or `spectating` answer gives (what `_remember` kept of it)."""
    return Seating(reply["table"], reply.get("seat", -1), reply.get("token"))


L, E, C = Link, Event, TichuClient
TRANSITIONS: Transitions[Link, Event] = {
    # connect(): dial, read the host's prologue, say hello, get the welcome
    (L.OFFLINE, E.CONNECT): (L.DIALING, C._dial),
    (L.CLOSED, E.CONNECT): (L.DIALING, C._dial),
    (L.CLOSING, E.CONNECT): (L.DIALING, C._dial_over_closing),
    (L.READY, E.CONNECT): (L.READY, C._already_welcomed),
    (L.DIALING, E.OPENED): (L.GREETING, C._say_hello),
    (L.DIALING, E.DIAL_FAILED): (L.OFFLINE, C._connect_failed),
    (L.DIALING, E.WRONG_VERSION): (L.OFFLINE, C._connect_failed),
    (L.DIALING, E.CLOSE): (L.CLOSED, C._abandon),
    (L.GREETING, E.FRAME): (L.GREETING, C._received),
    (L.GREETING, E.WELCOMED): (L.READY, C._welcomed),
    (L.GREETING, E.SEAT_GONE): (L.GREETING, C._hello_as_newcomer),
    (L.GREETING, E.REFUSED): (L.OFFLINE, C._refused),
    (L.GREETING, E.WRONG_VERSION): (L.OFFLINE, C._refused),
    (L.GREETING, E.DROPPED): (L.BACKOFF, C._lost_then_retry),
    (L.GREETING, E.LOST): (L.OFFLINE, C._lost_for_now),
    (L.GREETING, E.CLOSE): (L.CLOSING, C._hang_up),
    # welcomed
    (L.READY, E.FRAME): (L.READY, C._received),
    (L.READY, E.DROPPED): (L.BACKOFF, C._lost_then_retry),
    (L.READY, E.LOST): (L.OFFLINE, C._lost_for_now),
    (L.READY, E.CLOSE): (L.CLOSING, C._hang_up),
    # dropped while holding a seat: pause, dial again, say hello with the token
    (L.BACKOFF, E.RETRY): (L.REDIALING, C._redial),
    (L.BACKOFF, E.CONNECT): (L.REDIALING, C._dial_now),
    (L.BACKOFF, E.CLOSE): (L.CLOSED, C._stop_retrying),
    (L.REDIALING, E.OPENED): (L.RESUMING, C._say_hello),
    (L.REDIALING, E.DIAL_FAILED): (L.BACKOFF, C._retry_later),
    (L.REDIALING, E.WRONG_VERSION): (L.CLOSED, C._give_up),
    (L.REDIALING, E.CLOSE): (L.CLOSED, C._abandon),
    (L.RESUMING, E.FRAME): (L.RESUMING, C._received),
    (L.RESUMING, E.WELCOMED): (L.READY, C._restored),
    (L.RESUMING, E.SEAT_GONE): (L.RESUMING, C._hello_as_newcomer),
    (L.RESUMING, E.REFUSED): (L.BACKOFF, C._resume_failed),
    (L.RESUMING, E.WRONG_VERSION): (L.CLOSED, C._give_up),
    (L.RESUMING, E.DROPPED): (L.BACKOFF, C._resume_failed),
    (L.RESUMING, E.LOST): (L.OFFLINE, C._lost_for_now),
    (L.RESUMING, E.CLOSE): (L.CLOSING, C._hang_up),
    # close(): the host's last words still count, then the end
    (L.OFFLINE, E.CLOSE): (L.CLOSED, None),
    (L.CLOSING, E.FRAME): (L.CLOSING, C._received),
    (L.CLOSING, E.DROPPED): (L.CLOSED, C._closed),
    (L.CLOSING, E.LOST): (L.CLOSED, C._closed),
}
del L, E, C
