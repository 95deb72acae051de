"""A command on a pseudo-terminal, read through a terminal emulator as a person sees it."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time
from collections.abc import Callable

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
        return self.wait_until(lambda text: all(part in text for part in parts), str(parts),
                               timeout)

    def wait_until(self, shown: Callable[[str], bool], what: str,
                   timeout: float = 20.0) -> str:
        """The screen's text once ``shown`` holds for it (the timeout only stops a broken run
        from hanging)."""
        deadline = time.monotonic() + timeout
        while not shown(self.text()):
            left = deadline - time.monotonic()
            ready = select.select([self.master], [], [], max(0.0, left))[0]
            if not ready:
                pytest.fail(f"not on screen within {timeout} s: {what}; "
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
