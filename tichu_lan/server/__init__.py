"""The host: a Twisted server that runs tables, speaks the protocol and journals every game.

Modules, from the wire inwards: `wire` (the protocol object Twisted calls, a forwarder),
`connection` (one connection's stages: prologue, frames, limits, timers), `session` (one
client's standing and requests), `lobby` (the tables), `table` (a coordinator over the
game's parts: `seating`, `table_moves`, `collect_window`, `rematch`), `seats` (tokens,
passwords), `botseats`, `botrunner` and `thinking` (bots, where and in whose turn they
think), `host_config` and `limits`. docs/ARCHITECTURE.md lists them all by concern; the
journal's file format is `tichu_lan.records.journal`.

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
