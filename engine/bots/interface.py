"""What a bot is to the host: something that decides from a `SeatView`, made by level
from a seed, and optionally held to a time cap the host chooses."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from ..actions import Action
from ..seat_view import SeatView


class Bot(Protocol):
    level: str

    def decide(self, view: SeatView) -> Action | None: ...


class TimeCap(NamedTuple):
    """The host's safety net for a bot that searches: within one decision, deal no more
    samples once ``seconds`` have passed on ``clock``.

    A bot's budget is counted in samples, so that its move depends on its seed and
    its views alone, on any machine. Only a machine too slow for that budget meets
    the cap, and then gets a weaker move rather than a table that waits."""

    seconds: float
    clock: Callable[[], float]


def deadline(cap: TimeCap | None) -> Callable[[], bool]:
    """Whether the decision begun now has met the cap (never, without one)."""
    if cap is None:
        return never
    start = cap.clock()
    return lambda: cap.clock() - start > cap.seconds


def never() -> bool:
    return False


class BotFactory(Protocol):
    """Makes a level's bot. Its choices depend only on ``seed`` and the views it gets;
    a bot that does not search answers at once and has no use for ``time_cap``."""

    def __call__(self, seed: int = 0, *, time_cap: TimeCap | None = None) -> Bot: ...


class CallNote(NamedTuple):
    """One call decision, as a bot made it: the benchmark holds the chance it estimated
    against how the round went."""

    round_no: int
    kind: str            # "tichu" or "grand"
    chance: float        # the estimated chance that the call succeeds, if made
    called: bool
    simulated: bool      # decided by simulation (the search bot), not by the model alone
    gain: float = 0.0    # simulated: the points per round the call adds


NOTES_KEPT = 256         # a bot keeps its latest notes only: it may play for days


def new_notes() -> deque[CallNote]:
    return deque(maxlen=NOTES_KEPT)


def call_notes(bot: object) -> Sequence[CallNote]:
    """The call decisions a bot noted (none for a bot that notes none)."""
    notes = getattr(bot, "call_notes", None)
    return tuple(notes) if notes is not None else ()
