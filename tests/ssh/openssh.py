"""Debian's OpenSSH client (/usr/bin/ssh) in a pseudo-terminal of a set size, its screen read
with pyte, as a guest at the door sees it; and a guest that plays a round from what the
screen says, as `tests/bundle/tmux_screen.py`'s does for `tichu join`.

The client runs on the test's reactor (Twisted's ``spawnProcess`` with our own pty), so the
door, in the same process, answers it while the test waits.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import struct
import termios
import time
from pathlib import Path

import pyte
from twisted.internet import protocol

from .guests import KEYS, until


class SshTerminal(protocol.ProcessProtocol):
    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.said = b""
        self.ended: asyncio.Future[int] = asyncio.get_event_loop().create_future()

    @classmethod
    def start(cls, argv: list[str], env: dict[str, str], columns: int = 80,
              rows: int = 24) -> SshTerminal:
        from twisted.internet import reactor
        terminal = cls(columns, rows)
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        terminal.process = reactor.spawnProcess(terminal, argv[0], argv, env=env,
                                                usePTY=(master, slave, os.ttyname(slave)))
        return terminal

    def childDataReceived(self, fd: int, data: bytes) -> None:
        self.said += data
        self.stream.feed(data)

    def processEnded(self, reason) -> None:
        if not self.ended.done():
            self.ended.set_result(getattr(reason.value, "exitCode", None) or 0)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def title(self) -> str:
        return self.screen.display[0]

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.transport.write(KEYS.get(key, key).encode())

    async def wait_for(self, *parts: str, timeout: float = 60.0) -> str:
        return await until(lambda: all(part in self.text() for part in parts), timeout,
                           lambda: f"not on screen: {parts}; it shows:\n{self.text()}",
                           then=self.text)

    async def gone(self, part: str, within: float) -> bool:
        deadline = time.monotonic() + within
        while part in self.text():
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    async def kill(self) -> None:
        """End the client at once (a dropped connection, as the door sees it)."""
        from twisted.internet.process import reapAllProcesses
        if not self.ended.done():
            self.transport.signalProcess("KILL")
        while not self.ended.done():        # the test's reactor may not hear SIGCHLD
            reapAllProcesses()
            await asyncio.sleep(0.02)


def ssh_command(port: int, user: str, key: Path, known_hosts: Path, checking: str) -> list[str]:
    """The command a guest types, with the test's own key and known-hosts file (and no
    configuration of the machine's)."""
    return ["/usr/bin/ssh", "-F", "/dev/null", "-p", str(port), "-i", str(key),
            "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
            "-o", f"StrictHostKeyChecking={checking}",
            "-o", f"UserKnownHostsFile={known_hosts}", "-o", "SendEnv=LANG",
            f"{user}@127.0.0.1"]


async def play_a_round(screen: SshTerminal, timeout: float = 180.0) -> str:
    """Play until the first round is over; the screen that says so (its title names the
    second round). The guest knows the screen's words only: a box with ``[k]`` choices gets
    its first choice, the exchange and the duel's discard the first three cards, and a turn
    the first hint (Tab, Enter), or a pass when there is none."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = screen.text()
        if "· round 2" in screen.title():
            return text
        choices = re.findall(r"\[(\w)\]", text)
        if "┌" in text and choices:
            screen.keys(choices[0])
        elif "YOUR TURN" in text and ("give a card to each" in text or
                                      "Put 3 cards aside" in text):
            screen.keys("Space", "Right", "Space", "Right", "Space", "Enter")
        elif "YOUR TURN: take or leave" in text:
            screen.keys("y")
        elif "YOUR TURN" in text:
            screen.keys("Tab")
            await asyncio.sleep(0.05)
            screen.keys("Enter")
            if not await screen.gone("YOUR TURN", 0.5):     # no hint, or refused: pass
                screen.keys("Escape", "p")
        await asyncio.sleep(0.1)
    raise TimeoutError(f"the round did not end within {timeout} s:\n{screen.text()}")
