#!/usr/bin/env python3
"""How fast hosts appear in and leave `tichu find`, on a private test LAN.

Runs as root, entirely inside network namespaces (tests/support/netns.py):
hosts are announcing processes in 10.77.0.1, the browsing side lives in
10.77.0.2. Times are time.monotonic() stamps, comparable across processes on
one machine. Prints p50/p95/max per measure and checks the bars:
appear within 1 s (p95) of the host announcing, disappear within 3 s (p95) of
a clean stop.

    .venv/bin/python scripts/bench_discovery.py [--runs 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import signal
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.netns import Namespace, NetnsUnavailable, private_lan  # noqa: E402
from tichu_lan.discovery import ADDED, REMOVED, Browser  # noqa: E402

APPEAR_BAR, DISAPPEAR_BAR = 1.0, 3.0
HOST = [sys.executable, "-m", "tests.discovery.announce_host", "--port", "4711"]
FIND = [sys.executable, "-m", "tichu_lan.cli", "find", "--watch", "--json", "--timeout", "30"]


class Sightings:
    """A browser's events, stamped when they happen."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[tuple[str, str, float]] = asyncio.Queue()

    def __call__(self, event: str, host) -> None:
        self.queue.put_nowait((event, host.name, time.monotonic()))

    async def wait(self, event: str, name: str) -> float:
        while True:
            got, who, when = await asyncio.wait_for(self.queue.get(), 15)
            if (got, who) == (event, name):
                return when


async def spawn(ns: Namespace, argv: list[str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(*ns.command(argv), cwd=ROOT,
                                                stdout=asyncio.subprocess.PIPE)


async def line_with(process: asyncio.subprocess.Process, event: str, **fields: object) -> dict:
    while True:
        line = await asyncio.wait_for(process.stdout.readline(), 15)
        if not line:
            raise EOFError(f"process ended before {event}")
        data = json.loads(line)
        if data["event"] == event and all(data.get(k) == v for k, v in fields.items()):
            return data


async def host_cycle(host_ns: Namespace, seen: Sightings, name: str) -> dict[str, float]:
    """Start a host, see it appear, stop it cleanly, see it leave."""
    spawned = time.monotonic()
    host = await spawn(host_ns, [*HOST, "--name", name])
    starting = (await line_with(host, "starting"))["t"]
    appeared = await seen.wait(ADDED, name)
    await line_with(host, "announced")
    host.send_signal(signal.SIGTERM)
    stopping = (await line_with(host, "stopping"))["t"]
    gone = await seen.wait(REMOVED, name)
    await host.wait()
    return {"announce": appeared - starting, "process": appeared - spawned,
            "goodbye": gone - stopping}


async def cold_find(player_ns: Namespace, name: str) -> dict[str, float]:
    """A browser, then a `tichu find` process, start while the host is up."""
    seen = Sightings()
    started = time.monotonic()
    async with Browser(on_change=seen):
        browse = await seen.wait(ADDED, name) - started
    started = time.monotonic()
    find = await spawn(player_ns, FIND)
    await line_with(find, "added")
    process = time.monotonic() - started
    find.send_signal(signal.SIGINT)
    await find.wait()
    return {"browse": browse, "find": process}


async def measure(host_ns: Namespace, player_ns: Namespace, runs: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    seen = Sightings()
    async with Browser(on_change=seen):
        for run in range(runs):
            for key, value in (await host_cycle(host_ns, seen, f"bench {run}")).items():
                times.setdefault(key, []).append(value)
    host = await spawn(host_ns, [*HOST, "--name", "steady"])
    await line_with(host, "announced")
    try:
        for _ in range(runs):
            for key, value in (await cold_find(player_ns, "steady")).items():
                times.setdefault(key, []).append(value)
    finally:
        host.send_signal(signal.SIGTERM)
        await host.wait()
    return times


LABELS = {
    "announce": "host announces -> appears in a running browser",
    "process": "host process starts -> appears in a running browser",
    "goodbye": "clean stop (SIGTERM) -> gone from a running browser",
    "browse": "browser starts -> lists a running host",
    "find": "`tichu find` process starts -> lists a running host",
}


def report(times: dict[str, list[float]], runs: int) -> bool:
    print(f"discovery on a private test LAN, {runs} runs each ({platform.node()}, "
          f"{platform.python_version()}, {time.strftime('%Y-%m-%d')})")
    print(f"{'measure':<54} {'p50':>7} {'p95':>7} {'max':>7}")
    for key, label in LABELS.items():
        values = sorted(times[key])
        p95 = statistics.quantiles(values, n=100, method="inclusive")[94]
        print(f"{label:<54} {statistics.median(values):6.3f}s {p95:6.3f}s {values[-1]:6.3f}s")
    appear = statistics.quantiles(times["announce"], n=100, method="inclusive")[94]
    leave = statistics.quantiles(times["goodbye"], n=100, method="inclusive")[94]
    ok = appear <= APPEAR_BAR and leave <= DISAPPEAR_BAR
    print(f"bars: appear p95 {appear:.3f}s <= {APPEAR_BAR}s, disappear p95 {leave:.3f}s <= "
          f"{DISAPPEAR_BAR}s: {'met' if ok else 'NOT MET'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs per measure (at least 2)")
    args = parser.parse_args()
    if args.runs < 2:
        parser.error("--runs must be at least 2")
    try:
        with private_lan(2) as lan:
            host_ns, player_ns = lan.hosts
            times = player_ns.run_async(lambda: measure(host_ns, player_ns, args.runs),
                                        timeout=60 + 10 * args.runs)
    except NetnsUnavailable as exc:
        print(f"bench_discovery: {exc}", file=sys.stderr)
        return 2
    return 0 if report(times, args.runs) else 1


if __name__ == "__main__":
    sys.exit(main())
