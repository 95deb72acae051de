"""Announcing one host's lobby on the LAN as a DNS-SD service, `_tichu._tcp`.

Why not zeroconf's own probing: it takes over a second (three probes 500 ms
apart) before the first announcement, and a host must show up in `tichu find`
within a second. Instead the announcer asks once who is already there
(~0.25 s), picks a free instance name ("Alice", else "Alice (2)" ...), and
announces at once. Two hosts that start at the same moment with the same name
see each other's announcement; the one whose target host name sorts higher
renames itself, so both stay listed and distinguishable (RFC 6762 section 9
resolves conflicts after announcing the same way: one side picks a new name).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import socket
from collections.abc import Coroutine, Sequence

from twisted.logger import Logger
from twisted.python.failure import Failure
from zeroconf import (DNSOutgoing, DNSPointer, DNSQuestion, DNSService, DNSText, RecordUpdate,
                      RecordUpdateListener, Zeroconf)
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf
from zeroconf.const import (_CLASS_IN, _FLAGS_AA, _FLAGS_QR_QUERY, _FLAGS_QR_RESPONSE, _TYPE_PTR,
                            _TYPE_TXT)

from .net import SERVICE_TYPE, DiscoveryError, choose_addresses, open_zeroconf
from .txt import MAX_NAME_BYTES, HostSummary, encode, fit_name, printable

log = Logger()

ASK_WAIT = 0.25          # s to collect answers to "who is there?"; responders wait 20-120 ms
MIN_UPDATE_INTERVAL = 0.25  # s between re-announcements when seats change quickly


def instance_label(host_name: str) -> str:
    """The DNS-SD instance name for ``host_name``: printable, no dots (a dot
    would split the DNS label), with room for a " (NN)" suffix."""
    label = printable(host_name.strip()).replace(".", "\u00b7")
    return fit_name(label, MAX_NAME_BYTES - 5).strip() or "tichu"


def free_label(label: str, taken: set[str]) -> str:
    """``label``, or the first of "label (2)", "label (3)" ... not in ``taken``
    (lower-cased instance names)."""
    candidate, number = label, 2
    while candidate.lower() in taken:
        candidate, number = f"{label} ({number})", number + 1
    return candidate


def _label_of(info: AsyncServiceInfo) -> str:
    """The instance name of a service, without the service type after it."""
    return info.name[: -len(SERVICE_TYPE) - 1]


def _target_host() -> str:
    """A host name for the SRV and A records that no other announcer uses, so
    that one host's goodbye never withdraws another's address."""
    machine = re.sub(r"[^a-z0-9-]+", "-", socket.gethostname().lower()).strip("-")[:40]
    return f"{machine or 'tichu'}-{secrets.token_hex(3)}.local."


class _ConflictWatch(RecordUpdateListener):
    """Calls back when someone else announces a service under our instance name."""

    def __init__(self, announcer: Announcer) -> None:
        super().__init__()
        self._announcer = announcer

    def async_update_records(self, zc: Zeroconf, now: float, records: list[RecordUpdate]) -> None:
        for update in records:
            record = update.new
            if isinstance(record, DNSService) and not record.is_expired(now):
                self._announcer._seen_service(record.name, record.server)


class Announcer:
    """The host's DNS-SD service while it runs: ``start``, ``update``, ``stop``.

    asyncio-native; Twisted callers bridge at one place with
    ``Deferred.fromFuture(asyncio.ensure_future(announcer.start()))``.
    ``update`` is a plain call so the lobby can make it on every change.
    """

    def __init__(self, host_name: str, port: int, summary: HostSummary, *,
                 addresses: Sequence[str] | None = None, share_port: int | None = None,
                 ssh: tuple[int, str] | None = None) -> None:
        """``share_port``: the port of the host's download page for guests, if it has one;
        ``ssh``: its ssh door's port and host key fingerprint, if it has one."""
        if not isinstance(host_name, str):
            raise DiscoveryError(f"the host name must be text, not {type(host_name).__name__}")
        if not isinstance(port, int) or not 1 <= port <= 65535:
            raise DiscoveryError(f"port must be 1 to 65535, not {port!r}")
        if not isinstance(summary, HostSummary):
            raise DiscoveryError(f"summary must be a HostSummary, not {type(summary).__name__}")
        self.host_name = host_name
        self.port = port
        self.share_port, self.ssh = share_port, ssh
        self._label = instance_label(host_name)
        self._summary = summary
        self._announced: HostSummary | None = None
        self._wanted = list(addresses) if addresses else None
        self._addresses: list[str] = []
        self._target = _target_host()
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._lock = asyncio.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._updater: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._last_publish = float("-inf")
        # zeroconf repeats an announcement a few times over the next second or two; a
        # rename or a stop must end those repeats, or they advertise the old records again
        self._repeats: asyncio.Future[object] | None = None

    @property
    def instance_name(self) -> str | None:
        """The instance name in use ("Alice (2)" if "Alice" was taken), once started."""
        return _label_of(self._info) if self._info else None

    @property
    def summary(self) -> HostSummary:
        return self._summary

    async def start(self) -> str:
        """Announce on the network; returns the instance name chosen."""
        if self._zc is not None:
            raise DiscoveryError("this announcer has already been started")
        self._loop = asyncio.get_running_loop()
        self._zc = open_zeroconf(self._wanted)
        try:
            self._addresses = choose_addresses(self._wanted)
            zc = self._zc.zeroconf
            await zc.async_wait_for_start()
            zc.async_add_listener(_ConflictWatch(self), None)
            taken = await self._names_in_use()
            async with self._lock:
                name = await self._register(free_label(self._label, taken))
        except BaseException:
            await self._close()
            raise
        log.info("announcing {name!r} on {addresses}, port {port}",
                 name=name, addresses=self._addresses, port=self.port)
        return name

    def update(self, summary: HostSummary) -> None:
        """Announce a new lobby summary (coalesced: at most one re-announcement
        per MIN_UPDATE_INTERVAL, always ending with the latest summary)."""
        if not isinstance(summary, HostSummary):
            raise DiscoveryError(f"summary must be a HostSummary, not {type(summary).__name__}")
        self._summary = summary
        if self._info is not None and (self._updater is None or self._updater.done()):
            self._updater = self._spawn(self._publish_updates())

    async def stop(self) -> None:
        """Withdraw the service (goodbye packets, sent before this returns) and close."""
        for task in list(self._tasks):
            task.cancel()
        if self._zc is None:
            return
        async with self._lock:
            info, self._info = self._info, None
            self._stop_repeats()
            if info is not None:
                await (await self._zc.async_unregister_service(info))
        await self._close()

    async def __aenter__(self) -> Announcer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # ---- inside ------------------------------------------------------------------------

    def _service_info(self, label: str) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=self.port, server=self._target,
            properties=encode(self.host_name, self._summary, self.share_port, self.ssh),
            parsed_addresses=self._addresses)

    def _running(self) -> AsyncZeroconf:
        """The multicast DNS endpoint, which exists from ``start`` until ``stop``."""
        if self._zc is None:
            raise DiscoveryError("this announcer is not running (start it first)")
        return self._zc

    async def _names_in_use(self) -> set[str]:
        """Ask the network which instances of our type exist (one PTR query)."""
        zc = self._running().zeroconf
        query = DNSOutgoing(_FLAGS_QR_QUERY)
        query.add_question(DNSQuestion(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN))
        zc.async_send(query)
        await asyncio.sleep(ASK_WAIT)
        return self._cached_labels()

    def _cached_labels(self) -> set[str]:
        cache = self._running().zeroconf.cache
        records = cache.async_all_by_details(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN)
        names = (record.alias.lower() for record in records if isinstance(record, DNSPointer))
        return {name[: -len(SERVICE_TYPE) - 1] for name in names
                if name.endswith("." + SERVICE_TYPE)}

    async def _register(self, label: str) -> str:
        """Announce under ``label``; returns the instance name now in use."""
        zc = self._running()
        self._announced = self._summary
        self._info = self._service_info(label)
        self._last_publish = asyncio.get_running_loop().time()
        self._stop_repeats()
        # zeroconf declares an Awaitable but hands back the repeats' Future; ensure_future
        # keeps that Future (or wraps anything else in a Task), so that it can be cancelled
        self._repeats = asyncio.ensure_future(
            await zc.async_register_service(self._info, cooperating_responders=True))
        return _label_of(self._info)

    def _stop_repeats(self) -> None:
        if self._repeats is not None:
            self._repeats.cancel()
            self._repeats = None

    async def _publish_updates(self) -> None:
        loop = asyncio.get_running_loop()
        while self._info is not None and self._announced != self._summary:
            wait = self._last_publish + MIN_UPDATE_INTERVAL - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            async with self._lock:
                if self._info is None:
                    return
                self._announced = self._summary
                self._info = self._service_info(_label_of(self._info))
                self._last_publish = loop.time()
                self._stop_repeats()
                self._repeats = asyncio.ensure_future(
                    await self._running().async_update_service(self._info))

    def _seen_service(self, name: str, target: str) -> None:
        """Another host announced ``name``; if it is ours, the higher target renames."""
        info = self._info
        ours = self._target.lower()
        if (info is not None and name.lower() == info.name.lower()
                and target.lower() != ours and ours > target.lower()):
            self._spawn(self._rename(info))

    async def _rename(self, old: AsyncServiceInfo) -> None:
        async with self._lock:
            if self._info is not old:
                return
            zc = self._running().zeroconf
            self._stop_repeats()
            zc.registry.async_remove(old)
            goodbye = DNSOutgoing(_FLAGS_QR_RESPONSE | _FLAGS_AA)
            goodbye.add_answer_at_time(old.dns_service(override_ttl=0), 0)
            # The pointer to the name is the other host's too: no goodbye for it. Our
            # text only when it differs from theirs, or we would withdraw theirs.
            texts = zc.cache.async_all_by_details(old.name, _TYPE_TXT, _CLASS_IN)
            if len({record.text for record in texts if isinstance(record, DNSText)}) > 1:
                goodbye.add_answer_at_time(old.dns_text(override_ttl=0), 0)
            zc.async_send(goodbye)
            taken = self._cached_labels() | {_label_of(old).lower()}
            name = await self._register(free_label(self._label, taken))
        log.info("another host announced the same name; now announcing as {name!r}", name=name)

    def _spawn(self, coroutine: Coroutine[object, object, None]) -> asyncio.Task[None]:
        if self._loop is None:
            raise DiscoveryError("this announcer is not running (start it first)")
        task = self._loop.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            log.failure("re-announcing failed", Failure(error, type(error), error.__traceback__))

    async def _close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is not None:
            await zc.async_close()

