"""Fixtures every test package may use."""

from contextlib import ExitStack

import pytest

# tichu_lan first, as the program's entry points import it: it takes pyOpenSSL (a test
# dependency) as absent unless service_identity is there too, which must happen before any
# test module imports Twisted's endpoints.
import tichu_lan  # noqa: F401
from engine.bots import extra_levels


@pytest.fixture
def bot_levels():
    """``bot_levels(name=factory, ...)``: bot levels of the test's own, known to `make_bot`
    and to a host in this process until the test ends, then gone again."""
    with ExitStack() as stack:
        yield lambda **factories: stack.enter_context(extra_levels(factories))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """A session whose reactor stopped early (a test cut off by its timeout) never runs the
    reactor's shutdown, and the reactor's thread pool would keep the process from exiting."""
    from twisted.internet import reactor
    pool = getattr(reactor, "threadpool", None)
    if pool is not None and pool.started:
        pool.stop()
