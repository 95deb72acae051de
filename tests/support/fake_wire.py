"""Bytes in place of TCP, for the lifecycle tests that feed events under a `task.Clock`.

The connection tests (tests/client, tests/server/test_wire_states.py) drive the
real protocols with these: a `FakeTransport` records what a protocol writes and
whether it closed or aborted, and the test itself says when data arrives and
when the connection is lost.
"""

from __future__ import annotations

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
