"""A game as the states after each of its moves, with the tricks and rounds marked.

Step 0 is the deal before the first move; step n is the game after move n, with the
events that move caused. A shared game's first move is its first deal (`engine.Deal`):
step 0 is the game after it, and `first` (1) says so, so that step n is the game after
move n + `first`. The marks are where the replay's larger steps land: the move that
collected a trick (the table shows the trick it won), and the first step of each round.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from engine import Action, Deal, Event, GameState, apply, new_game
from engine.events import RoundEnded, RoundStarted, TrickWon

from .game_record import GameRecord


@dataclass(frozen=True)
class Step:
    action: Action | None           # None for step 0, the deal
    events: tuple[Event, ...]
    game: GameState                 # after the action

    def ended_round(self) -> RoundEnded | None:
        return next((e for e in self.events if isinstance(e, RoundEnded)), None)


class Timeline:
    def __init__(self, record: GameRecord) -> None:
        game = new_game(record.meta.rules, record.seed, shared=record.shared)
        actions = record.actions
        self.first = 0                   # the moves before step 0: a shared game's first deal
        if actions and isinstance(actions[0], Deal):
            game, _events = apply(game, actions[0])
            actions, self.first = actions[1:], 1
        self.record = record
        self.steps = [Step(None, (), game)]
        self.round_starts = [0]          # round n begins at step round_starts[n - 1]
        self.trick_ends: list[int] = []
        for action in actions:
            game, events = apply(game, action)     # the record was checked when it was read
            self.steps.append(Step(action, tuple(events), game))
            index = len(self.steps) - 1
            if any(isinstance(e, RoundStarted) for e in events):
                self.round_starts.append(index)
            if any(isinstance(e, TrickWon) for e in events):
                self.trick_ends.append(index)
        self._tricks = sorted(set(self.trick_ends) | set(self.round_starts))

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    @property
    def rounds(self) -> int:
        return len(self.round_starts)

    def round_at(self, index: int) -> int:
        """The round step ``index`` shows (a round's last move shows that round's end)."""
        ended = self.steps[index].ended_round()
        return ended.round_no if ended is not None else bisect_right(self.round_starts, index)

    def next_trick(self, index: int) -> int:
        at = bisect_right(self._tricks, index)
        return self._tricks[at] if at < len(self._tricks) else self.last

    def previous_trick(self, index: int) -> int:
        at = bisect_left(self._tricks, index)
        return self._tricks[at - 1] if at > 0 else 0

    def next_round(self, index: int) -> int:
        at = bisect_right(self.round_starts, index)
        return self.round_starts[at] if at < len(self.round_starts) else self.last

    def previous_round(self, index: int) -> int:
        at = bisect_left(self.round_starts, index)
        return self.round_starts[at - 1] if at > 0 else 0

    def round_start(self, number: int) -> int:
        """The first step of round ``number`` (1 is the first), within the rounds there are."""
        return self.round_starts[max(1, min(number, self.rounds)) - 1]
