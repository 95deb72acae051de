"""Finding games on the LAN: DNS-SD (`_tichu._tcp.local.`) over multicast DNS.

A host runs an `Announcer` with a `HostSummary` of its lobby and calls
``update`` when seats fill or tables open; players run a `Browser` (or
``browse(timeout)``, as `tichu find` does) and get `FoundHost` entries with
address, port, summary, and the reason when a host cannot be joined.
Everything is asyncio-native on the shared loop; see docs/DISCOVERY.md.
"""

from ..protocol import PROTOCOL_VERSION
from .announcer import Announcer
from .browser import ADDED, REMOVED, UPDATED, Browser, FoundHost, browse
from .net import SERVICE_TYPE, DiscoveryError, parse_address
from .txt import HostSummary, SummaryError

__all__ = [
    "ADDED", "PROTOCOL_VERSION", "REMOVED", "SERVICE_TYPE", "UPDATED", "Announcer", "Browser",
    "DiscoveryError", "FoundHost", "HostSummary", "SummaryError", "browse", "parse_address",
]
