"""Which interfaces discovery uses, and the multicast DNS endpoint on them."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

import ifaddr
from zeroconf import InterfaceChoice, InterfacesType, IPVersion
from zeroconf.asyncio import AsyncZeroconf

from ..i18n import _

SERVICE_TYPE = "_tichu._tcp.local."
EVERYWHERE = ("0.0.0.0", "::", "")  # bind addresses that listen on every interface


class DiscoveryError(Exception):
    """Announcing or browsing cannot start; the message says what to change."""


def parse_address(text: str) -> str:
    """An IP address typed by a person, normalised; raises ValueError when it is not one."""
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise ValueError(_("{text!r} is not an IP address (like 192.168.1.20)").format(
            text=text)) from None


def local_addresses() -> list[str]:
    """Every address of this machine's interfaces (in this network namespace)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]  # IPv6: (address, flow, scope)
            found.append(str(ipaddress.ip_address(text.split("%")[0])))
    return found


def choose_addresses(wanted: Sequence[str] | None) -> list[str]:
    """The addresses to announce and listen on.

    ``wanted`` (typed by the person) must all belong to this machine. Without
    it: every IPv4 address but loopback, or loopback when there is nothing else
    (a machine with no network still finds its own games)."""
    local = local_addresses()
    if wanted:
        missing = [address for address in wanted if address not in local]
        if missing:
            raise DiscoveryError(_("{wanted} is not an address of this machine; its addresses "
                                   "are {addresses}").format(
                wanted=", ".join(missing), addresses=", ".join(local) or _("none")))
        return list(dict.fromkeys(wanted))
    ipv4 = [a for a in local if ipaddress.ip_address(a).version == 4]
    outside = [a for a in ipv4 if not ipaddress.ip_address(a).is_loopback]
    return outside or ipv4


def open_zeroconf(addresses: Sequence[str] | None) -> AsyncZeroconf:
    """A multicast DNS endpoint on the running asyncio loop, on ``addresses``
    (all interfaces when None). Must be called from a coroutine."""
    interfaces: InterfacesType
    if addresses:
        choose_addresses(addresses)  # refuse addresses that are not ours, with the reason
        v6 = any(ipaddress.ip_address(a).version == 6 for a in addresses)
        interfaces, version = list(addresses), IPVersion.All if v6 else IPVersion.V4Only
    else:
        interfaces, version = InterfaceChoice.All, IPVersion.V4Only
    try:
        return AsyncZeroconf(interfaces=interfaces, ip_version=version)
    except OSError as exc:
        where = ", ".join(addresses) if addresses else _("any interface")
        raise DiscoveryError(_("cannot use multicast DNS (UDP port 5353) on {where}: "
                               "{error}").format(where=where, error=exc.strerror or exc)) from None
