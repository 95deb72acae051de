"""The real hosts of tests/server, for the client tests that read what a real host says."""

from tests.server.conftest import data_dir, host, hosts  # noqa: F401  (pytest's fixtures)
