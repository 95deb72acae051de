"""Dialing a host at every address it announced, the first that answers winning.

A host announces each address a guest might reach it at, and from the guest's side some
of them may lead nowhere (a Wi-Fi that keeps guests apart, an interface the guest has no
route to). Twisted's `HostnameEndpoint` already races connection attempts the Happy
Eyeballs way (RFC 8305: one attempt, then the next a moment later, the first connection
made wins and the others are cancelled); it takes its addresses from a name resolver, so
this module gives it one that knows only the announced addresses, in the guest's order.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from typing import Any

from twisted.internet.address import IPv4Address, IPv6Address
from twisted.internet.endpoints import HostnameEndpoint
from twisted.internet.interfaces import (IHostnameResolver, IHostResolution,
                                         IReactorPluggableNameResolver, IResolutionReceiver)
from zope.interface import implementer

ATTEMPT_DELAY = 0.25     # seconds between one address's attempt and the next one's
TIMEOUT = 5.0            # seconds an attempt may take


@implementer(IHostResolution)
class _Resolution:
    def __init__(self, name: str) -> None:
        self.name = name

    def cancel(self) -> None:
        """Nothing to stop: the addresses were known before the question."""


@implementer(IHostnameResolver)
class _Announced:
    """A resolver that answers every name with the announced addresses, in order."""

    def __init__(self, addresses: Sequence[str]) -> None:
        self.addresses = tuple(addresses)

    def resolveHostName(self, resolutionReceiver: IResolutionReceiver, hostName: str,
                        portNumber: int = 0, addressTypes: object = None,
                        transportSemantics: str = "TCP") -> IHostResolution:
        resolution = _Resolution(hostName)
        resolutionReceiver.resolutionBegan(resolution)
        for address in self.addresses:
            kind = IPv6Address if ipaddress.ip_address(address.split("%")[0]).version == 6 \
                else IPv4Address
            resolutionReceiver.addressResolved(kind("TCP", address, portNumber))
        resolutionReceiver.resolutionComplete()
        return resolution


@implementer(IReactorPluggableNameResolver)
class _ReactorAskingTheAnnouncement:
    """The reactor as the endpoint sees it: itself in all but where names resolve."""

    def __init__(self, reactor: Any, addresses: Sequence[str]) -> None:
        self._reactor = reactor
        self.nameResolver: IHostnameResolver = _Announced(addresses)

    def installNameResolver(self, resolver: IHostnameResolver) -> IHostnameResolver:
        previous, self.nameResolver = self.nameResolver, resolver
        return previous

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reactor, name)


def first_to_answer(reactor: Any, addresses: Sequence[str], port: int) -> HostnameEndpoint:
    """An endpoint that dials ``addresses`` in order, ``ATTEMPT_DELAY`` apart, and connects to
    the first that answers."""
    if not addresses:
        raise ValueError("no address to dial")
    return HostnameEndpoint(_ReactorAskingTheAnnouncement(reactor, addresses), addresses[0],
                            port, timeout=TIMEOUT, attemptDelay=ATTEMPT_DELAY)
