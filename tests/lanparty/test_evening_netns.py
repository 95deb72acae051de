"""An evening across a private test LAN (network namespaces): the host on one machine, eight
scripted guests on another, two duplicate tables over three games; the comparisons the
guests were shown equal a recomputation from the host's kept games (docs/EVENING.md)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from tests.support.evening_check import check_evening, check_standings
from tests.support.evening_guests import NAMES
from tests.support.netns import private_lan
from tests.support.party_host import ROOT

pytestmark = pytest.mark.timeout(240)
PORT = 47474


def play_evening(tmp_path, *guest_args: str) -> tuple[dict, object]:
    """A host on one machine of a private test LAN, the scripted guests on the other; the
    guests' outcome (the last `evening` message) and the host's data directory."""
    data, port_file, out = tmp_path / "data", tmp_path / "port", tmp_path / "evening.json"
    with private_lan(2) as lan:
        server, guests = lan.hosts
        with open(tmp_path / "host.log", "wb") as log:
            host = server.popen(
                [sys.executable, "-m", "tichu_lan.cli", "server", "--port", str(PORT),
                 "--data-dir", str(data), "--port-file", str(port_file), "--bot-delay", "0",
                 "--bot-workers", "0", "--bot-level", "random", "--grace", "0",
                 "--rate", "1000", "--no-announce", "--no-share", "--no-ssh",
                 "--name", "evening host"],
                stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 30
        while not port_file.exists():
            assert host.poll() is None and time.monotonic() < deadline, \
                (tmp_path / "host.log").read_text()
            time.sleep(0.05)
        played = guests.run([sys.executable, "-m", "tests.support.evening_guests",
                             "10.77.0.1", str(PORT), str(out), *guest_args], cwd=ROOT,
                            timeout=200, capture_output=True, text=True)
        host.terminate()
        host.wait(10)
    outcome = json.loads(out.read_text())
    assert played.returncode == 0, outcome.get("error") or played.stderr[-3000:]
    print(played.stderr[-3000:])            # the guests' refusals, if a test fails
    return outcome["evening"], data


def test_eight_guests_over_a_test_lan_play_a_duplicate_evening(namespaces, tmp_path):
    evening, data = play_evening(tmp_path)
    assert evening["over"] and evening["people"] == NAMES
    assert len(evening["games"]) == 3
    assert check_evening(data, evening) >= 3
    check_standings(data, evening)          # the standings, recomputed from the journals


def test_a_fifth_guest_in_line_gets_a_seat_at_the_next_game_over_a_test_lan(namespaces,
                                                                          tmp_path):
    """One table of four; Eve, on the other machine too, waits in its line: at the game's
    end the evening takes her in and her program sits at a table of the next game."""
    evening, data = play_evening(tmp_path, "--fifth", "--games", "2", "--target", "100")
    assert evening["over"] and sorted(evening["people"]) == sorted(NAMES[:5])
    assert [len(game["tables"]) for game in evening["games"]] == [1, 2]
    assert evening["eve_sat_in_game"] == [2]
    check_standings(data, evening)
