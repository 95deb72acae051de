"""The public events the table screen has heard, move by move, each with its round.

The host sends every move's events with the view after it, and the whole game's
public log with the view a newcomer gets (on sitting down, reconnecting, after the
host's `--resume`). The record keeps them, so that the log pane can be written again
after a reconnect and the round history can tell a round's tricks. It keeps at most
`protocol.LOG_MAX` events, as the host does; only public events are in it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from engine import Event
from engine.events import RoundStarted

from ..host_messages import ViewMessage
from ..protocol import LOG_MAX

Moves = list[tuple[int, list[Event]]]      # (seq, the move's events), oldest first


def moves_of(message: ViewMessage | None) -> Moves | None:
    """The game's public log a view message for a newcomer carries (None: it has none)."""
    if message is None or message.log is None:
        return None
    return [(move.seq, list(move.events)) for move in message.log]


class Move(NamedTuple):
    seq: int
    events: tuple[Event, ...]
    rounds: tuple[int, ...]        # the round of each event (a move may end one, deal the next)


class EventRecord:
    def __init__(self, limit: int = LOG_MAX) -> None:
        self.limit = limit
        self.moves: deque[Move] = deque()
        self.events = 0
        self.round_no = 1          # the round the next move belongs to, unless it starts one

    @property
    def last_seq(self) -> int:
        return self.moves[-1].seq if self.moves else 0

    def add(self, seq: int, events: Iterable[Event]) -> None:
        """Move ``seq`` and its events (moves heard before are not taken twice)."""
        kept = tuple(events)
        if not kept or seq <= self.last_seq:
            return
        rounds = []
        for event in kept:
            if isinstance(event, RoundStarted):
                self.round_no = event.round_no
            rounds.append(self.round_no)
        self.moves.append(Move(seq, kept, tuple(rounds)))
        self.events += len(kept)
        while self.events > self.limit:
            self.events -= len(self.moves.popleft().events)

    def replace(self, moves: Moves, round_now: int) -> None:
        """The host's log instead of what was heard; ``round_now`` is the view's round."""
        self.moves.clear()
        self.events = 0
        started = next((e.round_no for _, events in moves for e in events
                        if isinstance(e, RoundStarted)), None)
        self.round_no = round_now if started is None else started - 1
        for seq, events in moves:
            self.add(seq, events)

    def after(self, seq: int) -> Iterator[Move]:
        """The moves later than ``seq``."""
        return (move for move in self.moves if move.seq > seq)

    def round_events(self, round_no: int) -> list[Event]:
        """Every event of round ``round_no`` that the record still holds, in order."""
        return [event for move in self.moves
                for event, in_round in zip(move.events, move.rounds, strict=True)
                if in_round == round_no]

    def holds_start_of(self, round_no: int) -> bool:
        """Whether the record reaches back to the beginning of round ``round_no``."""
        if round_no == 1:
            return bool(self.moves) and self.moves[0].seq == 1
        return any(isinstance(e, RoundStarted) and e.round_no == round_no
                   for move in self.moves for e in move.events)
