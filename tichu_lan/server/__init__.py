"""The host: a Twisted server that runs tables, speaks the protocol and journals every game.

Modules, from the wire inwards: `wire` (TCP, prologue, frames, limits), `session`
(one client's requests), `lobby` (the tables), `table` (seats, game, journal
records), `seats` (tokens, passwords), `botseats` and `botrunner` (bots and
where they think), `journal` (the file format), `host_config` and `limits`.
"""

from .host_config import INSTANT, HostConfig, Limits, Pacing
from .host import Host, Resumed
from .lobby import LobbySummary

__all__ = ["Host", "HostConfig", "INSTANT", "Limits", "LobbySummary", "Pacing", "Resumed"]
