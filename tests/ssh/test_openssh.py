"""The door's "done when": Debian's OpenSSH client, in an 80x24 terminal, joins by ssh, plays
a whole round beside a bot and another guest, drops, and gets its seat back; its host key is
the one the host shows."""

from __future__ import annotations

import subprocess

import pytest

from tests.support.autoplay import AutoPlayer
from tests.support.live_host import connect as connect_client

from .guests import scenario, settled, until
from .openssh import SshTerminal, play_a_round, ssh_command

pytestmark = [pytest.mark.timeout(300),
              pytest.mark.skipif(not __import__("os").path.exists("/usr/bin/ssh"),
                                 reason="needs OpenSSH's client, /usr/bin/ssh")]


@scenario
async def test_an_openssh_guest_plays_a_round_drops_and_gets_the_seat_back(door, tmp_path):
    key, known = tmp_path / "id_ed25519", tmp_path / "known_hosts"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": str(tmp_path),
           "PATH": "/usr/bin:/bin"}
    anna = SshTerminal.start(ssh_command(door.port, "anna", key, known, "accept-new"), env)
    other = None
    try:
        await anna.wait_for("no tables")
        anna.keys("n")
        await anna.wait_for("Seat 1: anna  (you)")
        other = await settled(connect_client(door.host.port, "Otto"))
        await settled(other.list_tables(watch=True))
        await until(lambda: bool(other.lobby))
        await settled(other.join(other.lobby[0].id, seat=1))
        AutoPlayer(other)
        await anna.wait_for("Seat 2: Otto")
        anna.keys("Down", "Down", "b")
        await anna.wait_for("Seat 3: bot")
        anna.keys("Down", "b")
        await anna.wait_for("Press s to start")
        anna.keys("s")
        await anna.wait_for("round 1")
        after = await play_a_round(anna)
        assert "Score (game to 1000)" in after and "Otto" in after
        await anna.kill()
        await until(lambda: door.host.addresses.open == 1)     # only Otto is connected
        back = SshTerminal.start(ssh_command(door.port, "anna", key, known, "yes"), env)
        try:
            text = await back.wait_for("round 2", "You:")
            assert "anna" in text.splitlines()[0] or "Otto" in text
        finally:
            await back.kill()
    finally:
        await anna.kill()
        if other is not None:
            await settled(other.close())
    listed = subprocess.run(["ssh-keygen", "-l", "-f", str(known)], capture_output=True,
                            text=True, check=True).stdout
    assert door.fingerprint in listed
