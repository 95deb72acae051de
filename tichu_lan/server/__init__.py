"""The host: a Twisted server that runs tables, speaks the protocol and journals every game.

Modules, from the wire inwards: `wire` (TCP, prologue, frames, limits), `session`
(one client's requests), `lobby` (the tables), `table` (seats, game, journal
records), `seats` (tokens, passwords), `botseats` and `botrunner` (bots and
where they think), `journal` (the file format), `host_config` and `limits`.

The names below are imported when first asked for, not with the package: a bot worker
starts as ``python -m tichu_lan.server.bot_worker``, and Python imports this package
before it runs the module. Importing the host here brought Twisted into every worker and
the worker's own module with it, so that runpy warned, on the host's terminal, that it
was about to run a module already imported.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .host import Host, Resumed
    from .host_config import INSTANT, HostConfig, Limits, Pacing
    from .lobby import LobbySummary

__all__ = ["Host", "HostConfig", "INSTANT", "Limits", "LobbySummary", "Pacing", "Resumed"]
_HOMES = {"Host": "host", "Resumed": "host", "HostConfig": "host_config",
          "INSTANT": "host_config", "Limits": "host_config", "Pacing": "host_config",
          "LobbySummary": "lobby"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)
