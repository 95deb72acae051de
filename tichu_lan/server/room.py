"""The room: every table at once, for a screen on the wall (`tichu watch --room`).

Whoever asks (`watch_room`) is sent a `room` message now and again after changes, each
built from public information only (`room_tables`). However busy the tables, the room is
built at most once every `ROOM_EVERY` seconds, and then only if something changed: a
move anywhere, or a table's seats, state or existence. Each is encoded once and the same
bytes go to every watcher as a `Latest` frame, which a newer one replaces while a slow
reader has not taken it. Watchers are capped per address and in all, as spectators are
at a table; nothing runs while nobody watches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from twisted.logger import Logger

from .. import protocol
from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError
from .outbox import Latest
from .room_tables import room_table
from .seats import Member

if TYPE_CHECKING:
    from .lobby import Lobby
    from .table import Table

log = Logger()

ROOM_EVERY = 0.25       # seconds between two room messages at the most busy


class Room:
    def __init__(self, lobby: Lobby, clock: Clock, moves: Callable[[], int],
                 per_address: int, in_all: int) -> None:
        """``moves``: a count that grows with every move on any table; ``per_address`` and
        ``in_all``: how many may watch the room from one address, and together."""
        self.lobby = lobby
        self.clock = clock
        self.moves = moves
        self.per_address = per_address
        self.in_all = in_all
        self.watchers: dict[Member, str] = {}          # each watcher, and its address
        self.changes = 0                                # tables' changes other than moves
        self.built: tuple[int, int] | None = None       # (changes, moves) the frame shows
        self.frame: Latest | None = None
        self.sent: Latest | None = None                 # the frame every watcher has
        self.due: Timer | None = None
        self.frames_built = 0                           # for tests and measurements

    def follow(self, changed: Callable[[Table], None]) -> Callable[[Table], None]:
        """The table-changed hook with the room told too."""
        def both(table: Table) -> None:
            changed(table)
            self.changes += 1
        return both

    def watch(self, member: Member, address: str, on: bool) -> None:
        """``member`` starts (or stops) watching the room; the room is sent at once."""
        if not on:
            self.leave(member)
            return
        if member not in self.watchers:
            self._check_room_for(address)
            self.watchers[member] = address
        if self._latest() is self.sent:
            member.send_frame(self.sent)
        else:
            self._send()
        if self.due is None:
            self.due = self.clock.callLater(ROOM_EVERY, self._tick)

    def leave(self, member: Member) -> None:
        self.watchers.pop(member, None)
        if not self.watchers:
            self.stop()

    def stop(self) -> None:
        cancel(self.due)
        self.due = None

    def _check_room_for(self, address: str) -> None:
        from_there = sum(1 for there in self.watchers.values() if there == address)
        if from_there >= self.per_address:
            raise HostError("room_full", f"{self.per_address} connections from your address "
                            "watch the room already", params={"count": self.per_address,
                                                               "per": "address"})
        if len(self.watchers) >= self.in_all:
            raise HostError("room_full", f"the room has its {self.in_all} watchers already",
                            params={"count": self.in_all})

    def _latest(self) -> Latest:
        """The room as it is now, built again only if something changed since."""
        now = (self.changes, self.moves())
        if self.frame is None or self.built != now:
            tables = [room_table(table) for table in self.lobby.tables.values()]
            self.frame = Latest(protocol.encode({"type": "room", "tables": tables}), "room")
            self.built = now
            self.frames_built += 1
        return self.frame

    def _tick(self) -> None:
        self.due = None
        if not self.watchers:
            return
        if self._latest() is not self.sent:
            self._send()
        self.due = self.clock.callLater(ROOM_EVERY, self._tick)

    def _send(self) -> None:
        """The latest frame to every watcher."""
        self.sent = self._latest()
        for member in list(self.watchers):
            member.send_frame(self.sent)
