"""What happened at a table, as everyone there may know it, kept for whoever comes back.

The events of every move are public (engine/events.py: they name no hidden card).
A table keeps those of its game, move by move, and sends them with the view it gives
a person sitting down or coming back, and a spectator starting to watch, so that a
reconnected or resumed client's log is whole. A resumed host rebuilds it by replaying
its journal. It holds at most `protocol.LOG_MAX` events: a longer game forgets its
oldest moves first. Each move's events are kept packed (msgpack, some 60 bytes an
event), which is small, and quick to hand out again at every comeback.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import msgpack

from .. import protocol


class PublicLog:
    def __init__(self, limit: int = protocol.LOG_MAX) -> None:
        self.limit = limit
        self.moves: deque[tuple[int, bytes]] = deque()    # (its events, the packed move)
        self.events = 0

    def clear(self) -> None:
        """A new game begins."""
        self.moves.clear()
        self.events = 0

    def add(self, seq: int, events: list[dict[str, Any]]) -> None:
        """The events of move ``seq``, in their dict form (a move with none is not kept)."""
        if not events:
            return
        packed = msgpack.packb({"seq": seq, "events": events}, use_bin_type=True)
        self.moves.append((len(events), packed))
        self.events += len(events)
        while self.events > self.limit:
            self.events -= self.moves.popleft()[0]

    def to_list(self) -> list[dict[str, Any]]:
        """The log as a view message carries it: one map per move, oldest first."""
        unpacker = msgpack.Unpacker(raw=False, max_buffer_size=0)
        unpacker.feed(b"".join(packed for _, packed in self.moves))
        return list(unpacker)
