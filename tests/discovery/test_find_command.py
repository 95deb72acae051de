"""`tichu find`: its arguments and what it prints."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from tichu_lan import cli
from tichu_lan.commands import find_command as find
from tichu_lan.commands.discovery_args import add_announce_arguments
from tichu_lan.discovery import Announcer, DiscoveryError, FoundHost, HostSummary

from .lanhosts import ROOT

ALICE = FoundHost("Alice", "Alice", ("10.0.0.5",), 4711, 1, "0.1.0",
                  HostSummary(2, 1, ("classic", "duel")), None)
OLD = FoundHost("Bob", "Bob", ("10.0.0.6",), 4711, 0, "0.0.1", None,
                "it speaks protocol 0 (tichu-lan 0.0.1); this tichu-lan 0.1.0 speaks protocol 1")


@pytest.mark.parametrize("argv, message", [
    (["--timeout", "-1"], "'-1' is not a number of seconds above 0"),
    (["--timeout", "0"], "'0' is not a number of seconds"),
    (["--timeout", "nan"], "'nan' is not a number of seconds"),
    (["--timeout", "soon"], "'soon' is not a number of seconds"),
    (["--timeout", "1e9"], "at most 3600"),
    (["--interface", "eth0"], "'eth0' is not an IP address"),
])
def test_bad_arguments_are_refused_before_anything_is_sent(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["find", *argv])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_an_interface_that_is_not_ours_is_a_clear_error(loopback_netns):
    done = loopback_netns.run([sys.executable, "-m", "tichu_lan.cli", "find", "--interface",
                               "10.9.9.9"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("tichu find: 10.9.9.9 is not an address of this machine; "
                                  "its addresses are 127.0.0.1")


def test_listing_shows_where_what_and_why_not(capsys):
    find.print_listing([ALICE, OLD], 2.0)
    assert capsys.readouterr().out.splitlines() == [
        "2 games on the network:",
        "  Alice  10.0.0.5:4711  2 tables, 1 free seat  classic, duel",
        ("  Bob    10.0.0.6:4711  cannot join: it speaks protocol 0 (tichu-lan 0.0.1); "
         "this tichu-lan 0.1.0 speaks protocol 1"),
    ]


def test_an_empty_network_says_how_to_join_by_address(capsys):
    find.print_listing([], 1.5)
    assert capsys.readouterr().out == (
        "No games found on the network in 1.5 s. "
        "A host you know can be joined by address: tichu join HOST[:PORT]\n")


def test_incompatible_hosts_are_greyed_on_a_colour_terminal(monkeypatch):
    monkeypatch.setattr(find, "_colour", lambda: True)
    assert find._grey("Bob", OLD) == "\x1b[2mBob\x1b[0m"
    assert find._grey("Alice", ALICE) == "Alice"


def test_json_has_everything_a_script_needs():
    data = ALICE.to_dict()
    assert data == {"name": "Alice", "host_name": "Alice", "addresses": ["10.0.0.5"],
                    "address": "10.0.0.5", "port": 4711, "protocol": 1, "version": "0.1.0",
                    "summary": {"tables": 2, "open_seats": 1, "rule_sets": ["classic", "duel"]},
                    "problem": None, "compatible": True, "ssh": None}
    assert OLD.to_dict()["compatible"] is False


def test_find_is_a_tichu_subcommand():
    done = subprocess.run([sys.executable, "-m", "tichu_lan.cli", "find", "--help"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0
    assert "--timeout S" in done.stdout and "--json" in done.stdout


def test_hosting_options_switch_announcing_off_or_choose_interfaces(capsys):
    parser = argparse.ArgumentParser()
    add_announce_arguments(parser)
    assert parser.parse_args(["--no-announce"]).no_announce is True
    chosen = parser.parse_args(["--announce-on", "10.0.0.5", "--announce-on", " ::1 "])
    assert (chosen.no_announce, chosen.announce_on) == (False, ["10.0.0.5", "::1"])
    with pytest.raises(SystemExit) as refused:
        parser.parse_args(["--announce-on", "not an address"])
    assert refused.value.code == 2
    assert "'not an address' is not an IP address" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    ((None, 4711), "the host name must be text"),
    (("Alice", 0), "port must be 1 to 65535"),
    (("Alice", 70000), "port must be 1 to 65535"),
])
def test_an_announcer_refuses_what_it_cannot_announce(args, message):
    with pytest.raises(DiscoveryError, match=message):
        Announcer(*args, HostSummary())
