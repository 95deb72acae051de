"""scripts/attack_host: each attack of issue 13 against a live `tichu server`, with figures.

The host runs as `tichu server` on 127.0.0.1 (``--max-tables 110``, every other limit as
shipped) with 99 tables of bots playing at the host's own pace and one honest table of four
people, who play from a second process (so that, on a 2-core machine, the attackers and the
honest players each have a process), answering each view after a think pause and timing
each move from sending it to the view after it. The attackers run in this process, from
addresses of their own in 127.0.0.0/8. Every attack is bounded in connections and time.

For each attack it prints the host's RSS before it, at its peak and once it has stopped
(settled), the honest players' action-to-view p99 while it ran, whether an honest newcomer
could connect, open a table and sit while it ran, and how many honest players lost their
connection.

    scripts/attack_host                     # every attack, full size (about 10 minutes)
    scripts/attack_host --quick             # every attack, small (about 2 minutes)
    scripts/attack_host --attacks words,full
    scripts/attack_host --attackers-nice 10 # the attackers as if on machines of their own
    scripts/attack_host --attacks ssh_handshakes,ssh_silent,ssh_idle,ssh_keys   # the door

The host's ssh door (issue 24) is open on port 47476 (`SSH_PORT`); the ``ssh_`` attacks
(`tests/support/ssh_attacks.py`) come at it, and the honest players, who play by `tichu
join`, are the ones whose latency is measured.

At a party the attackers are other machines; here they share the host's cores, and on
two cores the host then waits for a core more than it works. ``--attackers-nice N``
lowers this process's priority by N once the host and the honest players have started
(a host restarted later is given its priority back where the system allows it), so
that what the figures measure is the host's own work.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tichu_lan.cli import install_reactor

from .inside_attacks import INSIDE_ATTACKS, INSIDE_FULL, INSIDE_SMALLER
from .ssh_attacks import SSH_ATTACKS, SSH_FULL, SSH_SMALLER

FULL: dict[str, dict[str, Any]] = {
    "unread": {"connections": 48, "sources": 3, "seconds": 30.0},
    "readers": {"connections": 160, "sources": 10, "seconds": 20.0},
    "readers_380": {"connections": 380, "sources": 24, "seconds": 20.0},
    "words": {"attackers": 8, "chats": 9600, "names": 400},
    "full": {"sources": 32, "per_address": 16, "returns": 5, "idle": 6.0},
    "full_busy": {"sources": 32, "per_address": 16, "returns": 5, "idle": 6.0},
    "passwords": {"connections": 48, "sources": 3, "seconds": 20.0},
    "squat": {"tables": 100, "others": 7},
    "share_slow": {"connections": 140, "seconds": 40.0}, "share_body": {"seconds": 20.0},
    "share_flood": {"connections": 32, "seconds": 20.0}, "share_downloads": {"count": 16},
    **INSIDE_FULL, **SSH_FULL}
# --quick: the same attacks, smaller and shorter (a smoke run)
SMALLER = {"unread": {"connections": 12, "seconds": 5.0}, "readers": {"connections": 40,
           "sources": 4, "seconds": 5.0}, "readers_380": {"connections": 80, "sources": 6,
           "seconds": 5.0}, "words": {"attackers": 4, "chats": 400, "names": 40},
           "full": {"sources": 8, "returns": 2}, "full_busy": {"sources": 8, "returns": 2},
           "passwords": {"connections": 12, "seconds": 5.0}, "squat": {"tables": 30,
           "others": 3}, "share_slow": {"connections": 40, "seconds": 12.0},
           "share_body": {"seconds": 5.0}, "share_flood": {"connections": 8, "seconds": 5.0},
           "share_downloads": {"count": 4, "seconds": 5.0}, **INSIDE_SMALLER, **SSH_SMALLER}
SIZES = {"full": FULL, "quick": {name: {**FULL[name], **SMALLER[name]} for name in FULL}}
ORDER = ["smaller", "grace", "unread", "readers", "readers_380", "words", "full", "full_busy",
         "passwords", "journal", "squat", "share_slow", "share_body", "share_flood",
         "share_downloads", *INSIDE_ATTACKS, *SSH_ATTACKS]
SSH_PORT = 47476
BACKGROUND = 99


def rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class HostUnderTest:
    """`tichu server` on 127.0.0.1, its RSS sampled 5 times a second."""

    def __init__(self, data_dir: Path) -> None:
        from .share_attacks import free_port, spool_dir
        self.data_dir = data_dir
        self.port = 0
        self.share_port = free_port()
        self.tmp_dir = spool_dir(data_dir)
        self.process: subprocess.Popen[bytes] | None = None
        self.samples: list[tuple[float, float]] = []      # (time, MiB)
        self.log = open(data_dir / "host.log", "ab")     # noqa: SIM115 (the host's life)

    def start(self, resume: bool = False) -> None:
        """Start the host at priority 0, whatever this process's own priority is."""
        port_file = self.data_dir / f"port-{time.monotonic_ns()}"
        command = [sys.executable, "-m", "tichu_lan.cli", "server", "--bind", "127.0.0.1",
                   "--port", str(self.port), "--port-file", str(port_file), "--data-dir",
                   str(self.data_dir), "--max-tables", str(BACKGROUND + 11),
                   "--share-port", str(self.share_port), "--ssh-port", str(SSH_PORT)]
        self.process = subprocess.Popen(command + (["--resume"] if resume else []),
                                        stdout=self.log, stderr=subprocess.STDOUT,
                                        env=dict(os.environ, TMPDIR=str(self.tmp_dir)))
        if os.getpriority(os.PRIO_PROCESS, 0) > 0:
            try:
                os.setpriority(os.PRIO_PROCESS, self.process.pid, 0)
            except PermissionError:
                print("attack_host: the restarted host keeps this process's lower priority "
                      "(raising it again needs root)", flush=True)
        deadline = time.monotonic() + 30
        while not port_file.exists():         # written whole (os.replace), never half
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the host did not start; see host.log")
            time.sleep(0.05)
        self.port = int(port_file.read_text())

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(30)

    def sample(self) -> None:
        if self.process is not None:
            mib = rss_mib(self.process.pid)
            if mib is not None:
                self.samples.append((time.monotonic(), mib))

    def cpu(self) -> tuple[int, float, float]:
        """The host process, its CPU seconds so far (user and system), and the seconds it has
        waited, ready to run, for a core (/proc/PID/schedstat: a busy machine's share)."""
        if self.process is None:
            return 0, 0.0, 0.0
        pid = self.process.pid
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            waited = int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return pid, float("nan"), float("nan")
        return pid, (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK"), waited

    def rss_between(self, start: float, end: float) -> list[float]:
        return [mib for t, mib in self.samples if start <= t <= end]


# --- the honest players' process ---------------------------------------------------------

def honest_main(port: int) -> None:
    """Sit four people at a table and report every half second on stdout; 'drop' on stdin
    cuts the first one's connection (it comes back by itself)."""
    install_reactor()
    from twisted.internet import defer, reactor, stdio, task
    from twisted.protocols.basic import LineReceiver

    from .attack_kit import HonestTable
    from .typed_host import said
    from tichu_lan.host_messages import ConnectionNotice, Heard

    table = HonestTable()
    restored = {"count": 0}

    def report() -> None:
        chats = [m for p in table.players for m in p.chats]
        notices = [m for p in table.players for m in p.notices]
        out = {"latencies": table.take_latencies(), "lost": table.lost, "table": table.table,
               "notices": len(notices),
               "last_notice": notices[-1].to_dict() if notices else None,
               "chats_shown": len(chats), "restored": restored["count"],
               "longest_chat": max((len(m.text) for m in chats), default=0),
               "longest_name": max((len(m.name) for m in chats), default=0)}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()

    class Commands(LineReceiver):
        delimiter = b"\n"

        def lineReceived(self, line: bytes) -> None:
            if line.strip() == b"drop":
                client = table.clients[0]
                def back(message: Heard) -> None:
                    restored["count"] += client.seating is not None
                client.wait_for(said(ConnectionNotice, state="restored"), 20).addCallbacks(
                    back, lambda f: None)
                client.drop()

    async def begin() -> None:
        await table.sit(port)
        task.LoopingCall(report).start(0.5)

    stdio.StandardIO(Commands())
    reactor.callWhenRunning(lambda: defer.ensureDeferred(begin()))
    reactor.run()


class HonestProcess:
    def __init__(self, port: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.attack_report", "--honest", str(port)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.latest: dict[str, Any] = {}
        self.latencies: list[float] = []
        os.set_blocking(self.process.stdout.fileno(), False)
        self.partial = b""

    def poll(self) -> None:
        try:
            data = self.process.stdout.read() or b""
        except BlockingIOError:
            data = b""
        self.partial += data
        *lines, self.partial = self.partial.split(b"\n")
        for line in lines:
            report = json.loads(line)
            self.latencies += report.pop("latencies")
            self.latest = report

    def drop(self) -> None:
        self.process.stdin.write(b"drop\n")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


# --- the arena: what an attack may do --------------------------------------------------------

class ProcessArena:
    def __init__(self, host: HostUnderTest, honest: HonestProcess) -> None:
        self.host, self.honest_process = host, honest
        self.port = host.port
        self.share_port, self.tmp_dir = host.share_port, host.tmp_dir
        self.ssh_port = SSH_PORT
        self.honest_table = -1

    @property
    def host_pid(self) -> int:
        return self.host.process.pid if self.host.process is not None else 0

    async def honest(self) -> dict[str, Any]:
        self.honest_process.poll()
        return dict(self.honest_process.latest)

    async def drop_honest(self) -> bool:
        from .live_host import pause
        before = (await self.honest()).get("restored", 0)
        self.honest_process.drop()
        for _ in range(200):
            await pause(0.1)
            if (await self.honest()).get("restored", 0) > before:
                return True
        return False

    async def restart(self, damage: Any = None) -> None:
        from tichu_lan.records.journal import read_journal
        self.host.stop()
        if damage is not None:
            for path in (self.host.data_dir / "journals").glob("*.journal"):
                if read_journal(path).records[0].get("id") == self.honest_table:
                    damage(path)
        self.host.start(resume=True)


# --- running the attacks -----------------------------------------------------------------

async def background_tables(port: int, count: int) -> int:
    """``count`` classic tables of bots, each opened from an address of its own group and
    left at once (a stand-in plays the opener's seat: grace 0)."""
    from .attack_kit import addresses, answer, hostile
    opened = 0
    for n, source in enumerate(addresses(20, count)):
        conn = await hostile(port, source, keep=True)
        conn.hello(name=f"background{n}")
        conn.send({"type": "create_table", "id": 2, "name": f"bots {n}", "variant": "classic",
                   "target": 100_000, "grace": 0.0})
        for seat in (1, 2, 3):
            conn.send({"type": "add_bot", "id": 2 + seat, "seat": seat})
        conn.send({"type": "start", "id": 6})
        got = await answer(conn, 6)
        opened += got is not None and got["type"] == "ok"
        conn.close()
    return opened


async def run_one(name: str, arena: ProcessArena, host: HostUnderTest, honest: HonestProcess,
                  sizes: dict[str, Any], settle: float) -> dict[str, Any]:
    from .attack_kit import newcomer, percentile
    from .live_host import pause
    from .attacks import ATTACKS
    from twisted.internet import defer
    await pause(settle)
    honest.poll()
    began = time.monotonic()
    cpu_before = host.cpu()
    before = host.rss_between(began - 3, began)
    honest.latencies.clear()
    lost_before = (await arena.honest()).get("lost", 0)
    attacks = {**ATTACKS, **INSIDE_ATTACKS, **SSH_ATTACKS}
    attack = attacks["readers" if name == "readers_380" else name]
    run = defer.ensureDeferred(attack(arena, **sizes.get(name, {})))

    async def probe() -> dict[str, Any]:
        await pause(2.0)
        return await newcomer(arena.port, f"Newcomer {name}")

    probed = defer.ensureDeferred(probe())
    facts = await run
    came = await probed
    ended = time.monotonic()
    cpu_after = host.cpu()
    honest.poll()
    during = list(honest.latencies)
    await pause(settle * 2)
    settled = host.rss_between(time.monotonic() - 3, time.monotonic())
    lost = (await arena.honest()).get("lost", 0) - lost_before
    return {"attack": name, "seconds": round(ended - began, 1),
            "rss_before": statistics.median(before) if before else float("nan"),
            "rss_peak": max(host.rss_between(began, ended) or [float("nan")]),
            "rss_settled": statistics.median(settled) if settled else float("nan"),
            "p99_ms": percentile(during, 99) * 1000, "moves": len(during),
            "newcomer": came, "honest_lost": lost, "load": os.getloadavg()[0],
            "host_cpu": host_share(cpu_before, cpu_after, ended - began, 1),
            "host_waited": host_share(cpu_before, cpu_after, ended - began, 2), "facts": facts}


def host_share(before: tuple[int, float, float], after: tuple[int, float, float],
               seconds: float, which: int) -> float:
    """Of the host's `HostUnderTest.cpu` figure ``which``, its share of ``seconds`` (of one
    core); NaN if the host was restarted."""
    if before[0] != after[0] or seconds <= 0:
        return float("nan")
    return (after[which] - before[which]) / seconds


def row(r: dict[str, Any]) -> str:
    came = r["newcomer"]
    ok = "yes" if came.get("seated") else f"no ({came.get('refused', '?')})"
    return (f"{r['attack']:<12} {r['rss_before']:7.1f} {r['rss_peak']:7.1f} "
            f"{r['rss_settled']:7.1f} {r['p99_ms']:8.1f} {r['moves']:6d}  {ok:<10} "
            f"{r['honest_lost']:5d} {r['load']:5.2f} {r['host_cpu']:5.2f} {r['host_waited']:6.2f}")


async def main_attacks(args: argparse.Namespace) -> int:
    from twisted.internet import task
    from .live_host import pause
    data_dir = Path(args.run_dir or tempfile.mkdtemp(prefix="attack-host-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    host = HostUnderTest(data_dir)
    host.start()
    sampler = task.LoopingCall(host.sample)
    sampler.start(0.2)
    honest = HonestProcess(host.port)
    if args.attackers_nice:
        os.nice(args.attackers_nice)
    arena = ProcessArena(host, honest)
    results = []
    try:
        opened = await background_tables(host.port, BACKGROUND)
        for _ in range(100):
            await pause(0.1)
            if (await arena.honest()).get("table"):
                break
        arena.honest_table = (await arena.honest())["table"]
        print(f"attack_host: {opened} tables of bots and 1 honest table of 4 at "
              f"127.0.0.1:{host.port}; {args.size} size; attackers at nice "
              f"{os.getpriority(os.PRIO_PROCESS, 0)}; data in {data_dir}", flush=True)
        print(f"{'attack':<12} {'RSS before':>7} {'peak':>7} {'settled':>7} {'p99 ms':>8} "
              f"{'moves':>6}  {'newcomer':<10} {'lost':>5} {'load':>5} {'cpu':>5} {'waited':>6}  "
              "(MiB; cpu: the host's share of a core during the attack; waited: the share of "
              "the attack's time it waited, ready to run, for a core)", flush=True)
        for name in args.attacks:
            result = await run_one(name, arena, host, honest, SIZES[args.size], args.settle)
            results.append(result)
            print(row(result), flush=True)
            print("    " + json.dumps(result["facts"], default=str, ensure_ascii=True)[:400],
                  flush=True)
    finally:
        sampler.stop()
        honest.stop()
        host.stop()
    (data_dir / "attacks.json").write_text(json.dumps(results, default=str, indent=1))
    print(f"everything is in {data_dir}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/attack_host", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", dest="size", action="store_const", const="quick",
                        default="full", help="every attack small (for a smoke run)")
    parser.add_argument("--attacks", type=lambda s: s.split(","), default=ORDER,
                        help=f"which, in order (default: {','.join(ORDER)})")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds of quiet before each attack (twice that after it)")
    parser.add_argument("--run-dir", type=Path, default=None)
    parser.add_argument("--attackers-nice", type=int, default=0, metavar="N",
                        choices=range(20), help="lower the attackers' priority by N (0-19)")
    parser.add_argument("--honest", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.honest is not None:
        honest_main(args.honest)
        return 0
    unknown = [a for a in args.attacks if a not in ORDER]
    if unknown:
        parser.error(f"no such attack: {', '.join(unknown)}")
    install_reactor()
    from twisted.internet import defer, reactor
    status: list[int] = []

    def done(result: Any) -> None:
        status.append(result if isinstance(result, int) else 1)
        reactor.stop()

    d = defer.ensureDeferred(main_attacks(args))
    d.addErrback(lambda f: (f.printTraceback(), 1)[1]).addBoth(done)
    reactor.run()
    return status[0] if status else 1


if __name__ == "__main__":
    sys.exit(main())
