"""`tichu host` leaving its seat is not stopping: the host serves on for a guest, and X stops
it, naming the guest it cuts off (a real terminal, a real guest, a loopback-only namespace)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.cli.test_host_command import ROOT, Terminal, tichu
from tests.discovery.lanhosts import Events, is_event


@pytest.fixture
def settings_env(tmp_path):
    return dict(os.environ, TERM="xterm-256color", TICHU_LAN_CONFIG_DIR=str(tmp_path / "config"))


def test_the_host_leaves_its_seat_keeps_serving_and_stops_naming_whom_it_cuts_off(
        loopback_netns, settings_env, tmp_path):
    env = settings_env
    screen = Terminal(loopback_netns, tichu("host", "--name", "Ann", "--bots", "2",
                                            "--bot-level", "random", "--no-announce",
                                            "--data-dir", str(tmp_path / "data")), env)
    screen.wait_for("Ann's table", "Seat 4: bot")
    guest = Events(loopback_netns.popen([sys.executable, "-m", "tests.cli.table_guest",
                                         "--port", "47474", "--join"], cwd=ROOT, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True))
    try:
        guest.wait(is_event("seated"), timeout=30)
        screen.wait_for("Press s to start")       # the guest took the empty seat
        screen.send("s")
        screen.wait_for("Grand Tichu?")
        screen.send("Q")                       # leaving the seat is not stopping the host
        screen.wait_for("Leave your seat?", "Stop the host: it cuts off Guest")
        screen.send("l")
        screen.wait_for("This terminal hosts the game: Guest plays on here")
        guest.wait(lambda e: e["event"] == "seats" and e["kinds"][0] == "bot", timeout=30)
        guest.wait(is_event("moves"), timeout=60)          # the game goes on for the guest
        screen.send("X")
        screen.wait_for("Stop the host?", "--resume")
        screen.send("y")
        assert screen.close() == 0
        told = guest.wait(is_event("host_stopped"), timeout=30)      # not a lost connection
        assert told["words"] == ("Ann stopped the host; your game is kept and goes on when "
                                 "they start it again.")
    finally:
        guest.process.stdin.close()
        guest.process.wait(timeout=30)
