"""The party's host machine: `tichu server` with its data on a disk of its own.

`Disk` is a tmpfs in a private mount namespace (so that a fault can fill it without
touching the machine's disks); `PartyHost` runs the host on the LAN's first machine,
kills it, resumes it, and reads its CPU time and memory from /proc.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .netns import Namespace

if TYPE_CHECKING:
    from .party import PartyConfig

ROOT = Path(__file__).resolve().parents[2]
HOST_NAME = "party host"
PORT = 47474


# --- the host's disk: a tmpfs in a mount namespace of its own ----------------------------

class Disk:
    """A tmpfs of ``size_mb`` at ``path`` that only processes started through it see.

    A holder process keeps the private mount namespace alive across host restarts; its
    /proc/PID/root lets this process read the journals and fill the disk."""

    def __init__(self, path: Path, size_mb: int) -> None:
        path.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.holder = subprocess.Popen(["unshare", "--mount", "--propagation", "private",
                                        "sleep", "infinity"])
        deadline = time.monotonic() + 5
        while os.readlink(f"/proc/{self.holder.pid}/ns/mnt") == os.readlink("/proc/self/ns/mnt"):
            if time.monotonic() > deadline:
                raise RuntimeError("unshare did not make a mount namespace")
            time.sleep(0.01)
        subprocess.run(self.enter(["mount", "-t", "tmpfs", "-o", f"size={size_mb}m", "tmpfs",
                                   str(path)]), check=True)

    def enter(self, argv: list[str]) -> list[str]:
        return ["nsenter", "-t", str(self.holder.pid), "-m", f"--wd={ROOT}", *argv]

    @property
    def inside(self) -> Path:
        """The tmpfs as this process reaches it."""
        return Path(f"/proc/{self.holder.pid}/root") / str(self.path).lstrip("/")

    def fill(self) -> int:
        """Take every free byte (as another program filling the disk would); returns them."""
        filler = self.inside / "filler"
        written = 0
        block = b"\0" * (1 << 16)
        with open(filler, "wb", buffering=0) as f:
            try:
                while True:
                    written += f.write(block)
            except OSError:
                pass
            small = b"\0" * 512
            try:
                while True:
                    written += f.write(small)
            except OSError:
                pass
        return written

    def free(self) -> None:
        (self.inside / "filler").unlink(missing_ok=True)

    def copy_out(self, target: Path) -> None:
        shutil.copytree(self.inside, target, dirs_exist_ok=True)

    def close(self) -> None:
        self.holder.kill()
        self.holder.wait()


# --- the host ------------------------------------------------------------------------------

class PartyHost:
    """`tichu server` on the host machine, with its data on the `Disk`; killable, resumable."""

    def __init__(self, ns: Namespace, disk: Disk, config: PartyConfig, run_dir: Path) -> None:
        self.ns, self.disk, self.config, self.run_dir = ns, disk, config, run_dir
        self.lives = 0
        self.process: subprocess.Popen | None = None
        self.cpu_done = 0.0                 # CPU seconds of host lives that have ended
        self.cpu_now = 0.0
        self.peak_kb = 0
        self.memory: list[tuple[float, int]] = []

    @property
    def metrics_path(self) -> Path:
        return self.run_dir / "host-metrics.jsonl"

    def engine_caches(self) -> dict[str, list[int]]:
        """How full the host's engine caches were at its last metrics line."""
        if not self.metrics_path.exists():
            return {}
        lines = [line for line in self.metrics_path.read_text().splitlines() if line.strip()]
        return json.loads(lines[-1]).get("engine_caches", {}) if lines else {}

    def latencies(self) -> list[float]:
        """The host's own move latencies (seconds), every life together."""
        if not self.metrics_path.exists():
            return []
        lines = self.metrics_path.read_text().splitlines()
        return [x for line in lines if line.strip() for x in json.loads(line)["latencies"]]

    @property
    def log_path(self) -> Path:
        return self.run_dir / f"host-{self.lives}.log"

    def start(self, resume: bool = False) -> None:
        self.lives += 1
        port_file = self.run_dir / f"port-{self.lives}"
        argv = [sys.executable, "-m", "tests.support.metered_host", "server", "--name", HOST_NAME,
                "--port", str(PORT), "--data-dir", str(self.disk.path), "--port-file",
                str(port_file), "--idle-timeout", str(self.config.idle_timeout),
                "--grace", str(self.config.grace), "--bot-level", "random"]
        if resume:
            argv.append("--resume")
        with open(self.log_path, "wb") as log:  # the host writes to its own copy
            self.process = self.ns.popen(
                self.disk.enter(argv), stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, cwd=ROOT,
                env=dict(os.environ, PYTHONUNBUFFERED="1",
                         TICHU_METRICS_FILE=str(self.metrics_path)))
        self.cpu_now = 0.0
        deadline = time.monotonic() + self.config.timeout
        while not port_file.exists():
            if self.process.poll() is not None:
                raise RuntimeError(f"the host exited with {self.process.returncode}: "
                                   f"{self.log_path.read_text(errors='replace')[-2000:]}")
            if time.monotonic() > deadline:
                raise TimeoutError("the host did not start listening")
            time.sleep(0.05)

    def sample(self) -> None:
        """Read the host's CPU time and memory from /proc (the host process is the popen'd
        one: `ip netns exec` and `nsenter -m` both exec their command)."""
        if self.process is None or self.process.poll() is not None:
            return
        pid = self.process.pid
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return
        tick = os.sysconf("SC_CLK_TCK")
        self.cpu_now = (int(stat[11]) + int(stat[12])) / tick
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        rss = int(fields["VmRSS"].split()[0])
        self.peak_kb = max(self.peak_kb, int(fields["VmHWM"].split()[0]))
        now = time.monotonic()
        self.memory.append((now, rss))
        with open(self.rss_path, "a") as log:    # kept as it goes, so a cut run keeps them too
            log.write(f"{now:.2f} {self.lives} {rss}\n")

    @property
    def rss_path(self) -> Path:
        """Every VmRSS sample: monotonic seconds, host life, kB."""
        return self.run_dir / "host-rss.txt"

    @property
    def cpu(self) -> float:
        return self.cpu_done + self.cpu_now

    def kill(self) -> None:
        self.sample()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.cpu_done += self.cpu_now
        self.cpu_now = 0.0
        self.memory.append((time.monotonic(), 0))    # marks a new life in the samples

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.sample()
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.cpu_done += self.cpu_now
        self.cpu_now = 0.0

    def log_text(self, life: int | None = None) -> str:
        path = self.run_dir / f"host-{life or self.lives}.log"
        return path.read_text(errors="replace") if path.exists() else ""
