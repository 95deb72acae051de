"""A terminal in tmux (80x24, on a tmux server of its own) that a test reads and types into
as a person would; and a player that plays a hand through it from what the screen says.

The player knows the screen's words only: a box with ``[k]`` choices gets its first
choice, "Put 3 cards aside" gets the first three cards, the draft's card is taken, and
"YOUR TURN" gets the first hint (Tab, Enter), or a pass when the host refuses it.
"""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Sequence


class Screen:
    def __init__(self, name: str, command: Sequence[str], env: dict[str, str]) -> None:
        self.tmux = ["tmux", "-L", name]
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
        subprocess.run([*self.tmux, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80",
                        "-y", "24", *command], check=True, env=env)

    def text(self) -> str:
        return subprocess.run([*self.tmux, "capture-pane", "-p", "-t", "t"],
                              capture_output=True, text=True).stdout

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", "t", *keys], check=True)

    def wait_for(self, *parts: str, timeout: float = 60.0) -> str:
        """The screen once it shows every one of ``parts`` (the timeout only stops a broken
        run from hanging)."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if all(part in text for part in parts):
                return text
            if time.monotonic() > deadline:
                raise TimeoutError(f"not on screen within {timeout} s: {parts}; it shows:\n{text}")
            time.sleep(0.1)

    def gone(self, part: str, within: float) -> bool:
        """Whether ``part`` leaves the screen within ``within`` seconds."""
        deadline = time.monotonic() + within
        while part in self.text():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)


def play_a_hand(screen: Screen, timeout: float = 120.0) -> str:
    """Play until the first round is over; the screen that says so (its title names the
    second round)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = screen.text()
        if "· round 2" in (text.splitlines() or [""])[0]:
            return text
        choices = re.findall(r"\[(\w)\]", text)
        if "┌" in text and choices:
            screen.keys(choices[0])
        elif "YOUR TURN" in text and "Put 3 cards aside" in text:
            screen.keys("Space", "Right", "Space", "Right", "Space", "Enter")
        elif "YOUR TURN: take or leave" in text:
            screen.keys("y")
        elif "YOUR TURN" in text:
            screen.keys("Tab")
            time.sleep(0.05)
            screen.keys("Enter")
            if not screen.gone("YOUR TURN", 0.5):     # no hint, or refused: pass
                screen.keys("Escape", "p")
        time.sleep(0.1)
    raise TimeoutError(f"the round did not end within {timeout} s:\n{screen.text()}")
