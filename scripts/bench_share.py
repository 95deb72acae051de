#!/usr/bin/env python3
"""The bundle and the share port, measured (figures in docs/BENCHMARKS.md):

- ``build``: the bundle's size and the time `tichu bundle` takes;
- ``guest``: on a private test LAN, the time from a bare guest (Python without
  site-packages, no route beyond the LAN) typing its first command to seeing the host's
  lobby: the page's one-line download-and-check, then ``python3 BUNDLE join``, picking
  the host from the list. Each run starts a fresh host, so the host packs the bundle
  for the first guest every time. Bar: under 30 s at p95;
- ``play``: the time `scripts/play` takes, in a set-up checkout with no network at all
  (``unshare -n``, only loopback up), to show the table. Bar: under 2 s;
- ``latency``: the host's action-to-view time (a player's move to the host's answer,
  a duel against a bot) with no downloads and while 10 guests on 10 machines of the
  test LAN download the bundle over and over. Bar: p99 under 20 ms.

Runs as root (namespaces, tests/support/netns.py); nothing leaves the test LAN.

    .venv/bin/python scripts/bench_share.py [build] [guest] [latency] [--runs 10]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bundle.conftest import BARE  # noqa: E402
from tests.bundle.tmux_screen import Screen  # noqa: E402
from tests.support.netns import Namespace, private_lan  # noqa: E402
from tichu_lan.bundling.where import DEFAULT_SHARE_PORT, bundle_url, page_url  # noqa: E402

TICHU = [sys.executable, "-m", "tichu_lan.cli"]
GUEST_BAR, LATENCY_BAR, PLAY_BAR = 30.0, 0.020, 2.0
FETCH = str(ROOT / "tests" / "bundle" / "guest_fetch.py")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def build(runs: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-share-"))
    times, size = [], 0
    for run in range(runs):
        began = time.perf_counter()
        subprocess.run([*TICHU, "bundle", "-o", str(folder / f"{run}.pyz")], check=True,
                       capture_output=True)
        times.append(time.perf_counter() - began)
        size = (folder / f"{run}.pyz").stat().st_size
    same = len({(folder / f"{r}.pyz").read_bytes() for r in range(runs)}) == 1
    print(f"build: {size / 1e6:.2f} MB; tichu bundle takes {min(times):.2f} s at best, "
          f"{percentile(times, 50):.2f} s p50 over {runs} runs; identical bytes: {same}")


def start_server(ns: Namespace, data: Path, *extra: str) -> subprocess.Popen:
    log = data / "host.log"
    data.mkdir(parents=True, exist_ok=True)
    with open(log, "wb") as err:
        server = ns.popen([*TICHU, "server", "--name", "Ann's laptop", "--port", "4711",
                           "--data-dir", str(data), "--bot-delay", "0", *extra],
                          stdin=subprocess.DEVNULL, stderr=err, cwd=ROOT)
    while "guests without the program get it" not in log.read_text():
        if server.poll() is not None:
            raise RuntimeError(log.read_text())
        time.sleep(0.05)
    return server


def guest_run(host_ns: Namespace, guest_ns: Namespace, folder: Path) -> float:
    server = start_server(host_ns, folder / "host")
    env = {"PATH": os.environ["PATH"], "TERM": "xterm-256color",
           "TICHU_LAN_CONFIG_DIR": str(folder / "config")}
    screen = None
    try:
        began = time.monotonic()
        fetched = guest_ns.run([*BARE, FETCH, page_url("10.77.0.1", DEFAULT_SHARE_PORT),
                                str(folder)], capture_output=True, text=True, env=env, check=True)
        bundle = json.loads(fetched.stdout)["path"]
        screen = Screen(f"bench-share-{os.getpid()}", guest_ns.command([*BARE, bundle, "join"]),
                        env)
        screen.wait_for("Ann's laptop")
        screen.keys("Enter")
        screen.wait_for("tichu-lan · tables", "no tables")
        return time.monotonic() - began
    finally:
        if screen is not None:
            screen.close()
        server.terminate()
        server.wait(20)


def guest(runs: int) -> bool:
    times = []
    with private_lan(2) as lan:
        for run in range(runs):
            folder = Path(tempfile.mkdtemp(prefix="bench-guest-"))
            times.append(guest_run(lan.hosts[0], lan.hosts[1], folder))
            print(f"  run {run + 1}: {times[-1]:.2f} s", flush=True)
    p95 = percentile(times, 95)
    print(f"guest: first command to lobby, {runs} runs: p50 {percentile(times, 50):.2f} s, "
          f"p95 {p95:.2f} s, max {max(times):.2f} s (bar {GUEST_BAR:g} s: "
          f"{'met' if p95 < GUEST_BAR else 'MISSED'})")
    return p95 < GUEST_BAR


def play(runs: int) -> bool:
    """scripts/play from typing it to the table on screen, with no network."""
    times = []
    for _ in range(runs):
        config = tempfile.mkdtemp(prefix="bench-play-")
        began = time.monotonic()
        command = (f"unshare -n sh -c 'ip link set lo up; {ROOT / 'scripts' / 'play'} --seed 7' "
                   f"2>{config}/err; sleep 30")
        screen = Screen(f"bench-play-{os.getpid()}", ["sh", "-c", command],
                        dict(os.environ, TICHU_LAN_CONFIG_DIR=config, TERM="xterm-256color"))
        try:
            screen.wait_for("Grand Tichu?", timeout=60)
            times.append(time.monotonic() - began)
        finally:
            screen.close()
    print(f"play: scripts/play with no network, to the table, {runs} runs: p50 "
          f"{percentile(times, 50):.2f} s, max {max(times):.2f} s (bar {PLAY_BAR:g} s: "
          f"{'met' if max(times) < PLAY_BAR else 'MISSED'})")
    return max(times) < PLAY_BAR


DOWNLOADER = """
import sys, time, urllib.request
url, seconds = sys.argv[1], float(sys.argv[2])
end, count = time.monotonic() + seconds, 0
while time.monotonic() < end:
    count += len(urllib.request.urlopen(url).read()) > 0
print(count)
"""


def timed_play(lan, downloaders: int, seconds: float) -> tuple[list[float], int]:
    host_ns, player_ns, *guests = lan.hosts
    server = start_server(host_ns, Path(tempfile.mkdtemp(prefix="bench-lat-")), "--rate", "1000")
    try:
        url = bundle_url("10.77.0.1", DEFAULT_SHARE_PORT)
        subprocess.run(player_ns.command([*BARE, "-c", DOWNLOADER, url, "0"]), check=True,
                       capture_output=True)       # the host packs the bundle now, not later
        pulls = [ns.popen([*BARE, "-c", DOWNLOADER, url, str(seconds + 2)],
                          stdout=subprocess.PIPE, text=True) for ns in guests[:downloaders]]
        player = player_ns.run([sys.executable, "-m", "tests.bundle.timed_player", "--host",
                                "10.77.0.1", "--seconds", str(seconds)], cwd=ROOT,
                               capture_output=True, text=True, check=True)
        downloads = sum(int(p.communicate(timeout=60)[0]) for p in pulls)
        return json.loads(player.stdout)["trips"], downloads
    finally:
        server.terminate()
        server.wait(20)


def latency(seconds: float) -> bool:
    ok = True
    with private_lan(12) as lan:
        for downloaders in (0, 10):
            trips, downloads = timed_play(lan, downloaders, seconds)
            p99 = percentile(trips, 99)
            print(f"latency: {downloaders:>2} guests downloading ({downloads} downloads in "
                  f"{seconds:g} s): {len(trips)} moves, p50 {percentile(trips, 50) * 1000:.2f} "
                  f"ms, p99 {p99 * 1000:.2f} ms, max {max(trips) * 1000:.1f} ms "
                  f"(bar {LATENCY_BAR * 1000:g} ms: {'met' if p99 < LATENCY_BAR else 'MISSED'})",
                  flush=True)
            ok = ok and p99 < LATENCY_BAR
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="*", choices=["build", "guest", "play", "latency"],
                        default=["build", "guest", "play", "latency"])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    print(f"bench_share: python {platform.python_version()}, {os.cpu_count()} cores")
    ok = True
    if "build" in args.what:
        build(max(3, args.runs // 2))
    if "guest" in args.what:
        ok = guest(args.runs) and ok
    if "play" in args.what:
        ok = play(args.runs) and ok
    if "latency" in args.what:
        ok = latency(args.seconds) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
