"""`scripts/lanparty`: the command line of the LAN party, and its printed summary."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .faults import KINDS
from .netns import NetnsUnavailable
from .party import PartyConfig, PartySummary, memory_after_warmup, run_party


def parse_schedule(text: str) -> tuple[tuple[float, str], ...]:
    """``10:kill,25:drop`` -> ((10.0, "kill"), (25.0, "drop"))."""
    try:
        steps = [(float(at), kind) for at, kind in (item.split(":") for item in text.split(","))]
    except ValueError:
        raise argparse.ArgumentTypeError(f"a schedule is SECONDS:FAULT,..., not {text!r}") from None
    for _, kind in steps:
        if kind not in KINDS:
            raise argparse.ArgumentTypeError(f"no fault {kind!r}; faults are {', '.join(KINDS)}")
    return tuple(steps)


def parse_kinds(text: str) -> tuple[str, ...]:
    kinds = tuple(k for k in text.split(",") if k)
    wrong = [k for k in kinds if k not in KINDS]
    if wrong:
        raise argparse.ArgumentTypeError(f"no fault {', '.join(wrong)}; "
                                         f"faults are {', '.join(KINDS)}")
    return kinds


def parse_think(text: str) -> tuple[float, float]:
    try:
        low, high = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--think is MIN,MAX seconds, not {text!r}") from None
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError("--think needs 0 <= MIN <= MAX")
    return low, high


def positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value
    return parse


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="scripts/lanparty",
        description="A LAN party in a box: one `tichu server` and guest machines on a private "
                    "test LAN of network namespaces (needs root). Guests find the host by "
                    "discovery, sit at tables of four and play with bot decisions; faults are "
                    "injected on a schedule or at random; at the end every message every guest "
                    "received is audited against the host's journals.")
    p.add_argument("--tables", type=positive(int), default=2, help="tables of four (default 2)")
    p.add_argument("--machines", type=positive(int), default=4,
                   help="guest machines the players are spread over (default 4; the host allows "
                        "16 connections per address)")
    p.add_argument("--minutes", type=positive(float), default=None,
                   help="play this long (default: until --rounds are played)")
    p.add_argument("--rounds", type=positive(int), default=None,
                   help="rounds each table plays (default 2 without --minutes)")
    p.add_argument("--level", default="random", help="bot level deciding the guests' moves")
    p.add_argument("--think", type=parse_think, default=(0.05, 0.3), metavar="MIN,MAX",
                   help="seconds a guest waits before each move (default 0.05,0.3)")
    p.add_argument("--faults", type=parse_kinds, default=(), metavar="KIND,...",
                   help=f"inject these at random: {', '.join(KINDS)}")
    p.add_argument("--every", type=positive(float), default=10.0,
                   help="mean seconds between random faults (default 10)")
    p.add_argument("--schedule", type=parse_schedule, default=(), metavar="S:KIND,...",
                   help="inject KIND at S seconds after the start (e.g. 10:kill,20:freeze)")
    p.add_argument("--max-faults", type=positive(int), default=None,
                   help="end the run after this many faults")
    p.add_argument("--seed", type=int, default=1, help="seed of the faults and the guests")
    p.add_argument("--grace", type=positive(float), default=1.0,
                   help="table grace period in seconds before a stand-in bot plays (default 1)")
    p.add_argument("--idle-timeout", type=positive(float), default=10.0,
                   help="the host's --idle-timeout (default 10 s, so that a freeze is noticed "
                        "sooner than with the host's own default of 60 s)")
    p.add_argument("--junk-frames", type=positive(int), default=200,
                   help="frames one junk fault sends (default 200)")
    p.add_argument("--run-dir", type=Path, default=None,
                   help="where logs, journals and summary.json go (default: a new temp dir)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    return p


def config_from(args: argparse.Namespace) -> PartyConfig:
    rounds = args.rounds if args.rounds or args.minutes else 2
    return PartyConfig(tables=args.tables, machines=args.machines, minutes=args.minutes,
                       rounds=rounds, level=args.level, think=args.think, faults=args.faults,
                       every=args.every, schedule=args.schedule, max_faults=args.max_faults,
                       seed=args.seed, grace=args.grace, idle_timeout=args.idle_timeout,
                       junk_frames=args.junk_frames, run_dir=args.run_dir)


def _percentiles(ms: dict[str, float]) -> str:
    return (f"p50 {ms['p50']:.2f}  p90 {ms['p90']:.2f}  p99 {ms['p99']:.2f}  "
            f"max {ms['max']:.1f}  ({ms['count']} moves)")


def print_summary(s: PartySummary) -> None:
    lat = s.latency_ms
    check = s.check
    print(f"tables {s.tables}, players {s.players}, {s.seconds:.0f} s; the machine's load "
          f"average while playing: mean {s.load[0]:.2f}, highest {s.load[1]:.2f} "
          f"({os.cpu_count()} cores)")
    print(f"rounds completed {s.rounds}; moves by guests {s.moves}, in the journals "
          f"{s.table_moves} (stand-ins' included)")
    print(f"errors {len(s.errors)}; reconnects {s.reconnects}; silent guests dropped by the "
          f"host {s.idle_drops}; moves cut by a lost connection "
          f"{s.interrupted}; stale-view refusals {s.races}; retried {s.retried or 0}")
    print(f"host CPU {s.host_cpu:.1f} s ({s.host_cpu / max(s.seconds, 1e-9):.0%} of a core); "
          f"peak memory {s.host_peak_kb / 1024:.1f} MiB; guests' CPU {s.guest_cpu:.1f} s")
    mem = memory_after_warmup(s.memory, min(60.0, s.seconds / 10))
    if mem:
        print(f"host RSS after warm-up: first {mem['first_kb'] / 1024:.1f}, lowest "
              f"{mem['min_kb'] / 1024:.1f}, highest {mem['max_kb'] / 1024:.1f}, last "
              f"{mem['last_kb'] / 1024:.1f} MiB (spread {mem['spread']:.1%})")
    if lat:
        print(f"action-to-view latency at the guests (ms): {_percentiles(lat)}")
    if s.engine_caches:
        print("the host's engine caches (entries of bound): " + ", ".join(
            f"{name} {n} of {bound}" for name, (n, bound) in s.engine_caches.items()))
    hl = s.host_latency_ms
    if hl:
        print(f"the same inside the host (move read -> last view written, ms): "
              f"{_percentiles(hl)}")
    for fault in s.faults:
        extra = {k: v for k, v in fault.items() if k not in ("kind", "at", "ok", "seconds")}
        outcome = "ok" if fault["ok"] else "FAILED"
        print(f"fault {fault['kind']:<6} at {fault['at']:>7.1f} s: {outcome}"
              f" ({fault['seconds']:.1f} s) {json.dumps(extra)[:300]}")
    print(f"audit: {check.get('views', 0)} views of {check.get('tables', 0)} tables, "
          f"{check.get('messages', 0)} messages; leaks {check.get('leaks')}, views unlike the "
          f"journal's game {check.get('mismatches')}, accepted moves {check.get('accepted')}, "
          f"lost {check.get('lost')}")
    for line in (s.errors + check.get("problems", []))[:20]:
        print(f"  ! {line}")
    print(f"{'OK' if s.ok else 'FAILED'}; everything is in {s.run_dir}")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        summary = run_party(config_from(args))
    except NetnsUnavailable as exc:
        print(f"lanparty: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print_summary(summary)
    return 0 if summary.ok else 1


if __name__ == "__main__":
    sys.exit(main())
