"""Which interfaces discovery uses, which addresses guests can reach, and the multicast DNS
endpoint on them.

A host laptop often has more interfaces than its LAN: a docker or libvirt bridge, a VPN, a
link-local address. Guests reach none of those, so they are announced only when nothing
else is there, and every list of the host's addresses (its waiting page, its share page)
puts the LAN first: an address of the interface the default route leaves by, then private
addresses of other interfaces, then the rest. A guest then tries the announced addresses
in its own order: those on one of its own networks first (`order_for_guest`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

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


# Interfaces no guest on the LAN reaches: container and VM bridges, VPNs, tunnels (names as
# Linux, macOS and Windows give them, compared in lower case).
VIRTUAL = ("docker", "br-", "virbr", "vboxnet", "vmnet", "veth", "lxcbr", "lxdbr", "cni",
           "flannel", "cali", "podman", "tun", "tap", "wg", "utun", "tailscale", "zt",
           "ham", "awdl", "llw", "anpi", "vethernet", "virtualbox", "vmware", "hyper-v",
           "zerotier", "hamachi", "wireguard", "openvpn", "nordlynx", "loopback")


@dataclass(frozen=True)
class Interfaced:
    """One address of this machine, with the interface it is on and that interface's network."""

    address: str
    interface: str
    network: ipaddress.IPv4Network | ipaddress.IPv6Network

    @property
    def ip(self) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
        return ipaddress.ip_address(self.address)

    @property
    def virtual(self) -> bool:
        return self.interface.lower().startswith(VIRTUAL)


def interface_addresses() -> list[Interfaced]:
    """Every address of this machine's interfaces (in this network namespace)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]  # IPv6: (address, flow, scope)
            address = str(ipaddress.ip_address(text.split("%")[0]))
            network = ipaddress.ip_network(f"{address}/{ip.network_prefix}", strict=False)
            found.append(Interfaced(address, str(adapter.nice_name or adapter.name), network))
    return found


def local_addresses() -> list[str]:
    """Every address of this machine's interfaces (in this network namespace)."""
    return [found.address for found in interface_addresses()]


def default_route_interfaces(table: Path = Path("/proc/net/route")) -> set[str]:
    """The interfaces the default route leaves by (Linux's routing table; elsewhere none is
    known, and the other signs decide)."""
    try:
        lines = table.read_text().splitlines()[1:]
    except OSError:
        return set()
    return {fields[0] for fields in (line.split() for line in lines)
            if len(fields) > 2 and fields[1] == "00000000"}


def _rank(found: Interfaced, default: set[str]) -> tuple[int, ...]:
    """Smaller is likelier to be reached by a guest."""
    ip = found.ip
    return (ip.is_loopback, found.virtual, ip.is_link_local, found.interface not in default,
            not ip.is_private, ip.version)


def ranked_addresses(addresses: Iterable[Interfaced] | None = None,
                     default: set[str] | None = None) -> list[Interfaced]:
    """This machine's addresses, the likeliest for a guest to reach first (loopback last)."""
    found = interface_addresses() if addresses is None else list(addresses)
    via = default_route_interfaces() if default is None else default
    return sorted(found, key=lambda one: _rank(one, via))


def _real(one: Interfaced) -> bool:
    return not (one.ip.is_loopback or one.virtual or one.ip.is_link_local)


def _outside(one: Interfaced) -> bool:
    return not one.ip.is_loopback


def reachable_addresses(addresses: Iterable[Interfaced] | None = None,
                        default: set[str] | None = None) -> list[str]:
    """The IPv4 addresses guests can reach, best first: no bridge, VPN or link-local address
    while a real one is there, and loopback only when there is nothing else (a machine with
    no network still finds its own games)."""
    ranked = [one for one in ranked_addresses(addresses, default) if one.ip.version == 4]
    for keep in (_real, _outside):
        chosen = [one.address for one in ranked if keep(one)]
        if chosen:
            return chosen
    return [one.address for one in ranked]


def order_for_guest(announced: Sequence[str],
                    mine: Iterable[Interfaced] | None = None) -> tuple[str, ...]:
    """A host's announced addresses in the order a guest tries them: those on one of the
    guest's own networks first (reached directly), the rest as announced."""
    networks = [one.network for one in (interface_addresses() if mine is None else mine)
                if not one.ip.is_loopback]

    def near(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.split("%")[0])
        except ValueError:
            return False
        return any(ip.version == net.version and ip in net for net in networks)

    return tuple(sorted(announced, key=lambda address: not near(address)))


def choose_addresses(wanted: Sequence[str] | None) -> list[str]:
    """The addresses to announce and listen on.

    ``wanted`` (typed by the person) must all belong to this machine. Without
    it: the addresses guests can reach, best first (`reachable_addresses`)."""
    if not wanted:
        return reachable_addresses()
    local = local_addresses()
    missing = [address for address in wanted if address not in local]
    if missing:
        raise DiscoveryError(_("{wanted} is not an address of this machine; its addresses "
                               "are {addresses}").format(
            wanted=", ".join(missing), addresses=", ".join(local) or _("none")))
    return list(dict.fromkeys(wanted))


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
