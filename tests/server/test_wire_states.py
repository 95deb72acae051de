"""The host's per-connection lifecycle, fed events over a fake transport under a `task.Clock`.

A real `Host` (lobby, sessions, limits) runs each case; only TCP and the clock are
fakes. Each case is a script of steps, each followed by the `Stage` after it,
and what the client was told: the type of each message, or the code of each error.
"""

from __future__ import annotations

from typing import Any

import pytest
from twisted.internet.address import IPv4Address
from twisted.internet.task import Clock

from tests.support.fake_wire import FakeTransport, connection_lost, play, reachable, written
from tests.support.live_host import host_config
from tichu_lan import protocol
from tichu_lan.server import Host, Limits
from tichu_lan.server.connection import OPEN, TRANSITIONS, Connection, Event, Stage
from tichu_lan.server.farewell import farewell
from tichu_lan.server.wire import HostProtocol

LIMITS = Limits(handshake_timeout=10.0, idle_timeout=100.0, stall_timeout=30.0)


def hello(version: int = protocol.PROTOCOL_VERSION) -> bytes:
    return protocol.encode({"type": "hello", "id": 1, "protocol": version,
                            "program": "wire test", "name": "Ann"})


PING = protocol.encode({"type": "ping", "id": 5})

SENT = {
    "prologue": protocol.PROLOGUE,
    "half-prologue": protocol.PROLOGUE[:6],
    "rest-of-prologue": protocol.PROLOGUE[6:],
    "http": b"GET / HTTP/1.1\r\n",
    "prologue-v2": b"TICHU-LAN 2\n",
    "hello": hello(),
    "hello-v9": hello(9),
    "ping": PING,
    "half-frame": PING[:5],                       # the length and one byte of the body
    "byte": PING[5:6],
    "bad-frame": protocol.HEADER.pack(3) + b"\xc1\xc1\xc1",
    "too-large": protocol.HEADER.pack(protocol.MAX_CLIENT_FRAME + 1),
    "bad-message": protocol.encode({"type": "launch", "id": 2}),
    "long-chat": protocol.encode({"type": "chat", "id": 3, "text": "x" * 400}),
    "flood": PING * 200,
}


class Rig:
    """A host on a fake clock and one connection to it over a fake transport."""

    def __init__(self, tmp_path: Any, limits: Limits = LIMITS) -> None:
        self.clock = Clock()
        self.host = Host(host_config(tmp_path, limits=limits), self.clock)
        self.transport = FakeTransport()
        self.wire = self.connect(self.transport)
        self.connection: Connection = self.wire.connection
        self.watch = self.transport.producer     # what the transport pauses and resumes

    def connect(self, transport: FakeTransport) -> HostProtocol:
        wire = self.host.factory.buildProtocol(IPv4Address("TCP", "127.0.0.1", 40000))
        wire.makeConnection(transport)
        return wire

    def said(self) -> list[str]:
        return [m["code"] if m["type"] == "error" else m["type"] for m in written(self.transport)]

    def do(self, step: str) -> None:
        if step.startswith("+"):
            self.clock.advance(float(step[1:]))
        elif step == "lost":
            self.wire.connectionLost(connection_lost())
        elif step == "paused":
            self.watch.pauseProducing()
        elif step == "resumed":
            self.watch.resumeProducing()
        elif step == "host-stops":
            self.connection.part(farewell(self.connection.session, "the host", "Ann"))
        else:
            self.wire.dataReceived(SENT[step])


WELCOMED = "prologue HANDSHAKE  hello READY"

# name: (script of "step STAGE" pairs, what the client was told)
CASES = {
    "handshake, requests, the end": (f"{WELCOMED}  ping READY  lost CLOSED", "welcome pong"),
    "the handshake times out": ("prologue HANDSHAKE  +9.9 HANDSHAKE  +0.1 CLOSING  lost CLOSED",
                                "handshake_timeout"),
    "no prologue in time": ("+10 CLOSING  lost CLOSED", "handshake_timeout"),
    "a slow prologue gains no time": ("""half-prologue PROLOGUE  +5 PROLOGUE
        rest-of-prologue HANDSHAKE  half-frame HANDSHAKE  +4.9 HANDSHAKE  byte HANDSHAKE
        +0.1 CLOSING""", "handshake_timeout"),
    "the idle clock starts at the welcome": (f"{WELCOMED}  +99.9 READY  +0.1 CLOSING",
                                             "welcome idle_timeout"),
    "each request restarts the idle clock": (f"""{WELCOMED}  +60 READY  ping READY  +99 READY
        ping READY  +99.9 READY  +0.1 CLOSING""", "welcome pong pong idle_timeout"),
    "half a frame is not a sign of life": (f"""{WELCOMED}  +50 READY  half-frame READY
        +30 READY  byte READY  +19.9 READY  +0.1 CLOSING""", "welcome idle_timeout"),
    "a bad frame": (f"{WELCOMED}  bad-frame CLOSING  ping CLOSING  lost CLOSED",
                    "welcome bad_frame"),
    "a bad frame before hello": ("prologue HANDSHAKE  bad-frame CLOSING", "bad_frame"),
    "a frame too large": ("prologue HANDSHAKE  too-large CLOSING  hello CLOSING",
                          "frame_too_large"),
    "a message of no known type": (f"{WELCOMED}  bad-message CLOSING", "welcome bad_message"),
    "a refusal that keeps the connection": (f"{WELCOMED}  long-chat READY  ping READY",
                                            "welcome too_long pong"),
    "not our protocol": ("http CLOSING  prologue CLOSING", "bad_prologue"),
    "another version in the prologue": ("prologue-v2 CLOSING", "version_mismatch"),
    "another version in the hello": ("prologue HANDSHAKE  hello-v9 CLOSING  ping CLOSING",
                                     "version_mismatch"),
    "requests before hello": ("prologue HANDSHAKE  ping HANDSHAKE  hello READY",
                              "not_welcomed welcome"),
    "a flood": (f"{WELCOMED}  flood CLOSING", "welcome " + "pong " * 39 + "rate_limited " * 40
                + "flood"),
    "the output stalls": (f"{WELCOMED}  paused READY  +29.9 READY  +0.1 CLOSING  lost CLOSED",
                          "welcome"),
    "the output flows again in time": (f"""{WELCOMED}  paused READY  +29 READY  resumed READY
        +29 READY  paused READY  +29.9 READY  ping READY  +0.1 CLOSING""", "welcome pong"),
    "a stall before the welcome": ("""prologue HANDSHAKE  paused HANDSHAKE  +9.9 HANDSHAKE
        hello READY  +20.1 CLOSING""", "welcome"),
    "a closing connection that takes nothing is cut": (f"""{WELCOMED}  paused READY
        bad-frame CLOSING  +29.9 CLOSING  +0.1 CLOSING  lost CLOSED""", "welcome bad_frame"),
    "events after the end": (f"""{WELCOMED}  lost CLOSED  ping CLOSED  paused CLOSED
        +200 CLOSED  lost CLOSED""", "welcome"),
    "the host stops": (f"{WELCOMED}  host-stops PARTING  ping PARTING  +10 PARTING  lost CLOSED",
                       "welcome notice"),
    "the host stops before the welcome": ("prologue HANDSHAKE  host-stops HANDSHAKE  lost CLOSED",
                                          ""),
    "a stopping host does not wait for a client that reads nothing": (
        f"{WELCOMED}  paused READY  host-stops READY  lost CLOSED", "welcome"),
    "a parting connection that takes nothing is cut": (f"""{WELCOMED}  host-stops PARTING
        paused PARTING  +29.9 PARTING  +0.1 PARTING  lost CLOSED""", "welcome notice"),
    "events after closing": (f"""{WELCOMED}  bad-frame CLOSING  ping CLOSING  resumed CLOSING
        +10 CLOSING  prologue CLOSING  lost CLOSED  +100 CLOSED""", "welcome bad_frame"),
}


def run(tmp_path: Any, script: str) -> tuple[Rig, list[str], list[str]]:
    rig = Rig(tmp_path)
    expected, stages = play(script, rig.do, lambda: rig.connection.stage)
    return rig, expected, stages


@pytest.mark.parametrize("case", CASES)
def test_connection_lifecycle(tmp_path, case):
    script, said = CASES[case]
    rig, expected, stages = run(tmp_path, script)
    assert stages == expected
    assert rig.said() == said.split()
    if rig.connection.stage is Stage.CLOSED:
        assert rig.clock.getDelayedCalls() == []
        assert rig.host.addresses.open == 0 and rig.host.factory.connections == set()


# --- what the steps do beyond the stage ----------------------------------------------


def rig_after(tmp_path: Any, steps: str) -> Rig:
    rig = Rig(tmp_path)
    for step in steps.split():
        if step not in Stage.__members__:
            rig.do(step)
    return rig


def test_closing_reads_nothing_more_and_lets_the_transport_close_once_it_has_flushed(tmp_path):
    rig = rig_after(tmp_path, f"{WELCOMED} bad-frame")
    assert rig.transport.producerState == "paused"          # the transport reads no more
    assert rig.transport.producer is None                   # so its close waits for nothing
    assert rig.transport.disconnecting and not rig.transport.disconnected


def test_a_client_that_takes_nothing_is_cut_not_waited_for(tmp_path, host_log):
    stalled = rig_after(tmp_path / "a", f"{WELCOMED} paused +30")
    assert stalled.transport.disconnected                   # aborted, unread output dropped
    assert any("has not read for 30.0 s" in line for line in host_log)
    closing = rig_after(tmp_path / "b", f"{WELCOMED} paused bad-frame +29.9")
    assert not closing.transport.disconnected
    closing.do("+0.1")
    assert closing.transport.disconnected


def test_a_client_over_the_limits_is_told_and_never_counted(tmp_path):
    rig = Rig(tmp_path, Limits(per_address=1))
    second = FakeTransport()
    turned = rig.connect(second)
    assert turned.connection.stage is Stage.TURNED_AWAY and second.disconnecting
    assert [m["code"] for m in written(second)] == ["too_many_connections"]
    turned.dataReceived(protocol.PROLOGUE + hello())
    assert [m["code"] for m in written(second)] == ["too_many_connections"]
    turned.connectionLost(connection_lost())
    assert turned.connection.stage is Stage.CLOSED
    assert rig.host.addresses.counts == {"127.0.0.1": 1}
    assert rig.host.factory.connections == {rig.connection}
    assert rig.clock.getDelayedCalls() != []                # the first one's handshake clock


def test_a_lost_connection_leaves_its_table_seat_to_the_grace_period(tmp_path):
    rig = rig_after(tmp_path, WELCOMED)
    rig.wire.dataReceived(protocol.encode(
        {"type": "create_table", "id": 2, "name": "t", "variant": "duel", "target": 100}))
    assert rig.said() == ["welcome", "table", "seated"]
    table = next(iter(rig.host.lobby.tables.values()))
    rig.do("lost")
    assert table.seats[0].member is None and table.seats[0].token is not None
    assert table.seats[0].takeover is None                  # not started: nothing to play yet


def test_the_table_reaches_every_stage_and_every_open_one_ends_on_loss():
    assert reachable(TRANSITIONS, Stage.NEW) == set(Stage)
    for stage in (*OPEN, Stage.CLOSING, Stage.PARTING, Stage.TURNED_AWAY):
        assert TRANSITIONS[(stage, Event.LOST)][0] is Stage.CLOSED
    assert [key for key in TRANSITIONS if key[0] is Stage.CLOSED] == []
    clocks = {Event.HANDSHAKE_TIMEOUT: {Stage.PROLOGUE, Stage.HANDSHAKE},
              Event.IDLE_TIMEOUT: {Stage.READY}, Event.STALLED: set(OPEN),
              Event.FLUSH_TIMEOUT: {Stage.CLOSING, Stage.PARTING, Stage.TURNED_AWAY}}
    for event, stages in clocks.items():
        assert {stage for stage, e in TRANSITIONS if e is event} == stages


def test_a_stopping_host_tells_a_welcomed_client_then_closes_once_that_is_delivered(tmp_path):
    rig = rig_after(tmp_path, WELCOMED)
    rig.wire.dataReceived(protocol.encode(
        {"type": "create_table", "id": 2, "name": "t", "variant": "duel", "target": 100}))
    rig.do("host-stops")
    notice = written(rig.transport)[-1]
    assert notice == {"type": "notice", "table": 1, "code": "host_stopped",
                      "message": "Ann stopped the host; your game is kept and goes on when the "
                                 "host is started again",
                      "params": {"host": "the host", "owner": "Ann", "kept": True}}
    assert rig.transport.disconnecting and not rig.transport.disconnected
    table = next(iter(rig.host.lobby.tables.values()))
    assert table.seats[0].member is not None          # left once the connection is gone
    rig.do("lost")
    assert table.seats[0].member is None and table.seats[0].token is not None
    assert rig.connection.ended.called


def test_a_client_in_the_lobby_is_told_the_host_stopped_with_nothing_kept(tmp_path):
    rig = rig_after(tmp_path, WELCOMED)
    rig.connection.part(farewell(rig.connection.session, "Bob's tables", None))
    assert written(rig.transport)[-1]["params"] == {"host": "Bob's tables", "kept": False}
    assert written(rig.transport)[-1]["table"] == 0
