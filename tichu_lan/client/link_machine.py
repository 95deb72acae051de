"""The client's connection to the host as one state machine: dial, greet, drop, come back.

`LinkMachine` owns the connection being made or in use (a `HostConnection`) and
the `Link` state, and takes every step of it in `TRANSITIONS` at the end of this
module (`tichu_lan.lifecycle` says why a plain table rather than Automat). What
the host says on the way goes to the client it serves (`LinkUser`): its store,
its listeners, the requests waiting for answers.

If the connection drops while the client holds a seat token (or watches a
table), the machine dials again after a pause, says hello with the token and
gets the seat back with the full current view; the listeners hear ``lost``,
then ``restored`` (or ``seat_lost``, ``closed``). A host that stops on purpose
says so first (its notice ``host_stopped``): the client hangs up, the listeners
hear ``host_stopped`` with the host's words instead of ``lost``, and it dials
again more patiently (`Backoff`), seat or not, until the host is back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from twisted.internet import defer
from twisted.internet.endpoints import HostnameEndpoint, connectProtocol
from twisted.internet.interfaces import IStreamClientEndpoint
from twisted.logger import Logger
from twisted.python.failure import Failure

from .. import protocol
from ..host_messages import Answer, HostMessage, LinkState, Notice, Welcome
from ..lifecycle import Clock, Lifecycle, Transitions
from ..protocol import HostError, Message
from .answers import Answers, Disconnected, lost
from .host_connection import HostConnection
from .host_said import HostSaid, Place, Seating
from .link_states import Event, Link
from .link_timers import Backoff, Keepalive

log = Logger()
# Twisted's connectProtocol has no annotations: the types it is called with here.
_connect = cast(Callable[[IStreamClientEndpoint, HostConnection], defer.Deferred[object]],
                connectProtocol)
Outcome = Welcome | BaseException     # what a connect() call is answered with


class LinkUser(Protocol):
    """What the steps need of the client they serve (`TichuClient`)."""

    said: HostSaid
    answers: Answers
    reconnect: bool

    def heard(self, message: HostMessage) -> None: ...

    def tell(self, state: LinkState, why: BaseException | Notice | None = None) -> None: ...

    def seat_lost(self, why: BaseException) -> None: ...

    def spectate(self, table: int, password: str | None = None) -> defer.Deferred[Seating]: ...

    def ping(self) -> defer.Deferred[Answer]: ...


class LinkMachine:
    def __init__(self, client: LinkUser, host: str, port: int, name: str, *, clock: Clock,
                 max_backoff: float, endpoint: IStreamClientEndpoint | None) -> None:
        self.client, self.host, self.port, self.name = client, host, port, name
        self.clock, self.endpoint = clock, endpoint
        self.lifecycle = Lifecycle(self, Link.OFFLINE, TRANSITIONS)
        self.wire: HostConnection | None = None     # the connection being made or in use
        self.waiters: list[defer.Deferred[Welcome]] = []    # connect() calls not yet answered
        self.hello: defer.Deferred[Answer | None] | None = None
        self.farewell: Notice | None = None     # what the host said as it stopped
        self.backoff = Backoff(clock, max_backoff, lambda: self.lifecycle.feed(Event.RETRY))
        self.keepalive = Keepalive(clock, client.ping,
                                   lambda: self.lifecycle.state is Link.READY)

    def report(self, wire: HostConnection, event: Event, *data: object) -> None:
        """An event on ``wire``; one from a connection given up on is no news, and a late one
        that opens after all is hung up."""
        if wire is not self.wire:
            if event is Event.OPENED:
                wire.hang_up()
            return
        self.lifecycle.feed(event, *data)

    def ended(self, wire: HostConnection) -> None:
        """A host that said it stops is worth coming back to, seat or not."""
        said = self.client.said
        held = bool(said.token or said.watching) or self.lifecycle.state is Link.PARTING
        resumable = self.client.reconnect and held
        self.report(wire, Event.DROPPED if resumable else Event.LOST)

    def send(self, message: Message) -> defer.Deferred[Answer]:
        """Send a request (whatever the state) and wait for its answer."""
        numbered, answer = self.client.answers.ask(message)
        if self.wire is not None:
            self.wire.send(numbered)
        return answer

    # --- the steps of the lifecycle (see TRANSITIONS) -------------------------------

    def _dial(self) -> None:
        self.wire = wire = HostConnection(self)
        endpoint = self.endpoint or HostnameEndpoint(self.clock, self.host, self.port,
                                                     timeout=5)
        wire.dialing = _connect(endpoint, wire)
        wire.dialing.addErrback(lambda failure: self.report(wire, Event.DIAL_FAILED,
                                                            failure.value))

    def _dial_now(self) -> None:
        self.backoff.stop()
        self._dial()

    def _dial_over_closing(self) -> None:
        self._forget()
        self.client.tell("closed")
        self._dial()

    def _say_hello(self) -> None:
        message: Message = {"type": "hello", "protocol": protocol.PROTOCOL_VERSION,
                            "program": protocol.PROGRAM, "name": self.name}
        token = self.client.said.token
        if token:
            message = {**message, "token": token}
        self.hello = self.send(message).addErrback(self._hello_refused)

    def _hello_refused(self, failure: Failure) -> None:
        error = failure.value
        if not isinstance(error, HostError):
            return                    # the connection was lost: that is an event of its own
        event = (Event.SEAT_GONE if error.code == "bad_token" else
                 Event.WRONG_VERSION if error.code == "version_mismatch" else Event.REFUSED)
        self.lifecycle.feed(event, error)

    def _hello_as_newcomer(self, why: BaseException) -> None:
        self.client.seat_lost(why)
        self._say_hello()

    def _welcomed(self, welcome: Welcome) -> None:
        self._take_welcome(welcome)
        self._after_listeners(lambda: self._answer_waiters(welcome))

    def _restored(self, welcome: Welcome) -> None:
        self._take_welcome(welcome)
        said = self.client.said

        def watch_lost(failure: Failure) -> None:
            self.client.seat_lost(failure.value or lost())

        def back() -> None:
            if said.place is Place.WATCHING and said.watching is not None:
                self.client.spectate(*said.watching).addErrback(watch_lost)
            self.client.tell("restored")
            self._answer_waiters(welcome)

        self._after_listeners(back)

    def _already_welcomed(self) -> None:
        welcome = self.client.said.welcome
        if welcome is not None:
            self._answer_waiters(welcome)

    def _connect_failed(self, why: BaseException) -> None:
        self.wire = None
        self._answer_waiters(why)

    def _refused(self, why: BaseException) -> None:
        self._hang_up()
        self._forget()
        self._answer_waiters(why)

    def _lost_for_now(self) -> None:
        self._forget()
        self.client.tell("lost")
        self._answer_waiters(lost())

    def _hang_up(self) -> None:
        if self.wire is not None:
            self.wire.hang_up()

    def _parting(self, notice: Notice) -> None:
        """The host's last word: nothing more will come on this connection."""
        log.info("the host stops: {words}", words=notice.message)
        self.farewell = notice
        self._hang_up()

    def _host_stopped(self) -> None:
        self._forget()
        self.client.tell("host_stopped", self.farewell)
        self._answer_waiters(lost())

    def _closed(self) -> None:
        self._forget()
        self.client.tell("closed")
        self._answer_waiters(Disconnected("the connection to the host was closed"))

    def _abandon(self) -> None:
        """close() before the host answered: give the attempt up."""
        self._hang_up()
        self.wire = None
        self._answer_waiters(Disconnected("closed before the host answered"))

    def _stop_retrying(self) -> None:
        self.backoff.stop()

    def _resume_failed(self, why: BaseException | None = None) -> None:
        self._hang_up()
        self._forget()
        self._answer_waiters(why or lost())
        self.backoff.wait()

    def _give_up(self, why: BaseException) -> None:
        log.error("giving up reconnecting: {why}", why=str(why))
        self._hang_up()
        self._forget()
        self.client.tell("closed", why)
        self._answer_waiters(why)

    def _received(self, message: HostMessage) -> None:
        if isinstance(message, Welcome):
            self.lifecycle.feed(Event.WELCOMED, message)
        elif isinstance(message, Notice) and message.code == protocol.HOST_STOPPED:
            self.lifecycle.feed(Event.HOST_STOPS, message)
        self.client.heard(message)

    # --- helpers of the steps -------------------------------------------------------

    def _take_welcome(self, welcome: Welcome) -> None:
        self.client.said.take_welcome(welcome)
        self.backoff.attempts = 0
        self.farewell = None
        self.keepalive.start(welcome.limits.idle)

    def _after_listeners(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the welcome has reached every listener (it answers the hello)."""
        def answered(welcome: Answer | None) -> Answer | None:
            then()
            return welcome

        if self.hello is not None:
            self.hello.addCallback(answered)

    def _forget(self) -> None:
        """The connection is over: what was asked on it fails, nothing more is sent on it."""
        self.keepalive.stop()
        self.wire, self.client.said.welcome, self.hello = None, None, None
        self.client.answers.fail_all()

    def _answer_waiters(self, outcome: Outcome) -> None:
        waiters, self.waiters = self.waiters, []
        for d in waiters:
            if isinstance(outcome, BaseException):
                d.errback(outcome)
            else:
                d.callback(outcome)


def then_wait(step: Callable[..., None], patient: bool = False) -> Callable[..., None]:
    """``step``, then a pause before dialing again (``patient``: the longer one, for a host
    that said it stops)."""
    def action(machine: LinkMachine, *data: object) -> None:
        step(machine, *data)
        machine.backoff.wait(patient=patient)
    return action


L, E, M = Link, Event, LinkMachine
TRANSITIONS: Transitions[Link, Event] = {
    # connect(): dial, read the host's prologue, say hello, get the welcome
    (L.OFFLINE, E.CONNECT): (L.DIALING, M._dial),
    (L.CLOSED, E.CONNECT): (L.DIALING, M._dial),
    (L.CLOSING, E.CONNECT): (L.DIALING, M._dial_over_closing),
    (L.READY, E.CONNECT): (L.READY, M._already_welcomed),
    (L.DIALING, E.OPENED): (L.GREETING, M._say_hello),
    (L.DIALING, E.DIAL_FAILED): (L.OFFLINE, M._connect_failed),
    (L.DIALING, E.WRONG_VERSION): (L.OFFLINE, M._connect_failed),
    (L.DIALING, E.CLOSE): (L.CLOSED, M._abandon),
    (L.GREETING, E.FRAME): (L.GREETING, M._received),
    (L.GREETING, E.WELCOMED): (L.READY, M._welcomed),
    (L.GREETING, E.SEAT_GONE): (L.GREETING, M._hello_as_newcomer),
    (L.GREETING, E.REFUSED): (L.OFFLINE, M._refused),
    (L.GREETING, E.WRONG_VERSION): (L.OFFLINE, M._refused),
    (L.GREETING, E.DROPPED): (L.BACKOFF, then_wait(M._lost_for_now)),
    (L.GREETING, E.LOST): (L.OFFLINE, M._lost_for_now),
    (L.GREETING, E.CLOSE): (L.CLOSING, M._hang_up),
    # welcomed
    (L.READY, E.FRAME): (L.READY, M._received),
    (L.READY, E.DROPPED): (L.BACKOFF, then_wait(M._lost_for_now)),
    (L.READY, E.LOST): (L.OFFLINE, M._lost_for_now),
    (L.READY, E.CLOSE): (L.CLOSING, M._hang_up),
    # the host said it stops on purpose: hang up, then dial now and then until it is back
    (L.READY, E.HOST_STOPS): (L.PARTING, M._parting),
    (L.PARTING, E.FRAME): (L.PARTING, M._received),
    (L.PARTING, E.DROPPED): (L.HOST_STOPPED, then_wait(M._host_stopped, patient=True)),
    (L.PARTING, E.LOST): (L.OFFLINE, M._host_stopped),
    (L.PARTING, E.CLOSE): (L.CLOSING, M._hang_up),
    (L.HOST_STOPPED, E.RETRY): (L.CHECKING, M._dial),
    (L.HOST_STOPPED, E.CONNECT): (L.CHECKING, M._dial_now),
    (L.HOST_STOPPED, E.CLOSE): (L.CLOSED, M._stop_retrying),
    (L.CHECKING, E.OPENED): (L.RESUMING, M._say_hello),
    (L.CHECKING, E.DIAL_FAILED): (L.HOST_STOPPED, then_wait(M._connect_failed, patient=True)),
    (L.CHECKING, E.WRONG_VERSION): (L.CLOSED, M._give_up),
    (L.CHECKING, E.CLOSE): (L.CLOSED, M._abandon),
    # dropped while holding a seat: pause, dial again, say hello with the token
    (L.BACKOFF, E.RETRY): (L.REDIALING, M._dial),
    (L.BACKOFF, E.CONNECT): (L.REDIALING, M._dial_now),
    (L.BACKOFF, E.CLOSE): (L.CLOSED, M._stop_retrying),
    (L.REDIALING, E.OPENED): (L.RESUMING, M._say_hello),
    (L.REDIALING, E.DIAL_FAILED): (L.BACKOFF, then_wait(M._connect_failed)),
    (L.REDIALING, E.WRONG_VERSION): (L.CLOSED, M._give_up),
    (L.REDIALING, E.CLOSE): (L.CLOSED, M._abandon),
    (L.RESUMING, E.FRAME): (L.RESUMING, M._received),
    (L.RESUMING, E.WELCOMED): (L.READY, M._restored),
    (L.RESUMING, E.SEAT_GONE): (L.RESUMING, M._hello_as_newcomer),
    (L.RESUMING, E.REFUSED): (L.BACKOFF, M._resume_failed),
    (L.RESUMING, E.WRONG_VERSION): (L.CLOSED, M._give_up),
    (L.RESUMING, E.DROPPED): (L.BACKOFF, M._resume_failed),
    (L.RESUMING, E.LOST): (L.OFFLINE, M._lost_for_now),
    (L.RESUMING, E.CLOSE): (L.CLOSING, M._hang_up),
    # close(): the host's last words still count, then the end
    (L.OFFLINE, E.CLOSE): (L.CLOSED, None),
    (L.CLOSING, E.FRAME): (L.CLOSING, M._received),
    (L.CLOSING, E.DROPPED): (L.CLOSED, M._closed),
    (L.CLOSING, E.LOST): (L.CLOSED, M._closed),
}
del L, E, M
