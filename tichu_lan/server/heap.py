"""Memory that ended connections freed, given back to the system.

A connection that is sent a lot (the lobby listing many times a second, or output it never
reads) makes the host hold buffers of tens of kilobytes for it. When it ends, Python frees
them, but glibc's malloc keeps the freed pages for later use: the host's RSS stays at its
peak, which looks the same as a leak to anyone watching the host's memory after an attack
(measured with scripts/attack_host: 48 connections that never read took the host from 47
to 56-59 MiB for good; one `malloc_trim` gave back 4.7 MiB of it).

So once connections that were sent `WORTH` bytes or more between them have ended, the host
asks malloc, a little later, to give back what it holds free: at most once every `EVERY`
seconds, because a trim walks the whole heap (some 10-50 ms on a host of 60-130 MiB, during
which the reactor waits). Where the C library has no `malloc_trim` (macOS, musl), nothing
is done.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

from ..lifecycle import Clock, Timer, cancel

DELAY = 2.0      # seconds after a connection ends: the ones ending with it are gone too
EVERY = 30.0     # seconds between two trims at least
WORTH = 1 << 20  # bytes sent to connections since ended that make a trim worth its time


def malloc_trim() -> Callable[[], object] | None:
    """glibc's ``malloc_trim(0)``, or None where the C library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim    # this process's own C library
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return lambda: trim(0)


class HeapTrimmer:
    def __init__(self, clock: Clock, trim: Callable[[], object] | None) -> None:
        """``trim``: what gives the free memory back (`malloc_trim()`), None for nothing."""
        self.clock, self.trim = clock, trim
        self.pending: Timer | None = None
        self.last = -EVERY
        self.ended = 0          # bytes sent to the connections that ended since the last trim

    def connection_ended(self, sent: int) -> None:
        """A connection that was sent ``sent`` bytes is gone, and its buffers with it: once
        that is worth it, trim soon, once for many."""
        self.ended += sent
        if self.trim is None or self.pending is not None or self.ended < WORTH:
            return
        wait = max(DELAY, self.last + EVERY - self.clock.seconds())
        self.pending = self.clock.callLater(wait, self._run)

    def stop(self) -> None:
        """The host is stopping: no trim is left waiting, and none is asked for again."""
        cancel(self.pending)
        self.pending = None
        self.trim = None

    def _run(self) -> None:
        self.pending, self.ended = None, 0
        self.last = self.clock.seconds()
        if self.trim is not None:
            self.trim()
