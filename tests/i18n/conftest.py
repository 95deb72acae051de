"""Each test starts and ends in English, whatever language it spoke."""

import pytest

from tichu_lan import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use_language("en")


@pytest.fixture
def speaking():
    """``speaking(code)`` switches the process's language (undone after the test)."""
    return i18n.use_language
