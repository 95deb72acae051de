"""Attacks on the ssh door (issue 24), each bounded in connections and time, in the form of
`attacks.py`'s: an async function of an arena (with ``ssh_port``) and keyword sizes, which
returns what it did and what the door answered. asyncssh's side is asyncio's; each attack
runs it through `tichu_lan.bridge` so that `scripts/attack_host` awaits it as it awaits the
others.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import asyncssh

from tichu_lan.bridge import as_deferred

from .attack_kit import addresses

LOGIN = {"known_hosts": None, "config": [], "agent_path": None, "client_keys": None,
         "preferred_auth": "keyboard-interactive"}


class _Keyless(asyncssh.SSHClient):
    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: list[tuple[str, bool]]) -> list[str]:
        return ["" for _prompt in prompts]


async def _login(port: int, source: str, user: str) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", port, username=user, local_addr=(source, 0),
                                  client_factory=_Keyless, login_timeout=15, **LOGIN)


def _why(exc: BaseException) -> str:
    return type(exc).__name__


async def _handshakes(port: int, sources: int, at_once: int, seconds: float) -> dict[str, Any]:
    """``at_once`` clients from each of ``sources`` addresses log in (a whole key exchange
    each) and hang up, again and again."""
    deadline = time.monotonic() + seconds
    outcomes: Counter[str] = Counter()

    async def again(source: str, n: int) -> None:
        while time.monotonic() < deadline:
            try:
                conn = await _login(port, source, f"flood{n}")
                outcomes["logged in"] += 1
                conn.abort()
            except (asyncssh.Error, OSError) as exc:
                outcomes[_why(exc)] += 1
                await asyncio.sleep(0.01)
    await asyncio.gather(*(again(source, n) for n, source in enumerate(addresses(30, sources))
                           for _ in range(at_once)))
    return {"logins": dict(outcomes), "per_second": round(sum(outcomes.values()) / seconds, 1)}


async def _silent(port: int, connections: int, sources: int, seconds: float) -> dict[str, Any]:
    """``connections`` TCP connections that never say a word (held open until the door
    closes them, or the attack ends)."""
    spots = addresses(31, sources)
    opened, closed_early = [], 0
    for i in range(connections):
        with contextlib.suppress(OSError):
            opened.append(await asyncio.open_connection("127.0.0.1", port,
                                                        local_addr=(spots[i % sources], 0)))
    await asyncio.sleep(seconds)
    for reader, writer in opened:
        closed_early += reader.at_eof()
        writer.close()
    return {"opened": len(opened), "closed by the door": closed_early}


async def _idle(port: int, connections: int, sources: int, seconds: float) -> dict[str, Any]:
    """As many logged-in guests with a terminal as the door lets in, up to ``connections``
    from ``sources`` addresses, each doing nothing at all."""
    spots = addresses(32, sources)
    sessions, refused = [], Counter[str]()
    for i in range(connections):
        try:
            conn = await _login(port, spots[i % sources], f"idle{i}")
            await conn.create_process(term_type="xterm", term_size=(80, 24))
            sessions.append(conn)
        except (asyncssh.Error, OSError) as exc:
            refused[_why(exc)] += 1
    await asyncio.sleep(seconds)
    still = sum(not conn.is_closed() for conn in sessions)
    for conn in sessions:
        conn.abort()
    return {"in": len(sessions), "refused": dict(refused), "still in at the end": still}


async def _keys(port: int, sessions: int, sources: int, seconds: float) -> dict[str, Any]:
    """``sessions`` guests that type as fast as they can and resize their windows without
    pause (every redraw is the host's work)."""
    spots = addresses(33, sources)
    procs = []
    for i in range(sessions):
        with contextlib.suppress(asyncssh.Error, OSError):
            conn = await _login(port, spots[i % sources], f"keys{i}")
            procs.append((conn, await conn.create_process(term_type="xterm",
                                                          term_size=(80, 24))))
    deadline, sent = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        for i, (conn, proc) in enumerate(procs):
            if not conn.is_closed():
                proc.stdin.write("x?\x1b[A\x1b[B " * 20)
                proc.change_terminal_size(80 + i % 30, 24 + sent % 20)
                sent += 1
        await asyncio.sleep(0.02)
    for conn, _proc in procs:
        conn.abort()
    return {"sessions": len(procs), "bursts": sent}


def _at_the_door(attack: Callable[..., Awaitable[dict[str, Any]]]
                 ) -> Callable[..., Awaitable[dict[str, Any]]]:
    """``attack`` (an asyncio coroutine on the door's port) as `attacks.py`'s are: a
    coroutine of the arena that `scripts/attack_host` awaits on Twisted's side."""
    async def run(arena: Any, **sizes: Any) -> dict[str, Any]:
        return await as_deferred(attack(arena.ssh_port, **sizes))
    return run


SSH_ATTACKS = {"ssh_handshakes": _at_the_door(_handshakes), "ssh_silent": _at_the_door(_silent),
               "ssh_idle": _at_the_door(_idle), "ssh_keys": _at_the_door(_keys)}
SSH_FULL = {"ssh_handshakes": {"sources": 8, "at_once": 2, "seconds": 20.0},
            "ssh_silent": {"connections": 200, "sources": 20, "seconds": 15.0},
            "ssh_idle": {"connections": 300, "sources": 40, "seconds": 20.0},
            "ssh_keys": {"sessions": 32, "sources": 8, "seconds": 20.0}}
SSH_SMALLER = {"ssh_handshakes": {"sources": 2, "seconds": 5.0},
               "ssh_silent": {"connections": 40, "sources": 4, "seconds": 5.0},
               "ssh_idle": {"connections": 40, "sources": 6, "seconds": 5.0},
               "ssh_keys": {"sessions": 4, "sources": 2, "seconds": 5.0}}
