"""The share port's door: what one guest may cost it, held like the game port's.

Twisted's web server reads a whole request before it is answered: a body of any size is
spooled to a temporary file, a head trickled a byte at a time keeps its connection open
for as long as the bytes come, and any number of connections and requests are taken. At a
party one guest could so fill the host's disk, hold every slot, or slow the game on the
same reactor. So before a request reaches `tichu_lan.server.share`:

- its whole head must arrive within `HEAD_DEADLINE` of the connection's start (or of the
  previous answer on a kept-alive connection), however the bytes trickle in;
- a method other than GET and HEAD, or any body at all, is refused with the head alone
  read: nothing of a body is kept, in memory or on disk;
- each address has `PER_ADDRESS` connections at once and `RATE` requests a second (with a
  burst of `BURST`); past them it is told 429 and the connection closes;
- at `MAX_CONNECTIONS` a newcomer takes the place of a connection that has not sent a whole
  head yet, from the address that holds the most, if that address holds more than the
  newcomer's; otherwise the newcomer is closed;
- what it refuses is logged once per cause and address a minute, not once per request.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from typing import Any, Protocol, cast

from twisted.internet.interfaces import IAddress, IDelayedCall
from twisted.internet.protocol import connectionDone
from twisted.logger import Logger
from twisted.python.failure import Failure
from twisted.web import http, server

from ..i18n import _

log = Logger()

HEAD_DEADLINE = 10.0       # seconds for a whole request head
PER_ADDRESS = 8            # connections from one address at once
MAX_CONNECTIONS = 128      # connections at once
RATE = 5.0                 # requests a second from one address, on average...
BURST = 30                 # ...with this many at once
REMEMBERED = 1024          # addresses whose rate and log lines are remembered
LOG_AGAIN = 60.0           # seconds before the same cause from the same address is logged again
RETRY_AFTER = 5            # seconds, in the answers that ask to come back
_STATUS = {405: b"Method Not Allowed", 413: b"Content Too Large", 429: b"Too Many Requests",
           503: b"Service Unavailable"}


class LogOnce:
    """Log a cause from an address once a minute at most, however often it happens (a
    guest's hundredth download or refusal tells the host's log nothing new)."""

    def __init__(self, clock: Any) -> None:
        self.clock = clock
        self.last: OrderedDict[tuple[str, str], float] = OrderedDict()

    def warn(self, kind: str, address: str, text: str, **values: object) -> None:
        if self._again(kind, address):
            log.warn(text, address=address, **values)

    def info(self, kind: str, address: str, text: str, **values: object) -> None:
        if self._again(kind, address):
            log.info(text, address=address, **values)

    def _again(self, kind: str, address: str) -> bool:
        now = self.clock.seconds()
        key = (kind, address)
        if now - self.last.get(key, -LOG_AGAIN) < LOG_AGAIN:
            return False
        self.last[key] = now
        self.last.move_to_end(key)
        while len(self.last) > REMEMBERED:
            self.last.popitem(last=False)
        return True


class Rates:
    """Each address's requests, as token buckets: `RATE` a second, `BURST` at once."""

    def __init__(self, clock: Any) -> None:
        self.clock = clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, when

    def take(self, address: str) -> bool:
        """Whether ``address`` may make one more request now (and count it)."""
        now = float(self.clock.seconds())
        tokens, when = self.buckets.pop(address, (float(BURST), now))
        tokens = min(float(BURST), tokens + (now - when) * RATE)
        allowed = tokens >= 1.0
        self.buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self.buckets) > REMEMBERED:
            self.buckets.popitem(last=False)
        return allowed


class _Tcp(Protocol):
    """What the door uses of its transport (Twisted's zope interfaces give mypy no types)."""

    connected: int

    def getPeer(self) -> IAddress: ...

    def write(self, data: bytes) -> None: ...

    def loseConnection(self) -> None: ...

    def abortConnection(self) -> None: ...


def raw_answer(code: int, text: str, *extra: tuple[bytes, bytes]) -> bytes:
    """A whole answer that closes the connection, for a request refused before it was read."""
    body = (text + "\n").encode("utf-8")
    head = [b"HTTP/1.1 %d %s" % (code, _STATUS[code]),
            b"Content-Type: text/plain; charset=utf-8", b"Content-Length: %d" % len(body),
            b"Connection: close", b"X-Content-Type-Options: nosniff",
            *(name + b": " + value for name, value in extra)]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class ShareChannel(http.HTTPChannel):
    """One connection to the share port: Twisted's, with the door's rules kept.

    Twisted's own methods are called through the base class by name: mypy checks such a
    call against the exclusion of unannotated Twisted modules, a ``super()`` call it does
    not."""

    site: GuardedSite
    refused = False
    heads = 0                          # whole request heads taken on this connection

    def connectionMade(self) -> None:
        http.HTTPChannel.connectionMade(self)
        self.tcp = cast(_Tcp, self.transport)
        self.address = str(getattr(self.tcp.getPeer(), "host", "?"))
        self.deadline: IDelayedCall | None = None
        self._start_deadline()

    def _start_deadline(self) -> None:
        self.deadline = self.site.clock.callLater(HEAD_DEADLINE, self._too_slow)

    def _stop_deadline(self) -> None:
        if self.deadline is not None and self.deadline.active():
            self.deadline.cancel()
        self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        self.site.quiet.warn("slow", self.address, "{address}: no whole request within "
                             "{seconds:g} s; closing its connection", seconds=HEAD_DEADLINE)
        self.tcp.abortConnection()

    def allHeadersReceived(self) -> None:
        method = getattr(self, "_command", b"")       # the request line's, as Twisted keeps it
        if method not in (b"GET", b"HEAD"):
            return self.refuse(405, "method", _("Only GET and HEAD are answered here."),
                               (b"Allow", b"GET, HEAD"))
        if self.length != 0:                          # a Content-Length, or chunked
            return self.refuse(413, "body", _("Requests here carry no body."))
        if not self.site.rates.take(self.address):
            return self.refuse(429, "rate", _("Too many requests from your address; wait a "
                                              "few seconds."),
                               (b"Retry-After", str(RETRY_AFTER).encode()))
        self._stop_deadline()
        self.heads += 1
        http.HTTPChannel.allHeadersReceived(self)

    def refuse(self, code: int, cause: str, text: str, *extra: tuple[bytes, bytes]) -> None:
        """Answer with the head alone read, and close: nothing after it is read."""
        self.refused = True
        self._stop_deadline()
        self.site.quiet.warn(cause, self.address, "{address}: refused at the share port "
                             "({cause})", cause=cause)
        self.tcp.write(raw_answer(code, text, *extra))
        self.tcp.loseConnection()

    def dataReceived(self, data: bytes) -> None:
        if not self.refused:
            http.HTTPChannel.dataReceived(self, data)

    def rawDataReceived(self, data: bytes) -> None:
        if not self.refused:
            http.HTTPChannel.rawDataReceived(self, data)

    def allContentReceived(self) -> None:
        if not self.refused:
            http.HTTPChannel.allContentReceived(self)

    def requestDone(self, request: http.Request) -> None:
        http.HTTPChannel.requestDone(self, request)
        if self.persistent and not self.refused and self.tcp.connected:
            self._start_deadline()

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        self._stop_deadline()
        self.site.left(self)
        http.HTTPChannel.connectionLost(self, reason)


class GuardedSite(server.Site):
    """Twisted's site, counting connections per address and in all (see the module)."""

    # Twisted's factory is typed for its HTTP/2-capable wrapper; this door speaks HTTP/1.1
    # through its own channel
    protocol = ShareChannel  # type: ignore[assignment]

    def __init__(self, root: Any, clock: Any, timeout: float) -> None:
        server.Site.__init__(self, root, timeout=timeout)
        self.clock = clock
        self.quiet = LogOnce(clock)
        self.rates = Rates(clock)
        self.open: list[ShareChannel] = []
        self.per_address: Counter[str] = Counter()

    def buildProtocol(self, addr: IAddress | None) -> ShareChannel | None:  # type: ignore[override]
        address = str(getattr(addr, "host", "?"))
        if self.per_address[address] >= PER_ADDRESS:
            self.quiet.warn("connections", address, "{address} holds {count} connections to "
                            "the share port; closing more", count=PER_ADDRESS)
            return None
        if len(self.open) >= MAX_CONNECTIONS and not self._make_room(address):
            self.quiet.warn("full", address, "the share port is full ({count} connections); "
                            "closing {address}'s", count=MAX_CONNECTIONS)
            return None
        channel = server.Site.buildProtocol(self, addr)
        assert isinstance(channel, ShareChannel)
        self.open.append(channel)
        self.per_address[address] += 1
        return channel

    def _make_room(self, newcomer: str) -> bool:
        """Close a connection still waiting for its first head, of the address holding the
        most, if it holds more than ``newcomer`` does."""
        waiting = [c for c in self.open if c.heads == 0 and not c.refused]
        if not waiting:
            return False
        victim = max(waiting, key=lambda c: self.per_address[c.address])
        if self.per_address[victim.address] <= self.per_address[newcomer]:
            return False
        self.left(victim)
        victim.tcp.abortConnection()
        return True

    def left(self, channel: ShareChannel) -> None:
        if channel in self.open:
            self.open.remove(channel)
            self.per_address[channel.address] -= 1
            if self.per_address[channel.address] <= 0:
                del self.per_address[channel.address]
