"""A reactor whose time only the test moves, for a real host whose timers a test steps.

A host's timers (grace periods, the bomb window, idle and unattended tables, the lobby
listing's delay) are what a test cannot wait for honestly: after a fixed sleep, "the bot
did not take over" may only mean that the machine was slow. On a `SteppedReactor` those
timers wait on a `task.Clock` until the test calls `advance`, and every one that falls due
runs inside that call; so once `advance` returns, what no timer did, no timer will do.

Sockets, threads and processes stay on the real reactor, and so does anything scheduled
with no delay: instant bots and the host's own "next turn" work go on by themselves, and a
test still waits for the network with events (`wait_until`, an answer, a pong).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet import task


class SteppedReactor:
    def __init__(self, reactor: Any) -> None:
        self.reactor = reactor
        self.clock = task.Clock()

    def seconds(self) -> float:
        return self.clock.seconds()

    def callLater(self, delay: float, call: Callable[..., object], *args: object,
                  **kwargs: object) -> Any:
        if delay <= 0:
            return self.reactor.callLater(0, call, *args, **kwargs)
        return self.clock.callLater(delay, call, *args, **kwargs)

    def getDelayedCalls(self) -> list[Any]:
        return self.clock.getDelayedCalls()

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, running every timer due by then (in order)."""
        self.clock.advance(seconds)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.reactor, name)
