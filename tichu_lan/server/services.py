"""What a table needs from its host, and what the host measures about itself."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..lifecycle import Clock
from .botrunner import BotRunner
from .host_config import Pacing

if TYPE_CHECKING:
    from ..records.keeping import Keeping
    from .table import Table


class Metrics:
    """Moves handled and their latencies (read by scripts/bench_host.py)."""

    def __init__(self, keep: int = 100_000) -> None:
        self.actions = 0
        self.latencies: deque[float] = deque(maxlen=keep)  # seconds from a move's arrival to
                                                            # its last view handed to the transport

    def action_done(self, arrived: float | None) -> None:
        self.actions += 1
        if arrived is not None:
            self.latencies.append(time.perf_counter() - arrived)


@dataclass
class Services:
    """What a table needs from its host."""

    clock: Clock
    runner: BotRunner
    pacing: Pacing
    journal_dir: Path
    done_dir: Path
    fsync: bool = False
    metrics: Metrics = field(default_factory=Metrics)
    records: Keeping | None = None                          # where the games' metadata goes
    changed: Callable[[Table], None] = lambda table: None   # seats, state or existence changed
