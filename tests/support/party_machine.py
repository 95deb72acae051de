"""One guest machine at the LAN party: finds the host by discovery, seats its players, plays.

Run inside a namespace of the party's test LAN (tests/support/party.py starts it)::

    ip netns exec NS python -m tests.support.party_machine --host NAME --seats 0:0,1:2 ...

Each ``TABLE:SEAT`` is one player: seat 0 opens table "party TABLE" and starts it once
every seat holds a person; the others wait for that table in the lobby and join their
seat. Every message a player receives is written to ``LOG_DIR/tTABLEsSEAT.msgpack``
(for the audit). Commands come on stdin, one JSON object a line; events go to stdout
the same way:

    {"cmd": "drop", "player": "t0s1"}      cut its connection (it comes back by itself)
    {"cmd": "junk", "seed": 5, "frames": 200}   a hostile connection from this machine
    {"cmd": "status"} / {"cmd": "stop"}

Events: ``found``, ``ready`` (everyone seated, games started), ``back`` (a player's
connection was restored: its seat, and how its table's move number and view compare with
before the loss), ``junk``, ``status``, ``stats`` (after stop; then the process exits),
``error``.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

import msgpack

from tichu_lan.cli import install_reactor
from tichu_lan.host_messages import ConnectionNotice, Heard


def emit(event: str, **fields: Any) -> None:
    print(json.dumps({"event": event, "t": time.monotonic(), **fields}), flush=True)


def table_name(table: int) -> str:
    return f"party {table}"


class Guest:
    """One player of this machine: its client, its message log, its player."""

    def __init__(self, table: int, seat: int, address: str, port: int, log_dir: Path,
                 reactor) -> None:
        from tichu_lan.client import TichuClient
        self.table, self.seat = table, seat
        self.name = f"t{table}s{seat}"
        self.client = TichuClient(address, port, self.name, reactor=reactor)
        # written on every message until the machine exits: the file lives as long as the guest
        self.log = open(log_dir / f"{self.name}.msgpack", "wb")  # noqa: SIM115
        self.client.subscribe(self._record)
        self.client.subscribe(self._watch_connection)
        self.player = None
        self.before: tuple[int, Any] | None = None       # (seq, view) when the connection dropped

    def _record(self, message: Heard) -> None:
        if not isinstance(message, ConnectionNotice):   # local notices never crossed the wire
            self.log.write(msgpack.packb(message.to_dict(), use_bin_type=True))

    def _watch_connection(self, message: Heard) -> None:
        if not isinstance(message, ConnectionNotice):
            return
        state = message.state
        if state == "lost":
            self.before = (self.client.seq, self.client.view_message)
        elif state == "restored" and self.before is not None:
            seq, view = self.before
            seating = self.client.seating
            now = self.client.view_message
            emit("back", player=self.name, same_seat=bool(seating) and
                 (seating.seat, seating.table) == (self.seat, self.table_id),
                 seq_before=seq, seq_after=self.client.seq,
                 same_view=None if self.client.seq != seq else
                 (now.view if now else None) == (view.view if view else None))
            self.before = None
        elif state == "seat_lost":
            emit("error", why=f"{self.name} lost its seat: {message.message}")

    async def sit(self, args: argparse.Namespace) -> None:
        from tests.support.live_host import wait_until
        await self.client.connect()
        if self.seat == 0:
            seating = await self.client.create_table(table_name(self.table), "classic",
                                                     args.target, grace=args.grace,
                                                     bot_level=args.stand_in)
        else:
            await self.client.list_tables(watch=True)
            await wait_until(lambda: self._listed() is not None, timeout=args.timeout)
            seating = await self.client.join(self._listed(), seat=self.seat)
            await self.client.list_tables(watch=False)    # seated: the lobby is no news to us
        self.table_id = seating.table

    def _listed(self) -> int | None:
        return next((t.id for t in self.client.lobby if t.name == table_name(self.table)), None)

    async def start(self, args: argparse.Namespace) -> None:
        from tests.support.live_host import wait_until
        if self.seat == 0:
            await wait_until(lambda: self.client.table is not None and
                             all(s.kind == "person" for s in self.client.table.seats),
                             timeout=args.timeout)
            await self.client.start()
        await wait_until(lambda: self.client.view is not None, timeout=args.timeout)


class Machine:
    def __init__(self, args: argparse.Namespace, reactor) -> None:
        self.args = args
        self.reactor = reactor
        self.guests: dict[str, Guest] = {}
        self.junk_results: list[dict[str, Any]] = []
        from tests.support.party_player import Tally
        self.tally = Tally()

    async def find_host(self):
        from tichu_lan.bridge import as_deferred
        from tichu_lan.discovery import browse
        deadline = time.monotonic() + self.args.timeout
        while time.monotonic() < deadline:
            found = await as_deferred(browse(1.0))
            entry = next((h for h in found if h.host_name == self.args.host and h.compatible),
                         None)
            if entry is not None:
                emit("found", address=entry.address, port=entry.port)
                return entry
        raise LookupError(f"no host {self.args.host!r} found on the LAN")

    async def run(self) -> None:
        from twisted.internet import defer

        from tests.support.party_player import PartyPlayer
        entry = await self.find_host()
        log_dir = Path(self.args.log_dir)
        for spec in self.args.seats.split(","):
            table, seat = map(int, spec.split(":"))
            guest = Guest(table, seat, entry.address, entry.port, log_dir, self.reactor)
            self.guests[guest.name] = guest
        await defer.gatherResults([defer.ensureDeferred(g.sit(self.args))
                                   for g in self.guests.values()], consumeErrors=True)
        await defer.gatherResults([defer.ensureDeferred(g.start(self.args))
                                   for g in self.guests.values()], consumeErrors=True)
        for index, guest in enumerate(self.guests.values()):
            guest.player = PartyPlayer(guest.client, self.tally, level=self.args.level,
                                       seed=self.args.seed * 1000 + index, think=self.args.think,
                                       rounds=self.args.rounds, reactor=self.reactor)
        emit("ready", players=list(self.guests))
        self.address, self.port = entry.address, entry.port

    # --- commands ---------------------------------------------------------------------

    def command(self, line: str) -> None:
        try:
            order = json.loads(line)
            getattr(self, f"cmd_{order['cmd']}")(order)
        except Exception as exc:    # a bad command is the coordinator's bug: say so, go on
            emit("error", why=f"command {line.strip()!r} failed: {exc!r}")

    def cmd_drop(self, order: dict[str, Any]) -> None:
        self.guests[order["player"]].client.drop()

    def cmd_status(self, order: dict[str, Any]) -> None:
        emit("status", **self.status())

    def status(self) -> dict[str, Any]:
        return {"seqs": {n: g.client.seq for n, g in self.guests.items()},
                "connected": {n: g.client.connected for n, g in self.guests.items()},
                "done": all(g.player is not None and g.player.done for g in self.guests.values()),
                "rounds": {n: len(g.client.view.history) if g.client.view else 0
                           for n, g in self.guests.items()},
                "moves": self.tally.moves, "retried": self.tally.retried,
                "refusals": self.tally.refusals,
                "errors": len(self.tally.errors)}

    def cmd_junk(self, order: dict[str, Any]) -> None:
        from tests.support.fuzz import junk_session

        def work() -> None:
            result = junk_session(self.address, self.port, order["seed"], order["frames"])
            self.reactor.callFromThread(emit, "junk", **result)

        threading.Thread(target=work, daemon=True).start()

    def cmd_stop(self, order: dict[str, Any]) -> None:
        for guest in self.guests.values():
            if guest.player is not None:
                guest.player.stop()
        closed = []
        for guest in self.guests.values():
            accepted = guest.player.accepted if guest.player else {}
            guest.log.write(msgpack.packb({"type": "_accepted", "moves": accepted},
                                          use_bin_type=True, strict_types=False))
            guest.log.close()
            guest.client.reconnect = False
            closed.append(guest.client.close())
        emit("stats", **self.tally.to_dict(), status=self.status())
        from twisted.internet import defer
        everyone = defer.DeferredList(closed)      # every connection closed, not 0.2 s later
        everyone.addTimeout(10, self.reactor).addBoth(lambda _: self.reactor.stop())


def read_commands(machine: Machine, reactor) -> None:
    for line in sys.stdin:
        reactor.callFromThread(machine.command, line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", required=True, help="the host's announced name")
    parser.add_argument("--seats", required=True, help="TABLE:SEAT,... this machine's players")
    parser.add_argument("--log-dir", required=True)
    parser.add_argument("--level", default="random", help="the bot level that decides moves")
    parser.add_argument("--stand-in", default="random", help="level of the host's stand-ins")
    parser.add_argument("--think", type=lambda t: tuple(map(float, t.split(","))),
                        default=(0.05, 0.3), help="MIN,MAX seconds before each move")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--target", type=int, default=100_000)
    parser.add_argument("--grace", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args(argv)
    install_reactor()
    from twisted.internet import defer, reactor
    machine = Machine(args, reactor)

    def started() -> None:
        def failed(failure) -> None:
            emit("error", why=f"setting up failed: {failure.getErrorMessage()}")
            reactor.stop()
        defer.ensureDeferred(machine.run()).addErrback(failed)
        threading.Thread(target=read_commands, args=(machine, reactor), daemon=True).start()

    reactor.callWhenRunning(started)
    reactor.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
