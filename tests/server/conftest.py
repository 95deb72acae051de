"""A real host on 127.0.0.1 for each test that asks for one."""

import pytest
import pytest_twisted

from tests.support.live_host import start_host


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def host(data_dir):
    """A host in this process with instant bots; stopped after the test."""
    running = start_host(data_dir)
    yield running
    pytest_twisted.blockon(running.stop())


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
