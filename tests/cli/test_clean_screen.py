"""Nothing writes to a full-screen terminal but the screen itself (issue 26): a resumed host
starts its bot workers before its screen, and what they write to stderr (Python's warnings,
say: `<frozen runpy>:128: RuntimeWarning ...` once was) goes to the host's log, never over
the table; and Ctrl-L draws the whole screen again, whatever was written over it."""

from __future__ import annotations

import time

import pytest

from tests.cli.pty_terminal import Terminal, tichu

TITLE = " tichu-lan · Ann's table"


def host(tmp_path, *more: str) -> list[str]:
    return tichu("host", "--name", "Ann", "--bots", "3", "--bot-level", "normal", "--bind",
                 "127.0.0.1", "--no-announce", "--no-share", "--data-dir", str(tmp_path / "data"),
                 "--log", str(tmp_path / "host.log"), *more)


def logged(tmp_path, part: str, timeout: float = 20.0) -> str:
    """The host's log once it holds ``part``."""
    deadline = time.monotonic() + timeout
    log = tmp_path / "host.log"
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace") if log.exists() else ""
        if part in text:
            return text
        time.sleep(0.1)
    pytest.fail(f"not in the host's log within {timeout} s: {part!r}")


def test_a_resumed_host_keeps_its_workers_stderr_off_its_screen(loopback_netns, env, tmp_path):
    first = Terminal(loopback_netns, host(tmp_path), env)
    first.wait_for("Seat 4: bot (normal)")
    first.send("s")
    first.wait_for("Grand Tichu?")
    first.send("X")                         # the game is kept, for --resume
    assert first.close() == 0

    # With this, every Python process writes the time of each import to its stderr: the bot
    # workers as they start, which the resumed host does before its screen is up.
    resumed = Terminal(loopback_netns, host(tmp_path, "--resume"),
                       dict(env, PYTHONPROFILEIMPORTTIME="1"))
    resumed.wait_for("Grand Tichu?")
    resumed.send("?")                       # what the screen shows once the workers are up
    text = resumed.wait_for("scores and every round")
    assert "import time" not in text and "Warning" not in text
    assert text.startswith(TITLE)
    assert "bot worker 0 says: import time:" in logged(tmp_path, "bot worker 0 says")
    resumed.send("\x1b")
    resumed.wait_for("Grand Tichu?")
    resumed.send("X")
    assert resumed.close() == 0


def test_ctrl_l_draws_the_whole_screen_again(loopback_netns, env, tmp_path):
    screen = Terminal(loopback_netns, host(tmp_path), env)
    screen.wait_for("Seat 4: bot (normal)")
    # another program writes over the screen, where nothing changes by itself
    screen.stream.feed(b"\x1b[1;1Hstray text over the title\x1b[20;30Hmore stray text")
    screen.send("\x0c")
    text = screen.wait_until(lambda text: "stray" not in text and text.startswith(TITLE) and
                             "Seat 4: bot (normal)" in text, "the screen drawn again")
    assert "Up/Down seat" in text.splitlines()[-1]
    screen.send("Q")
    assert screen.close() == 0
