"""Bots at a table: asked after every change, answering through the seat like a person.

After each change every bot seat is asked with its own view (never anything
more); its answer is played once the table's pause has passed, and only if
nothing else happened meanwhile (otherwise it is asked again with the new view).
The pause comes from `Pacing` and the public events alone, and every bot is
asked every time whether it is its turn or not, so how long a bot takes to
appear never tells anybody what it holds. A question is asked in the turn of the
address that opened the table (`thinking`), and is dropped if the table has
moved on before its turn comes.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from twisted.logger import Logger
from twisted.python.failure import Failure

from engine import Action, IllegalAction, SeatView, options_for_view
from engine.bots import levels, make_bot

from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError
from .botrunner import BotHandle, BotRunner
from .host_config import Pacing, TableOptions
from .thinking import Asking
from .turn_timer import TurnTimer

from .seats import TableInPlay

if TYPE_CHECKING:
    from .audience import Audience
    from .seats import Seat

log = Logger()
RETRY_AFTER = 5.0      # seconds, when the table refused a bot's move for its own reasons


class BotTable(TableInPlay, Protocol):
    """What the bots use of their table: what they see, and the door for their moves."""

    closed: bool
    options: TableOptions
    opened_from: str | None         # the address of the person who opened it, if known
    audience: Audience              # who hears what happens at the table

    def view_of(self, seat: int) -> SeatView: ...

    def act(self, seat: int, action: Action, arrived: float | None = None) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(eq=False)
class BotPlayer:
    handle: BotHandle
    level: str
    seed: int
    stand_in: bool = False          # standing in for a person who is away
    pending: bool = False           # a question is out
    again: bool = False             # the table changed while it was out
    timer: Timer | None = None      # the delayed call that will play its answer

    def cancel(self) -> None:
        cancel(self.timer)
        self.timer = None

    def close(self) -> None:
        self.cancel()
        self.handle.close()


class BotMaker:
    """Makes a table's bots, each where its level thinks (`BotRunner`)."""

    def __init__(self, runner: BotRunner, table: int) -> None:
        self.runner = runner
        self.table = table

    def make(self, level: str, seed: int, stand_in: bool = False) -> BotPlayer:
        """A bot of ``level``, or of the first level there is if this program has no such level
        (a journal written by another version must not lose its game over a bot)."""
        if level not in levels():
            log.warn("table {table}: no bot level {missing!r} here; a {other} bot plays instead",
                     table=self.table, missing=level, other=levels()[0])
            level = levels()[0]
        return BotPlayer(self.runner.make(level, seed), level, seed, stand_in)


def check_bot_level(level: str) -> None:
    if level not in levels():
        raise HostError("unknown_bot_level", f"there is no bot level {level!r}; "
                        f"choose one of {', '.join(levels())}",
                        params={"level": level, "levels": list(levels())})


def fallback_action(view: SeatView, seed: int) -> Action | None:
    """A legal action for a bot that failed while the game waits for it."""
    if not options_for_view(view).waiting:
        return None
    return make_bot("random", seed).decide(view)


class BotDriver:
    def __init__(self, table: BotTable, pacing: Pacing, clock: Clock,
                 bots: BotMaker | None = None) -> None:
        """``bots``: where the turn timer's bots come from (None: no turn timer)."""
        self.table = table
        self.pacing = pacing
        self.clock = clock
        self.due = 0.0
        self.rng = random.Random(table.seed ^ 0x5EA7)
        self.turns = TurnTimer(table, bots, clock, fallback_action) if bots else None
        self.background = False     # nobody waits for these bots (`thinking.Asking`)

    def changed(self, event_types: frozenset[str] = frozenset()) -> None:
        """Something happened at the table: every bot gets a new look."""
        shown = self.table.options.collect      # a trick won lay on the table that long
        self.due = self.clock.seconds() + self.pacing.delay_after(event_types, shown)
        for seat in self.table.seats:
            if seat.bot is not None:
                self.ask(seat)
        if self.turns is not None:
            self.turns.follow()

    def ask(self, seat: Seat) -> None:
        player = seat.bot
        game = self.table.game
        if player is None or game is None or game.over or self.table.closed:
            return
        player.cancel()
        if player.pending:
            player.again = True
            player.handle.moved_on()
            return
        player.pending = True
        seq = self.table.seq
        view = self.table.view_of(seat.index)
        table = self.table

        def wanted() -> bool:
            return not table.closed and seat.bot is player and not player.again \
                and table.seq == seq
        asking = Asking(table.opened_from or f"table {table.id}", table.id, wanted,
                        self.background)
        player.handle.decide(view, asking).addCallbacks(
            self._answered, self._failed,
            callbackArgs=(seat, player, seq, view), errbackArgs=(seat, player, seq, view))

    def _answered(self, action: Action | None, seat: Seat, player: BotPlayer, seq: int,
                  view: SeatView) -> None:
        player.pending = False
        if seat.bot is not player:
            return
        if player.again or self.table.seq != seq:
            player.again = False
            self.ask(seat)
        elif action is not None:
            wait = max(0.0, self.due - self.clock.seconds())
            player.timer = self.clock.callLater(wait, self._play, seat, player, seq, action, view)

    def _failed(self, failure: Failure, seat: Seat, player: BotPlayer, seq: int,
                view: SeatView) -> None:
        log.warn("table {table}: the {bot_level} bot in seat {seat} could not decide ({why}); "
                 "playing a random legal action for it", table=self.table.id,
                 bot_level=player.level, seat=seat.index, why=failure.getErrorMessage())
        self._answered(fallback_action(view, self.rng.getrandbits(32)), seat, player, seq, view)

    def _play(self, seat: Seat, player: BotPlayer, seq: int, action: Action,
              view: SeatView) -> None:
        player.timer = None
        if seat.bot is not player or self.table.seq != seq or self.table.closed:
            return
        try:
            self.table.act(seat.index, action, time.perf_counter())
        except IllegalAction as exc:
            log.warn("table {table}: the {bot_level} bot in seat {seat} chose {action!r}, which is "
                     "illegal ({why}); playing a random legal action for it", table=self.table.id,
                     bot_level=player.level, seat=seat.index, action=action, why=exc)
            replacement = fallback_action(view, self.rng.getrandbits(32))
            if replacement is not None:
                self.table.act(seat.index, replacement)
        except HostError as exc:
            log.error("table {table}: the move of the bot in seat {seat} was refused ({why}); "
                      "trying again in {after} s", table=self.table.id, seat=seat.index, why=exc,
                      after=RETRY_AFTER)
            player.timer = self.clock.callLater(RETRY_AFTER, self.ask, seat)
        except Exception:
            log.failure("table {table}: the move of the bot in seat {seat} failed; the table "
                        "carries on after the next change", table=self.table.id, seat=seat.index)
