"""Hostile and broken input: each gets the reaction docs/PROTOCOL.md documents, no game changes."""

import socket

import pytest
import pytest_twisted

from engine import Pass, Phase, RuleSet, options_for_view, waiting_for
from tests.support.autoplay import AutoPlayer, play_until
from tests.support.live_host import connect, seat_clients, wait_until
from tests.support.raw import raw_connect
from tichu_lan import protocol
from tichu_lan.server.host_config import TableOptions
from tichu_lan.server.connection import Event, Stage
from tichu_lan.records.meta import TableName


@pytest.fixture
def game(host):
    """Four clients paused in the play phase, and a snapshot to compare with afterwards."""
    clients = pytest_twisted.blockon(seat_clients(host.port, 4, target=500))
    players = [AutoPlayer(c, seed=i) for i, c in enumerate(clients)]
    table = host.lobby.get(clients[0].seating.table)
    # the moves in flight when the players stop may end in another phase (a Dragon's trick
    # to give away, where a pass is refused for its phase): play on until they do not
    while not (table.game is not None and table.game.round.phase is Phase.PLAY
               and sum(clients[0].view.hand_counts) < 50):
        pytest_twisted.blockon(play_until(players, lambda: clients[0].view.phase is Phase.PLAY
                                          and sum(clients[0].view.hand_counts) < 50))
    snapshot = (table.seq, table.game, [c.view_message for c in clients])
    yield clients, table, snapshot
    for client in clients:
        pytest_twisted.blockon(client.close())


async def assert_unchanged(clients, table, snapshot):
    """The table's game is as it was, and it still serves: a ping is answered, after every
    view the host sent before it (so that none may still be on its way)."""
    for client in clients:
        assert (await client.ping()).TYPE == "pong"
    seq, game, views = snapshot
    assert table.seq == seq and table.game is game
    assert [c.view_message for c in clients] == views


def error_of(messages):
    errors = [m for m in messages if m["type"] == "error"]
    assert len(errors) == 1, messages
    return errors[0]


@pytest.mark.parametrize("data,code", [
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" * 5, "bad_prologue"),   # a TLS hello
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", "bad_prologue"),
    (b"TICHU-LAN 2\n", "version_mismatch"),
    (protocol.PROLOGUE + b"\xff\xff\xff\xff", "frame_too_large"),
    (protocol.PROLOGUE + protocol.HEADER.pack(3) + b"\xc1\xc1\xc1", "bad_frame"),
    (protocol.PROLOGUE + protocol.HEADER.pack(2) + b"\x92\x01", "bad_frame"),
], ids=["tls", "http", "version", "oversize", "not-msgpack", "truncated-msgpack"])
@pytest_twisted.ensureDeferred
async def test_bytes_that_are_not_our_protocol_close_only_that_connection(host, game, data, code):
    clients, table, snapshot = game
    raw = await raw_connect(host.port)
    raw.send_bytes(data)
    await raw.wait_closed()
    error = error_of(raw.messages())
    assert error["code"] == code and "id" not in error
    await assert_unchanged(clients, table, snapshot)


@pytest.mark.parametrize("message,code,closes", [
    ({"type": "launch", "id": 2}, "bad_message", True),
    ([1, 2, 3], "bad_message", True),
    ({"type": "join", "id": 2, "table": "one"}, "bad_message", True),
    ({"type": "join", "id": 2}, "bad_message", True),
    ({"type": "ping", "id": 2, "seat": 0}, "bad_message", True),
    ({"type": "hello", "id": 2, "protocol": 1, "program": "x", "name": "y"}, "already_welcomed",
     False),
    ({"type": "join", "id": 2, "table": 99}, "no_such_table", False),
    ({"type": "action", "id": 2, "action": {"type": "pass"}}, "not_seated", False),
    ({"type": "chat", "id": 2, "text": "x" * 400}, "too_long", False),
    ({"type": "start", "id": 2}, "not_seated", False),
])
@pytest_twisted.ensureDeferred
async def test_bad_messages_after_hello(host, game, message, code, closes):
    clients, table, snapshot = game
    raw = await raw_connect(host.port)
    raw.hello()
    await raw.wait_message(lambda m: m["type"] == "welcome")
    raw.send(message)
    error = await raw.wait_message(lambda m: m["type"] == "error")
    assert error["code"] == code and error["message"]
    if (isinstance(message, dict) and code != "bad_message"
            or message == {"type": "launch", "id": 2}):
        assert error["id"] == 2
    if closes:
        await raw.wait_closed()
    else:
        raw.send({"type": "ping", "id": 3})
        await raw.wait_message(lambda m: m["type"] == "pong" and m["id"] == 3)
        assert not raw.is_closed
    await assert_unchanged(clients, table, snapshot)


@pytest_twisted.ensureDeferred
async def test_requests_before_hello_and_a_hello_of_another_version(host):
    raw = await raw_connect(host.port)
    raw.send_prologue()
    raw.send({"type": "list_tables", "id": 5})
    error = await raw.wait_message(lambda m: m["type"] == "error")
    assert error == {"type": "error", "id": 5, "code": "not_welcomed", "message": "say hello first"}
    raw.hello(protocol=9)
    error = await raw.wait_message(lambda m: m.get("code") == "version_mismatch")
    assert "protocol version 1" in error["message"] and "version 9" in error["message"]
    await raw.wait_closed()


@pytest_twisted.ensureDeferred
async def test_moves_out_of_turn_for_another_seat_or_malformed_are_refused(host, game):
    clients, table, snapshot = game
    idle = next(c for c in clients if not options_for_view(c.view).waiting)
    turn = waiting_for(table.game)[0]
    attempts = [
        (idle, Pass(idle.seating.seat).to_dict(), "not_your_turn"),
        (idle, {"type": "pass", "seat": turn}, "wrong_seat"),
        (idle, {"type": "pass", "seat": "0"}, "wrong_seat"),
        (idle, {"type": "play", "cards": ["ZZ"]}, "bad_action"),
        (idle, {"type": "play", "cards": "7j", "phoenix_as": 0}, "bad_action"),
        (idle, {"type": "exchange", "gifts": ["2j", "3j", "4j"]}, "wrong_phase"),
        (idle, {"type": "fold"}, "bad_action"),
    ]
    for client, action, code in attempts:
        failure = await client.act(action).addErrback(lambda f: f.value)
        assert failure.code == code, (action, failure)
    await assert_unchanged(clients, table, snapshot)


@pytest_twisted.ensureDeferred
async def test_a_flood_is_limited_then_cut_off(hosts):
    host = hosts(limits={"rate": 20.0, "burst": 40})
    clients = await seat_clients(host.port, 2, variant="duel", target=500)
    table = host.lobby.get(clients[0].seating.table)
    seq, game = table.seq, table.game
    raw = await raw_connect(host.port)
    raw.hello()
    await raw.wait_message(lambda m: m["type"] == "welcome")
    for i in range(200):
        raw.send({"type": "ping", "id": 100 + i})
    await raw.wait_closed()
    messages = raw.messages()
    codes = [m.get("code") for m in messages if m["type"] == "error"]
    pongs = [m for m in messages if m["type"] == "pong"]
    assert 38 <= len(pongs) <= 45
    assert codes[-1] == "flood" and set(codes[:-1]) == {"rate_limited"}
    assert len(codes) == 41 and len(messages) < 200     # the rest was never read
    assert table.seq == seq and table.game is game
    assert (await clients[0].ping()).TYPE == "pong"
    for client in clients:
        await client.close()


@pytest_twisted.ensureDeferred
async def test_a_silent_connection_is_closed_after_the_handshake_timeout(hosts):
    host = hosts(limits={"handshake_timeout": 0.2})
    raw = await raw_connect(host.port)
    await raw.wait_closed()
    assert error_of(raw.messages())["code"] == "handshake_timeout"


@pytest_twisted.ensureDeferred
async def test_garbage_msgpack_values_never_crash_the_host(host, game):
    """Odd but valid msgpack in every slot of every message type."""
    clients, table, snapshot = game
    oddities = [None, True, -1, 2**63, 1.5, "", "x" * 1000, b"\x00", [], {}, [[[]]],
                {"type": "play"}, {"a": {"b": {}}}]
    raw, sent = None, 0
    for kind, schema in protocol.CLIENT_MESSAGES.items():
        for key in schema:
            for odd in oddities:
                if raw is None or raw.is_closed:
                    raw = await raw_connect(host.port)
                    raw.hello()
                    await raw.wait_message(lambda m: m["type"] == "welcome")
                raw.send({"type": kind, "id": 7, key: odd})
                sent += 1
                answer = await raw.wait_message(lambda m: m.get("id") in (7, None))
                assert answer.get("code") != "internal", answer
                if answer["type"] == "error" and protocol.ERROR_CODES[answer["code"]]:
                    await raw.wait_closed()
    assert sent > 300
    await assert_unchanged(clients, table, snapshot)


async def slow_spectator(port, table):
    """A raw connection watching ``table``, with a small receive buffer: what the host sends
    piles up on the host's side as soon as it stops reading."""
    raw = await raw_connect(port)
    raw.transport.getHandle().setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.hello()
    await raw.wait_message(lambda m: m["type"] == "welcome")
    raw.send({"type": "spectate", "id": 2, "table": table})
    await raw.wait_message(lambda m: m["type"] == "spectating")
    return raw


@pytest_twisted.ensureDeferred
async def test_a_client_that_stops_reading_is_cut_off(hosts, host_log):
    """Its unread views pile up; after the stall timeout the host drops it and serves on (the
    output limit, which would cut it sooner, is out of the way here)."""
    host = hosts(limits={"stall_timeout": 0.2, "output": 1 << 30})
    table = host.lobby.create(TableName("busy"), RuleSet("classic", 100_000),
                              TableOptions(bot_level="random", collect=0.0), None)
    for seat in range(4):
        table.add_bot(seat, "random")
    table.start()
    raw = await slow_spectator(host.port, table.id)
    raw.transport.pauseProducing()                   # read nothing more
    await wait_until(lambda: any("has not read for 0.2 s" in line for line in host_log),
                     timeout=30)
    raw.transport.resumeProducing()
    await raw.wait_closed()
    assert table.spectators == []
    other = await connect(host.port, "Ann")
    assert (await other.ping()).TYPE == "pong"
    await other.close()


@pytest_twisted.ensureDeferred
async def test_a_connection_closed_while_its_output_waited_closes_once_the_client_reads(
        hosts):
    """The close waits for the output owed, then happens, even when nothing more is written:
    neither the stall watch nor anything else keeps it open."""
    host = hosts(limits={"stall_timeout": 60.0, "rate": 1e6, "burst": 10**6})
    ann = await connect(host.port, "Ann")
    seating = await ann.create_table("quiet", "duel", 500)
    raw = await slow_spectator(host.port, seating.table)
    (connection,) = [c for c in host.factory.connections if c.session.table is not None
                     and c.session.seat is None]
    raw.transport.pauseProducing()                   # read nothing for now
    while not connection.deadlines.running(Event.STALLED):   # Ann's chat piles up unread
        await ann.chat("x" * protocol.CHAT_MAX)
    raw.send_bytes(protocol.HEADER.pack(3) + b"\xc1\xc1\xc1")
    await wait_until(lambda: connection.stage is not Stage.READY)
    raw.transport.getHandle().setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
    raw.transport.resumeProducing()
    await raw.wait_closed(timeout=10)
    assert [m["code"] for m in raw.messages() if m["type"] == "error"] == ["bad_frame"]
    assert connection not in host.factory.connections
    assert (await ann.ping()).TYPE == "pong"
    await ann.close()
