"""Start a real host on 127.0.0.1, in this process or as a subprocess, and connect clients to it."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from twisted.internet import defer, task

from tichu_lan.client import TichuClient
from tichu_lan.server import INSTANT, Host, HostConfig, Limits

from .stepped_time import SteppedReactor

LOOPBACK = "127.0.0.1"
# The reactor is imported inside functions: pytest-twisted installs the asyncio
# reactor after conftest files are imported, and importing it earlier would
# install the default one.


# Clients that play by themselves move far faster than people; the host's rate
# limit (meant for people) would slow whole games down, so tests raise it unless
# they test it.
FAST_LIMITS = Limits(rate=1000.0, burst=1000)


def host_config(data_dir: Path, **overrides: Any) -> HostConfig:
    """A config for tests: loopback, a free port, instant bots on the reactor, `FAST_LIMITS`."""
    settings: dict[str, Any] = {
        "bind": LOOPBACK, "port": 0, "data_dir": Path(data_dir), "name": "test host",
        "pacing": INSTANT, "bot_workers": 0, "bot_level": "random", "grace": 60.0,
        "limits": FAST_LIMITS}
    settings.update(overrides)
    return HostConfig(**settings)


def start_host(data_dir: Path, resume: bool = False, *, stepped: bool = False,
               **overrides: Any) -> Host:
    """A listening host in this process (``host.port`` is its port); stop it with ``host.stop()``.

    ``limits`` may be given as a dict of `Limits` fields (the others as in `FAST_LIMITS`).
    ``stepped``: the host's timers run on a clock the test moves with ``host.reactor.advance``
    (`SteppedReactor`), its network on the real reactor."""
    if isinstance(overrides.get("limits"), dict):
        overrides["limits"] = dataclasses.replace(FAST_LIMITS, **overrides["limits"])
    from twisted.internet import reactor
    host = Host(host_config(data_dir, **overrides),
                SteppedReactor(reactor) if stepped else reactor)
    if resume:
        host.resume()
    host.listen()
    return host


def connect(port: int, name: str = "player", **kwargs: Any) -> defer.Deferred[TichuClient]:
    """A `TichuClient` connected to 127.0.0.1:``port`` and welcomed."""
    client = TichuClient(LOOPBACK, port, name, **kwargs)
    return client.connect().addCallback(lambda _: client)


@defer.inlineCallbacks
def seat_clients(port: int, count: int, variant: str = "classic", target: int = 1000,
                 start: bool = True, **table_options: Any):
    """``count`` connected clients at one new table, in seats 0..count-1 (bots in the others),
    the game started unless ``start`` is false. Fires with the list of clients."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    first = yield connect(port, names[0])
    seating = yield first.create_table("test table", variant, target, **table_options)
    clients = [first]
    for index in range(1, count):
        client = yield connect(port, names[index])
        yield client.join(seating.table, seat=index)
        clients.append(client)
    seats = 2 if variant == "duel" else 4
    for index in range(count, seats):
        yield first.add_bot(index)
    if start:
        yield first.start()
        yield defer.gatherResults([wait_until(lambda c=c: c.view is not None) for c in clients])
    return clients


def pause(seconds: float) -> defer.Deferred[None]:
    """Fires after ``seconds`` of real time: for pacing what a test does (a rate, a person's
    think time), never before asserting that something did not happen."""
    from twisted.internet import reactor
    return task.deferLater(reactor, seconds, lambda: None)


def wait_until(condition, timeout: float = 10.0, interval: float = 0.01) -> defer.Deferred[None]:
    """Poll ``condition`` on the reactor until it is true; fails with TimeoutError after
    ``timeout``."""
    from twisted.internet import reactor
    deadline = time.monotonic() + timeout

    def poll():
        if condition():
            return None
        if time.monotonic() > deadline:
            raise TimeoutError(f"condition not met within {timeout} s: {condition}")
        return task.deferLater(reactor, interval, poll)

    return defer.maybeDeferred(poll)


class HostProcess:
    """`tichu server` as a child process on 127.0.0.1, for tests that kill the host.

    The port is read from ``--port-file``; pass ``port`` to restart on the same one."""

    def __init__(self, data_dir: Path, port: int = 0, resume: bool = False,
                 args: tuple[str, ...] = ("--bot-delay", "0", "--bot-workers", "0"),
                 preexec=None) -> None:
        """``preexec`` runs in the child before it starts (e.g. to set resource limits)."""
        self.data_dir = Path(data_dir)
        self.port_file = self.data_dir / f"port-{time.monotonic_ns()}"
        self.log_path = self.data_dir / "host.log"
        command = [sys.executable, "-m", "tichu_lan.cli", "server", "--bind", LOOPBACK,
                   "--port", str(port), "--data-dir", str(self.data_dir),
                   "--port-file", str(self.port_file), *args]
        if resume:
            command.append("--resume")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # open for the child's whole life: stop() closes it
        self.log = open(self.log_path, "ab")  # noqa: SIM115
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT,
                                        preexec_fn=preexec)
        self.port = port

    def started(self, timeout: float = 15.0) -> defer.Deferred[int]:
        """Fires with the port once the host listens; fails if it exits first."""
        def ready():
            if self.process.poll() is not None:
                raise RuntimeError(f"the host exited with {self.process.returncode}:\n"
                                   f"{self.output()}")
            return self.port_file.exists()

        def read_port(_):
            self.port = int(self.port_file.read_text())
            return self.port

        return wait_until(ready, timeout, 0.05).addCallback(read_port)

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as in a crash."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.terminate()
        code = self.process.wait(10)
        self.log.close()
        return code

    def output(self) -> str:
        """What the host has logged so far (it writes to the file directly)."""
        return self.log_path.read_text(errors="replace")
