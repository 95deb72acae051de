"""A table's seats: who holds each one, who asked for a bot's seat, and who runs the table.

A seat changes only through the table's records (`sit`, `bot`, `free`, `owner`), made live
or read back from the journal, so that a resumed table has the seats it had. A request for
a bot's seat in the middle of a round is no record: it lives as long as the connection that
asked, and ends when the owner lets the person in, the round ends, or they take it back.
An address may have `REQUESTS_PER_ADDRESS` requests waiting at a table at once, so that
one guest with many names cannot take every bot's seat from the people asking after them.
"""

from __future__ import annotations

from ..protocol import HostError
from ..records.meta import TableName
from .botseats import BotMaker
from .seats import Member, Seat, SeatRequest

# The requests only the person who runs a table may make, and what they do (in the host's
# English; a client words them by request type, see tichu_lan.words.refusals).
REQUESTS_PER_ADDRESS = 2

RUNNERS_TASKS = {"add_bot": "add bots", "remove_bot": "remove bots", "start": "start the game",
                 "set_options": "change the table's options",
                 "grant_seat": "let people take bots' seats",
                 "start_evening": "start an evening"}


class Seating:
    def __init__(self, count: int, table: TableName, variant: str, bots: BotMaker) -> None:
        """``table`` and ``variant``: the table's name and rules, as refusals name them;
        ``bots`` makes the table's bots."""
        self.seats = [Seat(i) for i in range(count)]
        self.table = table
        self.variant = variant
        self.bots = bots
        self.owner: int | None = None                  # the seat of the person who runs it
        self.requests: dict[int, SeatRequest] = {}     # bots' seats people asked for mid-round

    # --- the records ------------------------------------------------------------------

    def seat_at(self, index: object) -> Seat:
        """The seat a record names (ValueError: a record for a seat the table lacks)."""
        if not isinstance(index, int) or not 0 <= index < len(self.seats):
            raise ValueError(f"there is no seat {index!r} at this table")
        return self.seats[index]

    def sit(self, seat: Seat, token: str, name: str) -> None:
        drop_bot(seat)
        seat.token, seat.name = token, name
        if self.owner is None:
            self.owner = seat.index

    def put_bot(self, seat: Seat, level: str, seed: int) -> None:
        drop_bot(seat)
        seat.bot = self.bots.make(level, seed)
        seat.name = f"{seat.bot.level} bot"

    def free(self, seat: Seat) -> None:
        drop_bot(seat)
        seat.cancel_takeover()
        seat.token, seat.name, seat.member = None, "", None
        if seat.index == self.owner:
            self.owner = self._next_person(seat.index)

    def _next_person(self, after: int) -> int | None:
        """The first seat after ``after`` that a person holds (who runs the table next)."""
        count = len(self.seats)
        return next((i % count for i in range(after + 1, after + count)
                     if self.seats[i % count].token), None)

    # --- a person's way to a seat -------------------------------------------------------

    def free_seat(self, index: int | None) -> Seat:
        """The seat a person may take: ``index``, or the first empty one, else the first a
        bot plays; refused when nobody may sit there."""
        if index is not None:
            if index >= len(self.seats):
                raise HostError("no_such_seat", f"this {self.variant} table has seats 0 to "
                                f"{len(self.seats) - 1}", params={"seats": len(self.seats)})
            seat = self.seats[index]
            if not seat.open:
                raise HostError("seat_taken", f"seat {index} is taken by {seat.name}",
                                params={"seat": index, "name": seat.name})
            if index in self.requests:
                raise HostError("seat_requested", f"{self.requests[index].name} has asked for "
                                f"seat {index} already",
                                params={"seat": index, "name": self.requests[index].name})
            return seat
        for kind in ("empty", "bot"):
            for seat in self.seats:
                if seat.open and seat.kind == kind and seat.index not in self.requests:
                    return seat
        raise HostError("table_full", f"every seat at table {str(self.table)!r} is taken by a "
                        "person", params=self.table.params())

    def ask(self, seat: Seat, member: Member, name: str, address: str = "") -> None:
        """Ask for ``seat`` for ``name``, unless requests from ``address`` wait here already."""
        waiting = sum(1 for r in self.requests.values() if r.address == address)
        if address and waiting >= REQUESTS_PER_ADDRESS:
            raise HostError("too_many_requests", f"{waiting} request(s) for a seat from your "
                            "address wait at this table already; ask again once answered",
                            params={"count": REQUESTS_PER_ADDRESS})
        self.requests[seat.index] = SeatRequest(member, name, address)

    def answer(self, index: int, now: bool) -> SeatRequest | None:
        """The owner's answer to the request for seat ``index``: with ``now``, the request,
        for the table to let its person in; otherwise None, and it waits for the round's end."""
        if index not in self.requests:
            raise HostError("no_request", f"nobody is asking for seat {index}",
                            params={"seat": index})
        if now:
            return self.requests.pop(index)
        self.requests[index].answered = True
        return None

    def withdraw(self, member: Member) -> bool:
        """Forget the request ``member`` made, if any (they left, or lost the connection)."""
        for index, request in list(self.requests.items()):
            if request.member is member:
                del self.requests[index]
                return True
        return False

    def drop_requests(self) -> list[SeatRequest]:
        """Every request, in the order they were made; none is left (the table closes)."""
        dropped = list(self.requests.values())
        self.requests.clear()
        return dropped

    # --- who runs the table -------------------------------------------------------------

    def runner(self) -> Seat | None:
        """The seat whose person runs the table now: its owner's while they are here, else the
        next person's who is (a dropped connection does not leave a table without anyone to
        start it)."""
        if self.owner is None:
            return None
        count = len(self.seats)
        for step in range(count):
            seat = self.seats[(self.owner + step) % count]
            if seat.token and seat.member is not None:
                return seat
        return self.seats[self.owner]

    def check_runner(self, seat: Seat, what: str) -> None:
        """Refuse, naming who may, unless ``seat`` runs the table. ``what`` is the request
        refused, one of `RUNNERS_TASKS`, which the refusal names for the client to word."""
        runner = self.runner()
        if runner is not None and runner is not seat:
            raise HostError("not_owner", f"only {runner.name}, who runs this table, may "
                            f"{RUNNERS_TASKS[what]}", params={"name": runner.name, "what": what})

    # --- as everyone sees them ----------------------------------------------------------

    def here(self) -> set[int]:
        """The seats whose people are connected."""
        return {s.index for s in self.seats if s.token and s.member is not None}

    def empty(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == "empty"]

    def stop(self) -> None:
        """The table stops: no seat waits for its person, no bot plays on."""
        for seat in self.seats:
            seat.cancel_takeover()
            drop_bot(seat)


def drop_bot(seat: Seat) -> None:
    if seat.bot is not None:
        seat.bot.close()
        seat.bot = None
