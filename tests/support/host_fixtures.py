"""Hosts on 127.0.0.1 in the test's process, stopped when the test ends, however it ended.

`hosts(**overrides)` starts a host with the options a test needs (those of `start_host`:
instant bots and `FAST_LIMITS` unless it says otherwise; ``stepped=True`` for timers on a
clock the test moves), on the test's ``data_dir``; `hosts.stop(host)` stops one early, to
start another on the same journals. `host` is a host with the defaults. A package's
conftest imports the fixtures it offers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import pytest_twisted
from twisted.internet import defer

from tichu_lan.server import Host

from .live_host import start_host


class Hosts:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.running: list[Host] = []

    def __call__(self, resume: bool = False, **overrides: Any) -> Host:
        """A listening host; ``overrides`` as `start_host` takes them."""
        host = start_host(self.data_dir, resume, **overrides)
        self.running.append(host)
        return host

    def stop(self, host: Host) -> defer.Deferred[Any]:
        self.running.remove(host)
        return host.stop()

    def stop_all(self) -> defer.Deferred[Any]:
        running, self.running = self.running, []
        return defer.gatherResults([host.stop() for host in running])


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def hosts(data_dir):
    started = Hosts(data_dir)
    yield started
    pytest_twisted.blockon(started.stop_all())


@pytest.fixture
def host(hosts):
    """A host in this process with instant bots; stopped after the test."""
    return hosts()
