"""A person away from their seat: it waits for them, then a bot plays it until they return.

When a person's connection drops in the middle of a game the seat stays theirs (their
token holds it). If the table's options say so (`TableOptions.takeover`), a bot stands in
once `TableOptions.grace` has passed; the person's return sends it away, wherever the
game is.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from twisted.logger import Logger

from ..lifecycle import Clock
from .botseats import BotMaker
from .host_config import TableOptions
from .seating import drop_bot
from .seats import Seat

log = Logger()


class StandIns:
    def __init__(self, table: int, clock: Clock, bots: BotMaker,
                 options: Callable[[], TableOptions], changed: Callable[[], None],
                 ask: Callable[[Seat], None]) -> None:
        """``options``: the table's options as they are now; ``changed``: the seats changed;
        ``ask``: the bots' driver, asking a new bot for its move."""
        self.table = table
        self.clock = clock
        self.bots = bots
        self.options = options
        self.changed = changed
        self.ask = ask

    def away(self, seat: Seat, playing: bool) -> None:
        """Start the grace period of a person's seat nobody is connected to, if the game is
        ``playing`` and the table has stand-ins."""
        options = self.options()
        if seat.token and seat.member is None and playing and options.takeover \
                and seat.takeover is None and seat.bot is None:
            seat.takeover = self.clock.callLater(options.grace, self._take_over, seat)
            seat.takeover_at = self.clock.seconds() + options.grace

    def _take_over(self, seat: Seat) -> None:
        seat.takeover, seat.takeover_at = None, None
        if seat.member is not None or not seat.token:
            return
        seat.bot = self.bots.make(self.options().bot_level, secrets.randbits(32),
                                  stand_in=True)
        log.info("table {table}: a {bot_level} bot plays for {name} in seat {seat} until they "
                 "return", table=self.table, bot_level=seat.bot.level, name=seat.name,
                 seat=seat.index)
        self.changed()
        self.ask(seat)

    def back(self, seat: Seat) -> None:
        """The person is back: the seat waits no more, and a bot standing in goes."""
        seat.cancel_takeover()
        if seat.bot is not None and seat.bot.stand_in:
            drop_bot(seat)
