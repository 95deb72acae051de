"""A real host on 127.0.0.1 with quick bots, and the real Application on a pipe."""

from functools import partial

import pytest
import pytest_twisted
from prompt_toolkit.input import create_pipe_input
from twisted.internet import defer

from tests.support.host_fixtures import data_dir, hosts  # noqa: F401 (fixtures)
from tests.tui.calm_bots import CalmBot
from tests.tui.harness import Driver


@pytest.fixture(autouse=True)
def calm_level(bot_levels):
    """The "calm" bot level, for the hosts of these tests."""
    bot_levels(calm=CalmBot)


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch):
    """Never read or write the person's real settings."""
    monkeypatch.setenv("TICHU_LAN_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def start(hosts):  # noqa: F811 (the fixture imported above)
    """start(**config) -> a host with calm instant bots; every host is stopped after the test."""
    return partial(hosts, bot_level="calm", inline_levels=frozenset({"calm", "random"}))


@pytest.fixture(autouse=True)
def screens_stopped():
    """A test that fails half-way leaves its screens running on the reactor: stop them, so
    that one failure does not take the tests after it down too."""
    yield
    for driver in list(Driver.live):
        pytest_twisted.blockon(defer.ensureDeferred(driver.stop()))


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


@pytest.fixture
def other_pipe():
    """A second keyboard, for a second person's screen in the same test."""
    with create_pipe_input() as pipe_input:
        yield pipe_input
