"""The turn timer a table may have: a person's decision made by a bot once its time is up.

With `TableOptions.timer` set, every decision the game waits for from a person (Grand
Tichu, the exchange, a turn in a trick, the wish, the Dragon's gift, a duel's discard or
draft: what `engine.game.waiting_for` names) has that many seconds. A decision whose time
runs out is made by a bot of the table's level through `Table.act`, journalled like any
move, and the person is told (notice ``time_ran_out``). The seats' ``turn_in`` says the
seconds left, so that screens count down themselves; nobody is sent a message a second.

A decision is the same while the round, phase, whose turn, the trick's length and the
cards played stay the same: another seat's Tichu call or exchange does not give it new
time, and a bomb that changes the trick does. The host's clock starts the time again
when it resumes a table from its journal: a deadline is not a record.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from collections.abc import Callable
from typing import TYPE_CHECKING

from twisted.logger import Logger
from twisted.python.failure import Failure

from engine import Action, GameState, IllegalAction, SeatView, action_to_dict
from engine.game import waiting_for

from .. import protocol
from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError
from .thinking import Asking

if TYPE_CHECKING:
    from .botseats import BotMaker, BotTable

log = Logger()


Decision = tuple[int, str, int, int, int, int]


def decision_of(game: GameState) -> Decision:
    """What the game waits for, as far as a seat's time goes (the module's docstring)."""
    state = game.round
    return (game.round_no, state.phase.value, state.turn, state.decider, len(state.trick),
            state.played_cards)


@dataclass(eq=False)
class Deadline:
    decision: Decision
    timer: Timer | None             # None once it has run out and a bot thinks


class TurnTimer:
    def __init__(self, table: BotTable, bots: BotMaker, clock: Clock,
                 fallback: Callable[[SeatView, int], Action | None]) -> None:
        """``fallback(view, seed)``: a legal action when the bot fails to give one."""
        self.table = table
        self.bots = bots
        self.clock = clock
        self.fallback = fallback
        self.deadlines: dict[int, Deadline] = {}

    def follow(self) -> None:
        """After any change: start the time of each person the game now waits for, stop
        the time of the others, and tell the table when that changed anything."""
        if self._set_deadlines():
            self.table.audience.tell({"type": "table", "table": self.table.to_dict()})

    def _set_deadlines(self) -> bool:
        seconds = self.table.options.timer
        game = self.table.game
        wanted: dict[int, Decision] = {}
        if seconds and game is not None and not self.table.closed:
            decision = decision_of(game)
            for index in waiting_for(game):
                seat = self.table.seats[index]
                if seat.kind == "person" and seat.bot is None:
                    wanted[index] = decision
        changed = False
        for index, deadline in list(self.deadlines.items()):
            if wanted.get(index) != deadline.decision:
                self._drop(index)
                changed = True
        for index, decision in wanted.items():
            if index not in self.deadlines and seconds:
                self.deadlines[index] = Deadline(decision, self.clock.callLater(
                    seconds, self._ran_out, index))
                self.table.seats[index].turn_at = self.clock.seconds() + seconds
                changed = True
        return changed

    def _drop(self, index: int) -> None:
        deadline = self.deadlines.pop(index)
        cancel(deadline.timer)
        self.table.seats[index].turn_at = None

    def stop(self) -> None:
        for index in list(self.deadlines):
            self._drop(index)

    def _ran_out(self, index: int) -> None:
        deadline = self.deadlines.get(index)
        game, table = self.table.game, self.table
        if deadline is None or game is None or table.closed:
            return
        deadline.timer = None
        seat = table.seats[index]
        if seat.bot is not None:            # a stand-in came meanwhile: it decides
            return
        bot = self.bots.make(table.options.bot_level, secrets.randbits(32), stand_in=True)
        view = table.view_of(index)
        seq = table.seq

        def wanted() -> bool:
            return self.deadlines.get(index) is deadline and table.seq == seq
        asking = Asking(table.opened_from or f"table {table.id}", table.id, wanted)
        log.info("table {table}: time ran out for seat {seat}; a {bot_level} bot decides",
                 table=table.id, seat=index, bot_level=bot.level)
        done = bot.handle.decide(view, asking)
        done.addErrback(self._failed, view)
        done.addCallback(self._decided, index, deadline, seq, view)
        done.addBoth(lambda _: bot.close())

    def _failed(self, failure: Failure, view: SeatView) -> Action | None:
        log.warn("table {table}: the timer's bot could not decide ({why}); a random legal "
                 "action instead", table=self.table.id, why=failure.getErrorMessage())
        return self.fallback(view, secrets.randbits(32))

    def _decided(self, action: Action | None, index: int, deadline: Deadline, seq: int,
                 view: SeatView) -> None:
        table = self.table
        if (action is None or self.deadlines.get(index) is not deadline or table.seq != seq
                or table.closed):
            return
        try:
            table.act(index, action)
        except IllegalAction:
            action = self.fallback(view, secrets.randbits(32))
            if action is None:
                return
            table.act(index, action)
        except HostError as exc:
            log.error("table {table}: the timer's move for seat {seat} was refused ({why})",
                      table=table.id, seat=index, why=exc)
            return
        member = table.seats[index].member
        if member is not None:
            member.send(time_ran_out(table.id, action))


def time_ran_out(table: int, action: Action) -> protocol.Message:
    """The notice to the person whose move the bot made: the move, to word it."""
    data = action_to_dict(action)
    return protocol.notice_message(table, "time_ran_out", "time ran out: a bot made your "
                                   f"move ({data['type']}) for you", {"action": data})
