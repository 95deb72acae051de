"""Which of a host's addresses guests are shown and try, and in what order; and the Happy
Eyeballs dial over the announced addresses, step by step on a fake clock."""

from __future__ import annotations

import ipaddress

from twisted.internet.error import ConnectionRefusedError
from twisted.internet.protocol import Factory, Protocol
from twisted.internet.testing import MemoryReactorClock, StringTransport
from twisted.python.failure import Failure

from tichu_lan.discovery.dialing import ATTEMPT_DELAY, first_to_answer
from tichu_lan.discovery.net import (Interfaced, default_route_interfaces, order_for_guest,
                                     ranked_addresses, reachable_addresses)


def at(address: str, interface: str, prefix: int = 24) -> Interfaced:
    return Interfaced(address, interface,
                      ipaddress.ip_network(f"{address}/{prefix}", strict=False))


LAPTOP = [at("127.0.0.1", "lo", 8), at("172.17.0.1", "docker0", 16),
          at("10.8.0.2", "tun0"), at("169.254.7.7", "eth1", 16), at("192.168.1.20", "wlan0"),
          at("192.168.122.1", "virbr0"), at("fe80::1", "wlan0", 64)]


def test_a_laptop_announces_its_lan_address_and_not_its_bridges_vpn_or_link_local():
    assert reachable_addresses(LAPTOP, default={"wlan0"}) == ["192.168.1.20"]
    assert reachable_addresses(LAPTOP, default=set()) == ["192.168.1.20"]


def test_every_address_is_listed_with_the_lan_first_and_loopback_last():
    listed = [one.address for one in ranked_addresses(LAPTOP, default={"wlan0"})]
    assert listed[0] == "192.168.1.20" and listed[-1] == "127.0.0.1"
    assert listed.index("169.254.7.7") > listed.index("192.168.1.20")


def test_the_default_route_s_interface_comes_before_another_private_one():
    two = [at("10.0.0.5", "eth0"), at("192.168.50.2", "eth1")]
    assert reachable_addresses(two, default={"eth1"}) == ["192.168.50.2", "10.0.0.5"]
    assert reachable_addresses(two, default={"eth0"}) == ["10.0.0.5", "192.168.50.2"]


def test_a_machine_with_only_a_bridge_or_only_loopback_still_has_an_address():
    assert reachable_addresses([at("172.17.0.1", "docker0", 16), at("127.0.0.1", "lo", 8)],
                               default=set()) == ["172.17.0.1"]
    assert reachable_addresses([at("127.0.0.1", "lo", 8)], default=set()) == ["127.0.0.1"]


def test_the_default_route_is_read_from_the_routing_table(tmp_path):
    table = tmp_path / "route"
    table.write_text("Iface\tDestination\tGateway\tFlags\n"
                     "wlan0\t00000000\t0101A8C0\t0003\n"
                     "docker0\t000011AC\t00000000\t0001\n")
    assert default_route_interfaces(table) == {"wlan0"}
    assert default_route_interfaces(tmp_path / "missing") == set()


def test_a_guest_tries_the_addresses_on_its_own_networks_first():
    guest = [at("127.0.0.1", "lo", 8), at("10.77.0.2", "eth0")]
    announced = ("192.168.77.1", "10.77.0.1", "172.17.0.1")
    assert order_for_guest(announced, guest) == ("10.77.0.1", "192.168.77.1", "172.17.0.1")
    assert order_for_guest(("fe80::1%eth0", "nonsense"), guest) == ("fe80::1%eth0", "nonsense")


def test_the_dial_starts_each_address_in_turn_and_the_first_to_answer_wins():
    reactor = MemoryReactorClock()
    connected = first_to_answer(reactor, ("192.168.77.1", "10.77.0.1"), 47474).connect(
        Factory.forProtocol(Protocol))
    assert [c[:2] for c in reactor.tcpClients] == [("192.168.77.1", 47474)]
    reactor.advance(ATTEMPT_DELAY)
    assert [c[:2] for c in reactor.tcpClients] == [("192.168.77.1", 47474),
                                                   ("10.77.0.1", 47474)]
    won: list[Protocol] = []
    connected.addCallback(won.append)
    assert not won
    answered = reactor.tcpClients[1][2].buildProtocol(None)     # 10.77.0.1 answers
    answered.makeConnection(StringTransport())
    assert len(won) == 1 and won[0].transport is not None
    assert reactor.connectors[0].stoppedConnecting                # the other attempt is given up
    reactor.advance(10 * ATTEMPT_DELAY)
    assert len(reactor.tcpClients) == 2


def test_when_every_address_fails_the_dial_fails():
    reactor = MemoryReactorClock()
    connected = first_to_answer(reactor, ("192.168.77.1", "10.77.0.1"), 47474).connect(
        Factory.forProtocol(Protocol))
    reactor.advance(ATTEMPT_DELAY)
    for host, _port, factory, *_ in reactor.tcpClients:
        factory.clientConnectionFailed(None, Failure(ConnectionRefusedError(host)))
    reactor.advance(ATTEMPT_DELAY)
    failed: list[Failure] = []
    connected.addErrback(failed.append)
    assert len(failed) == 1 and failed[0].check(ConnectionRefusedError)
