#!/usr/bin/env python3
"""What an ssh guest costs the host: tables of four people playing, over ssh or by `tichu join`.

The host runs as `tichu server` (a child process, at 127.0.0.1, its ssh door open). Two
runs, each with the same tables, the same pace of play and the same length:

- ``join``: every table (``--tables``, 4 by default) has four `tichu join` guests
  (`TichuClient`s that answer each view after a think pause);
- ``ssh``: the first ``--ssh-tables`` tables (3: 12 guests) have four ssh guests each,
  asyncssh clients whose terminal (80x24) is read with pyte and who play from what their
  screen says, after the same think pause; the other tables have `tichu join` guests as
  before, side by side.

For each run it prints the host's CPU (share of one core) and RSS (median) over the
measured seconds, and the action-to-view p50/p99 of each kind of guest: a `tichu join`
guest's from sending a move to the view after it, an ssh guest's from the key that makes a
move (Enter on a hint, or p) to its screen no longer saying "YOUR TURN" (the host's view
drawn on the guest's terminal). What one ssh guest costs is the difference between the runs,
over the number of ssh guests.

    .venv/bin/python scripts/bench_ssh.py                  # 60 s a run
    .venv/bin/python scripts/bench_ssh.py --seconds 20 --ssh-tables 1

Run as root, it runs inside a network namespace of its own (only its loopback), so that
its ssh port is nobody else's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

if os.geteuid() == 0 and not os.environ.get("TICHU_BENCH_NETNS") and __name__ == "__main__":
    os.environ["TICHU_BENCH_NETNS"] = "1"
    os.execvp("unshare", ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$0" "$@"',
                          sys.executable, *sys.argv])

from tichu_lan.cli import install_reactor  # noqa: E402

install_reactor()

from twisted.internet import defer, reactor  # noqa: E402

from tests.support.attack_kit import HonestTable, percentile  # noqa: E402
from tests.ssh.guests import Guest  # noqa: E402
from tichu_lan.bridge import as_deferred  # noqa: E402

THINK = (0.3, 1.0)          # seconds a person looks at the table before a move


class Host:
    """`tichu server` as a child process; its CPU seconds and RSS read from /proc."""

    def __init__(self, data_dir: Path, ssh_port: int) -> None:
        port_file = data_dir / "port"
        self.log = open(data_dir / "host.log", "ab")  # noqa: SIM115 (the host's life)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tichu_lan.cli", "server", "--bind", "127.0.0.1", "--port",
             "0", "--port-file", str(port_file), "--ssh-port", str(ssh_port), "--data-dir",
             str(data_dir), "--no-announce", "--no-share", "--bot-workers", "0"],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while not port_file.exists() or b"ssh door open" not in (data_dir / "host.log"
                                                                   ).read_bytes():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the host did not start; see {data_dir / 'host.log'}")
            time.sleep(0.05)
        self.port, self.ssh_port = int(port_file.read_text()), ssh_port

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        self.log.close()


class ScreenPlayer:
    """An ssh guest who plays from what the screen says (as tests/ssh/openssh.py's does),
    after a think pause, and times each move to the screen that shows it taken."""

    def __init__(self, guest: Guest, rng: random.Random, latencies: list[float]) -> None:
        self.guest, self.rng, self.latencies = guest, rng, latencies
        self.sent_at: float | None = None
        self.task = asyncio.ensure_future(self.play())

    async def play(self) -> None:
        while not self.guest.closed.is_set():
            await asyncio.sleep(self.rng.uniform(*THINK))
            text = self.guest.text()
            choices = re.findall(r"\[(\w)\]", text)
            if "┌" in text and choices:
                self.guest.keys(choices[0])
            elif "YOUR TURN" in text and ("give a card to each" in text or
                                          "Put 3 cards aside" in text):
                self.guest.keys("Space", "Right", "Space", "Right", "Space", "Enter")
            elif "YOUR TURN: take or leave" in text:
                self.guest.keys("y")
            elif "YOUR TURN" in text:
                await self.move()

    async def move(self) -> None:
        self.guest.keys("Tab")
        await asyncio.sleep(0.05)
        self.sent_at = time.perf_counter()
        self.guest.keys("Enter")
        if not await self.taken(2.0):        # no hint, or refused: pass
            self.guest.keys("Escape")
            self.sent_at = time.perf_counter()
            self.guest.keys("p")
            await self.taken(5.0)

    async def taken(self, within: float) -> bool:
        deadline = time.monotonic() + within
        while "YOUR TURN" in self.guest.text():
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.002)
        if self.sent_at is not None:
            self.latencies.append(time.perf_counter() - self.sent_at)
            self.sent_at = None
        return True


async def seat_ssh_table(port: int, table: int, latencies: list[float]) -> list[ScreenPlayer]:
    """Four ssh guests at a table of their own: the first opens it, the others pick it from
    the tables page and take the first free seat; then it starts."""
    names = [f"s{table}{seat}" for seat in range(4)]
    guests = [await Guest.open(port, name, source=f"127.0.{table + 1}.{seat + 1}")
              for seat, name in enumerate(names)]
    await guests[0].wait_for("tables")
    guests[0].keys("n")
    await guests[0].wait_for("waiting for players")
    for guest in guests[1:]:
        await guest.wait_for(f"{names[0]}'s table")
        await cursor_to(guest, f"{names[0]}'s table")
        guest.keys("Enter")
        await guest.wait_for("Seat 1:")
        while "waiting for players" not in guest.text():
            await cursor_to(guest, ": empty")
            guest.keys("Enter")
            await asyncio.sleep(0.2)
    await guests[0].wait_for("Press s to start")
    guests[0].keys("s")
    rng = random.Random(table)
    return [ScreenPlayer(guest, random.Random(rng.random()), latencies) for guest in guests]


async def cursor_to(guest: Guest, text: str) -> None:
    """Down the list until the row at the cursor holds ``text``."""
    while text not in next((line for line in guest.text().splitlines() if "▶" in line), ""):
        guest.keys("Down")
        await asyncio.sleep(0.05)


async def run(kind: str, args: argparse.Namespace) -> dict[str, float]:
    data_dir = Path(tempfile.mkdtemp(prefix=f"bench-ssh-{kind}-"))
    host = Host(data_dir, args.ssh_port)
    ssh_latencies: list[float] = []
    join_tables: list[HonestTable] = []
    players: list[ScreenPlayer] = []
    try:
        ssh_tables = args.ssh_tables if kind == "ssh" else 0
        for table in range(ssh_tables):
            players += await seat_ssh_table(host.ssh_port, table, ssh_latencies)
        for seed in range(args.tables - ssh_tables):
            join_tables.append(await as_future(HonestTable().sit(host.port, THINK, seed)))
        await asyncio.sleep(args.warmup)
        ssh_latencies.clear()
        for table in join_tables:
            table.take_latencies()
        cpu, began, rss = host.cpu(), time.monotonic(), []
        while time.monotonic() - began < args.seconds:
            await asyncio.sleep(0.5)
            rss.append(host.rss())
        cpu = (host.cpu() - cpu) / (time.monotonic() - began)
        join = [latency for table in join_tables for latency in table.take_latencies()]
        return {"cpu": cpu, "rss": statistics.median(rss), "ssh_guests": len(players),
                "join_guests": 4 * len(join_tables),
                "ssh_p50": percentile(ssh_latencies, 50) * 1000,
                "ssh_p99": percentile(ssh_latencies, 99) * 1000, "ssh_moves": len(ssh_latencies),
                "join_p50": percentile(join, 50) * 1000, "join_p99": percentile(join, 99) * 1000,
                "join_moves": len(join), "load": os.getloadavg()[0]}
    finally:
        for player in players:
            player.task.cancel()
            await player.guest.close()
        for table in join_tables:
            await as_future(defer.ensureDeferred(table.leave()))
        host.stop()


def as_future(awaitable):
    return defer.ensureDeferred(awaitable).asFuture(asyncio.get_event_loop())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def main_async(args: argparse.Namespace) -> None:
    results = {kind: await run(kind, args) for kind in ("join", "ssh")}
    print(f"{'run':<5} {'ssh':>4} {'join':>4} {'cpu':>6} {'RSS MiB':>8} {'ssh p50':>8} "
          f"{'ssh p99':>8} {'moves':>6} {'join p50':>9} {'join p99':>9} {'moves':>6} {'load':>5}")
    for kind, r in results.items():
        print(f"{kind:<5} {r['ssh_guests']:4d} {r['join_guests']:4d} {r['cpu']:6.3f} "
              f"{r['rss']:8.1f} {r['ssh_p50']:8.1f} {r['ssh_p99']:8.1f} {r['ssh_moves']:6d} "
              f"{r['join_p50']:9.1f} {r['join_p99']:9.1f} {r['join_moves']:6d} "
              f"{r['load']:5.2f}")
    guests = results["ssh"]["ssh_guests"] or 1
    cpu = (results["ssh"]["cpu"] - results["join"]["cpu"]) / guests
    rss = (results["ssh"]["rss"] - results["join"]["rss"]) / guests
    print(f"one ssh guest, over a tichu join guest: {cpu * 100:.2f}% of a core, {rss:.2f} MiB "
          f"(bars: < 2%, < 10 MB)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--ssh-tables", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--ssh-port", type=int, default=0, help="default: a free port")
    args = parser.parse_args()
    args.ssh_port = args.ssh_port or free_port()
    failed: list[BaseException] = []

    def done(result: object) -> None:
        if hasattr(result, "value"):
            failed.append(result.value)
            result.printTraceback(file=sys.stderr)
        reactor.stop()

    reactor.callWhenRunning(lambda: as_deferred(main_async(args)).addBoth(done))
    reactor.run()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
