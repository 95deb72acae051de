"""`tichu host` as a person starts it: a real terminal (a pty), a real host, the
announcement on a loopback-only namespace, and leaving with Q."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import struct
import sys
import termios
import time

import pyte
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Terminal:
    """A command running on an 80x24 pseudo-terminal, read as a person sees it: the bytes
    go through a terminal emulator, since prompt_toolkit redraws only what changed (a seat
    that becomes a bot may be written as just "bot", after the "Seat 4: " already there)."""

    def __init__(self, namespace, argv: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = namespace.popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                       cwd=ROOT, start_new_session=True)
        os.close(slave)
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def text(self) -> str:
        """What the terminal shows now, line by line."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    def _read(self) -> None:
        data = os.read(self.master, 65536)
        self.stream.feed(data)

    def wait_for(self, *parts: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while not all(part in self.text() for part in parts):
            left = deadline - time.monotonic()
            ready = select.select([self.master], [], [], max(0.0, left))[0]
            if not ready:
                pytest.fail(f"not on screen within {timeout} s: {parts}; "
                            f"the screen's last text: {self.text()[-800:]!r}")
            try:
                self._read()
            except OSError:  # the command ended
                pytest.fail(f"the command ended; its last text: {self.text()[-800:]!r}")
        return self.text()

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        deadline = time.monotonic() + 20
        while self.process.poll() is None and time.monotonic() < deadline:
            if select.select([self.master], [], [], 0.2)[0]:
                try:
                    self._read()
                except OSError:
                    break
        code = self.process.wait(10)
        os.close(self.master)
        return code


def tichu(*args: str) -> list[str]:
    return [sys.executable, "-m", "tichu_lan.cli", *args]


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, TERM="xterm-256color", TICHU_LAN_CONFIG_DIR=str(tmp_path / "config"))


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
