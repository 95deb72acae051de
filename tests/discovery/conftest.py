from tests.support.netns import loopback_netns, private_lan_factory  # noqa: F401 (fixtures)
