"""ssh guests for the tests: asyncssh clients with a terminal read through pyte, and a door
beside a host in this process.

The tests' bodies are asyncio coroutines (asyncssh's API is asyncio's): `scenario` makes
one a test that runs on the test's reactor, and `settled` awaits a Deferred inside one.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Coroutine
from typing import Any

import asyncssh
import pyte
import pytest_twisted

from tichu_lan.bridge import as_deferred, as_future

KEYS = {"Enter": "\r", "Tab": "\t", "Escape": "\x1b", "Space": " ", "Up": "\x1b[A",
        "Down": "\x1b[B", "Right": "\x1b[C", "Left": "\x1b[D", "Backspace": "\x7f",
        "C-c": "\x03"}


def scenario(test: Callable[..., Coroutine[Any, Any, Any]]) -> Callable[..., Any]:
    """A test whose body is an asyncio coroutine, run to its end on the test's reactor."""
    @functools.wraps(test)
    def body(*args: Any, **kwargs: Any) -> Any:
        yield as_deferred(test(*args, **kwargs))
    return pytest_twisted.inlineCallbacks(body)


settled = as_future


class Keyless(asyncssh.SSHClient):
    """A client without a key, as OpenSSH without one: keyboard-interactive, answering the
    door's (empty) list of questions."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: list[tuple[str, bool]]) -> list[str]:
        return ["" for _prompt in prompts]


async def connect(port: int, user: str = "anna", *, key: asyncssh.SSHKey | None = None,
                  source: str = "127.0.0.1", **options: Any) -> asyncssh.SSHClientConnection:
    """An ssh connection to the door, from ``source`` (a loopback address), signing in with
    ``key`` (None: keyboard-interactive, as a client without a key does)."""
    return await asyncssh.connect(
        "127.0.0.1", port, username=user, known_hosts=None, config=[], agent_path=None,
        client_keys=[key] if key is not None else None, local_addr=(source, 0),
        preferred_auth="publickey,keyboard-interactive" if key else "keyboard-interactive",
        client_factory=Keyless, **options)


class Guest:
    """A terminal on the door: what it shows, read with pyte as a person's terminal shows
    it, and keys typed into it."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self.reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self.said = b""                 # everything the door sent, raw

    @classmethod
    async def open(cls, port: int, user: str = "anna", columns: int = 80, rows: int = 24,
                   **options: Any) -> Guest:
        guest = cls(columns, rows)
        guest.conn = await connect(port, user, **options)
        guest.process = await guest.conn.create_process(
            term_type="xterm-256color", term_size=(columns, rows), encoding=None,
            env={"LANG": "C.UTF-8"})
        guest.reader = asyncio.ensure_future(guest._read())
        return guest

    async def _read(self) -> None:
        assert self.process is not None
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.said += data
                self.stream.feed(data)
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()

    async def __aenter__(self) -> Guest:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def keys(self, *keys: str) -> None:
        assert self.process is not None
        for key in keys:
            self.process.stdin.write(KEYS.get(key, key).encode())

    def resize(self, columns: int, rows: int) -> None:
        assert self.process is not None
        self.screen.resize(rows, columns)
        self.process.change_terminal_size(columns, rows)

    async def wait_for(self, *parts: str, timeout: float = 30.0) -> str:
        """The screen once it shows every one of ``parts`` (the timeout only ends a broken
        test)."""
        return await until(lambda: all(part in self.text() for part in parts), timeout,
                           lambda: f"not on screen: {parts}; it shows:\n{self.text()}",
                           then=self.text)

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()
        if self.reader is not None:
            await self.reader


async def until(condition: Callable[[], bool], timeout: float = 30.0,
                why: Callable[[], str] = lambda: "", then: Callable[[], Any] = lambda: None
                ) -> Any:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(why() or f"not within {timeout} s")
        await asyncio.sleep(0.02)
    return then()
