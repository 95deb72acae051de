"""HTTP clients at the byte level for the share port's tests: each sends exactly the request
it is given, from the loopback address it is given, and reads as much as the test says."""

from __future__ import annotations

from dataclasses import dataclass, field

from twisted.internet import defer
from twisted.internet.endpoints import TCP4ClientEndpoint, connectProtocol
from twisted.internet.protocol import Protocol
from twisted.python.failure import Failure


@dataclass
class Answer:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


def parse(raw: bytes) -> Answer:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return Answer(int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body)


class RawClient(Protocol):
    """Sends ``request``; with ``hold``, stops reading once the headers are in (a slow
    reader), else reads to the end. ``headers`` fires with the answer's head, ``closed``
    when the connection ends."""

    def __init__(self, request: bytes, hold: bool = False) -> None:
        self.request, self.hold = request, hold
        self.raw = b""
        self.headers: defer.Deferred[Answer] = defer.Deferred()
        self.closed: defer.Deferred[bytes] = defer.Deferred()

    def connectionMade(self) -> None:
        self.transport.write(self.request)

    def dataReceived(self, data: bytes) -> None:
        self.raw += data
        if not self.headers.called and b"\r\n\r\n" in self.raw:
            self.headers.callback(parse(self.raw))
            if self.hold:
                self.transport.pauseProducing()

    def connectionLost(self, reason: Failure) -> None:
        if not self.headers.called:
            self.headers.callback(parse(self.raw) if self.raw else Answer(0))
        self.closed.callback(self.raw)

    def close(self) -> None:
        self.transport.abortConnection()


def get(path: str, method: str = "GET", accept: str = "*/*") -> bytes:
    return (f"{method} {path} HTTP/1.1\r\nHost: test\r\nAccept: {accept}\r\n"
            "Connection: close\r\n\r\n").encode()


def connect(reactor, port: int, request: bytes, source: str = "127.0.0.1",
            hold: bool = False) -> defer.Deferred[RawClient]:
    endpoint = TCP4ClientEndpoint(reactor, "127.0.0.1", port, bindAddress=(source, 0))
    return connectProtocol(endpoint, RawClient(request, hold))


@defer.inlineCallbacks
def fetch(reactor, port: int, request: bytes, source: str = "127.0.0.1"):
    """The whole answer to ``request``."""
    client = yield connect(reactor, port, request, source)
    raw = yield client.closed
    return parse(raw) if raw else Answer(0)
