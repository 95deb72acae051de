"""A LAN party in a box: one host and K guest machines on a private test LAN, playing.

`run_party(PartyConfig(...))` builds a test LAN of network namespaces
(tests/support/netns.py): the host's machine runs a real `tichu server` whose data
directory is a small tmpfs of its own (so that its disk can be filled); each guest
machine runs `tests.support.party_machine`, whose players find the host by discovery,
take their seats and play with bot decisions through the real client protocol. While
they play, `tests.support.faults` injects faults on a schedule or at random. At the
end every player's received messages are checked against the host's journals
(`tests.support.party_check`), and a `PartySummary` says what happened.

Nothing here touches the machine's own network: every process runs inside the LAN's
namespaces, and the tmpfs lives in a private mount namespace.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .netns import Namespace, private_lan
from .party_host import HOST_NAME, ROOT, Disk, PartyHost

SEATS = 4


@dataclass
class PartyConfig:
    tables: int = 2
    machines: int = 4                 # guest machines; a table's seats are spread over them
    minutes: float | None = None      # play this long ...
    rounds: int | None = 2            # ... or until every table has played this many rounds
    level: str = "random"             # the bot level that decides the guests' moves
    think: tuple[float, float] = (0.05, 0.3)   # seconds a guest waits before each move
    faults: tuple[str, ...] = ()      # kinds to inject at random (see faults.KINDS)
    every: float = 10.0               # mean seconds between random faults
    schedule: tuple[tuple[float, str], ...] = ()   # (seconds after start, kind), in order
    max_faults: int | None = None     # stop the run after this many faults
    seed: int = 1
    grace: float = 1.0                # seconds before a stand-in plays an absent guest's seat
    idle_timeout: float = 10.0        # the host drops a guest it has not heard from this long
    disk_mb: int = 256                # the host's data directory (a tmpfs)
    junk_frames: int = 200            # frames one junk fault sends
    run_dir: Path | None = None       # logs, journals and the summary (default: a temp dir)
    timeout: float = 60.0             # bound on any one wait (a broken run fails, never hangs)


@dataclass
class PartySummary:
    tables: int = 0
    players: int = 0
    seconds: float = 0.0
    rounds: int = 0
    moves: int = 0                    # moves the guests made (the host's stand-ins add more)
    table_moves: int = 0              # moves in the journals, stand-ins' included
    errors: list[str] = field(default_factory=list)
    races: int = 0
    interrupted: int = 0
    retried: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    idle_drops: int = 0               # connections the host closed as silent (frozen guests')
    host_cpu: float = 0.0             # seconds of CPU, all host lives together
    host_peak_kb: int = 0             # the largest VmHWM of any host life
    guest_cpu: float = 0.0            # seconds of CPU, every guest machine together
    engine_caches: dict[str, list[int]] = field(default_factory=dict)   # [entries, bound]
    memory: list[tuple[float, int]] = field(default_factory=list)   # (t, VmRSS kB) samples
    latency_ms: dict[str, float] = field(default_factory=dict)        # at the guests
    host_latency_ms: dict[str, float] = field(default_factory=dict)   # inside the host
    faults: list[dict[str, Any]] = field(default_factory=list)
    check: dict[str, Any] = field(default_factory=dict)
    load: tuple[float, float] = (0.0, 0.0)   # the 1-minute load average while playing: mean, max
    run_dir: str = ""

    @property
    def ok(self) -> bool:
        return (not self.errors and all(f["ok"] for f in self.faults)
                and self.check.get("ok", False))

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__} | {"ok": self.ok}


def memory_after_warmup(samples: list[tuple[float, int]], warmup: float) -> dict[str, float]:
    """The host's RSS (kB) from ``warmup`` seconds after the first sample on: first, lowest,
    highest, last, and the spread (highest/lowest - 1). Samples of 0 mark a host kill: only the
    last host life counts."""
    life = samples
    for index, (_, kb) in enumerate(samples):
        if kb == 0:
            life = samples[index + 1:]
    if not life:
        return {}
    kept = [kb for t, kb in life if t >= life[0][0] + warmup] or [life[-1][1]]
    return {"first_kb": kept[0], "min_kb": min(kept), "max_kb": max(kept), "last_kb": kept[-1],
            "spread": max(kept) / min(kept) - 1}


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    pick = lambda p: ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000  # noqa: E731
    return {"p50": pick(50), "p90": pick(90), "p99": pick(99), "max": ordered[-1] * 1000,
            "count": len(ordered)}


# --- guest machines ------------------------------------------------------------------------

class Machine:
    def __init__(self, index: int, ns: Namespace, seats: list[tuple[int, int]],
                 config: PartyConfig, log_dir: Path, events: queue.Queue) -> None:
        self.index, self.ns = index, ns
        self.players = [f"t{t}s{s}" for t, s in seats]
        argv = [sys.executable, "-m", "tests.support.party_machine", "--host", HOST_NAME,
                "--seats", ",".join(f"{t}:{s}" for t, s in seats), "--log-dir", str(log_dir),
                "--level", config.level, "--think", ",".join(map(str, config.think)),
                "--grace", str(config.grace), "--seed", str(config.seed * 100 + index),
                "--timeout", str(config.timeout)]
        if config.rounds is not None:
            argv += ["--rounds", str(config.rounds)]
        with open(log_dir / f"machine-{index}.err", "wb") as stderr:  # the child has its own
            self.process = ns.popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=stderr, text=True, cwd=ROOT,
                                    env=dict(os.environ, PYTHONUNBUFFERED="1"))
        threading.Thread(target=self._read, args=(events,), daemon=True).start()

    def _read(self, events: queue.Queue) -> None:
        for line in iter(self.process.stdout.readline, ""):
            try:
                event = json.loads(line)
            except ValueError:
                event = {"event": "error", "why": f"not an event: {line.strip()[:200]}"}
            event["machine"] = self.index
            events.put(event)
        events.put({"event": "exited", "machine": self.index, "code": self.process.wait()})

    def send(self, **order: Any) -> None:
        if self.process.poll() is None:
            self.process.stdin.write(json.dumps(order) + "\n")
            self.process.stdin.flush()

    def signal(self, number: int) -> None:
        self.process.send_signal(number)

    def cpu(self) -> float:
        """CPU seconds this machine's process has used so far (0 once it is gone)."""
        try:
            stat = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def seat_plan(tables: int, machines: int) -> list[list[tuple[int, int]]]:
    """Which (table, seat) players each machine runs: a table's seats on different machines."""
    plan: list[list[tuple[int, int]]] = [[] for _ in range(machines)]
    for index in range(tables * SEATS):
        plan[index % machines].append(divmod(index, SEATS))
    return plan


class Party:
    """The running party: the coordinator's view of host, machines and their events."""

    def __init__(self, config: PartyConfig, run_dir: Path, lan, disk: Disk) -> None:
        self.config, self.run_dir, self.lan, self.disk = config, run_dir, lan, disk
        self.events: queue.Queue = queue.Queue()
        self.pending: list[dict[str, Any]] = []     # events nobody has asked for yet
        self.errors: list[str] = []
        self.host = PartyHost(lan.hosts[0], disk, config, run_dir)
        self.machines: list[Machine] = []
        self.started = time.monotonic()
        self.guest_cpu = 0.0

    def launch(self) -> None:
        self.host.start()
        log_dir = self.run_dir / "guests"
        log_dir.mkdir(exist_ok=True)
        plan = seat_plan(self.config.tables, self.config.machines)
        self.machines = [Machine(i, self.lan.hosts[i + 1], seats, self.config, log_dir,
                                 self.events) for i, seats in enumerate(plan) if seats]
        self.collect("ready", len(self.machines))
        self.started = time.monotonic()

    def player_machine(self, player: str) -> Machine:
        return next(m for m in self.machines if player in m.players)

    @property
    def players(self) -> list[str]:
        return [p for m in self.machines for p in m.players]

    def poll(self, timeout: float = 0.0) -> None:
        """Take in the machines' events (errors are noted at once)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                event = self.events.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return
            if event["event"] == "error":
                self.errors.append(f"machine {event['machine']}: {event['why']}")
            elif event["event"] == "exited" and event["code"] != 0:
                self.errors.append(f"machine {event['machine']} exited with {event['code']}")
            else:
                self.pending.append(event)
            if time.monotonic() >= deadline:
                return

    def collect(self, name: str, count: int, timeout: float | None = None,
                where=lambda event: True) -> list[dict[str, Any]]:
        """Wait for ``count`` events called ``name`` (that satisfy ``where``); they are taken."""
        deadline = time.monotonic() + (timeout or self.config.timeout)
        got: list[dict[str, Any]] = []
        while True:
            for event in list(self.pending):
                if len(got) < count and event["event"] == name and where(event):
                    self.pending.remove(event)
                    got.append(event)
            if len(got) >= count:
                return got
            if time.monotonic() > deadline:
                raise TimeoutError(f"{len(got)} of {count} {name!r} events within the time; "
                                   f"errors: {self.errors[-3:]}")
            self.poll(0.1)
            self.host.sample()

    def discard(self, name: str) -> None:
        self.pending = [e for e in self.pending if e["event"] != name]

    def status(self) -> list[dict[str, Any]]:
        for machine in self.machines:
            machine.send(cmd="status")
        return self.collect("status", len(self.machines))


def run_party(config: PartyConfig) -> PartySummary:
    """Hold the party described by ``config``; returns its summary (also written to
    RUN_DIR/summary.json)."""
    from .faults import FaultPlan
    from .party_check import check_run

    run_dir = Path(config.run_dir or tempfile.mkdtemp(prefix="lanparty-"))
    run_dir.mkdir(parents=True, exist_ok=True)
    summary = PartySummary(tables=config.tables, players=config.tables * SEATS,
                           run_dir=str(run_dir))
    machines = min(config.machines, config.tables * SEATS)
    disk = Disk(run_dir / "data", config.disk_mb)
    try:
        with private_lan(1 + machines) as lan:
            party = Party(config, run_dir, lan, disk)
            party.launch()
            plan = FaultPlan(config)
            try:
                play(party, plan, summary)
            finally:
                stats = stop_guests(party)
                party.host.stop()
            tally(summary, party, stats)
            summary.faults = plan.results
    finally:
        try:
            disk.copy_out(run_dir / "host-data")
        finally:
            disk.close()
    summary.check = check_run(run_dir / "guests", run_dir / "host-data")
    summary.table_moves = summary.check.get("moves", 0)
    (run_dir / "summary.json").write_text(json.dumps(summary.to_dict(), indent=1))
    return summary


def play(party: Party, plan, summary: PartySummary) -> None:
    """Let the guests play until time or rounds are up, injecting the planned faults."""
    config = party.config
    end = party.started + config.minutes * 60 if config.minutes else None
    next_check = next_load = time.monotonic()
    loads: list[float] = []
    while True:
        now = time.monotonic()
        if now >= next_load:
            next_load = now + 5.0
            loads.append(os.getloadavg()[0])
            summary.load = (sum(loads) / len(loads), max(loads))
        if end is not None and now >= end:
            return
        if plan.finished:
            return
        party.poll(0.2)
        party.host.sample()
        if plan.due(now - party.started):
            plan.inject(party)
            continue
        if config.rounds is not None and now >= next_check:
            next_check = now + 1.0
            if all(s["done"] for s in party.status()) and not plan.waiting_for_more(party):
                return


def stop_guests(party: Party) -> list[dict[str, Any]]:
    party.guest_cpu = sum(m.cpu() for m in party.machines)
    for machine in party.machines:
        machine.send(cmd="stop")
    try:
        return party.collect("stats", len(party.machines))
    except TimeoutError as exc:
        party.errors.append(f"not every machine reported its figures: {exc}")
        return [e for e in party.pending if e["event"] == "stats"]


def tally(summary: PartySummary, party: Party, stats: list[dict[str, Any]]) -> None:
    summary.seconds = time.monotonic() - party.started
    latencies: list[float] = []
    for s in stats:
        summary.moves += s["moves"]
        latencies += s["latencies"]
        summary.races += s["races"]
        summary.interrupted += s["interrupted"]
        summary.reconnects += s["reconnects"]
        summary.errors += s["errors"]
        for code, n in s["retried"].items():
            summary.retried[code] = summary.retried.get(code, 0) + n
    rounds: dict[str, int] = {}
    for s in stats:
        for player, n in s["status"]["rounds"].items():
            rounds[player.split("s")[0]] = max(rounds.get(player.split("s")[0], 0), n)
    summary.rounds = sum(rounds.values())
    summary.errors = party.errors + summary.errors + host_errors(party)
    summary.idle_drops = sum(party.host.log_text(life).count("has sent nothing for")
                             for life in range(1, party.host.lives + 1))
    summary.latency_ms = percentiles(latencies)
    summary.host_latency_ms = percentiles(party.host.latencies())
    summary.engine_caches = party.host.engine_caches()
    summary.host_cpu = party.host.cpu
    summary.host_peak_kb = party.host.peak_kb
    summary.guest_cpu = party.guest_cpu
    summary.memory = party.host.memory


def host_errors(party: Party) -> list[str]:
    """Lines any host life logged as a failure (tracebacks, critical errors)."""
    found = []
    for life in range(1, party.host.lives + 1):
        for line in party.host.log_text(life).splitlines():
            if "Traceback" in line or "Unhandled" in line or "#critical]" in line:
                found.append(f"host life {life}: {line.strip()[:300]}")
    return found
