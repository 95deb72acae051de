"""After a game: the evening's standings, and playing again at the same table.

Once a game is over each person at the table may ask for another (`play_again`); it
starts, with the same seats and a new deal, once every person who is here wants it and no
seat is empty. The game-over page also shows how the people at the table have done this
evening, read from the games the host kept (`tichu_lan.records`).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from twisted.logger import Logger

from ..protocol import HostError
from .host_config import TableOptions
from .seating import Seating
from .table_moves import Moves

if TYPE_CHECKING:
    from ..records.keeping import Keeping

log = Logger()


class Replayable(Protocol):
    """What playing again needs of its table: its seats and its moves, the deal's seed, and
    its records."""

    id: int
    seed: int
    options: TableOptions
    seating: Seating
    moves: Moves

    def header(self) -> dict[str, Any]: ...

    def record(self, record: dict[str, Any]) -> None: ...

    def start(self) -> None: ...


class Rematch:
    def __init__(self, table: Replayable, records: Keeping | None) -> None:
        self.table = table
        self.records = records
        self.again: set[int] = set()              # seats whose people want another game
        self.evening: list[dict[str, Any]] = []   # the people's standings tonight

    def want(self, seat: int, agree: bool, over: bool) -> None:
        """``seat``'s person wants (or no longer wants) another game; ``over``: this one is."""
        if not over:
            raise HostError("not_over", "a new game can be agreed on once this one is over")
        if agree:
            self.again.add(seat)
        else:
            self.again.discard(seat)

    def forget(self, seat: int) -> None:
        """``seat``'s person has left the table."""
        self.again.discard(seat)

    def begin_if_agreed(self) -> bool:
        """Start the next game, in a new journal, with the seats as they are and a new deal,
        if every person here wants it and no seat is empty; True if it has started."""
        table = self.table
        here = table.seating.here()
        if table.moves.state() != "over" or not here or not here <= self.again \
                or table.seating.empty():
            return False
        old_seed, table.seed = table.seed, secrets.randbits(63)
        try:
            table.moves.open(table.header())
        except HostError as exc:
            log.error("table {table}: no new game ({why})", table=table.id, why=exc)
            table.seed = old_seed
            return False
        self.again.clear()
        table.moves.again()
        log.info("table {table}: everyone plays again", table=table.id)
        self._seats_again()
        table.start()
        return True

    def _seats_again(self) -> None:
        """The seats as they are, in the new journal (a stand-in starts the new game afresh,
        a table bot with a new seed)."""
        table = self.table
        for seat in table.seating.seats:
            if seat.token:
                table.moves.write({"kind": "sit", "seat": seat.index, "token": seat.token,
                                   "name": seat.name})
                if seat.bot is not None:
                    seat.bot.close()
                    seat.bot = table.seating.bots.make(table.options.bot_level,
                                                       secrets.randbits(32), stand_in=True)
            elif seat.bot is not None:
                table.record({"kind": "bot", "seat": seat.index, "level": seat.bot.level,
                              "seed": secrets.randbits(32)})
        if table.seating.owner is not None:
            table.moves.write({"kind": "owner", "seat": table.seating.owner})

    def game_over(self, people: set[str]) -> None:
        """Read this evening's standings of ``people`` for their game-over page; kept games
        that cannot be read cost only the page's lines."""
        self.evening = []
        if self.records is None or not people:
            return
        try:
            evening = str(self.table.header().get("evening") or "")   # "": tonight's
            self.evening = self.records.evening(people, datetime.now().astimezone(), evening)
        except OSError as exc:
            log.error("table {table}: cannot read the evening's games: {why}",
                      table=self.table.id, why=exc)
