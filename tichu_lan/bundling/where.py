"""Where guests get the bundle: the host's share port and the addresses on it.

A host answers plain HTTP beside its game port (`tichu_lan.server.share`): ``/`` is a page
of copy-and-paste commands, ``/tichu-lan-VERSION.pyz`` the bundle. The host's join hint,
its DNS-SD record (``share=PORT``) and a client that meets another version all point
there.
"""

from __future__ import annotations

from .. import __version__
from ..protocol import DEFAULT_PORT

DEFAULT_SHARE_PORT = DEFAULT_PORT + 1


def bundle_name(version: str = __version__) -> str:
    """The bundle's file name, which is also its path on the share port."""
    return f"tichu-lan-{version}.pyz"


def page_url(address: str, port: int) -> str:
    """The page with the commands, on ``address`` (an IPv6 address gets its brackets)."""
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/"


def bundle_url(address: str, port: int, version: str = __version__) -> str:
    return page_url(address, port) + bundle_name(version)
