"""Real hosts on 127.0.0.1 for the tests that ask for them, stopped when the test ends.

`host` is a host with the test defaults (instant bots, `FAST_LIMITS`); `hosts` starts
hosts with the options a test needs (both from tests/support/host_fixtures.py) and
`processes` runs `tichu server` as child processes; each stops what it started, however
the test ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.host_fixtures import data_dir, host, hosts  # noqa: F401 (fixtures)
from tests.support.live_host import HostProcess


class Processes:
    """Runs `tichu server` as child processes (`HostProcess`) on a data directory."""

    def __init__(self, directory: Path) -> None:
        self.data_dir = directory
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
