"""The lobby listing, encoded once per change and shared by everyone who asks for it.

The listing is the largest answer the host gives (about 600 bytes a table, so tens
of kilobytes for a full host) and anyone may ask for it: encoding it afresh for each
`list_tables` let a few connections keep the host's CPU busy and its memory growing.
Here the list of tables is encoded once after each change of the lobby (a table
opens, closes, starts, ends, a seat changes), and each answer is that encoding with
a few bytes of its own in front (a msgpack map is its header, then its keys and
values in turn, so the shared part can be the last value). Moves change the tables'
``seq`` without changing the lobby: the listing takes them in at most once a second
(`MOVES_AFTER`), so that a busy host does not rebuild it for every question.

What watchers are sent is a `Latest` frame: one waiting for a slow reader is replaced
by the next, never queued behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgpack

from .. import protocol
from ..lifecycle import Clock
from .outbox import Latest

MOVES_AFTER = 1.0      # seconds a listing may show tables' moves as they were

_TYPE = msgpack.packb("type") + msgpack.packb("lobby")
_TABLES = msgpack.packb("tables")
_ID = msgpack.packb("id")


class ListingCache:
    def __init__(self, tables: Callable[[], list[dict[str, Any]]], clock: Clock,
                 moves: Callable[[], int]) -> None:
        """``tables``: the listing as the lobby makes it; ``moves``: a count that grows with
        every move on any table."""
        self.tables = tables
        self.clock = clock
        self.moves = moves
        self.encoded: bytes | None = None     # the list of tables, as msgpack
        self.pushed: Latest | None = None     # the frame for watchers
        self.built_at = 0.0
        self.moves_then = 0

    def changed(self) -> None:
        """The lobby changed: the next listing is built anew."""
        self.encoded = self.pushed = None

    def frame(self) -> Latest:
        """The `lobby` message for watchers (no id)."""
        tables = self._tables()
        if self.pushed is None:
            self.pushed = Latest(_framed(b"\x82" + _TYPE + _TABLES, tables), "lobby")
        return self.pushed

    def answer(self, rid: int) -> bytes:
        """The `lobby` answer to the request ``rid``."""
        return _framed(b"\x83" + _TYPE + _ID + msgpack.packb(rid) + _TABLES, self._tables())

    def _tables(self) -> bytes:
        now, moves = self.clock.seconds(), self.moves()
        stale = moves != self.moves_then and now - self.built_at >= MOVES_AFTER
        if self.encoded is None or stale:
            self.encoded = msgpack.packb(self.tables(), use_bin_type=True)
            self.pushed = None
            self.built_at, self.moves_then = now, moves
        return self.encoded


def _framed(head: bytes, tables: bytes) -> bytes:
    """One frame of a map's head and its last value (copied once, into the frame)."""
    return b"".join((protocol.HEADER.pack(len(head) + len(tables)), head, tables))
