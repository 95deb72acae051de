"""Computer players. A bot sees only its seat's `SeatView`, exactly like a person.

The interface is one method: ``decide(view) -> Action | None``. The host calls it
after every change at the table; the bot answers with the action it takes now, or
None when it does not want to act (it is not waiting for this seat and the bot
sees no reason to call Tichu or bomb out of turn). A bot must answer with an
action whenever ``options_for_view(view).waiting`` is true.

Bots are made by level with `make_bot`; each owns a random generator seeded at
creation, so a bot's decisions are reproducible: the same seed and the same
views give the same decisions, on any machine (a bot reads no clock; the host may
hold a searching bot to a `TimeCap`, a safety net for machines too slow for it).

Levels, weakest first: ``random`` (any legal action), ``easy`` and ``normal``
(the heuristic bot, heuristic.py; they call by the call model), ``hard`` (the
search bot, search.py; it calls by simulation). They sit in a table that nothing
changes; tests that need levels of their own add them for a while with
`extra_levels`. ``normal-ref`` and ``hard-ref`` are the two levels as they were
before the bots called (commit e628d7c), kept as the benchmark's fixed opponents:
`make_bot` makes them, `levels` does not offer them to players.

The pieces: interface.py (what a bot is to the host, and the call notes it keeps
for the benchmark), hand_split.py (how good a hand is: its cheapest split into
combinations), memory.py (the cards a seat saw this round), situation.py,
policy.py and call_tactics.py (the play, and how it answers the calls),
sure_winners.py (whether the unseen cards can beat a combination),
opening.py (exchange, duel discard and draft), call_model.py and
call_model.json (the heuristic levels' calls), determinize.py, setup_deal.py,
rollout.py and call_search.py (the search bot's simulations), arena.py (bots at
a table, for the benchmark and the tests), calibrate.py (the self-play behind
the call model), advice.py (the hard bot's move for a seat, in words: the coach).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import MappingProxyType

from .heuristic import EasyBot, HeuristicBot, ReferenceHeuristicBot
from .interface import Bot, BotFactory, CallNote, TimeCap, call_notes
from .random_bot import RandomBot
from .search import ReferenceSearchBot, SearchBot

BUILT_IN: Mapping[str, BotFactory] = MappingProxyType({
    "random": RandomBot, "easy": EasyBot, "normal": HeuristicBot, "hard": SearchBot})
# The levels as they were before the bots called by simulation (commit e628d7c): fixed
# opponents for the benchmark, made by `make_bot` but not offered to players.
REFERENCE: Mapping[str, BotFactory] = MappingProxyType({
    "normal-ref": ReferenceHeuristicBot, "hard-ref": ReferenceSearchBot})

_known: Mapping[str, BotFactory] = BUILT_IN     # BUILT_IN, or more inside `extra_levels`


def levels() -> tuple[str, ...]:
    """The bot levels players choose from, weakest first (then any extra ones, as added)."""
    return tuple(_known)


def reference_levels() -> tuple[str, ...]:
    """The benchmark's fixed reference levels (`make_bot` makes them too)."""
    return tuple(REFERENCE)


def make_bot(level: str, seed: int = 0, time_cap: TimeCap | None = None) -> Bot:
    """A new bot of ``level`` (see `levels`) whose choices depend only on ``seed`` and its
    views; ``time_cap`` is the host's safety net for a bot that searches."""
    factory = _known.get(level) or REFERENCE.get(level)
    if factory is None:
        raise ValueError(f"no bot level {level!r}; choose one of {', '.join(_known)}")
    return factory(seed, time_cap=time_cap)


@contextmanager
def extra_levels(extra: Mapping[str, BotFactory]) -> Iterator[None]:
    """Inside the block, `levels` and `make_bot` know the ``extra`` levels too (for tests
    with bots of their own); afterwards the table is as it was. A level already known
    cannot be replaced."""
    global _known
    taken = sorted(set(extra) & (set(_known) | set(REFERENCE)))
    if taken:
        raise ValueError(f"bot levels {', '.join(taken)} exist already")
    before = _known
    _known = MappingProxyType({**before, **extra})
    try:
        yield
    finally:
        _known = before


__all__ = ["BUILT_IN", "REFERENCE", "Bot", "BotFactory", "CallNote", "TimeCap", "call_notes",
           "extra_levels", "levels", "make_bot", "reference_levels"]
