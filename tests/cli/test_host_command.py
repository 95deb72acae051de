"""`tichu host` as a person starts it: a real terminal (a pty), a real host, the
announcement on a loopback-only namespace, and leaving with Q."""

from __future__ import annotations

import json

from tests.cli.pty_terminal import ROOT, Terminal, tichu


def test_a_host_with_bots_is_listed_on_the_network_and_left_with_q(loopback_netns, env,
                                                                   tmp_path):
    screen = Terminal(loopback_netns, tichu("host", "--name", "Ann", "--bots", "3",
                                            "--data-dir", str(tmp_path / "data")), env)
    screen.wait_for("Ann's table", "it lists this game", "Seat 4: bot")
    found = loopback_netns.run(tichu("find", "--timeout", "3", "--json"), capture_output=True,
                               text=True, cwd=ROOT, env=env, timeout=60)
    assert found.returncode == 0, found.stderr
    (host,) = json.loads(found.stdout)["hosts"]
    assert host["name"] == "Ann" and host["compatible"]
    # a seat held by a bot is one a person may take over
    assert host["summary"] == {"tables": 1, "open_seats": 3, "rule_sets": ["classic"]}
    screen.send("Q")
    assert screen.close() == 0


def test_a_host_on_ipv6_loopback_with_a_password_seats_its_player_and_says_how_to_join(
        loopback_netns, env, tmp_path):
    screen = Terminal(loopback_netns, tichu("host", "--name", "Ann", "--bind", "::1",
                                            "--password", "tea",
                                            "--data-dir", str(tmp_path / "data")), env)
    text = screen.wait_for("Ann's table", "A password is needed to join.",
                           "Others join with: tichu join [::1]:47474 (and your password)",
                           "Seat 1: Ann")
    assert "it lists this game" not in text
    screen.send("Q")
    assert screen.close() == 0
