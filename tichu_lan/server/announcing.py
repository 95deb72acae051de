"""Announce a running host on the LAN and keep its summary current (DNS-SD, see discovery)."""

from __future__ import annotations

import argparse
import ipaddress

from twisted.internet.defer import Deferred
from twisted.logger import Logger

from ..bridge import as_deferred
from ..discovery import Announcer, DiscoveryError, HostSummary, announcer_from_args
from ..discovery.net import EVERYWHERE
from .host import Host
from .lobby import LobbySummary

log = Logger()


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


def host_summary(summary: LobbySummary) -> HostSummary:
    return HostSummary(summary.tables, summary.open_seats, summary.rule_sets)


def start_announcing(host: Host, args: argparse.Namespace, name: str,
                     reactor) -> Announcer | None:  # noqa: ANN001 (the reactor)
    """Announce ``host`` as the options ask (none with --no-announce), update the
    announcement on every lobby change and withdraw it (goodbye) at shutdown.

    A host bound to one address announces on that address's interface only, so that
    players are never sent to an address it does not listen on; a host bound to
    loopback is for this machine alone and announces nothing unless told where.
    """
    bind = host.config.bind
    if args.announce_on is None and bind not in EVERYWHERE:
        if _is_loopback(bind):
            log.info("bound to {bind}: not announcing on the LAN", bind=bind)
            return None
        args.announce_on = [bind]
    announcer = announcer_from_args(args, name, host.port, host_summary(host.summary()))
    if announcer is None:
        return None
    unsubscribe = host.subscribe(lambda summary: announcer.update(host_summary(summary)))

    def started(instance: str) -> None:
        log.info("announced on the LAN as {instance!r}", instance=instance)

    def failed(failure) -> None:  # noqa: ANN001
        failure.trap(DiscoveryError, OSError)
        log.error("could not announce this host ({why}); players can still join it by "
                  "address", why=failure.value)

    as_deferred(announcer.start()).addCallbacks(started, failed)

    def withdraw() -> Deferred:
        unsubscribe()
        return as_deferred(announcer.stop())

    reactor.addSystemEventTrigger("before", "shutdown", withdraw)
    return announcer
