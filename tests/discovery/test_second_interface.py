"""A host laptop with more interfaces than its LAN, on a private test LAN: a docker bridge
and a second interface its default route leaves by, which the guest cannot reach. The
bridge is not announced, the unreachable address is announced first, and the guest still
joins from its `tichu join` list (in tmux, at 80x24) with a plain Enter.

h1 (10.77.0.1) hosts; h2 (10.77.0.2) is the guest, whose packets to the host's second
network go out on the LAN and are never answered. Every process and interface is inside
the test's namespaces (tests/support/netns.py).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.bundle.tmux_screen import Screen

from .lanhosts import ROOT, TICHU, _env, tichu

pytestmark = pytest.mark.timeout(180)


def ip(ns, *args: str) -> None:
    subprocess.run(["ip", "-n", ns.name, *args], check=True)


@pytest.fixture
def laptop_lan(private_lan_factory):
    lan = private_lan_factory(2)
    host, guest = lan.hosts
    for name, address in (("docker0", "172.17.0.1/16"), ("eth1", "192.168.77.1/24")):
        ip(host, "link", "add", name, "type", "veth", "peer", "name", f"{name}p")
        ip(host, "addr", "add", address, "dev", name)
        ip(host, "link", "set", f"{name}p", "up")
        ip(host, "link", "set", name, "up")
    ip(host, "route", "add", "default", "dev", "eth1")
    ip(guest, "route", "add", "192.168.77.0/24", "dev", "eth0")     # asked, never answered
    return lan


def test_the_bridge_is_not_announced_and_the_guest_joins_past_the_unreachable_address(
        laptop_lan, tmp_path):
    host_ns, guest_ns = laptop_lan.hosts
    server = tichu(host_ns, "server", "--name", "Ann's laptop", "--port", "4711", "--data-dir",
                   str(tmp_path / "data"), stdin=subprocess.DEVNULL)
    found = guest_ns.run([*TICHU, "find", "--json", "--timeout", "6"], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=60)
    hosts = json.loads(found.stdout)["hosts"]
    assert [h["name"] for h in hosts] == ["Ann's laptop"], found.stderr
    assert hosts[0]["addresses"] == ["10.77.0.1", "192.168.77.1"]    # the guest's order
    screen = Screen("second-interface", guest_ns.command(
        [sys.executable, "-m", "tichu_lan.cli", "join", "--name", "Pat"]),
        env=dict(_env(), HOME=str(tmp_path), TERM="xterm-256color", LANG="C.UTF-8",
                 PYTHONPATH=str(ROOT)))
    try:
        screen.wait_for("Ann's laptop", "10.77.0.1")
        screen.keys("Enter")
        screen.wait_for("Host Ann's laptop: no tables")
    finally:
        screen.close()
        server.terminate()
        server.wait(30)
