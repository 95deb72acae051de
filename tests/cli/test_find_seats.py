"""`tichu server` announces itself by whose tables they are, and `tichu find` says the seats
for people and the bots apart, as the host's own screen does (inside a loopback namespace)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from tests.discovery.lanhosts import ROOT, _env, tichu
from tichu_lan.settings import login_name

pytestmark = pytest.mark.timeout(120)


def test_find_tells_seats_for_people_from_bots_and_the_server_is_named_for_its_owner(
        loopback_netns, tmp_path):
    listening = tmp_path / "port"
    server = tichu(loopback_netns, "server", "--port", "4711", "--data-dir", str(tmp_path),
                   "--bot-workers", "0", "--port-file", str(listening), stdin=subprocess.DEVNULL)
    guest = None
    try:
        for _ in range(300):
            if listening.exists() or server.poll() is not None:
                break
            time.sleep(0.05)
        assert listening.exists(), server.communicate(timeout=10)
        guest = loopback_netns.popen([sys.executable, "-m", "tests.cli.table_guest", "--port",
                                      "4711"], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=_env())
        assert json.loads(guest.stdout.readline())["event"] == "ready"   # Guest, a bot, 2 empty
        found = None
        for _ in range(20):           # until the announcement has caught up with the table
            listing = tichu(loopback_netns, "find", "--json", "--timeout", "1.5")
            out, _ = listing.communicate(timeout=30)
            hosts = json.loads(out)["hosts"]
            if hosts and hosts[0]["summary"]["open_seats"] == 3:
                found = hosts[0]
                break
        assert found is not None, out
        assert found["name"] == f"{login_name()}'s tables"
        assert found["seats"] == {"people": 2, "bots": 1}
        text = tichu(loopback_netns, "find", "--timeout", "1.5").communicate(timeout=30)[0]
        assert "1 table, 2 seats for people, 1 bot  classic" in text, text
    finally:
        if guest is not None:
            guest.stdin.close()
            guest.wait(timeout=20)
        server.terminate()
        server.wait(timeout=20)


def test_the_announcement_carries_the_bots_and_an_older_one_is_read_without_them():
    from tichu_lan.discovery.txt import HostSummary, SummaryError, decode, encode
    summary = HostSummary(2, 5, ("classic", "duel"), bot_seats=2)
    properties = {k.encode(): v.encode() for k, v in encode("Ann", summary).items()}
    assert properties[b"bots"] == b"2" and decode(properties).summary == summary
    assert summary.seats_text() == "3 seats for people, 2 bots"
    assert HostSummary(1, 1, ("duel",), bot_seats=0).seats_text() == "1 seat for people"
    del properties[b"bots"]
    older = decode(properties).summary
    assert older.bot_seats is None and older.seats_text() == "5 free seats"
    too_many = decode({**properties, b"bots": b"6"}).problem
    assert too_many == "malformed announcement: bots=6 is more than open=5"
    with pytest.raises(SummaryError):
        HostSummary(1, 1, (), bot_seats=-1)
