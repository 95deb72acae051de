"""A real `tichu server` on a private test LAN: players find it by discovery, join
through what discovery returned, and play a duel to the end; stopping it withdraws it
from a listing that is running.

h1 (10.77.0.1) hosts; h2 and h3 are the players' machines. Every process runs
inside its namespace (tests/support/netns.py).
"""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from .lanhosts import ROOT, Events, _env, found_besides_a_known_host, is_event, tichu

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def lan(private_lan_factory):
    return private_lan_factory(3)


def start_server(ns, tmp_path, name: str) -> subprocess.Popen:
    return tichu(ns, "server", "--name", name, "--port", "4711", "--data-dir", str(tmp_path),
                 "--bot-delay", "0", "--bot-workers", "0", stdin=subprocess.DEVNULL)


def player(ns, *args: str) -> Events:
    process = ns.popen([sys.executable, "-m", "tests.discovery.lan_player", *args], cwd=ROOT,
                       stdout=subprocess.PIPE, text=True, env=_env())
    return Events(process)


def test_players_find_the_host_join_through_discovery_and_play_a_duel(lan, tmp_path):
    host_ns, first_ns, second_ns = lan.hosts
    server = start_server(host_ns, tmp_path, "Alice's laptop")
    try:
        first = player(first_ns, "--host", "Alice's laptop", "--name", "Bea", "--create")
        found = first.wait(lambda e: e["event"] in ("found", "error"), timeout=30)
        assert found["event"] == "found", found
        assert (found["address"], found["port"]) == ("10.77.0.1", 4711)
        first.wait(is_event("seated"), timeout=30)
        second = player(second_ns, "--host", "Alice's laptop", "--name", "Cid")
        found = second.wait(lambda e: e["event"] in ("found", "error"), timeout=30)
        assert found["event"] == "found", found
        assert second.wait(is_event("seated"), timeout=30)["seat"] == 1
        results = [p.wait(lambda e: e["event"] in ("finished", "error"), timeout=120)
                   for p in (first, second)]
        assert all(r["event"] == "finished" for r in results), results
        assert results[0]["scores"] == results[1]["scores"]
        assert results[0]["winner"] in (0, 1) and results[0]["rounds"] >= 1
        watcher = Events(tichu(second_ns, "find", "--watch", "--json", "--timeout", "60"))
        watcher.wait(is_event("added", host__name="Alice's laptop"))
    finally:
        server.send_signal(signal.SIGTERM)
        stopped = server.wait(timeout=20)
    assert stopped == 0
    # records live 120 s and more: a removal now can only come from the server's goodbye
    assert watcher.wait(is_event("removed"))["host"]["name"] == "Alice's laptop"
    watcher.process.send_signal(signal.SIGINT)
    assert watcher.process.wait(timeout=10) == 0
    assert found_besides_a_known_host(second_ns, host_ns) == []
