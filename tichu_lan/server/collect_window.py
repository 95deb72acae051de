"""A won trick's window for bombs: the one step of the game that is the host's own.

After the last pass on a trick its winner does not take it at once: it waits on the table
for `TableOptions.collect` seconds, the same whatever anyone holds, and any seat may still
bomb it meanwhile. When the window is over the host collects the trick, as a move of its
own (`CollectTrick`), journalled like every other. If the journal cannot take that move the
game waits: everyone at the table is told why, and the host tries again every
`COLLECT_RETRY` seconds.
"""

from __future__ import annotations

from collections.abc import Callable

from twisted.logger import Logger

from engine import CollectTrick

from .. import protocol
from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError, Message

log = Logger()
COLLECT_RETRY = 5.0    # seconds, when the journal could not take a won trick's collection


class CollectWindow:
    def __init__(self, table: int, clock: Clock, seconds: Callable[[], float],
                 waiting: Callable[[], CollectTrick | None],
                 collect: Callable[[CollectTrick], object], tell: Callable[[Message], None]
                 ) -> None:
        """``seconds``: the window's length now; ``waiting``: the trick that waits to be
        collected, if any; ``collect``: the host's move; ``tell``: a message to everyone at
        the table."""
        self.table = table
        self.clock = clock
        self.seconds = seconds
        self.waiting = waiting
        self.collect = collect
        self.tell = tell
        self.timer: Timer | None = None         # the end of the window
        self.closed = False

    def follow(self) -> None:
        """Open the window of a trick that has begun to wait; shut it once the trick no longer
        waits (a bomb fell on it). A Tichu call in the window changes nothing."""
        waits = self.waiting() is not None
        if waits and self.timer is None and not self.closed:
            self.timer = self.clock.callLater(self.seconds(), self._over)
        elif not waits and self.timer is not None:
            cancel(self.timer)
            self.timer = None

    def close(self) -> None:
        """The table stops: no trick is collected any more."""
        self.closed = True
        cancel(self.timer)
        self.timer = None

    def _over(self) -> None:
        """The window is over: the trick goes to its winner."""
        self.timer = None
        trick = self.waiting()
        if trick is None or self.closed:
            return
        try:
            self.collect(trick)
        except HostError as exc:                 # the journal failed: try again later
            log.error("table {table}: the won trick could not be collected ({why}); trying "
                      "again in {after} s", table=self.table, why=exc, after=COLLECT_RETRY)
            self.timer = self.clock.callLater(COLLECT_RETRY, self._over)
            self.tell(stalled(self.table, exc))


def stalled(table: int, exc: HostError) -> protocol.Message:
    """The notice that a step the host takes itself (collecting a trick, dealing a round)
    could not be journalled, and is tried again."""
    return protocol.notice_message(
        table, "journal_stalled", "the host could not save this table's next move "
        f"({exc.message[:600]}); the game waits, and it tries again every "
        f"{COLLECT_RETRY:g} s", {"seconds": COLLECT_RETRY})
