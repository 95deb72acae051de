"""Fixtures every test package may use."""

from contextlib import ExitStack

import pytest

from engine.bots import extra_levels


@pytest.fixture
def bot_levels():
    """``bot_levels(name=factory, ...)``: bot levels of the test's own, known to `make_bot`
    and to a host in this process until the test ends, then gone again."""
    with ExitStack() as stack:
        yield lambda **factories: stack.enter_context(extra_levels(factories))
