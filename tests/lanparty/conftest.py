"""The LAN party needs network namespaces (root, `ip netns`); without them its tests skip."""

import pytest

from tests.support.netns import unavailable_reason


@pytest.fixture
def namespaces():
    reason = unavailable_reason()
    if reason:
        pytest.skip(reason)
