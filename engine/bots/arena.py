"""Bots at a table, the way the host seats them: after every change each seat's
bot gets its own view and may act. Used by the benchmark and the tests.

Out-of-turn actions (a Tichu call, a bomb) are taken before the awaited one, as
they would be at a real table where a bot answers as soon as it has decided.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..actions import Action
from ..errors import IllegalAction
from ..game import GameState, apply, new_game, trick_to_collect, waiting_for
from ..rules import RuleSet
from ..seat_view import view
from .interface import Bot


Watcher = Callable[[GameState, Action, GameState], None]


class BotFailure(Exception):
    """A bot broke the rules of the table: no answer when awaited, or an illegal action."""


@dataclass
class Timings:
    """Seconds per awaited decision, per seat, on the caller's ``clock`` (the engine
    has none: the benchmark brings it)."""

    clock: Callable[[], float]
    per_seat: list[list[float]] = field(default_factory=list)


def next_move(game: GameState, bots: Sequence[Bot], timings: Timings | None = None
              ) -> tuple[int, Action]:
    """Ask every seat's bot once, in turn order after the awaited seats, and give the
    first action offered, with its seat. Raises BotFailure if nobody acts."""
    waiting = waiting_for(game)
    seats = len(bots)
    first = (waiting[0] + 1) % seats if waiting else 0
    order = [s for s in ((first + k) % seats for k in range(seats)) if s not in waiting]
    for seat in order + list(waiting):
        start = timings.clock() if timings is not None else 0.0
        action = bots[seat].decide(view(game, seat))
        if seat in waiting and timings is not None:
            timings.per_seat[seat].append(timings.clock() - start)
        if action is not None:
            return seat, action
        if seat in waiting:
            raise BotFailure(f"the {bots[seat].level} bot in seat {seat} did not answer")
    collect = trick_to_collect(game)      # nobody bombed the won trick: the host collects it
    if collect is not None:
        return collect.seat, collect
    raise BotFailure("no seat acted")


def step(game: GameState, bots: Sequence[Bot], timings: Timings | None = None) -> GameState:
    """The game after the next move of its bots (`next_move`). Raises BotFailure if
    nobody acts or the action is illegal."""
    return _moved(game, bots, *next_move(game, bots, timings))


def _moved(game: GameState, bots: Sequence[Bot], seat: int, action: Action) -> GameState:
    try:
        return apply(game, action)[0]
    except IllegalAction as exc:
        raise BotFailure(f"the {bots[seat].level} bot in seat {seat} tried {action!r}: "
                         f"{exc}") from exc


def play_game(rules: RuleSet, seed: int, bots: Sequence[Bot], timings: Timings | None = None,
              rounds: int = 0, watch: Watcher | None = None) -> GameState:
    """A whole game (or its first ``rounds`` rounds) played by ``bots``, one per seat;
    ``watch`` sees every move (the game before, the action, the game after)."""
    game = new_game(rules, seed)
    if timings is not None and not timings.per_seat:
        timings.per_seat = [[] for _ in bots]
    while not game.over and not (rounds and len(game.history) >= rounds):
        seat, action = next_move(game, bots, timings)
        after = _moved(game, bots, seat, action)
        if watch is not None:
            watch(game, action, after)
        game = after
    return game
