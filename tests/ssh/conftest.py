"""A host in this process with its ssh door on 127.0.0.1, for the door's tests."""

from __future__ import annotations

import dataclasses

import pytest
import pytest_twisted
from twisted.logger import formatEvent, globalLogPublisher

from tests.support.live_host import start_host
from tests.support.netns import loopback_netns  # noqa: F401 (fixture)
from tichu_lan.ssh.door import Door, start_door
from tichu_lan.ssh.gate import DoorLimits


class Doors:
    def __init__(self, data_dir) -> None:
        self.data_dir = data_dir
        self.opened: list[tuple[object, Door]] = []

    def __call__(self, host_limits: dict | None = None, **limits) -> Door:
        """A door beside a new host; ``limits``: `DoorLimits` fields to change. It lets
        guests in once ``door.serving`` has fired (a test awaits it)."""
        from twisted.internet import reactor
        host = start_host(self.data_dir, limits=host_limits or {})
        door = start_door(host, reactor, self.data_dir, "127.0.0.1", 0,
                          dataclasses.replace(DoorLimits(), **limits))
        self.opened.append((host, door))
        return door

    def close(self) -> None:
        for host, door in self.opened:
            pytest_twisted.blockon(door.close())
            pytest_twisted.blockon(host.stop())


@pytest.fixture
def doors(tmp_path):
    opened = Doors(tmp_path / "data")
    yield opened
    opened.close()


@pytest.fixture
def door(doors):
    opened = doors()
    pytest_twisted.blockon(opened.serving)
    return opened


@pytest.fixture
def logged():
    """The log's events while the test runs, as text (``.failures``: those with a traceback,
    which a guest must never cause)."""
    class Lines(list):
        failures: list = []
    lines = Lines()
    lines.failures = []

    def observe(event):
        lines.append(formatEvent(event))
        if event.get("log_failure") is not None:
            lines.failures.append(event)
    globalLogPublisher.addObserver(observe)
    yield lines
    globalLogPublisher.removeObserver(observe)
