"""One TCP connection to the host: the prologue, frames, and each message checked and typed.

What a connection hears it only reports, to the `LinkMachine` that made it: that it
opened, that the far end is no tichu-lan host (or another version of one), each
message, and its end. A message that breaks the schema, or holds a map no reader
could use, ends the connection here, with the reason in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from twisted.internet import defer
from twisted.internet.protocol import connectionDone
from twisted.logger import Logger
from twisted.protocols.basic import Int32StringReceiver
from twisted.python.failure import Failure

from .. import protocol
from ..bundling.where import DEFAULT_SHARE_PORT, page_url
from ..host_messages import decode
from ..i18n import _
from ..prologue import PrologueReader
from ..protocol import HostError, Message
from .answers import Disconnected
from .link_states import Event

log = Logger()


class Tcp(Protocol):
    """What the client uses of its transport (Twisted's zope interfaces give mypy no types)."""

    def write(self, data: bytes) -> None: ...

    def setTcpNoDelay(self, enabled: bool) -> None: ...

    def loseConnection(self) -> None: ...

    def abortConnection(self) -> None: ...


class Reported(Protocol):
    """Who hears what a connection reports (the `LinkMachine`)."""

    host: str

    def report(self, wire: HostConnection, event: Event, *data: object) -> None: ...

    def ended(self, wire: HostConnection) -> None: ...


def where_to_get(host: str) -> str:
    """Where a guest gets the host's version: its page on the share port, unless the host
    moved it (its screen, its announcement and `tichu find --json` say where then)."""
    url = page_url(host, DEFAULT_SHARE_PORT)
    return _("; get the host's version at {url} (or where the host's screen "
             "says)").format(url=url)


class HostConnection(Int32StringReceiver):
    MAX_LENGTH = protocol.MAX_HOST_FRAME

    def __init__(self, link: Reported) -> None:
        self.link = link
        self.prologue = PrologueReader()
        self.tcp: Tcp | None = None
        self.dialing: defer.Deferred[object] | None = None    # the TCP attempt
        self.lost: defer.Deferred[None] = defer.Deferred()

    def connectionMade(self) -> None:
        self.tcp = cast(Tcp, self.transport)
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
            self.link.report(self, Event.OPENED)
            data = rest
        frames = cast(Callable[[bytes], None], super().dataReceived)   # untyped in Twisted
        frames(data)

    def _not_a_host(self, exc: HostError) -> None:
        if exc.code == "bad_prologue":
            event, why = Event.DIAL_FAILED, "that is not a tichu-lan host"
        else:
            event, why = Event.WRONG_VERSION, ("the host speaks another protocol version than "
                                               f"this client's {protocol.PROTOCOL_VERSION}"
                                               + where_to_get(self.link.host))
        log.error("{error}", error=why)
        self.hang_up()
        self.link.report(self, event, HostError(exc.code, why))

    def stringReceived(self, frame: bytes) -> None:
        """One message from the host; a text longer than this client shows (another person's
        words, relayed) is cut to fit, never a reason to hang up."""
        skipped: list[str] = []
        try:
            checked = protocol.validate(protocol.decode_frame(frame), protocol.HOST_MESSAGES,
                                        cut=True)
            message = decode(checked, skipped)
        except HostError as exc:
            log.error("{error}", error=f"the host sent a bad message: {exc.message}")
            self.hang_up()
            return
        for why in skipped:     # a newer host's event: the view is shown all the same
            log.warn("cannot read an event: {why}", why=why)
        self.link.report(self, Event.FRAME, message)

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
            self.link.ended(self)
        else:
            self.link.report(self, Event.DIAL_FAILED,
                             Disconnected("the host closed the connection"))
