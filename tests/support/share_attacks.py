"""The share port's attacks (issue 25): slow heads, bodies, a pipelined flood and full-speed
downloads, each against a live host's HTTP side while its game goes on.

Each is an async function of an arena with ``share_port`` (and ``tmp_dir``, where the host
would spool request bodies); an honest guest asks for the page from an address of its own
every second meanwhile, and the attack returns how many of those asks were answered.
`scripts/attack_host` runs them with the game port's attacks; tests/bundle runs them small.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Protocol

from twisted.internet import defer, task
from twisted.internet.endpoints import TCP4ClientEndpoint, connectProtocol
from twisted.internet.protocol import Protocol as Wire

from tichu_lan.bundling.where import bundle_name

from .live_host import pause

HONEST = "127.0.0.200"
PAGE = b"GET / HTTP/1.1\r\nHost: tichu\r\nAccept: */*\r\nConnection: close\r\n\r\n"


class ShareArena(Protocol):
    share_port: int
    tmp_dir: Path            # the host's TMPDIR
    host_pid: int


class Raw(Wire):
    """A connection that sends what it is given and counts what comes back."""

    def __init__(self, first: bytes = b"", keep_reading: bool = True) -> None:
        self.first, self.keep_reading = first, keep_reading
        self.bytes_in = 0
        self.answers = 0
        self.closed: defer.Deferred[None] = defer.Deferred()

    def connectionMade(self) -> None:
        if self.first:
            self.transport.write(self.first)
        if not self.keep_reading:
            self.transport.pauseProducing()

    def dataReceived(self, data: bytes) -> None:
        self.bytes_in += len(data)
        self.answers += data.count(b"HTTP/1.1 ")

    def connectionLost(self, reason: object) -> None:
        self.closed.callback(None)

    def send(self, data: bytes) -> None:
        if self.transport is not None and not self.closed.called:
            self.transport.write(data)


def dial(port: int, source: str, first: bytes = b"",
         keep_reading: bool = True) -> defer.Deferred[Raw]:
    from twisted.internet import reactor
    endpoint = TCP4ClientEndpoint(reactor, "127.0.0.1", port, timeout=5,
                                  bindAddress=(source, 0))
    return connectProtocol(endpoint, Raw(first, keep_reading))


class HonestGuest:
    """Asks for the page once a second, from its own address, while an attack runs."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.asked = 0
        self.answered = 0
        self.seconds: list[float] = []
        self.pending: set[defer.Deferred[None]] = set()
        self.loop = task.LoopingCall(self._ask)

    def _ask(self) -> None:
        asking = defer.ensureDeferred(self.ask())
        self.pending.add(asking)
        asking.addBoth(lambda _: self.pending.discard(asking))

    async def ask(self) -> None:
        self.asked += 1
        began = time.monotonic()
        try:
            conn = await dial(self.port, HONEST, PAGE)
        except Exception:
            return
        timeout = task.deferLater(_reactor(), 10.0, lambda: None)
        timeout.addErrback(lambda _: None)          # cancelled once the answer is in
        done = await defer.DeferredList([conn.closed, timeout], fireOnOneCallback=True)
        if conn.answers and done[1] == 0:
            self.answered += 1
            self.seconds.append(time.monotonic() - began)
        elif conn.transport is not None:
            conn.transport.abortConnection()
        if timeout.called is False:
            timeout.cancel()

    def start(self) -> None:
        self.loop.start(1.0)

    async def stop(self) -> dict[str, Any]:
        """The counts, once the asks under way are answered (or time out)."""
        self.loop.stop()
        await defer.DeferredList(list(self.pending))
        return {"honest_asked": self.asked, "honest_answered": self.answered,
                "honest_slowest_s": round(max(self.seconds, default=0.0), 2)}


def _reactor() -> Any:
    from twisted.internet import reactor
    return reactor


def spooled(pid: int, tmp_dir: Path) -> int:
    """Bytes in the files the host process holds open in ``tmp_dir``: Twisted spools a big
    request body to a temporary file it has already unlinked, so only /proc sees it."""
    total = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            if os.readlink(fd).startswith(str(tmp_dir)):
                total += fd.stat().st_size
        except OSError:
            continue
    return total


async def slow_heads(arena: ShareArena, *, connections: int = 140, seconds: float = 40.0,
                     sources: int = 1) -> dict[str, Any]:
    """``connections`` from ``sources`` addresses each send a request head a byte a second."""
    honest = HonestGuest(arena.share_port)
    honest.start()
    conns: list[Raw] = []
    refused = 0
    for n in range(connections):
        try:
            conns.append(await dial(arena.share_port, f"127.0.51.{1 + n % sources}", b"G"))
        except Exception:
            refused += 1
    ended = time.monotonic() + seconds
    head = b"ET / HTTP/1.1\r\n" + b"X-Slow: " + b"a" * 4000
    step = 0
    while time.monotonic() < ended:
        for conn in conns:
            conn.send(head[step % len(head):step % len(head) + 1])
        step += 1
        await pause(1.0)
    open_at_end = sum(not c.closed.called for c in conns)
    for conn in conns:
        if conn.transport is not None:
            conn.transport.abortConnection()
    return {"connections": connections, "refused_at_once": refused,
            "still_open_at_end": open_at_end, **(await honest.stop())}


async def bodies(arena: ShareArena, *, requests: int = 12, megabytes: int = 100,
                 seconds: float = 20.0) -> dict[str, Any]:
    """Requests with a huge body (Content-Length and chunked), sent as fast as the host
    reads; the host's temporary folder is watched."""
    honest = HonestGuest(arena.share_port)
    honest.start()
    before = spooled(arena.host_pid, arena.tmp_dir)
    biggest = before
    block = b"x" * 65536
    ended = time.monotonic() + seconds
    sent = 0
    while time.monotonic() < ended:
        heads = [b"GET / HTTP/1.1\r\nHost: t\r\nContent-Length: %d\r\n\r\n" % (megabytes << 20),
                 b"GET / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"]
        conns = [await dial(arena.share_port, f"127.0.52.{1 + n % 4}", heads[n % 2])
                 for n in range(requests)]
        for _ in range(50):
            for conn in conns:
                conn.send(block)
                sent += len(block)
            await pause(0.01)
            biggest = max(biggest, spooled(arena.host_pid, arena.tmp_dir))
        for conn in conns:
            if conn.transport is not None:
                conn.transport.abortConnection()
    return {"body_mib_sent": sent >> 20, "tmp_bytes_before": before,
            "tmp_bytes_peak": biggest, **(await honest.stop())}


async def flood(arena: ShareArena, *, connections: int = 32, seconds: float = 20.0,
                sources: int = 2) -> dict[str, Any]:
    """``connections`` send pipelined requests as fast as they can, dialing again when cut."""
    honest = HonestGuest(arena.share_port)
    honest.start()
    request = PAGE.replace(b"Connection: close\r\n", b"")
    answers = 0
    ended = time.monotonic() + seconds

    async def one(n: int) -> None:
        nonlocal answers
        while time.monotonic() < ended:
            try:
                conn = await dial(arena.share_port, f"127.0.53.{1 + n % sources}",
                                  request * 64)
            except Exception:
                await pause(0.05)
                continue
            while not conn.closed.called and time.monotonic() < ended:
                conn.send(request * 16)
                await pause(0.005)
            if conn.transport is not None:
                conn.transport.abortConnection()
            answers += conn.answers
    await defer.gatherResults([defer.ensureDeferred(one(n)) for n in range(connections)])
    return {"answers": answers, "per_second": round(answers / seconds), **(await honest.stop())}


async def downloads(arena: ShareArena, *, count: int = 16, seconds: float = 20.0
                    ) -> dict[str, Any]:
    """``count`` guests from addresses of their own download the bundle at full speed, again
    and again."""
    honest = HonestGuest(arena.share_port)
    honest.start()
    request = (f"GET /{bundle_name()} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
               ).encode()
    received = 0
    ended = time.monotonic() + seconds

    async def one(n: int) -> None:
        nonlocal received
        while time.monotonic() < ended:
            conn = await dial(arena.share_port, f"127.0.54.{1 + n}", request)
            await conn.closed
            received += conn.bytes_in
    await defer.gatherResults([defer.ensureDeferred(one(n)) for n in range(count)])
    return {"mib_served": received >> 20, "mib_per_second": round((received >> 20) / seconds),
            **(await honest.stop())}


SHARE_ATTACKS = {"share_slow": slow_heads, "share_body": bodies, "share_flood": flood,
                 "share_downloads": downloads}


def free_port() -> int:
    """A port nobody listens on at 127.0.0.1 now (for the host's share port)."""
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def spool_dir(data_dir: Path) -> Path:
    path = data_dir / "tmp"
    path.mkdir(exist_ok=True)
    os.chmod(path, 0o700)
    return path
