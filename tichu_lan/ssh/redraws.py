"""The door's screens take turns to be drawn: a fixed share of the host's time for them all.

Drawing a guest's table is the host's work, some 5-10 ms each time, in the reactor's own
thread. A screen that changes at the pace of play (a move is a few redraws) is drawn at
once. Beyond that pace (a flood of keys, of window sizes, of someone's chat), and whenever
all the door's screens together ask for more than the door's share, a redraw waits in a
line that is served at that share, the screen that has drawn least lately first: a
guest who floods their own screen waits behind every other guest, and the host's moves
behind none of them.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from .gate import Bucket

PACE, PACE_BURST = 3.0, 15.0      # redraws a second one screen draws at once, and at once
SHARE, SHARE_BURST = 25.0, 5.0    # redraws a second for every screen of the door together


class Screen(Protocol):
    pace: Bucket

    def draw(self) -> None: ...


class RedrawLine:
    def __init__(self, share: float = SHARE, burst: float = SHARE_BURST) -> None:
        self.share = Bucket(share, burst, time.monotonic())
        self.waiting: set[Screen] = set()
        self.serving: asyncio.TimerHandle | None = None

    def ask(self, screen: Screen) -> None:
        """``screen`` has changed: draw it now, or when its turn comes (once, however many
        times it asks meanwhile)."""
        if screen in self.waiting:
            return
        now = time.monotonic()
        if not self.waiting and self.share.allows(1, now) and screen.pace.allows(1, now):
            screen.draw()
            return
        self.waiting.add(screen)
        self._serve_soon()

    def forget(self, screen: Screen) -> None:
        self.waiting.discard(screen)

    def _serve_soon(self) -> None:
        if self.serving is None:
            self.serving = asyncio.get_event_loop().call_later(1 / self.share.rate, self._serve)

    def _serve(self) -> None:
        self.serving = None
        if not self.waiting:
            return
        now = time.monotonic()
        if self.share.allows(1, now):
            for screen in self.waiting:          # bring each one's pace up to now
                screen.pace.allows(0, now)
            screen = max(self.waiting, key=lambda s: s.pace.tokens)
            self.waiting.discard(screen)
            screen.pace.spend(1, now)
            screen.draw()
        if self.waiting:
            self._serve_soon()
