"""The private test LAN helper (tests/support/netns.py) keeps its promises."""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys

import pytest

from tests.support import netns

from .lanhosts import ROOT

GROUP, PORT = "239.77.0.1", 47700  # a test group; only ever used inside the namespaces

pytestmark = pytest.mark.skipif(netns.unavailable_reason() is not None,
                                reason=netns.unavailable_reason() or "")


def own_links() -> str:
    return subprocess.run(["ip", "-o", "link", "show"], capture_output=True, text=True).stdout


def own_routes() -> str:
    return subprocess.run(["ip", "route", "show", "table", "all"], capture_output=True,
                          text=True).stdout


def multicast_receiver(address: str) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("", PORT))
    membership = struct.pack("4s4s", socket.inet_aton(GROUP), socket.inet_aton(address))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, membership)
    sock.settimeout(5)
    return sock


def multicast_send(address: str, payload: bytes) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(address))
        sock.sendto(payload, (GROUP, PORT))


def test_multicast_crosses_the_test_lan_and_the_machine_is_untouched():
    links, routes = own_links(), own_routes()
    with netns.private_lan(3) as lan:
        h1, h2, h3 = lan.hosts
        assert own_links() == links and own_routes() == routes
        receivers = [h.call(multicast_receiver, h.address) for h in (h2, h3)]
        h1.call(multicast_send, h1.address, b"hello tichu")
        for receiver in receivers:
            data, (sender, _) = receiver.recvfrom(100)
            receiver.close()
            assert (data, sender) == (b"hello tichu", "10.77.0.1")
        names = [ns.name for ns in (*lan.hosts, lan.switch)]
        assert set(names) <= set(netns.ours())
        assert len(set(names)) == 4
    assert not set(names) & set(netns.ours())
    assert own_links() == links and own_routes() == routes


def test_loopback_namespace_multicasts_to_itself_only():
    with netns.loopback_namespace() as ns:
        receiver = ns.call(multicast_receiver, "127.0.0.1")
        ns.call(multicast_send, "127.0.0.1", b"ping")
        assert receiver.recvfrom(10)[0] == b"ping"
        receiver.close()
        links = ns.run(["ip", "-o", "link", "show"], capture_output=True, text=True).stdout
        assert len(links.splitlines()) == 1 and "MULTICAST" in links
    assert ns.name not in netns.ours()


def test_everything_is_removed_when_the_body_fails():
    with pytest.raises(RuntimeError, match="test failed"), netns.private_lan(2) as lan:
        sleeper = lan.hosts[0].popen(["sleep", "600"])
        stray = lan.hosts[1].popen(["sh", "-c", "trap '' TERM; sleep 600"])
        names = [ns.name for ns in (*lan.hosts, lan.switch)]
        raise RuntimeError("test failed")
    assert sleeper.poll() is not None and stray.poll() is not None
    assert not set(names) & set(netns.ours())


def own_network_namespace() -> str:
    """The calling thread's network namespace, e.g. 'net:[4026531840]'."""
    return os.readlink("/proc/thread-self/ns/net")


def test_code_run_in_a_namespace_sees_only_that_namespace():
    before = own_network_namespace()
    with netns.loopback_namespace() as ns:
        inside = ns.call(socket.if_nameindex)
        assert [name for _, name in inside] == ["lo"]
        assert ns.call(own_network_namespace) != before
        with pytest.raises(ZeroDivisionError):
            ns.call(lambda: 1 / 0)
        assert own_network_namespace() == before  # this thread never moved
    assert len(socket.if_nameindex()) >= 1
    assert own_network_namespace() == before


def test_namespaces_of_a_killed_run_are_removed_by_the_next():
    dead = subprocess.Popen(["true"])
    dead.wait()
    name = f"{netns.PREFIX}{dead.pid}xdead-h1"
    subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        assert name in netns.remove_stale()
        assert name not in netns.ours()
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


def test_scripts_testnet_runs_commands_as_hosts():
    done = subprocess.run([sys.executable, "-m", "tests.support.netns",
                           "echo I am $TESTNET_ADDRESS", "echo me $TESTNET_ADDRESS; exit 3"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env=dict(os.environ, PYTHONUNBUFFERED="1"))
    assert done.returncode == 3
    assert "[10.77.0.1] I am 10.77.0.1" in done.stdout.splitlines()
    assert "[10.77.0.2] me 10.77.0.2" in done.stdout.splitlines()
