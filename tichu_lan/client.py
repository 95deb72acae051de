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
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from twisted.internet import defer, task
from twisted.internet.endpoints import HostnameEndpoint, connectProtocol
from twisted.logger import Logger
from twisted.protocols.basic import Int32StringReceiver

from engine import Action, NotationError, SeatView, action_to_dict, view_from_dict

from . import protocol
from .protocol import HostError

log = Logger()
Listener = Callable[[dict[str, Any]], None]


class Disconnected(Exception):
    """The connection to the host was lost before the host answered."""


@dataclass(frozen=True)
class Seating:
    table: int
    seat: int              # -1 when watching as a spectator
    token: str | None      # the secret that gets the seat back; None for a spectator


class _Connection(Int32StringReceiver):
    """One TCP connection to the host: prologue, frames, validation."""

    MAX_LENGTH = protocol.MAX_HOST_FRAME

    def __init__(self, client: TichuClient) -> None:
        self.client = client
        self.prologue = protocol.PrologueReader()
        self.ready: defer.Deferred[_Connection] = defer.Deferred()
        self.lost: defer.Deferred[None] = defer.Deferred()

    def connectionMade(self) -> None:
        self.transport.setTcpNoDelay(True)
        self.transport.write(protocol.PROLOGUE)

    def dataReceived(self, data: bytes) -> None:
        if not self.prologue.done:
            try:
                data = self.prologue.feed(data)
            except HostError as exc:
                why = ("that is not a tichu-lan host" if exc.code == "bad_prologue" else
                       f"the host speaks another protocol version than this client's "
                       f"{protocol.PROTOCOL_VERSION}")
                return self._broken(HostError(exc.code, why))
            if data is None:
                return
            self.ready.callback(self)
        super().dataReceived(data)

    def stringReceived(self, frame: bytes) -> None:
        try:
            message = protocol.validate(protocol.decode_frame(frame), protocol.HOST_MESSAGES)
        except HostError as exc:
            return self._broken(HostError(exc.code, f"the host sent a bad message: {exc.message}"))
        self.client._received(message)

    def lengthLimitExceeded(self, length: int) -> None:
        self._broken(HostError("frame_too_large", f"the host sent a frame of {length} bytes"))

    def _broken(self, error: HostError) -> None:
        log.error("{error}", error=error.message)
        if not self.ready.called:
            self.ready.errback(error)
        self.transport.loseConnection()

    def send(self, message: dict[str, Any]) -> None:
        self.transport.write(protocol.encode(message))

    def connectionLost(self, reason=None) -> None:
        if not self.ready.called:
            self.ready.errback(Disconnected("the host closed the connection"))
        self.lost.callback(None)
        self.client._lost(self)


class TichuClient:
    def __init__(self, host: str, port: int = protocol.DEFAULT_PORT, name: str = "player", *,
                 token: str | None = None, reactor=None, reconnect: bool = True,
                 max_backoff: float = 3.0) -> None:
        """``token``: a seat token from an earlier connection, to get that seat back at once."""
        if reactor is None:
            from twisted.internet import reactor
        self.host, self.port, self.name = host, port, name
        self.reactor = reactor
        self.reconnect = reconnect
        self.max_backoff = max_backoff
        self.connection: _Connection | None = None
        self.welcome: dict[str, Any] | None = None
        self.seating: Seating | None = None
        self.resume_token = token
        self.watching: tuple[int, str | None] | None = None   # (table, password) as a spectator
        self.table: dict[str, Any] | None = None
        self.lobby: list[dict[str, Any]] = []
        self.view: SeatView | None = None
        self.view_message: dict[str, Any] | None = None
        self.seq = -1
        self.listeners: list[Listener] = []
        self.pending: dict[int, defer.Deferred] = {}
        self.ids = itertools.count(1)
        self.closing = False
        self.retry = None
        self.attempts = 0
        self.keepalive: task.LoopingCall | None = None

    # --- connecting -----------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.connection is not None and self.welcome is not None

    @property
    def token(self) -> str | None:
        """The token of the seat held (or to be resumed at the next hello)."""
        return self.seating.token if self.seating else self.resume_token

    def connect(self) -> defer.Deferred[dict[str, Any]]:
        """Connect and say hello (resuming the seat if a token is held); fires with `welcome`."""
        self.closing = False
        return self._dial()

    @defer.inlineCallbacks
    def _dial(self):
        endpoint = HostnameEndpoint(self.reactor, self.host, self.port, timeout=5)
        connection = yield connectProtocol(endpoint, _Connection(self))
        yield connection.ready
        self.connection = connection
        try:
            welcome = yield self._hello()
        except HostError as exc:
            if exc.code != "bad_token":
                raise
            self._left()
            self._notify({"type": "connection", "state": "seat_lost", "message": exc.message})
            welcome = yield self._hello()
        return welcome

    def _hello(self) -> defer.Deferred[dict[str, Any]]:
        message = {"type": "hello", "protocol": protocol.PROTOCOL_VERSION,
                   "program": protocol.PROGRAM, "name": self.name}
        if self.token:
            message["token"] = self.token
        return self._request(message, before_welcome=True)

    def close(self) -> defer.Deferred[None]:
        """Leave the host for good (the seat stays with the token; `leave` gives it up)."""
        self.closing = True
        if self.retry is not None and self.retry.active():
            self.retry.cancel()
        if self.connection is None:
            return defer.succeed(None)
        lost = self.connection.lost
        self.connection.transport.loseConnection()
        return lost

    def drop(self) -> None:
        """Cut the connection as a network failure would (tests use it; reconnection follows)."""
        if self.connection is not None:
            self.connection.transport.abortConnection()

    def _keep_alive(self, limits: dict[str, Any]) -> None:
        """Ping often enough that the host, which drops clients it has not heard from for
        ``limits["idle"]`` seconds, never takes this one for frozen."""
        if self.keepalive is not None and self.keepalive.running:
            self.keepalive.stop()
        idle = limits.get("idle")
        if not isinstance(idle, (int, float)) or idle <= 0:
            return
        self.keepalive = task.LoopingCall(self._ping_quietly)
        self.keepalive.clock = self.reactor
        self.keepalive.start(idle / 3, now=False)

    def _ping_quietly(self) -> None:
        if self.connected:
            self.ping().addErrback(lambda failure: None)   # a lost connection reports itself

    def _lost(self, connection: _Connection) -> None:
        if connection is not self.connection:
            return
        if self.keepalive is not None and self.keepalive.running:
            self.keepalive.stop()
        self.keepalive = None
        self.connection, self.welcome = None, None
        for d in self.pending.values():
            d.errback(Disconnected("the connection to the host was lost"))
        self.pending.clear()
        if self.closing:
            self._notify({"type": "connection", "state": "closed"})
            return
        self._notify({"type": "connection", "state": "lost"})
        if self.reconnect and (self.token or self.watching):
            self._schedule_retry()

    def _schedule_retry(self) -> None:
        delay = min(self.max_backoff, 0.1 * 2 ** self.attempts)
        self.attempts += 1
        self.retry = self.reactor.callLater(delay, self._retry)

    def _retry(self) -> None:
        self.retry = None
        if self.closing:
            return

        def restored(welcome):
            self.attempts = 0
            if self.watching and not self.token:
                self.spectate(*self.watching).addErrback(self._watch_lost)
            self._notify({"type": "connection", "state": "restored"})

        def failed(failure):
            if isinstance(failure.value, HostError) and failure.value.code == "version_mismatch":
                log.error("giving up reconnecting: {why}", why=failure.value.message)
                self.closing = True
                return
            if self.connection is not None:
                self.connection.transport.loseConnection()
            elif not self.closing:
                self._schedule_retry()

        self._dial().addCallbacks(restored, failed)

    # --- messages -------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every message from the host (and local notices); returns
        the unsubscriber."""
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool],
                 timeout: float = 10.0) -> defer.Deferred[dict[str, Any]]:
        """The next message for which ``predicate`` is true (fails after ``timeout`` seconds)."""
        d: defer.Deferred[dict[str, Any]] = defer.Deferred()

        def check(message):
            if not d.called and predicate(message):
                unsubscribe()
                d.callback(message)

        unsubscribe = self.subscribe(check)
        d.addTimeout(timeout, self.reactor)
        d.addBoth(lambda result: (unsubscribe(), result)[1])
        return d

    def _notify(self, message: dict[str, Any]) -> None:
        for listener in list(self.listeners):
            try:
                listener(message)
            except Exception:
                log.failure("a client listener failed on {type}", type=message.get("type"))

    def _received(self, message: dict[str, Any]) -> None:
        self._remember(message)
        self._notify(message)
        d = self.pending.pop(message.get("id"), None) if "id" in message else None
        if d is not None:
            if message["type"] == "error":
                d.errback(HostError(message["code"], message["message"]))
            else:
                d.callback(message)

    def _remember(self, message: dict[str, Any]) -> None:
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
        elif kind == "welcome":
            self.welcome = message
            self._keep_alive(message["limits"])
            if message.get("seat"):
                seat = message["seat"]
                self.seating = Seating(seat["table"], seat["seat"], seat["token"])
        elif kind == "seated":
            self.seating = Seating(message["table"], message["seat"], message["token"])
        elif kind == "spectating":
            self.seating = Seating(message["table"], -1, None)
        elif kind == "error" and message["code"] == "bad_token" and "id" not in message:
            self._left()        # another connection took our seat back with its token

    def _watch_lost(self, failure) -> None:
        self._left()
        self._notify({"type": "connection", "state": "seat_lost",
                      "message": failure.getErrorMessage()})

    def _left(self) -> None:
        self.resume_token, self.watching = None, None
        self.seating, self.table, self.view, self.view_message, self.seq = None, None, None, None, -1

    def _request(self, message: dict[str, Any], before_welcome: bool = False) -> defer.Deferred:
        if self.connection is None or (self.welcome is None and not before_welcome):
            return defer.fail(Disconnected("not connected to the host"))
        rid = next(self.ids)
        message["id"] = rid
        d: defer.Deferred = defer.Deferred()
        self.pending[rid] = d
        self.connection.send(message)
        return d

    # --- requests -------------------------------------------------------------------

    def list_tables(self, watch: bool | None = None) -> defer.Deferred[list[dict[str, Any]]]:
        """The tables; with ``watch`` true the host also sends every later change."""
        message: dict[str, Any] = {"type": "list_tables"}
        if watch is not None:
            message["watch"] = watch
        return self._request(message).addCallback(lambda reply: reply["tables"])

    def create_table(self, name: str, variant: str = "classic", target: int = 1000, *,
                     password: str | None = None, takeover: bool | None = None,
                     grace: float | None = None, bot_level: str | None = None,
                     seat: int | None = None) -> defer.Deferred[Seating]:
        """Open a table and sit down at it."""
        options = {"password": password, "takeover": takeover, "grace": grace,
                   "bot_level": bot_level, "seat": seat}
        message = {"type": "create_table", "name": name, "variant": variant, "target": target,
                   **{k: v for k, v in options.items() if v is not None}}
        return self._request(message).addCallback(lambda _: self.seating)

    def join(self, table: int, seat: int | None = None,
             password: str | None = None) -> defer.Deferred[Seating]:
        message: dict[str, Any] = {"type": "join", "table": table}
        if seat is not None:
            message["seat"] = seat
        if password is not None:
            message["password"] = password
        return self._request(message).addCallback(lambda _: self.seating)

    def spectate(self, table: int, password: str | None = None) -> defer.Deferred[Seating]:
        """Watch a table; after a dropped connection the client watches it again by itself."""
        message: dict[str, Any] = {"type": "spectate", "table": table}
        if password is not None:
            message["password"] = password

        def watching(_):
            self.watching = (table, password)
            return self.seating

        return self._request(message).addCallback(watching)

    def add_bot(self, seat: int, level: str | None = None) -> defer.Deferred:
        message: dict[str, Any] = {"type": "add_bot", "seat": seat}
        if level is not None:
            message["level"] = level
        return self._request(message)

    def remove_bot(self, seat: int) -> defer.Deferred:
        return self._request({"type": "remove_bot", "seat": seat})

    def start(self) -> defer.Deferred:
        return self._request({"type": "start"})

    def act(self, action: Action | dict[str, Any]) -> defer.Deferred[int]:
        """Send a move; fires with the move's number once the host has accepted it."""
        data = action_to_dict(action) if not isinstance(action, dict) else action
        return self._request({"type": "action", "action": data}).addCallback(
            lambda reply: reply["seq"])

    def chat(self, text: str) -> defer.Deferred:
        return self._request({"type": "chat", "text": text})

    def leave(self) -> defer.Deferred:
        """Give up the seat (or stop watching); the connection stays, in the lobby."""
        def left(reply):
            self._left()
            return reply
        return self._request({"type": "leave"}).addCallback(left)

    def ping(self) -> defer.Deferred:
        return self._request({"type": "ping"})
