"""Computer players. A bot sees only its seat's `SeatView`, exactly like a person.

The interface is one method: ``decide(view) -> Action | None``. The host calls it
after every change at the table; the bot answers with the action it takes now, or
None when it does not want to act (it is not waiting for this seat and the bot
sees no reason to call Tichu or bomb out of turn). A bot must answer with an
action whenever ``options_for_view(view).waiting`` is true.

Bots are made by level with `make_bot`; each owns a random generator seeded at
creation, so a bot's decisions are reproducible: the same seed and the same
views give the same decisions.

Levels, weakest first: ``random`` (any legal action), ``easy`` and ``normal``
(the heuristic bot, heuristic.py), ``hard`` (the search bot, search.py). The
pieces: hand_split.py (how good a hand is: its cheapest split into combinations),
memory.py (the cards a seat saw this round), situation.py and policy.py (the play),
opening.py (calls, exchange, duel discard and draft), determinize.py and
rollout.py (the search bot's simulations), arena.py (bots at a table, for the
benchmark and the tests), calibrate.py (the self-play behind the call model).
"""

from __future__ import annotations

from typing import Protocol
from collections.abc import Callable

from ..actions import Action
from ..seat_view import SeatView


class Bot(Protocol):
    level: str

    def decide(self, view: SeatView) -> Action | None: ...


_LEVELS: dict[str, Callable[[int], Bot]] = {}


def register(level: str, factory: Callable[[int], Bot]) -> None:
    _LEVELS[level] = factory


def levels() -> tuple[str, ...]:
    """The bot levels that exist, weakest first as registered."""
    return tuple(_LEVELS)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A new bot of ``level`` (see `levels`) whose choices depend only on ``seed`` and its views."""
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise ValueError(f"no bot level {level!r}; choose one of {', '.join(_LEVELS)}") from None
    return factory(seed)


from . import random_bot  # noqa: E402  (each registers its levels, weakest first)
from . import heuristic, search  # noqa: E402

__all__ = ["Bot", "levels", "make_bot", "register"]
