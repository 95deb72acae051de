"""A guest with nothing but Python joins a game on a private test LAN: it downloads the
bundle from the host's share port with the standard library, checks it, finds the host
with it, and plays a hand against a bot through the real terminal UI, in tmux.

h1 (10.77.0.1) runs `tichu server` from the installed program; h2 is the guest, whose
Python runs without site-packages and whose namespace has no route beyond the test LAN.
Every process runs inside its namespace (tests/support/netns.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tichu_lan.bundling.where import DEFAULT_SHARE_PORT

from .conftest import BARE
from .tmux_screen import Screen, play_a_hand

pytestmark = pytest.mark.timeout(240)
HERE = Path(__file__).resolve().parent
PAGE = f"http://10.77.0.1:{DEFAULT_SHARE_PORT}/"


def wait_for_line(log: Path, text: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60     # only stops a broken run from hanging
    while text not in log.read_text():
        assert process.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.05)


@pytest.fixture
def lan(private_lan_factory):
    return private_lan_factory(2)


def test_a_bare_guest_downloads_the_game_finds_the_host_and_plays_a_hand(lan, tmp_path):
    host_ns, guest_ns = lan.hosts
    log = tmp_path / "host.log"
    with open(log, "wb") as err:
        server = host_ns.popen([sys.executable, "-m", "tichu_lan.cli", "server", "--name",
                                "Ann's laptop", "--port", "4711", "--data-dir",
                                str(tmp_path / "data"), "--bot-delay", "0.1"],
                               stdin=subprocess.DEVNULL, stderr=err)
    wait_for_line(log, "guests without the program get it on port", server)
    routes = guest_ns.run(["ip", "route"], capture_output=True, text=True).stdout
    assert "default" not in routes and "10.77.0.0/24" in routes
    env = {"PATH": os.environ["PATH"], "TERM": "xterm-256color",
           "TICHU_LAN_CONFIG_DIR": str(tmp_path / "guest-config")}
    fetched = guest_ns.run([*BARE, str(HERE / "guest_fetch.py"), PAGE, str(tmp_path)],
                           capture_output=True, text=True, timeout=120, env=env)
    assert fetched.returncode == 0, fetched.stderr
    bundle = json.loads(fetched.stdout)["path"]
    found = guest_ns.run([*BARE, bundle, "find", "--json", "--timeout", "1.5"],
                         capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert found.returncode == 0, found.stderr
    (host,) = json.loads(found.stdout)["hosts"]
    assert (host["name"], host["address"], host["port"]) == ("Ann's laptop", "10.77.0.1", 4711)
    assert host["compatible"] and host["download"] == PAGE
    screen = Screen(f"tichu-guest-{os.getpid()}",
                    guest_ns.command([*BARE, bundle, "join", "--name", "Gus"]), env)
    try:
        screen.wait_for("Ann's laptop")
        screen.keys("Enter")
        screen.wait_for("no tables")
        screen.keys("d")
        screen.wait_for("Seat 2: empty")
        screen.keys("Down", "b")
        screen.wait_for("Press s to start")
        screen.keys("s")
        screen.wait_for("round 1")
        after = play_a_hand(screen)
        assert "Score (game to 1000)" in after and "Bot 2" in after
    finally:
        screen.close()
        server.terminate()
        server.wait(20)
