"""What the host owes one connection, held to a fixed number of bytes.

A client that stops reading makes the host keep everything sent to it: Twisted's
transport holds it until the socket takes it. The transport tells us when it holds
more than its own ``bufferSize`` (it pauses us) and when it has sent everything
(it resumes us). An `Outbox` counts what the transport may hold from that pause
on: its buffer as full as it can be (``bufferSize`` and the frame that filled it)
plus every frame written since. Past ``limit`` the connection is over its share,
and the caller cuts it at once.

A frame that a newer one makes obsolete (`Latest`: the lobby listing) is not written
while the transport is paused: the newest one is kept aside, and written once the
transport has sent the rest. A watcher that reads slowly is owed one listing, the
newest, never a backlog of them.

Every connection's share, held at once, would be more than the host should hold: an
`OutputBudget` counts what all the outboxes hold together, and past its limit the
connection that owes the most is cut (the one asking for more room, if that is it). A
client reading slowly but owing less than the worst reader keeps its connection.
"""

from __future__ import annotations

from collections.abc import Callable

TRANSPORT_BUFFER = 64 * 1024    # Twisted's FileDescriptor.bufferSize: it pauses us past this


class Latest(bytes):
    """A frame that any later frame of the same ``kind`` replaces while both wait to be sent."""

    kind: str

    def __new__(cls, frame: bytes, kind: str) -> Latest:
        made = super().__new__(cls, frame)
        made.kind = kind
        return made


class OutputBudget:
    """What the host may hold unsent for all its connections together."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.total = 0
        self.owing: dict[Outbox, int] = {}      # what each outbox that owes anything owes
        self.cut = 0                            # connections cut for the budget

    def owes(self, outbox: Outbox, held: int) -> None:
        self.total += held - self.owing.pop(outbox, 0)
        if held > 0:
            self.owing[outbox] = held

    def room(self, outbox: Outbox, size: int) -> bool:
        """Make room for ``size`` more bytes of ``outbox`` by cutting the connections that
        owe the most; False when ``outbox`` itself would owe the most (it is to be cut)."""
        while self.total + size > self.limit:
            worst = max(self.owing, key=self.owing.__getitem__, default=None)
            if worst is None or worst is outbox or self.owing[worst] <= outbox.held + size:
                self.cut += 1
                return False
            self._cut(worst)
        return True

    def settle(self) -> None:
        """Cut the connections that owe the most until all together owe no more than the
        limit (a transport that pauses counts as full at once)."""
        while self.total > self.limit and self.owing:
            self._cut(max(self.owing, key=self.owing.__getitem__))

    def _cut(self, outbox: Outbox) -> None:
        self.cut += 1
        outbox.over()
        if outbox in self.owing:                # it would not go: count it out all the same
            self.owes(outbox, 0)


class Outbox:
    def __init__(self, write: Callable[[bytes], None], limit: int,
                 transport_buffer: int = TRANSPORT_BUFFER, budget: OutputBudget | None = None,
                 over: Callable[[], None] = lambda: None) -> None:
        """``write``: the transport's; ``limit``: the bytes the host may hold for this
        connection; ``budget``: what all connections share, which calls ``over`` to cut
        this one when it owes the most."""
        self.write: Callable[[bytes], None] | None = write
        self.limit = limit
        self.transport_buffer = transport_buffer
        self.budget = budget
        self.over = over
        self.paused = False
        self.filling = 0                     # the size of the frame being written now
        self.in_transport = 0                # what the transport may hold, counted from a pause
        self.aside: dict[str, Latest] = {}   # the newest obsolescent frame of each kind
        self.sent = 0                        # bytes handed to the transport, in all
        self.over_budget = False             # the last frame refused: for all, not for it

    @property
    def held(self) -> int:
        """The most the host may be holding for this connection now, in bytes."""
        return self.in_transport + sum(len(frame) for frame in self.aside.values())

    def put(self, frame: bytes) -> bool:
        """Write ``frame``, or keep it aside if it is `Latest` and the transport is paused;
        False if that puts the connection over its limit (the frame is then dropped)."""
        if self.write is None:
            return True                  # closed: nothing more is sent, nothing is kept
        if not self.paused:
            self._write(frame)              # may pause us: the transport counts as full
            if self.budget is not None:
                self.budget.settle()
            return True
        older = self.aside.pop(frame.kind, None) if isinstance(frame, Latest) else None
        self.over_budget = False
        if self.held + len(frame) > self.limit or (
                self.budget is not None and not self.budget.room(self, len(frame))):
            self.over_budget = self.held + len(frame) <= self.limit
            if older is not None:
                self.aside[older.kind] = older
            return False
        if isinstance(frame, Latest):
            self.aside[frame.kind] = frame
        else:
            self.in_transport += len(frame)
            self._write(frame)
        self._owes()
        if self.budget is not None:
            self.budget.settle()
        return True

    def pause(self) -> None:
        """The transport holds more than its buffer (the client is not reading fast enough)."""
        if not self.paused:
            self.paused = True
            self.in_transport = self.transport_buffer + self.filling
            self._owes()

    def resume(self) -> None:
        """The transport has sent everything it held: what was kept aside goes now."""
        self.paused, self.in_transport = False, 0
        aside, self.aside = self.aside, {}
        self._owes()
        for frame in aside.values():
            self.put(frame)

    def flush(self) -> None:
        """Hand what was kept aside to the transport (the connection is closing: the transport
        sends what it holds before it closes)."""
        aside, self.aside = self.aside, {}
        for frame in aside.values():
            if self.write is not None:
                self.in_transport += len(frame) if self.paused else 0
                self._write(frame)
        self._owes()

    def close(self) -> None:
        """The connection is gone: forget what was kept aside, and the transport, at once."""
        self.aside.clear()
        self.in_transport = 0
        self.write = None
        self._owes()

    def _owes(self) -> None:
        if self.budget is not None:
            self.budget.owes(self, self.held)

    def _write(self, frame: bytes) -> None:
        assert self.write is not None
        self.filling = len(frame)
        self.sent += len(frame)
        try:
            self.write(frame)            # may pause us, synchronously
        finally:
            self.filling = 0
