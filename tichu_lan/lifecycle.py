"""Named states, one table of transitions, and a clock: how this program writes a lifecycle.

The client's connection (`tichu_lan.client.link_machine`) and where the host has put it
(`tichu_lan.client.host_said`: lobby, asking, seated, watching), the host's side of each
connection (`tichu_lan.server.connection`) and each client's standing there
(`tichu_lan.server.session`) each name their states in an `Enum`, their
events in another, and list every transition in one dict, ``(state, event) ->
(next state, action)``. `Lifecycle` holds the current state and steps it: the
state changes first, then the action runs, so an action that feeds a further
event (a frame that turns out to be the welcome) sees the state it moved to.

An event the table does not list for the current state is ignored: a late
timer, a frame after close, a second welcome. That is the one rule for
out-of-order events, so the table lists only what moves a connection on, and
the tests feed the rest to check that they change nothing.

Why a plain table and not Automat (installed with Twisted, and what
magic-wormhole writes its lifecycles in): the whole lifecycle then reads as
one literal, top to bottom, which a test can walk; ignoring what does not
apply is one rule rather than a declaration per state and input; and on the
host's per-frame path a step costs one dict lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Generic, Protocol, TypeVar

from twisted.logger import Logger

log = Logger()

Owner = TypeVar("Owner")    # the object whose lifecycle it is; actions are its methods
S = TypeVar("S", bound=Enum)
E = TypeVar("E", bound=Enum)

# What an event carries depends on the event (a frame, a failure, nothing), so an
# action is typed only as a method of the owner; each names its own arguments.
Action = Callable[..., object]
Transitions = Mapping[tuple[S, E], tuple[S, Action | None]]


class Lifecycle(Generic[Owner, S, E]):
    """The current state of ``owner`` and the table it moves by."""

    __slots__ = ("owner", "state", "table")

    def __init__(self, owner: Owner, state: S, table: Transitions[S, E]) -> None:
        self.owner = owner
        self.state = state
        self.table = table

    def feed(self, event: E, *data: object) -> bool:
        """Take the step the table gives for ``event`` in the current state (False: none, so
        the event is ignored); ``data`` goes to the step's action."""
        step = self.table.get((self.state, event))
        if step is None:
            log.debug("{owner}: {event} ignored in {state}", owner=type(self.owner).__name__,
                      event=event.name, state=self.state.name)
            return False
        self.state, action = step
        if action is not None:
            action(self.owner, *data)
        return True



# What the lifecycles use of Twisted's clock (`IReactorTime`) and its timers
# (`IDelayedCall`), and no more: the reactor and `twisted.internet.task.Clock` both fit,
# and so does a test's own fake.

class Timer(Protocol):
    """A call scheduled on a `Clock` (Twisted's `IDelayedCall`)."""

    def active(self) -> bool: ...

    def cancel(self) -> None: ...

    def reset(self, secondsFromNow: float) -> None: ...


class Clock(Protocol):
    """What a lifecycle needs of the reactor: the time, and calls later."""

    def seconds(self) -> float: ...

    def callLater(self, delay: float, callable: Callable[..., object], *args: object,
                  **kw: object) -> Timer: ...


def cancel(timer: Timer | None) -> None:
    """Stop ``timer`` if it has not run yet."""
    if timer is not None and timer.active():
        timer.cancel()
