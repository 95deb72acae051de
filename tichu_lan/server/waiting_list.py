"""A table's waiting list: the people who want the next free seat there, first come first seated.

A party is rarely four people: whoever is left over waits in line for a seat rather than
watching with nothing to wait for. A person in the lobby or watching may wait at one table
of a host (a second list is refused, naming the first), and a free seat goes to the first
in line:

- while no game runs at the table (it waits to start, or its game is over) at once: an
  empty seat, or a table bot's, which gives way to a person before a game starts;
- while a game runs, a bot's seat (the table's own, or one a leaving person's seat was
  given to) becomes the first in line's request for it, in the owner's queue of requests
  (`Seating.requests`): one mechanism for every seat asked for in the middle of a game.
  The owner lets them in at once, or the round's end does.

Who gets a seat from the list is seated as `join` seats a person, with a fresh token, and
told by a `seated` with no request id. A seated player may sit out the next game: when the
game ends, if someone else waits, they give up their seat to the first in line and join the
end of the list, passed over until the game after ends.

The list is no record (a resumed table has none): it lives with its people's connections.
A waiting person whose connection drops keeps their place for the table's grace, passed over
meanwhile; a `wait` for the same table under the same name from the same address takes it
back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twisted.logger import Logger

from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError
from .seats import Member, Seat, SeatRequest

if TYPE_CHECKING:
    from .table import Table

log = Logger()


@dataclass(eq=False)
class Waiter:
    member: Member | None           # None while the connection is away
    name: str
    address: str
    rests: bool = False             # sat out: passed over until the next game ends
    away: Timer | None = None       # ends the place once the grace is over

    @property
    def next_in_line(self) -> bool:
        return self.member is not None and not self.rests


class WaitingList:
    def __init__(self, table: Table, clock: Clock) -> None:
        self.table = table
        self.clock = clock
        self.line: list[Waiter] = []
        self.sitting_out: set[str] = set()      # the tokens of seats whose people sit out

    # --- joining and leaving the line ------------------------------------------------

    def join(self, member: Member, name: str, address: str) -> None:
        """``member`` waits at the end of the line (or takes back the place they had before
        their connection dropped)."""
        for waiter in self.line:
            if waiter.member is None and waiter.name == name and waiter.address == address:
                cancel(waiter.away)
                waiter.member, waiter.away = member, None
                break
        else:
            self.line.append(Waiter(member, name, address))
        log.info("table {table}: {name} waits for a seat", table=self.table.id, name=name)
        if not self._give_up_seats():
            self.table.seats_changed()

    def leave(self, member: Member) -> bool:
        """``member`` leaves the line, or takes back the seat request it turned into."""
        waiter = self._find(member)
        if waiter is not None:
            self.line.remove(waiter)
            self.table.seats_changed()
            return True
        return self.table.withdraw(member)

    def holds(self, member: Member) -> bool:
        """``member`` waits here, in line or as a request the line made for a bot's seat."""
        return self._find(member) is not None \
            or any(r.member is member for r in self.table.seating.requests.values())

    def dropped(self, member: Member) -> None:
        """``member``'s connection is gone: their place waits for them for the table's grace
        (a request for a seat they had is forgotten at once, as any request is)."""
        waiter = self._find(member)
        if waiter is None:
            self.table.withdraw(member)
            return
        waiter.member = None
        waiter.away = self.clock.callLater(self.table.options.grace, self._gone, waiter)
        self.table.seats_changed()

    def _gone(self, waiter: Waiter) -> None:
        if waiter in self.line:
            self.line.remove(waiter)
            self.table.seats_changed()

    def _find(self, member: Member) -> Waiter | None:
        return next((w for w in self.line if w.member is member), None)

    # --- seats from the line --------------------------------------------------------

    def fill(self) -> bool:
        """Give each free seat to the first in line, as the module says; True if anyone was
        seated or asked for a seat (everyone has heard of the table then)."""
        table = self.table
        if table.closed or not any(w.next_in_line for w in self.line):
            return False
        playing = table.moves.state() == "playing"
        free = [s for s in table.seats if s.open and s.index not in table.seating.requests
                and (s.kind == "bot" or not playing)] if table.line_takes_seats else []
        if not free:
            return False
        waiter = next(w for w in self.line if w.next_in_line)
        member, seat = waiter.member, free[0]
        assert member is not None
        self.line.remove(waiter)
        if playing:
            table.seating.requests[seat.index] = SeatRequest(member, waiter.name, waiter.address,
                                                             from_list=True)
            log.info("table {table}: {name}, first in line, asks for seat {seat}",
                     table=table.id, name=waiter.name, seat=seat.index)
            table.seats_changed()        # the next in line, if a bot's seat is left
            return True
        if member in table.spectators:
            table.spectators.remove(member)
        log.info("table {table}: {name}, first in line, gets seat {seat}", table=table.id,
                 name=waiter.name, seat=seat.index)
        member.seated_from_list(table.seat_person(seat, member, waiter.name))
        return True

    def sit_out(self, seat: Seat, out: bool) -> None:
        """``seat``'s person sits out the next game (or changes their mind); kept by the
        seat's token, which a new person in the seat does not have. Said once the game is
        over, it holds at once if anyone waits."""
        assert seat.token is not None
        if out:
            self.sitting_out.add(seat.token)
        else:
            self.sitting_out.discard(seat.token)
        if not self._give_up_seats():
            self.table.seats_changed()

    def resting(self) -> list[int]:
        """The seats whose people sit out the next game."""
        return [s.index for s in self.table.seats if s.token in self.sitting_out]

    def game_over(self) -> None:
        """The game is over: who rested plays again when a seat is free, and who sits out
        the next game gives up their seat."""
        for waiter in self.line:
            waiter.rests = False
        self._give_up_seats()

    def _give_up_seats(self) -> bool:
        """While no game runs, each person who sits out the next game gives their seat to the
        first in line, if anyone else waits, and joins the end of the line; True if any did."""
        table = self.table
        if table.moves.state() == "playing":
            return False
        gave = False
        for index in self.resting():
            seat = table.seats[index]
            member = seat.member
            if not any(w.next_in_line for w in self.line) or member is None:
                continue
            self.sitting_out.discard(str(seat.token))
            self.line.append(Waiter(member, seat.name, "", rests=True))
            log.info("table {table}: {name} sits out the next game", table=table.id,
                     name=seat.name)
            member.sat_out(seat)
            table.leave(seat)
            gave = True
        return gave

    def close(self) -> None:
        """The table closes: nobody waits at it any more."""
        for waiter in self.line:
            cancel(waiter.away)
        self.line.clear()

    # --- as everyone sees it --------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"waiting": [w.name for w in self.line],
                "sitting_out": self.resting()}


def list_of(tables: Iterable[Table], member: Member) -> Table | None:
    """The table whose list ``member`` is on, if any (a person is on one at most)."""
    return next((t for t in tables if t.waiting.holds(member)), None)


def off_lists(tables: Iterable[Table], member: Member) -> None:
    """``member`` has a seat, or asked for one, elsewhere: they wait in no line."""
    table = list_of(tables, member)
    if table is not None:
        table.waiting.leave(member)


def check_free(tables: Iterable[Table], member: Member) -> None:
    """Refuse a second list, naming the first (the same table again: refused too)."""
    table = list_of(tables, member)
    if table is not None:
        raise HostError("already_waiting", f"you wait for a seat at table {str(table.name)!r} "
                        "already; stop waiting there first",
                        params={"table": table.id, **table.name.params("name")})
