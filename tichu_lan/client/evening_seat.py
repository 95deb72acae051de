"""A person's program moves to the seat an evening's plan gives it, by itself: it leaves the
table of the last game (over by then) and joins the next, as `join` would.

`planned_seat` reads where a name sits in the game under way; `EveningSeat` follows the
`evening` messages of one client and moves it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from twisted.internet import defer
from twisted.logger import Logger
from twisted.python.failure import Failure

from ..host_messages import EveningInfo, EveningMessage, Heard
from ..protocol import HostError
from .tichu_client import TichuClient

log = Logger()
RETRIES, RETRY_AFTER = 10, 0.5      # tries again after the host's rate limit, seconds apart


def planned_seat(evening: EveningInfo, name: str) -> tuple[int, int] | None:
    """(table id, seat) of ``name`` in the game under way, once its table is open."""
    if evening.over or not 1 <= evening.game <= len(evening.games):
        return None
    for table in evening.games[evening.game - 1].tables:
        if name in table.seats and table.table is not None:
            return table.table, table.seats.index(name)
    return None


class EveningSeat:
    def __init__(self, client: TichuClient,
                 moving: Callable[[bool], None] = lambda started: None) -> None:
        """``moving`` hears that a move to the next seat starts (True) and is over (False),
        for a screen to stand still meanwhile. A plan the client heard before this follower
        began is followed at once."""
        self.client = client
        self.moving = moving
        self.evening: EveningInfo | None = None
        self.at: tuple[int, int] | None = None        # where this follower last sat it
        self.refused: list[HostError] = []            # what the host said no to, if anything
        self.unsubscribe = client.subscribe(self._heard)
        if client.evening is not None:
            self._follow(client.evening)

    def _heard(self, message: Heard) -> None:
        if isinstance(message, EveningMessage):
            self._follow(message.evening)

    def _follow(self, evening: EveningInfo) -> None:
        self.evening = evening
        welcome = self.client.said.welcome
        name = welcome.name if welcome is not None and welcome.name else self.client.name
        target = planned_seat(evening, name)
        if target is not None and target != self.at:
            self.at = target
            self._move(*target).addErrback(self._failed)

    def _failed(self, failure: Failure, tries: int = 0) -> None:
        """A refusal is kept; one of the host's rate limit is tried again shortly (a whole
        party moves at once)."""
        error = failure.value
        if isinstance(error, HostError):
            self.refused.append(error)
            target = self.at
            if error.code == "rate_limited" and target is not None and tries < RETRIES:
                self.client.reactor.callLater(RETRY_AFTER, self._again, target, tries + 1)
        else:
            log.failure("moving to the evening's next seat failed", failure)

    def _again(self, target: tuple[int, int], tries: int) -> None:
        if self.at == target:               # the plan has not moved on meanwhile
            self._move(*target).addErrback(self._failed, tries)

    @defer.inlineCallbacks
    def _move(self, table: int, seat: int) -> Any:
        self.moving(True)
        try:
            if self.client.said.table is not None and self.client.said.table.id != table:
                with contextlib.suppress(HostError):     # a table closed since: left already
                    yield self.client.leave()
            try:
                yield self.client.join(table, seat)
            except HostError as error:
                if error.code != "already_at_table":
                    raise
                # still in a table's line, or watching it: out of there, then to the seat
                with contextlib.suppress(HostError):
                    yield self.client.party.wait(None)
                with contextlib.suppress(HostError):
                    yield self.client.leave()
                yield self.client.join(table, seat)
        finally:
            self.moving(False)
