"""Processes on a private test LAN: announcing hosts, `tichu find`, and reading their output.

Shared by the LAN tests and scripts/bench_discovery.py. Every process here is
started through a `Namespace` (tests/support/netns.py), never on the machine's
own network.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.support.netns import Namespace

ROOT = Path(__file__).resolve().parents[2]
TICHU = [sys.executable, "-m", "tichu_lan.cli"]


def start_host(ns: Namespace, name: str, *, port: int = 4711, tables: int = 1,
               open_seats: int = 3, rules: str = "classic",
               announce_on: str | None = None) -> subprocess.Popen:
    """Start an announcing host in ``ns``; its stdout gives JSON events (see announce_host).

    This is the announcing stand-in, which answers nothing on its port;
    test_lan_play.py starts the real `tichu server` instead.
    """
    argv = [sys.executable, "-m", "tests.discovery.announce_host", "--name", name, "--port",
            str(port), "--tables", str(tables), "--open-seats", str(open_seats), "--rules", rules]
    if announce_on:
        argv += ["--announce-on", announce_on]
    return ns.popen(argv,
                    cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                    env=_env())


def tichu(ns: Namespace, *args: str, **kwargs) -> subprocess.Popen:
    """Start ``tichu ARGS`` in ``ns`` with stdout piped."""
    return ns.popen([*TICHU, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    text=True, env=_env(), **kwargs)


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1")


class Events:
    """The JSON lines a process prints, read on a thread so waits can have a deadline."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.process = process
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in iter(self.process.stdout.readline, ""):
            self._lines.put(line)
        self._lines.put(None)

    def wait(self, wanted: Callable[[dict], bool], timeout: float = 15.0) -> dict:
        """The next event satisfying ``wanted`` (others are skipped).

        ``timeout`` only stops a broken run from hanging; it is not a measurement."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"no matching line from {self.process.args!r} "
                                   f"in {timeout} s") from None
            if line is None:
                raise EOFError(f"{self.process.args!r} ended (status {self.process.wait()}) "
                               "before a matching line")
            event = json.loads(line)
            if wanted(event):
                return event


def is_event(name: str, **fields: object) -> Callable[[dict], bool]:
    """Predicate for `wait_event`: this event with these fields (``host.name`` style keys
    look inside ``host``)."""
    def check(event: dict) -> bool:
        if event.get("event") != name:
            return False
        for key, value in fields.items():
            scope, _, inner = key.partition("__")
            got = event.get(scope, {}).get(inner) if inner else event.get(scope)
            if got != value:
                return False
        return True
    return check


def join_target(entry: dict) -> tuple[str, int]:
    """Where a player connects for a host listed by `tichu find --json`."""
    return entry["address"], entry["port"]


def found_besides_a_known_host(listener: Namespace, beside: Namespace) -> list[dict]:
    """What `tichu find --json --timeout 1` in ``listener`` lists, but for a stand-in host
    announced from ``beside`` for the purpose, which it must list too: an empty answer then
    means that nothing else answered, not that the listener heard nothing in its second."""
    known = start_host(beside, "Known", port=4799)
    try:
        Events(known).wait(is_event("announced"))
        out, err = tichu(listener, "find", "--json", "--timeout", "1").communicate(timeout=30)
    finally:
        known.terminate()
        known.wait(timeout=10)
    entries = json.loads(out)["hosts"]
    assert "Known" in [e["name"] for e in entries], (out, err)
    return [e for e in entries if e["name"] != "Known"]
