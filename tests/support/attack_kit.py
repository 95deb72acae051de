"""The parts the attacks on a host are made of: hostile connections from any loopback address,
an honest table whose players time every move and count every lost connection, and a
newcomer who tries to connect, open a table and sit.

Everything talks to 127.0.0.1 from addresses in 127.0.0.0/8 (each one a different address to
the host); nothing leaves the machine (or the network namespace the script runs in).
"""

from __future__ import annotations

import contextlib
import random
import socket
import time
from typing import Any

import msgpack
from twisted.internet import defer
from twisted.internet.endpoints import TCP4ClientEndpoint, connectProtocol
from twisted.internet.protocol import Protocol

from engine import options_for_view
from tichu_lan import protocol
from tichu_lan.client import TichuClient
from tichu_lan.host_messages import Chat, ConnectionNotice, Heard, Notice, ViewMessage

from .random_games import calm_decision
from .live_host import LOOPBACK, wait_until
from .raw import frames_in

HELLO = {"type": "hello", "id": 1, "protocol": protocol.PROTOCOL_VERSION,
         "program": "attack", "name": "guest"}


class Hostile(Protocol):
    """One attacking connection: sends what it is told; reads (and forgets) what comes back,
    or stops reading altogether with a small receive buffer."""

    def __init__(self, reads: bool = True, keep: bool = False) -> None:
        self.reads, self.keep = reads, keep
        self.buffer = b""
        self.received: list[dict[str, Any]] = []
        self.bytes_in = 0
        self.closed = False
        self.lost: defer.Deferred[None] = defer.Deferred()

    def connectionMade(self) -> None:
        sock = self.transport.getHandle()
        if not self.reads:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            self.transport.pauseProducing()
        self.transport.write(protocol.PROLOGUE)

    def dataReceived(self, data: bytes) -> None:
        self.bytes_in += len(data)
        if not self.keep:
            return
        self.buffer += data
        if self.buffer.startswith(protocol.PROLOGUE):
            self.buffer = self.buffer[len(protocol.PROLOGUE):]
        messages, self.buffer = frames_in(self.buffer)
        self.received += messages

    def send(self, message: dict[str, Any]) -> None:
        if not self.closed:
            self.transport.write(protocol.encode(message))

    def send_body(self, body: bytes) -> None:
        if not self.closed:
            self.transport.write(protocol.HEADER.pack(len(body)) + body)

    def hello(self, **fields: Any) -> None:
        self.send({**HELLO, **fields})

    def codes(self) -> list[str]:
        return [m.get("code", m["type"]) for m in self.received]

    def close(self) -> None:
        if not self.closed:
            self.transport.abortConnection()

    def connectionLost(self, reason: object = None) -> None:
        self.closed = True
        self.lost.callback(None)


async def hostile(port: int, source: str, reads: bool = True, keep: bool = False) -> Hostile:
    from twisted.internet import reactor
    endpoint = TCP4ClientEndpoint(reactor, LOOPBACK, port, timeout=5, bindAddress=(source, 0))
    return await connectProtocol(endpoint, Hostile(reads, keep))


async def answer(conn: Hostile, rid: int, timeout: float = 10.0) -> dict[str, Any] | None:
    """The answer with id ``rid`` on a connection that keeps what it reads (None: closed)."""
    def said() -> dict[str, Any] | None:
        return next((m for m in conn.received if m.get("id") == rid), None)

    with contextlib.suppress(TimeoutError):
        await wait_until(lambda: said() is not None or conn.closed, timeout)
    return said()


async def synced(conns: list[Hostile], rid: int = 999_999) -> None:
    """Each connection (that keeps what it reads) pings and waits for the answer, or its end:
    then every answer the host sent it before has arrived."""
    for conn in conns:
        conn.send({"type": "ping", "id": rid})
    for conn in conns:
        await answer(conn, rid)


def addresses(group: int, count: int) -> list[str]:
    """``count`` loopback addresses of their own for one group of attackers."""
    return [f"127.{10 + group}.{n // 250}.{n % 250 + 1}" for n in range(count)]


# --- the honest -------------------------------------------------------------------------

class HonestPlayer:
    """A person at the honest table: answers each view after a think pause, and times each of
    its moves from sending it to its view after the move arriving."""

    def __init__(self, client: TichuClient, rng: random.Random, think: tuple[float, float],
                 latencies: list[float]) -> None:
        self.client, self.rng, self.think = client, rng, think
        self.latencies = latencies
        self.sent_at: float | None = None
        self.waiting_for = -1
        self.lost = 0
        self.chats: list[Chat] = []
        self.notices: list[Notice] = []
        self.due: Any = None
        client.subscribe(self.heard)
        self.plan()

    def heard(self, message: Heard) -> None:
        if isinstance(message, ViewMessage):
            if self.sent_at is not None and message.seq >= self.waiting_for:
                self.latencies.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
            self.plan()
        elif isinstance(message, Chat):
            self.chats.append(message)
        elif isinstance(message, Notice) and message.code != "host_stopped":   # the table's
            self.notices.append(message)
        elif isinstance(message, ConnectionNotice) and message.state in ("lost", "host_stopped"):
            self.lost += 1
        elif isinstance(message, ConnectionNotice) and message.state == "restored":
            self.sent_at = None
            self.plan()

    def plan(self) -> None:
        from twisted.internet import reactor
        view = self.client.view
        if (self.due is None and self.sent_at is None and view is not None and view.winner < 0
                and self.client.connected and options_for_view(view).waiting):
            self.due = reactor.callLater(self.rng.uniform(*self.think), self.move)

    def move(self) -> None:
        self.due = None
        view = self.client.view
        if view is None or not self.client.connected or not options_for_view(view).waiting:
            return
        self.sent_at, self.waiting_for = time.perf_counter(), self.client.seq + 1
        self.client.act(calm_decision(view, self.rng)).addErrback(self.refused)

    def refused(self, failure: Any) -> None:
        self.sent_at = None
        self.plan()

    def stop(self) -> None:
        if self.due is not None and self.due.active():
            self.due.cancel()
        self.due = None


class HonestTable:
    """Four people at one table (target high, so that it plays for the whole run)."""

    def __init__(self) -> None:
        self.players: list[HonestPlayer] = []
        self.latencies: list[float] = []
        self.table = -1

    async def sit(self, port: int, think: tuple[float, float] = (0.05, 0.3),
                  seed: int = 1) -> HonestTable:
        names = ["Ann", "Bob", "Cat", "Dan"]
        clients = [TichuClient(LOOPBACK, port, name) for name in names]
        for client in clients:
            await client.connect()
        seating = await clients[0].create_table("honest", "classic", 100_000)
        self.table = seating.table
        for seat, client in enumerate(clients[1:], 1):
            await client.join(seating.table, seat=seat)
        await clients[0].start()
        rng = random.Random(seed)
        self.players = [HonestPlayer(c, random.Random(rng.random()), think, self.latencies)
                        for c in clients]
        return self

    @property
    def clients(self) -> list[TichuClient]:
        return [p.client for p in self.players]

    @property
    def lost(self) -> int:
        return sum(p.lost for p in self.players)

    def take_latencies(self) -> list[float]:
        taken = list(self.latencies)
        self.latencies.clear()
        return taken

    async def leave(self) -> None:
        for player in self.players:
            player.stop()
            player.client.reconnect = False
            await player.client.close()


NEWCOMER = "127.99.0.1"     # an address of its own: a newcomer is nobody's neighbour


async def newcomer(port: int, name: str = "Newcomer", source: str = NEWCOMER) -> dict[str, Any]:
    """Can a newcomer connect, open a table and sit? How long did the hello take?"""
    from twisted.internet import reactor
    endpoint = TCP4ClientEndpoint(reactor, LOOPBACK, port, timeout=5, bindAddress=(source, 0))
    client = TichuClient(LOOPBACK, port, name, reconnect=False, endpoint=endpoint)
    began = time.perf_counter()
    result: dict[str, Any] = {"connected": False, "opened": False, "seated": False}
    try:
        await client.connect()
        result["connected"] = True
        result["hello_ms"] = (time.perf_counter() - began) * 1000
        seating = await client.create_table(f"{name}'s table", "duel", 500)
        result["opened"] = True
        result["seated"] = seating.seat == 0
        await client.leave()
    except Exception as exc:           # what stopped it is the answer
        result["refused"] = getattr(exc, "code", type(exc).__name__)
    finally:
        await client.close()
    return result


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def packed(message: dict[str, Any]) -> bytes:
    return msgpack.packb(message, use_bin_type=True)
