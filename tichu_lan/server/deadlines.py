"""A lifecycle's deadlines: each a timer that, unless it is cleared first, feeds one event.

A timer is named by the event it ends in, so a lifecycle's transition table says what
each deadline does, and the deadlines themselves only what is running.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Generic, TypeVar

from ..lifecycle import Clock, Timer, cancel

E = TypeVar("E", bound=Enum)


class Deadlines(Generic[E]):
    def __init__(self, clock: Clock, fire: Callable[[E], object]) -> None:
        """``fire``: feeds an event to the lifecycle."""
        self.clock = clock
        self.fire = fire
        self.timers: dict[E, Timer] = {}

    def set(self, event: E, seconds: float) -> None:
        """Feed ``event`` in ``seconds``, unless that deadline is running already."""
        if event not in self.timers:
            self.timers[event] = self.clock.callLater(seconds, self._due, event)

    def reset(self, event: E, seconds: float) -> None:
        """Move a running deadline to ``seconds`` from now."""
        timer = self.timers.get(event)
        if timer is not None:
            timer.reset(seconds)

    def running(self, event: E) -> bool:
        return event in self.timers

    def clear(self, *events: E) -> None:
        """Stop these deadlines (none given: every one)."""
        for event in events or tuple(self.timers):
            cancel(self.timers.pop(event, None))

    def _due(self, event: E) -> None:
        del self.timers[event]
        self.fire(event)
