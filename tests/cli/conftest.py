import os

import pytest

from tests.support.netns import loopback_netns  # noqa: F401 (fixture)


@pytest.fixture
def env(tmp_path):
    """The environment of a command on a pty: an xterm, and settings of the test's own."""
    return dict(os.environ, TERM="xterm-256color", TICHU_LAN_CONFIG_DIR=str(tmp_path / "config"))
