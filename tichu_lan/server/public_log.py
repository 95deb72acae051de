"""What happened at a table, as everyone there may know it, kept for whoever comes back.

The events of every move are public (engine/events.py: they name no hidden card).
A table keeps those of its game, move by move, and sends them with the view it gives
a person sitting down or coming back, and a spectator starting to watch, so that a
reconnected or resumed client's log is whole. A resumed host rebuilds it by replaying
its journal. It holds at most `protocol.LOG_MAX` events: a longer game forgets its
oldest moves first, a sealed chunk at a time.

Every table of a long evening holds a full log, so its size is the host's memory: each
move's events are packed (msgpack), and every `CHUNK` moves are sealed together and
compressed. A full log of 3,000 events is then some 45 KiB instead of 450 KiB packed
move by move (the names and kinds that every event repeats compress tenfold), and
handing it out at a comeback costs one decompression per chunk. A chunk is sealed at
`CHUNK` moves or a quarter of the cap in events, whichever comes first, so that the
log never forgets more than a quarter of itself (and a move) at once.
"""

from __future__ import annotations

import zlib
from collections import deque
from typing import Any

import msgpack

from .. import protocol

CHUNK = 50          # moves sealed and compressed together


class PublicLog:
    def __init__(self, limit: int = protocol.LOG_MAX, chunk: int = CHUNK) -> None:
        self.limit, self.chunk = limit, chunk
        self.chunk_events = max(1, limit // 4)
        self.sealed: deque[tuple[int, bytes]] = deque()    # (its events, compressed moves)
        self.recent: deque[tuple[int, bytes]] = deque()    # (its events, the packed move)
        self.events = self.recent_events = 0

    def clear(self) -> None:
        """A new game begins."""
        self.sealed.clear()
        self.recent.clear()
        self.events = self.recent_events = 0

    def add(self, seq: int, events: list[dict[str, Any]]) -> None:
        """The events of move ``seq``, in their dict form (a move with none is not kept)."""
        if not events:
            return
        packed = msgpack.packb({"seq": seq, "events": events}, use_bin_type=True)
        self.recent.append((len(events), packed))
        self.events += len(events)
        self.recent_events += len(events)
        if len(self.recent) == self.chunk or self.recent_events >= self.chunk_events:
            moves = zlib.compress(b"".join(p for _, p in self.recent))
            self.sealed.append((self.recent_events, moves))
            self.recent.clear()
            self.recent_events = 0
        while self.events > self.limit:
            if self.sealed:
                self.events -= self.sealed.popleft()[0]
            else:
                forgotten = self.recent.popleft()[0]
                self.events -= forgotten
                self.recent_events -= forgotten

    def to_list(self) -> list[dict[str, Any]]:
        """The log as a view message carries it: one map per move, oldest first."""
        unpacker = msgpack.Unpacker(raw=False, max_buffer_size=0)
        for _, chunk in self.sealed:
            unpacker.feed(zlib.decompress(chunk))
        unpacker.feed(b"".join(packed for _, packed in self.recent))
        return list(unpacker)
