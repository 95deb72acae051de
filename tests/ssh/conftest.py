"""A host in this process with its ssh door on 127.0.0.1, for the door's tests."""

from __future__ import annotations

import dataclasses

import pytest
import pytest_twisted

from tests.support.live_host import start_host
from tichu_lan.ssh.door import Door, start_door
from tichu_lan.ssh.gate import DoorLimits


class Doors:
    def __init__(self, data_dir) -> None:
        self.data_dir = data_dir
        self.opened: list[tuple[object, Door]] = []

    def __call__(self, host_limits: dict | None = None, **limits) -> Door:
        """A door beside a new host; ``limits``: `DoorLimits` fields to change."""
        from twisted.internet import reactor
        host = start_host(self.data_dir, limits=host_limits or {})
        door = start_door(host, reactor, self.data_dir, "127.0.0.1", 0,
                          dataclasses.replace(DoorLimits(), **limits))
        self.opened.append((host, door))
        pytest_twisted.blockon(door.serving)
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
    return doors()
