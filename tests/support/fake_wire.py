"""Bytes in place of TCP, for the lifecycle tests that feed events under a `task.Clock`.

The connection tests (tests/client, tests/server/test_wire_states.py) drive the
real protocols with these: a `FakeTransport` records what a protocol writes and
whether it closed or aborted, and the test itself says when data arrives and
when the connection is lost. `play` runs a script of steps, each followed by
the state expected after it; `reachable` walks a lifecycle's transition table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from twisted.internet.address import IPv4Address
from twisted.internet.error import ConnectionLost
from twisted.internet.testing import StringTransport
from twisted.python.failure import Failure

from tichu_lan import protocol

from .raw import frames_in


class FakeTransport(StringTransport):
    """`StringTransport` with the TCP option our protocols set."""

    def __init__(self, peer: str = "127.0.0.1") -> None:
        super().__init__(peerAddress=IPv4Address("TCP", peer, 40000))
        self.no_delay = False

    def setTcpNoDelay(self, enabled: bool) -> None:
        self.no_delay = enabled


def written(transport: StringTransport) -> list[dict[str, Any]]:
    """Every message a protocol wrote to ``transport`` after its prologue."""
    data = transport.value()
    assert data.startswith(protocol.PROLOGUE), data[:40]
    messages, rest = frames_in(data[len(protocol.PROLOGUE):])
    assert rest == b"", rest
    return messages


def connection_lost() -> Failure:
    return Failure(ConnectionLost("the test cut the connection"))


def play(script: str, do: Callable[[str], None], state: Callable[[], Enum]
         ) -> tuple[list[str], list[str]]:
    """Do each step of ``script``, written "step STATE step STATE ..." (the state expected
    after each step); returns the states expected and the states there were."""
    words = script.split()
    seen = []
    for step in words[0::2]:
        do(step)
        seen.append(state().name)
    return words[1::2], seen


def reachable(transitions: Mapping[tuple[Any, Any], tuple[Any, Any]], start: Any) -> set[Any]:
    """Every state a lifecycle's table leads to from ``start``."""
    reached, frontier = {start}, [start]
    while frontier:
        state = frontier.pop()
        for (source, _), (target, _) in transitions.items():
            if source is state and target not in reached:
                reached.add(target)
                frontier.append(target)
    return reached
