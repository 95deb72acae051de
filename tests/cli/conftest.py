from tests.support.netns import loopback_netns  # noqa: F401 (fixture)
