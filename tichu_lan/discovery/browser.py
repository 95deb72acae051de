"""Browsing the LAN for tichu hosts: who is there, where, and what they offer.

Hosts that cannot be played with (another protocol version, a malformed
announcement, no address) are kept and marked with the reason, so a person
sees why a friend's game does not work instead of not seeing it at all.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from twisted.logger import Logger
from twisted.python.failure import Failure
from zeroconf import Error as ZeroconfError
from zeroconf import IPVersion, RecordUpdate, RecordUpdateListener, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf
from zeroconf.const import _TYPE_SRV, _TYPE_TXT

from ..i18n import _
from .net import SERVICE_TYPE, open_zeroconf, order_for_guest
from .txt import Advert, HostSummary, decode, printable

log = Logger()

RESOLVE_TIMEOUT_MS = 1500  # address, port and TXT normally come with the announcement itself
MAX_HOSTS = 256            # a flood of announcements cannot grow the list without bound

ADDED, UPDATED, REMOVED = "added", "updated", "removed"


@dataclass(frozen=True)
class FoundHost:
    """One host on the network as a player sees it.

    ``name`` is the unique DNS-SD instance name ("Alice", "Alice (2)"), safe to
    print; ``host_name`` is the name the host chose. ``problem`` is None when
    this program can join the host, else the reason it cannot.
    """

    name: str
    host_name: str
    addresses: tuple[str, ...]
    port: int
    protocol: int | None
    version: str
    summary: HostSummary | None
    problem: str | None
    share_port: int | None = None     # the port of its download page for guests, if any
    ssh: tuple[int, str] | None = None  # its ssh door's port and host key fingerprint, if any

    @property
    def compatible(self) -> bool:
        return self.problem is None

    @property
    def address(self) -> str | None:
        """The address to connect to (IPv4 first), if any was announced."""
        return self.addresses[0] if self.addresses else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``tichu find --json``."""
        data = asdict(self)
        data["addresses"] = list(self.addresses)
        data["address"] = self.address
        data["compatible"] = self.compatible
        if self.summary is not None:
            data["summary"]["rule_sets"] = list(self.summary.rule_sets)
            bots = data["summary"].pop("bot_seats")
            if bots is not None:                     # an older host does not say
                data["seats"] = {"people": self.summary.open_seats - bots, "bots": bots}
        del data["share_port"]      # tichu find --json gives it as the page's address
        data["ssh"] = None if self.ssh is None else {"port": self.ssh[0],
                                                     "fingerprint": self.ssh[1]}
        return data


def _addresses(info: AsyncServiceInfo) -> tuple[str, ...]:
    v4 = info.parsed_addresses(IPVersion.V4Only)
    return order_for_guest(v4 + info.parsed_scoped_addresses(IPVersion.V6Only))


def found_host(service_name: str, info: AsyncServiceInfo | None,
               problem: str | None = None) -> FoundHost:
    """A FoundHost from a resolved service, or (``info`` None) one that is
    listed with ``problem`` (by default: it did not say where it is)."""
    problem = problem or _("it did not answer with its address and port")
    name = printable(service_name[: -len(SERVICE_TYPE) - 1] or "?")
    addresses = _addresses(info) if info is not None else ()
    if info is None or not info.port or not addresses:
        return FoundHost(name, name, addresses, (info and info.port) or 0, None, "?", None, problem)
    try:
        advert = decode(info.properties)
    except Exception as exc:  # a TXT record zeroconf itself cannot take apart
        advert = Advert(None, "?", "", None, f"unreadable announcement ({type(exc).__name__})")
    return FoundHost(name, advert.host_name or name, addresses, info.port, advert.protocol,
                     advert.version, advert.summary, advert.problem, advert.share_port,
                     advert.ssh)


def _sort_key(host: FoundHost) -> tuple[bool, str, str, int]:
    return (not host.compatible, host.name.casefold(), host.address or "", host.port)


Listener = Callable[[str, FoundHost], None]


class _Withdrawn(RecordUpdateListener):
    """Re-reads a host when one of its SRV or TXT records says goodbye.

    zeroconf's browser reports only new records. When two hosts briefly shared
    a name, the one that renamed itself withdraws its own SRV (and TXT) record
    under the old name; the host that keeps the name must then be read again,
    or its entry would keep the other's port."""

    def __init__(self, refresh: Callable[[str], None]) -> None:
        super().__init__()
        self._refresh = refresh
        self._names: set[str] = set()

    def async_update_records(self, zc: Zeroconf, now: float, records: list[RecordUpdate]) -> None:
        for update in records:
            record = update.new
            if (record.type in (_TYPE_SRV, _TYPE_TXT) and record.is_expired(now)
                    and record.name.lower().endswith("." + SERVICE_TYPE)):
                self._names.add(record.name)

    def async_update_records_complete(self) -> None:
        names, self._names = self._names, set()
        for name in names:
            self._refresh(name)


class Browser:
    """Keeps the list of tichu hosts up to date while it runs.

    ``on_change(event, host)`` is called with ``added``, ``updated`` or
    ``removed`` as hosts appear, change their lobby, or say goodbye.
    """

    def __init__(self, *, addresses: Sequence[str] | None = None,
                 on_change: Listener | None = None) -> None:
        self._wanted = list(addresses) if addresses else None
        self._on_change = on_change
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._hosts: dict[str, FoundHost] = {}
        self._silent: set[str] = set()        # hosts that announced a name and nothing more
        self._resolving: dict[str, asyncio.Task[None]] = {}

    def hosts(self) -> list[FoundHost]:
        """The hosts known now: playable ones first, then by name."""
        return sorted(self._hosts.values(), key=_sort_key)

    async def start(self) -> None:
        self._zc = open_zeroconf(self._wanted)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE_TYPE,
                                            handlers=[self._state_changed])
        self._zc.zeroconf.async_add_listener(_Withdrawn(self._refresh), None)

    async def stop(self) -> None:
        for task in self._resolving.values():
            task.cancel()
        self._resolving.clear()
        browser, self._browser = self._browser, None
        zc, self._zc = self._zc, None
        if browser is not None:
            await browser.async_cancel()
        if zc is not None:
            await zc.async_close()

    async def __aenter__(self) -> Browser:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    def _state_changed(self, zeroconf: Zeroconf | None, service_type: str, name: str,
                       state_change: ServiceStateChange) -> None:
        key = name.lower()
        task = self._resolving.pop(key, None)
        if task is not None:
            task.cancel()
        if state_change is ServiceStateChange.Removed:
            self._forget(key)
        elif self._zc is not None and (  # once stopped, nothing more is looked up
                key in self._hosts or self._room()):
            resolve = self._resolve(self._zc.zeroconf, key, name)
            task = asyncio.get_running_loop().create_task(resolve)
            self._resolving[key] = task
            task.add_done_callback(self._resolved)

    def _room(self) -> bool:
        """Whether a new name may be looked up: the list is not full, or a host in it never
        answered with where it is (it goes: a flood of names that lead nowhere must not
        keep a real game out)."""
        if len(self._hosts) + len(self._resolving) < MAX_HOSTS:
            return True
        if not self._silent:
            return False
        self._forget(next(iter(self._silent)))
        return True

    def _forget(self, key: str) -> None:
        self._silent.discard(key)
        gone = self._hosts.pop(key, None)
        if gone is not None:
            self._tell(REMOVED, gone)

    def _refresh(self, name: str) -> None:
        if name.lower() in self._hosts:
            self._state_changed(None, SERVICE_TYPE, name, ServiceStateChange.Updated)

    async def _resolve(self, zc: Zeroconf, key: str, name: str) -> None:
        try:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
        except ZeroconfError:  # zeroconf refuses to look the name up
            host = found_host(name, None, _("its name breaks the DNS-SD rules (control "
                                            "characters)"))
        else:
            answered = await info.async_request(zc, RESOLVE_TIMEOUT_MS)
            host = found_host(name, info if answered else None)
        if host.port and host.addresses:
            self._silent.discard(key)
        else:
            self._silent.add(key)
        previous = self._hosts.get(key)
        self._hosts[key] = host
        if host != previous:
            self._tell(ADDED if previous is None else UPDATED, host)

    def _resolved(self, task: asyncio.Task[None]) -> None:
        for key, running in list(self._resolving.items()):
            if running is task:
                del self._resolving[key]
        error = None if task.cancelled() else task.exception()
        if error is not None:
            failure = Failure(error, type(error), error.__traceback__)
            log.failure("resolving a tichu host failed", failure)

    def _tell(self, event: str, host: FoundHost) -> None:
        if self._on_change is None:
            return
        try:
            self._on_change(event, host)
        except Exception:
            log.failure("a discovery listener failed on {event} {name!r}", event=event,
                        name=host.name)


async def browse(timeout: float | None, *, addresses: Sequence[str] | None = None,
                 on_change: Listener | None = None,
                 stop: asyncio.Event | None = None) -> list[FoundHost]:
    """Listen for ``timeout`` seconds (None: until ``stop`` is set) and return the hosts found."""
    stop = stop or asyncio.Event()
    async with Browser(addresses=addresses, on_change=on_change) as browser:
        with contextlib.suppress(TimeoutError):  # the time is up: what was found so far
            await asyncio.wait_for(stop.wait(), timeout)
        return browser.hosts()
