"""A table of an evening: its seats come from the plan, its game starts once the planned
people sit, and, for a duplicate game, it deals the set's deals (`duplicate_deals`).

It is a `Table` with five of its steps taken further, so that the table itself stays the
table of any game: who may sit where (the waiting line too), the header of its record, the
deal of each round, and the end of its game. A host resumed from its journals brings such
a table back as a plain table (the evening is not resumed; docs/EVENING.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import waits_for_deal

from ..lifecycle import Timer, cancel
from ..protocol import HostError
from .duplicate_deals import DuplicateSet
from .evening_plan import BOT, TablePlan
from .seats import Member, Seat
from .table import Table

SEAT_WAIT = 30.0        # seconds a table waits for its planned people before bots sit in


class EveningTable(Table):
    # the plan says who sits where; whoever waits in line takes part in the evening from
    # its next game on (`Evening._waiting`)
    line_takes_seats = False

    def __init__(self, *args: Any, evening: str, plan: TablePlan,
                 deals: DuplicateSet | None, over: Callable[[EveningTable], None],
                 **kwargs: Any) -> None:
        """``plan``: who sits where; ``deals``: the set of a duplicate game (None: the table
        deals its own); ``over``: called when the game is over or the table closes."""
        self.evening = evening
        self.plan = plan
        self.deals = deals
        self.over = over
        self.reported = 0                   # the last round told to the set
        self.seat_wait: Timer | None = None
        super().__init__(*args, **kwargs)

    def header(self) -> dict[str, Any]:
        head = super().header() | {"evening": self.evening}
        return head | {"duplicate": self.deals.id} if self.deals is not None else head

    def sit(self, member: Member, name: str, index: int | None = None,
            address: str = "") -> Seat | None:
        """Only the person the plan puts in a seat sits there, and the game starts once
        every planned person sits."""
        if name not in self.plan.seats or index not in (None, self.plan.seats.index(name)):
            raise HostError("seat_taken", f"the evening's plan seats {name} elsewhere",
                            params={"seat": index if index is not None else -1, "name": name})
        seat = super().sit(member, name, self.plan.seats.index(name), address)
        self.services.clock.callLater(0, self._start_if_seated)
        return seat

    def wait_for_people(self) -> None:
        """Give the planned people `SEAT_WAIT` seconds to sit; then a bot takes the seat of
        anyone who has not, and the game starts."""
        self.seat_wait = self.services.clock.callLater(SEAT_WAIT, self._fill_and_start)

    def _fill_and_start(self) -> None:
        self.seat_wait = None
        if self.game is not None or self.closed:
            return
        for seat in self.seats:
            if seat.kind == "empty":
                self.add_bot(seat.index, None)
        self.start()

    def _start_if_seated(self) -> None:
        planned = [s for s in self.seats if self.plan.seats[s.index] != BOT]
        if self.game is None and not self.closed and all(s.kind == "person" for s in planned):
            self.start()

    def play_again(self, seat: Seat, agree: bool) -> None:
        raise HostError("not_over", "the evening's next game follows its plan, at the tables "
                        "the host opens for it", params={"next": "evening"})

    def _deal_if_due(self) -> None:
        """A duplicate table tells the set each round's result, and deals a deal another
        table has dealt from its seed (the first to reach a deal shuffles it)."""
        game = self.game
        if self.deals is None or game is None or self.closed:
            super()._deal_if_due()
            return
        result = game.round.result
        if result is not None and game.round_no > self.reported:
            self.reported = game.round_no
            self.deals.played(self.id, game.round_no, result.total)
        if not waits_for_deal(game) or self.shuffle.open is not None:
            return
        seed = self.deals.seed_for(self.id, game.round_no + 1, self._deal_if_due)
        if seed is not None:
            self._deal(seed)
        elif self.deals.shuffles(self.id, game.round_no + 1):
            super()._deal_if_due()

    def _deal(self, seed: str) -> None:
        """The set's seed for this deal, if another table dealt it first; a table that
        shuffled it first hands its seed to the tables waiting for it."""
        game = self.game
        if self.deals is not None and game is not None and waits_for_deal(game):
            number = game.round_no + 1
            deal = self.deals.deal(number)
            if deal.seed is None and self.deals.shuffles(self.id, number):
                for ready in self.deals.dealt(number, seed):
                    self.services.clock.callLater(0, ready)
            seed = deal.seed or seed
        super()._deal(seed)

    def _game_over(self) -> None:
        super()._game_over()
        self._ended()

    def close(self, reason: str) -> None:
        cancel(self.seat_wait)
        super().close(reason)
        self._ended()

    def shut_down(self) -> None:
        cancel(self.seat_wait)
        super().shut_down()

    def _ended(self) -> None:
        """No further deal here: the set waits no more for this table, and the evening
        hears of it."""
        game = self.game
        if self.deals is not None:
            played = game.round_no if game is not None and game.round.result else \
                (game.round_no - 1 if game is not None else 0)
            for ready in self.deals.ended(self.id, played):
                self.services.clock.callLater(0, ready)
        self.over(self)
