#!/usr/bin/env python3
"""How fast is the host? N tables of four players on 127.0.0.1, moving instantly.

The host runs in this process; the players run in a second process (so that, on
a 2-core machine, each side has a core) as real clients over real TCP, each
answering its views at once with a random legal move. For each N it prints the
moves per second the host handled, the host's CPU use, and the p50/p99 time from
a move's arrival at the host (its bytes read from the socket) to the last view
of that move being handed to the transport; also the p50/p99 round trip a
client sees (move sent -> its `ok` read).

With ``--bots`` the tables are instead four host bots each (instant, on the
reactor) with one spectator connection per table, which measures the host
without the clients' own cost.

    .venv/bin/python scripts/bench_host.py                 # N = 1, 10, 50, 100
    .venv/bin/python scripts/bench_host.py --tables 50 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tichu_lan.cli import install_reactor  # noqa: E402

install_reactor()

from twisted.internet import defer, reactor, task  # noqa: E402
from twisted.internet.protocol import ProcessProtocol  # noqa: E402

from engine import RuleSet  # noqa: E402
from tichu_lan.server import INSTANT, Host, HostConfig, Limits  # noqa: E402
from tichu_lan.server.host_config import TableOptions  # noqa: E402
from tichu_lan.records.meta import TableName  # noqa: E402

TARGET = 100_000          # games never end during a run


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


# --- the players' process ----------------------------------------------------------

@defer.inlineCallbacks
def drive(port: int, tables: int, seconds: float, spectate_only: bool):
    """Seat 4 clients at each of ``tables`` tables (or watch the host's bot tables), play,
    report."""
    from tests.support.autoplay import AutoPlayer
    from tests.support.live_host import connect

    round_trips: list[float] = []
    clients = []
    if spectate_only:
        for table in range(1, tables + 1):
            watcher = yield connect(port, f"w{table}")
            yield watcher.spectate(table)
            clients.append(watcher)
    else:
        players = []
        for table in range(tables):
            first = yield connect(port, f"t{table}p0")
            yield first.create_table(f"bench {table}", "classic", TARGET)
            seated = [first]
            for seat in (1, 2, 3):
                client = yield connect(port, f"t{table}p{seat}")
                yield client.join(first.seating.table, seat=seat)
                seated.append(client)
            clients += seated
            yield first.start()
        for index, client in enumerate(clients):
            players.append(timed(AutoPlayer(client, seed=index), round_trips))
    print("ready", flush=True)
    yield task.deferLater(reactor, seconds, lambda: None)
    print("done", flush=True)
    print(json.dumps({"round_trips": round_trips}), flush=True)
    for client in clients:
        client.reconnect = False
        client.drop()


def timed(player, round_trips: list[float]):
    """Wrap a player's client so that every move's round trip is recorded."""
    client = player.client
    act = client.act

    def timed_act(action):
        start = time.perf_counter()
        d = act(action)
        d.addCallback(lambda seq: (round_trips.append(time.perf_counter() - start), seq)[1])
        return d

    client.act = timed_act
    return player


# --- the host's process ------------------------------------------------------------

class Driver(ProcessProtocol):
    def __init__(self) -> None:
        self.buffer = b""
        self.ready: defer.Deferred[None] = defer.Deferred()
        self.done: defer.Deferred[None] = defer.Deferred()
        self.ended: defer.Deferred[None] = defer.Deferred()
        self.report: dict = {}

    def outReceived(self, data: bytes) -> None:
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            if line == b"ready":
                self.ready.callback(None)
            elif line == b"done":
                self.done.callback(None)
            elif line.startswith(b"{"):
                self.report = json.loads(line)

    def errReceived(self, data: bytes) -> None:
        sys.stderr.write(data.decode(errors="replace"))

    def processEnded(self, reason) -> None:
        for d in (self.ready, self.done):
            if not d.called:
                d.errback(RuntimeError(f"the players' process ended early: {reason.value}"))
        self.ended.callback(None)


def bot_tables(host: Host, count: int) -> None:
    for index in range(count):
        table = host.lobby.create(TableName(f"bots {index}"), RuleSet("classic", TARGET),
                                  TableOptions(bot_level="random", collect=0.0), None)
        for seat in range(4):
            table.add_bot(seat, "random")
        table.start()


@defer.inlineCallbacks
def measure(tables: int, seconds: float, warmup: float, bots: bool):
    data = Path(tempfile.mkdtemp(prefix="bench-host-"))
    limits = Limits(rate=1e6, burst=10**6, per_address=10_000, connections=10_000,
                    tables=tables + 1, tables_per_address=tables + 1)
    host = Host(HostConfig(bind="127.0.0.1", port=0, data_dir=data, pacing=INSTANT,
                           limits=limits, bot_workers=0, bot_level="random"), reactor)
    port = host.listen()
    if bots:
        bot_tables(host, tables)
    driver = Driver()
    args = [sys.executable, __file__, "--drive", str(port), "--tables", str(tables),
            "--seconds", str(seconds + warmup)] + (["--bots"] if bots else [])
    reactor.spawnProcess(driver, sys.executable, args, env=os.environ.copy(), path=str(ROOT))
    yield driver.ready
    yield task.deferLater(reactor, warmup, lambda: None)
    host.metrics.latencies.clear()
    actions, cpu = host.metrics.actions, resource.getrusage(resource.RUSAGE_SELF)
    wall = time.perf_counter()
    yield driver.done
    wall = time.perf_counter() - wall
    used = resource.getrusage(resource.RUSAGE_SELF)
    moves = host.metrics.actions - actions
    latencies = list(host.metrics.latencies)
    yield driver.ended
    yield host.stop()
    trips = driver.report.get("round_trips", [])
    cpu_share = (used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime) / wall
    return {"tables": tables, "moves": moves, "moves_per_s": moves / wall,
            "host_cpu": cpu_share, "p50_ms": percentile(latencies, 50) * 1000,
            "p99_ms": percentile(latencies, 99) * 1000,
            "max_ms": max(latencies, default=float("nan")) * 1000,
            "trip_p50_ms": percentile(trips, 50) * 1000,
            "trip_p99_ms": percentile(trips, 99) * 1000}


@defer.inlineCallbacks
def main_host(args):
    what = "bot tables with a spectator" if args.bots else "4 client players per table"
    print(f"bench_host: {what}, {args.seconds:g} s per run after {args.warmup:g} s warm-up; "
          f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"{'tables':>6} {'moves/s':>9} {'host CPU':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}"
          f" {'trip p50':>8} {'trip p99':>8}")
    for count in args.tables:
        r = yield measure(count, args.seconds, args.warmup, args.bots)
        print(f"{r['tables']:>6} {r['moves_per_s']:>9.0f} {r['host_cpu']:>7.0%} "
              f"{r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f} {r['max_ms']:>7.1f} "
              f"{r['trip_p50_ms']:>8.2f} {r['trip_p99_ms']:>8.2f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="1,10,50,100",
                        help="comma-separated table counts to measure")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per count")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring")
    parser.add_argument("--bots", action="store_true", help="host bots instead of client players")
    parser.add_argument("--drive", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.drive:
        task.react(lambda _: drive(args.drive, int(args.tables), args.seconds, args.bots))
        return 0
    args.tables = [int(n) for n in args.tables.split(",")]
    task.react(lambda _: main_host(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
