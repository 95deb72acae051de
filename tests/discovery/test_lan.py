"""`tichu find` across a private test LAN of three network namespaces.

h1 (10.77.0.1) hosts; h2 and h3 are players. Every process runs inside its
namespace through tests/support/netns.py.

These tests use an announcing stand-in (tests/discovery/announce_host.py);
test_lan_play.py runs the real `tichu server` and has players join it through
what discovery returned and play.
"""

from __future__ import annotations

import json
import signal
import subprocess

import pytest

from tichu_lan.discovery import PROTOCOL_VERSION

from .lanhosts import (Events, found_besides_a_known_host, is_event, join_target,
                       start_host, tichu)


@pytest.fixture
def lan(private_lan_factory):
    return private_lan_factory(3)


def announced(host: subprocess.Popen) -> dict:
    return Events(host).wait(is_event("announced"))


def find_json(process: subprocess.Popen) -> list[dict]:
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    return json.loads(out)["hosts"]


def test_both_players_find_the_host_within_three_seconds(lan):
    host_ns, *players = lan.hosts
    host = start_host(host_ns, "Alice's table", port=4711, tables=2, open_seats=5,
                      rules="classic,duel")
    assert announced(host)["name"] == "Alice's table"
    finds = [tichu(player, "find", "--json", "--timeout", "3") for player in players]
    for entries in map(find_json, finds):
        assert len(entries) == 1
        entry = entries[0]
        assert join_target(entry) == ("10.77.0.1", 4711)
        assert (entry["name"], entry["host_name"], entry["compatible"]) == (
            "Alice's table", "Alice's table", True)
        assert entry["protocol"] == PROTOCOL_VERSION
        assert entry["summary"] == {"tables": 2, "open_seats": 5, "rule_sets": ["classic", "duel"]}


def test_stopping_the_host_removes_it_from_running_listings(lan):
    host_ns, *players = lan.hosts
    host = start_host(host_ns, "Alice", port=4711)
    announced(host)
    watchers = [Events(tichu(p, "find", "--watch", "--json", "--timeout", "60")) for p in players]
    for watcher in watchers:
        added = watcher.wait(is_event("added"))
        assert join_target(added["host"]) == ("10.77.0.1", 4711)
    host.send_signal(signal.SIGTERM)
    assert host.wait(timeout=10) == 0
    for watcher in watchers:
        # records live 120 s and more: a removal now can only come from the goodbye
        gone = watcher.wait(is_event("removed"))
        assert gone["host"]["name"] == "Alice"
        watcher.process.send_signal(signal.SIGINT)
        assert watcher.process.wait(timeout=10) == 0
    assert found_besides_a_known_host(players[0], host_ns) == []


def test_a_summary_change_reaches_a_player_watching(lan):
    host_ns, player, _ = lan.hosts
    host = start_host(host_ns, "Alice", open_seats=3)
    announced(host)
    watcher = Events(tichu(player, "find", "--watch", "--json", "--timeout", "60"))
    watcher.wait(is_event("added"))
    host.stdin.write(json.dumps({"tables": 2, "open_seats": 0, "rule_sets": ["duel"]}) + "\n")
    host.stdin.flush()
    changed = watcher.wait(is_event("updated"))
    assert changed["host"]["summary"] == {"tables": 2, "open_seats": 0, "rule_sets": ["duel"]}


def test_two_hosts_with_one_name_both_appear_distinguishable(lan):
    first_ns, second_ns, player = lan.hosts
    hosts = [start_host(first_ns, "Alice", port=4711), start_host(second_ns, "Alice", port=4712)]
    for host in hosts:  # started together, both may announce "Alice"; one then renames
        announced(host)
    entries = find_json(tichu(player, "find", "--json", "--timeout", "3"))
    assert {e["name"] for e in entries} == {"Alice", "Alice (2)"}
    assert {join_target(e) for e in entries} == {("10.77.0.1", 4711), ("10.77.0.2", 4712)}
    assert all(e["host_name"] == "Alice" and e["compatible"] for e in entries)


def test_find_prints_a_readable_listing(lan):
    host_ns, player, _ = lan.hosts
    announced(start_host(host_ns, "Alice", port=4711, tables=1, open_seats=1, rules="duel"))
    out, err = tichu(player, "find", "--timeout", "2").communicate(timeout=30)
    assert out.splitlines() == [
        "1 game on the network:", "  Alice  10.77.0.1:4711  1 table, 1 free seat  duel"], err


def test_a_host_announces_only_on_the_interfaces_it_is_given(lan):
    lan_ns, player, loopback_ns = lan.hosts
    announced(start_host(lan_ns, "Lan only", port=4711, announce_on="10.77.0.1"))
    announced(start_host(loopback_ns, "Loopback only", port=4712, announce_on="127.0.0.1"))
    entries = find_json(tichu(player, "find", "--json", "--timeout", "2"))
    assert [(e["name"], join_target(e)) for e in entries] == [("Lan only", ("10.77.0.1", 4711))]
