"""The host's HTTP side: the program itself, for guests who do not have it (no internet).

Plain HTTP on a second port (`DEFAULT_SHARE_PORT`), on the host's reactor, through
Twisted's own web server. Exactly two paths exist and nothing is ever read from disk
for a request: ``/`` is the page of commands (share_page.py) and ``/tichu-lan-VERSION.pyz``
the bundle, held in memory. Every other answer is fixed and documented (docs/DISCOVERY.md):

- another path (``..``, an absolute URL, any other file): 404;
- a target longer than `MAX_TARGET` bytes: 414 (Twisted answers 400 to a request line or
  headers beyond 16 KiB);
- more than `MAX_DOWNLOADS` downloads at once: 503, or more than `PER_ADDRESS` from one
  address: 429, both with Retry-After;
- the bundle is packed when a guest first asks for it (in another process, about a
  second), and that first answer waits for it; packing it failed: 503 with the reason;
- a download that makes no progress for `STALL` seconds, or is not done after
  `DEADLINE`, is cut; a kept-alive connection idle for `IDLE` seconds is closed.

Before a request gets here the door (`share_guard`) has refused other methods, bodies, slow
heads, and an address's connections or requests past its share.

A download is written a chunk at a time as the guest reads it, so a slow reader costs
the host one chunk of memory and the game's reactor a little work per chunk.
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from twisted.internet import defer
from twisted.internet.interfaces import IPullProducer
from twisted.logger import Logger
from twisted.python.failure import Failure
from twisted.web import http, resource, server
from zope.interface import implementer

from ..bundling.where import bundle_name
from ..text_cleaning import clean_text
from ..i18n import _
from . import share_page
from .share_guard import RETRY_AFTER, GuardedSite

log = Logger()

MAX_DOWNLOADS = 16
PER_ADDRESS = 4
MAX_TARGET = 256          # bytes in a request's target: ours are short
CHUNK = 64 * 1024
STALL = 15.0              # seconds a download may move nothing
DEADLINE = 300.0          # seconds any one download may take (5 MB at 17 KB/s)
IDLE = 10.0               # seconds a kept-alive connection may wait for its next request


@dataclass(frozen=True)
class Bundle:
    """The bundle as served: its bytes and their sha256."""

    data: bytes
    sha256: str

    @classmethod
    def of(cls, data: bytes) -> Bundle:
        return cls(data, hashlib.sha256(data).hexdigest())


class Offer:
    """What the share port has to give: the bundle, packed when a guest first asks for it
    (by ``pack``, which fires with its bytes), or the reason there is none."""

    def __init__(self, host_name: str, pack: Callable[[], defer.Deferred[bytes]]) -> None:
        self.host_name = clean_text(host_name)[:64] or "tichu host"   # printed by guests' curl
        self.pack = pack
        self.ssh: tuple[int, str] | None = None     # the ssh door's port and key, if open
        self.game_port: int | None = None           # where `tichu join` connects
        self.bundle: Bundle | None = None
        self.problem: str | None = None
        self.packing: defer.Deferred[None] | None = None
        self.waiting: list[defer.Deferred[None]] = []

    def wanted(self) -> defer.Deferred[None]:
        """Fires once the bundle is there or packing it failed (packs it on the first call)."""
        if self.bundle is not None or self.problem is not None:
            return defer.succeed(None)
        waiter: defer.Deferred[None] = defer.Deferred()
        self.waiting.append(waiter)
        if self.packing is None:
            self.packing = defer.maybeDeferred(self.pack).addCallbacks(self._packed,
                                                                        self._failed)
        return waiter

    def _packed(self, data: bytes) -> None:
        self.bundle = Bundle.of(data)
        log.info("the bundle is ready to share ({size} bytes, sha256 {sha256})",
                 size=len(data), sha256=self.bundle.sha256)
        self._tell()

    def _failed(self, failure: Failure) -> None:
        self.problem = failure.getErrorMessage()
        log.error("cannot pack the program for guests: {why}", why=self.problem)
        self._tell()

    def _tell(self) -> None:
        waiting, self.waiting = self.waiting, []
        for waiter in waiting:
            waiter.callback(None)


@implementer(IPullProducer)
class Download:
    """One guest's copy, written a chunk each time the connection wants more."""

    def __init__(self, request: server.Request, data: bytes, clock: Any,
                 done: Any) -> None:
        self.request, self.data, self.clock, self.done = request, memoryview(data), clock, done
        self.sent = 0

    def start(self) -> None:
        self.stall = self.clock.callLater(STALL, self.cut, "no progress")
        self.deadline = self.clock.callLater(DEADLINE, self.cut, "too slow")
        self.request.notifyFinish().addBoth(self.ended)
        self.request.registerProducer(self, False)

    def resumeProducing(self) -> None:
        if self.sent >= len(self.data):
            return
        self.stall.reset(STALL)
        chunk = self.data[self.sent:self.sent + CHUNK]
        self.sent += len(chunk)
        self.request.write(bytes(chunk))
        if self.sent >= len(self.data):
            self.request.unregisterProducer()
            self.request.finish()

    def stopProducing(self) -> None:
        self.sent = len(self.data)

    def cut(self, why: str) -> None:
        log.info("cut a download to {client} ({why}, {sent} of {size} bytes)",
                 client=_client(self.request), why=why, sent=self.sent, size=len(self.data))
        self.sent = len(self.data)
        if self.request.channel is not None:
            self.request.channel.forceAbortClient()

    def ended(self, _result: object) -> None:
        for timer in (self.stall, self.deadline):
            if timer.active():
                timer.cancel()
        self.done(self)


def _client(request: http.Request) -> str:
    address = request.getClientAddress()
    return str(getattr(address, "host", address))


class ShareResource(resource.Resource):
    """``/`` and the bundle; nothing else (see the module's notes for every answer)."""

    isLeaf = True

    def __init__(self, offer: Offer, clock: Any) -> None:
        resource.Resource.__init__(self)     # by name: see share_guard.ShareChannel
        self.offer, self.clock = offer, clock
        self.path = b"/" + bundle_name().encode()
        self.downloads: set[Download] = set()
        self.per_address: Counter[str] = Counter()

    def render(self, request: server.Request) -> Any:
        return self._answer(request, head=request.method == b"HEAD")    # GET or HEAD

    def _answer(self, request: server.Request, head: bool) -> Any:
        request.setHeader(b"X-Content-Type-Options", b"nosniff")
        if len(request.uri) > MAX_TARGET:
            return _text(request, 414, _("That address is too long."))
        if request.path not in (b"/", self.path):
            return _text(request, 404, _("There is nothing here but / and {path}.").format(
                path=self.path.decode()))
        if self.offer.bundle is None and self.offer.problem is None:
            gone: list[object] = []
            request.notifyFinish().addErrback(gone.append)
            self.offer.wanted().addCallback(self._late, request, head, gone)
            return server.NOT_DONE_YET
        return self._ready(request, head)

    def _late(self, _: None, request: server.Request, head: bool, gone: list[object]) -> None:
        """Answer a request that waited for the bundle to be packed (unless it went away)."""
        if gone:
            return
        body = self._ready(request, head)
        if body is server.NOT_DONE_YET:
            return
        if not head:
            request.setHeader(b"Content-Length", str(len(body)).encode())
            request.write(body)
        request.finish()

    def _ready(self, request: server.Request, head: bool) -> Any:
        bundle = self.offer.bundle
        if bundle is None:
            return _text(request, 503, _("This host cannot offer the program: {why}").format(
                why=self.offer.problem))
        if request.path != b"/":
            return self._bundle(request, bundle, head)
        page = self._page(request, bundle)
        if head:
            request.setHeader(b"Content-Length", str(len(page)).encode())
            return b""
        return page

    def _page(self, request: server.Request, bundle: Bundle) -> bytes:
        local = request.getHost()
        html = b"text/html" in (request.getHeader(b"accept") or b"")
        if html:
            request.setHeader(b"Content-Type", b"text/html; charset=utf-8")
            request.setHeader(b"Content-Security-Policy", b"default-src 'none'; "
                                                          b"style-src 'unsafe-inline'")
        else:
            request.setHeader(b"Content-Type", b"text/plain; charset=utf-8")
        return share_page.render(self.offer.host_name, local.host, local.port, bundle.sha256,
                                 len(bundle.data), html, self.offer.ssh, self.offer.game_port)

    def _bundle(self, request: server.Request, bundle: Bundle, head: bool) -> Any:
        client = _client(request)
        refusal = self._refusal(client)
        if refusal is not None and not head:
            request.setHeader(b"Retry-After", str(RETRY_AFTER).encode())
            return _text(request, *refusal)
        request.setHeader(b"Content-Type", b"application/octet-stream")
        request.setHeader(b"Content-Disposition",
                          f'attachment; filename="{bundle_name()}"'.encode())
        request.setHeader(b"Content-Length", str(len(bundle.data)).encode())
        digest = base64.b64encode(bytes.fromhex(bundle.sha256)).decode()
        request.setHeader(b"Repr-Digest", f"sha-256=:{digest}:".encode())
        if head:
            return b""
        download = Download(request, bundle.data, self.clock,
                            lambda d: self._finished(d, client))
        self.per_address[client] += 1
        self.downloads.add(download)
        download.start()
        return server.NOT_DONE_YET

    def _refusal(self, client: str) -> tuple[int, str] | None:
        if len(self.downloads) >= MAX_DOWNLOADS:
            return 503, _("{count} guests are downloading now; try again in a few "
                          "seconds.").format(count=len(self.downloads))
        if self.per_address[client] >= PER_ADDRESS:
            return 429, _("{count} downloads from your address are under way; wait for "
                          "them.").format(count=self.per_address[client])
        return None

    def _finished(self, download: Download, client: str) -> None:
        self.downloads.discard(download)
        self.per_address[client] -= 1
        if self.per_address[client] <= 0:
            del self.per_address[client]


def _text(request: server.Request, code: int, message: str) -> bytes:
    request.setResponseCode(code)
    request.setHeader(b"Content-Type", b"text/plain; charset=utf-8")
    return (message + "\n").encode("utf-8")


class ShareSite(GuardedSite):
    """The guarded site for `ShareResource`, quiet: a page or a download is logged by the
    resource when it matters."""

    noisy = False

    def log(self, request: http.Request) -> None:
        if request.code == 200 and request.path != b"/" and request.method == b"GET":
            self.quiet.info("download", _client(request), "{address} downloads the bundle")


def share_factory(offer: Offer, clock: Any) -> tuple[ShareSite, ShareResource]:
    """The factory to listen with and its resource."""
    root = ShareResource(offer, clock)
    return ShareSite(root, clock, IDLE), root
