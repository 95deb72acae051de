"""Real hosts on 127.0.0.1 for the tests that ask for them, stopped when the test ends.

`host` is a host with the test defaults (instant bots, `FAST_LIMITS`); `hosts` starts
hosts with the options a test needs (those of `start_host`) and `processes` runs
`tichu server` as child processes; each stops what it started, however the test ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import pytest_twisted
from twisted.internet import defer

from tests.support.live_host import HostProcess, start_host
from tichu_lan.server import Host


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


class Hosts:
    """Starts hosts in this process on ``data_dir``; ``stop`` stops one before the test ends
    (to start another on the same journals), the fixture stops the rest."""

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
def hosts(data_dir):
    started = Hosts(data_dir)
    yield started
    pytest_twisted.blockon(started.stop_all())


@pytest.fixture
def host(hosts):
    """A host in this process with instant bots; stopped after the test."""
    return hosts()


class Processes:
    """Runs `tichu server` as child processes (`HostProcess`) on a data directory."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.started: list[HostProcess] = []

    def __call__(self, **options: Any) -> HostProcess:
        """A child host; ``options`` as `HostProcess` takes them (wait for ``started()``)."""
        process = HostProcess(self.data_dir, **options)
        self.started.append(process)
        return process

    def stop_all(self) -> None:
        for process in self.started:
            process.stop()


@pytest.fixture
def processes(tmp_path):
    started = Processes(tmp_path)
    yield started
    started.stop_all()


@pytest.fixture
def host_log():
    """Every twisted.logger event during the test, as text."""
    from twisted.logger import formatEvent, globalLogPublisher
    events = []

    def observe(event):
        events.append(formatEvent(event))

    globalLogPublisher.addObserver(observe)
    yield events
    globalLogPublisher.removeObserver(observe)
