"""Announce a running host on the LAN and keep its summary current (DNS-SD, see discovery)."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from twisted.internet.defer import Deferred
from twisted.logger import Logger
from twisted.python.failure import Failure

from ..bridge import as_deferred
from ..discovery import Announcer, DiscoveryError, HostSummary
from ..discovery.net import EVERYWHERE
from .host import Host
from .lobby import LobbySummary

log = Logger()


class _Shutdown(Protocol):
    """What announcing needs of the reactor: a word before it shuts down."""

    def addSystemEventTrigger(self, phase: str, eventType: str, callable: Callable[..., Any],
                              *args: object, **kwargs: object) -> object: ...


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


def host_summary(summary: LobbySummary) -> HostSummary:
    return HostSummary(summary.tables, summary.open_seats, summary.rule_sets, summary.bot_seats)


def start_announcing(host: Host, name: str, reactor: _Shutdown,
                     announce_on: Sequence[str] | None = None,
                     share_port: int | None = None,
                     ssh: tuple[int, str] | None = None) -> Announcer | None:
    """Announce ``host`` (on the interfaces with the ``announce_on`` addresses, else on
    every one), update the
    announcement on every lobby change and withdraw it (goodbye) at shutdown.
    ``share_port``: the port of its page for guests without the program, if it has one;
    ``ssh``: its ssh door's port and host key fingerprint, if it has one.

    A host bound to one address announces on that address's interface only, so that
    players are never sent to an address it does not listen on; a host bound to
    loopback is for this machine alone and announces nothing unless told where.
    """
    bind = host.config.bind
    if announce_on is None and bind not in EVERYWHERE:
        if _is_loopback(bind):
            log.info("bound to {bind}: not announcing on the LAN", bind=bind)
            return None
        announce_on = [bind]
    addresses = list(announce_on) if announce_on is not None else None
    announcer = Announcer(name, host.port, host_summary(host.summary()), addresses=addresses,
                          share_port=share_port, ssh=ssh)
    unsubscribe = host.subscribe(lambda summary: announcer.update(host_summary(summary)))

    def started(instance: str) -> None:
        log.info("announced on the LAN as {instance!r}", instance=instance)

    def failed(failure: Failure) -> Failure | None:
        if not isinstance(failure.value, (DiscoveryError, OSError)):
            return failure          # not a failure to announce: it goes on down the chain
        log.error("could not announce this host ({why}); players can still join it by "
                  "address", why=failure.value)
        return None

    as_deferred(announcer.start()).addCallbacks(started, failed)

    def withdraw() -> Deferred[Any]:
        unsubscribe()
        return as_deferred(announcer.stop())

    reactor.addSystemEventTrigger("before", "shutdown", withdraw)
    return announcer
