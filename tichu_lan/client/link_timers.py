"""The connection's two clocks: the pause before dialing again, and the keepalive pings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet.defer import Deferred

from ..lifecycle import Clock, Timer, cancel

# After a host said it stops, it comes back when a person starts it again, in a minute or
# an hour: dialing it every tenth of a second would be noise, every 10 s is soon enough.
PATIENT_FIRST, PATIENT_LONGEST = 1.0, 10.0


class Backoff:
    """The pause before dialing again after a drop: 0.1 s, doubling up to ``longest``, and
    from 0.1 s again once a host has welcomed the client; ``patient`` (the host stopped on
    purpose): 1 s, doubling up to 10 s."""

    def __init__(self, clock: Clock, longest: float, then: Callable[[], object]) -> None:
        """``then``: what to do once a pause is over."""
        self.clock, self.longest, self.then = clock, longest, then
        self.attempts = 0                         # dialed since the last welcome
        self.retry: Timer | None = None

    def wait(self, patient: bool = False) -> None:
        first, longest = (PATIENT_FIRST, PATIENT_LONGEST) if patient else (0.1, self.longest)
        delay = min(longest, first * 2 ** self.attempts)
        self.attempts += 1
        self.retry = self.clock.callLater(delay, self._over)

    def _over(self) -> None:
        self.retry = None
        self.then()

    def stop(self) -> None:
        cancel(self.retry)
        self.retry = None


class Keepalive:
    """Pings often enough that the host, which drops clients it has not heard from for
    ``idle`` seconds (its welcome says how long), never takes this one for frozen."""

    def __init__(self, clock: Clock, ping: Callable[[], Deferred[Any]],
                 ready: Callable[[], bool]) -> None:
        """``ping`` asks the host for a pong, ``ready`` says whether requests go out now."""
        self.clock, self.ping, self.ready = clock, ping, ready
        self.timer: Timer | None = None

    def start(self, idle: float) -> None:
        self.stop()
        if idle > 0:
            self.timer = self.clock.callLater(idle / 3, self._beat, idle / 3)

    def _beat(self, every: float) -> None:
        self.timer = self.clock.callLater(every, self._beat, every)
        if self.ready():
            self.ping().addErrback(lambda failure: None)   # a lost connection reports itself

    def stop(self) -> None:
        cancel(self.timer)
        self.timer = None
