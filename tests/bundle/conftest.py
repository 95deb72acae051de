"""A bundle built once for the tests that need one, and a bare Python to run it with."""

from __future__ import annotations

import sys

import pytest

from tests.support.netns import private_lan_factory  # noqa: F401 (fixture)
from tichu_lan.bundling.contents import collect
from tichu_lan.bundling.pyz import Built, write_bundle
from tichu_lan.bundling.where import bundle_name

# The Python this venv was made from, without any site-packages, user site or environment:
# nothing of the project's installation can be imported by it (nor by the processes it
# starts), only the standard library.
BARE = (getattr(sys, "_base_executable", sys.executable), "-I", "-S")


@pytest.fixture(scope="session")
def bundle(tmp_path_factory) -> Built:
    return write_bundle(collect(), tmp_path_factory.mktemp("bundle") / bundle_name())
