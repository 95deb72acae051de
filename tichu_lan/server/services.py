"""What a table needs from its host, and what the host measures about itself."""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING

from twisted.logger import Logger

from ..lifecycle import Clock, Timer, cancel
from .botrunner import BotRunner
from .host_config import Pacing

if TYPE_CHECKING:
    from ..records.keeping import Keeping
    from .table import Table

log = Logger()
PRUNE_AFTER = 1.0       # seconds after a game ends before the oldest kept games are forgotten


class Latencies:
    """The latest ``keep`` latencies in seconds, oldest first, in one array allocated up
    front: a host's memory then stays what it was at the start however many moves it
    handles (a deque of floats grew by 3 MiB over its first 100,000 moves)."""

    def __init__(self, keep: int) -> None:
        self.values = array("d", bytes(8 * keep))
        self.count = 0                          # how many were ever added

    def append(self, seconds: float) -> None:
        self.values[self.count % len(self.values)] = seconds
        self.count += 1

    def clear(self) -> None:
        self.count = 0

    def __len__(self) -> int:
        return min(self.count, len(self.values))

    def __iter__(self) -> Iterator[float]:
        keep = len(self.values)
        start = self.count - len(self)
        return (self.values[i % keep] for i in range(start, self.count))


class Metrics:
    """Moves handled and their latencies (read by scripts/bench_host.py)."""

    def __init__(self, keep: int = 100_000) -> None:
        self.actions = 0
        self.latencies = Latencies(keep)        # seconds from a move's arrival to its
                                                # last view handed to the transport

    def action_done(self, arrived: float | None) -> None:
        self.actions += 1
        if arrived is not None:
            self.latencies.append(time.perf_counter() - arrived)


class Retention:
    """Forgets the oldest kept games a moment after games end, once for all the games that
    ended meanwhile: a look at every kept game (500 of them by default) takes milliseconds
    on the reactor, and a guest who opens and leaves tables ends several games a second."""

    def __init__(self, clock: Clock, keeping: Keeping | None) -> None:
        self.clock = clock
        self.keeping = keeping
        self.due: Timer | None = None

    def soon(self) -> None:
        if self.due is None and self.keeping is not None:
            self.due = self.clock.callLater(PRUNE_AFTER, self._prune)

    def _prune(self) -> None:
        self.due = None
        if self.keeping is not None:
            try:
                self.keeping.prune()
            except OSError as exc:
                log.error("cannot forget the oldest kept games: {why}", why=exc)

    def stop(self) -> None:
        cancel(self.due)
        self.due = None


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
    retention: Retention | None = None                      # forgets the oldest kept games
