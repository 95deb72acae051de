"""What happened at a table, as everyone there may know it, kept for whoever comes back.

The events of every move are public (engine/events.py: they name no hidden card).
A table keeps those of its game, move by move, and sends them with the view it gives
a person sitting down or coming back, and a spectator starting to watch, so that a
reconnected or resumed client's log is whole. A resumed host rebuilds it by replaying
its journal. It holds at most `protocol.LOG_MAX` events: a longer game forgets its
oldest moves first.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine import Event

from .. import protocol


class PublicLog:
    def __init__(self, limit: int = protocol.LOG_MAX) -> None:
        self.limit = limit
        self.moves: deque[tuple[int, list[Event]]] = deque()    # (seq, the move's events)
        self.events = 0

    def clear(self) -> None:
        """A new game begins."""
        self.moves.clear()
        self.events = 0

    def add(self, seq: int, events: list[Event]) -> None:
        """The events of move ``seq`` (a move with none is not kept)."""
        if not events:
            return
        self.moves.append((seq, events))
        self.events += len(events)
        while self.events > self.limit:
            _, dropped = self.moves.popleft()
            self.events -= len(dropped)

    def to_list(self) -> list[dict[str, Any]]:
        """The log as a view message carries it: one map per move, oldest first."""
        return [{"seq": seq, "events": [e.to_dict() for e in events]}
                for seq, events in self.moves]
