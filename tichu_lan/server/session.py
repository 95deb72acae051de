"""One client's standing with the host: welcomed or not, and where it is in the lobby.

A session is bound to at most one table, as a seated person or a spectator, or it waits
for a bot's seat it asked for; the seat of every move comes from that binding, never
from the message. Where a session stands is the `Standing` state machine, every step of
it in `TRANSITIONS` at the end of this module (`tichu_lan.lifecycle` says how they are
written)::

    NEW --welcomed--> LOBBY --sat--> SEATED --left, detached--> LOBBY
    LOBBY --asked--> ASKING --granted--> SEATED
    ASKING --turned down, left--> LOBBY
    LOBBY --watched--> SPECTATING --left--> LOBBY
    LOBBY, SPECTATING --listed--> SEATED         (first in a table's waiting list)
    SEATED --sat out--> LOBBY                    (sitting out a game, on the list)
    any but GONE --dropped--> GONE

A request moves a session on only once the table has done what it asked (a request the
table refuses leaves the session where it was); what the table does to a session
unasked (letting it into the seat it asked for, turning it down, giving its seat to a
connection that came back with its token) and the connection's loss move it on through
the same table. The requests themselves are answered in `session_requests`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from twisted.logger import Logger

from .. import protocol
from ..lifecycle import Lifecycle, Transitions
from ..protocol import HostError, Message
from .seats import Seat
from .table import Table
from .waiting_list import list_of

if TYPE_CHECKING:
    from .host import Host

log = Logger()


class Standing(Enum):
    """Where one client stands with the host."""

    NEW = "connected: only a hello is heard"
    LOBBY = "welcomed, at no table"
    ASKING = "waiting for a bot's seat asked for in the middle of a round"
    SEATED = "a person in a seat of a table"
    SPECTATING = "watching a table"
    GONE = "the connection is gone"


class Event(Enum):
    WELCOMED = "a hello succeeded"
    SAT = "a seat is the client's: taken, or come back to with its token"
    ASKED = "the client asked for a bot's seat in the middle of a round"
    GRANTED = "the table let the asking client into the seat"
    LISTED = "the table seated the client, first in its waiting list"
    SAT_OUT = "the client gave up its seat to sit out a game, and waits at the list's end"
    TURNED_DOWN = "the seat asked for will not be the client's (the table closed)"
    WATCHED = "the client watches a table"
    LEFT = "the client left its table, or took its request for a seat back"
    DETACHED = "another connection came back with the seat's token"
    DROPPED = "the connection is gone"


AT_TABLE = (Standing.SEATED, Standing.SPECTATING)


class Session:
    def __init__(self, host: Host, address: str, write: Callable[[bytes], None],
                 welcomed: Callable[[], None]) -> None:
        self.host = host
        self.address = address
        self.write = write
        self.on_welcome = welcomed
        self.name = ""
        self.takes_part = False         # its program helps shuffle and checks rounds
        self.lifecycle = Lifecycle(self, Standing.NEW, TRANSITIONS)
        self.table: Table | None = None                 # SEATED and SPECTATING: the table
        self.seat: Seat | None = None                   # SEATED: the seat
        self.asking: tuple[Table, int] | None = None    # ASKING: the table, and the join's id

    @property
    def state(self) -> Standing:
        return self.lifecycle.state

    # --- the Member interface (what tables send us) ---------------------------------

    def send(self, message: Message) -> None:
        self.send_frame(protocol.encode(message))

    def send_frame(self, frame: bytes) -> None:
        self.write(frame)

    def detach(self) -> None:
        """The seat was taken back by another connection holding its token."""
        self.lifecycle.feed(Event.DETACHED)

    def granted(self, seat: Seat) -> None:
        self.lifecycle.feed(Event.GRANTED, seat)

    def turned_down(self, why: HostError) -> None:
        self.lifecycle.feed(Event.TURNED_DOWN, why)

    def seated_from_list(self, seat: Seat) -> None:
        self.lifecycle.feed(Event.LISTED, seat)

    def sat_out(self, seat: Seat) -> None:
        self.lifecycle.feed(Event.SAT_OUT, seat)

    # --- what a request may need first ----------------------------------------------

    def free(self) -> None:
        """Refuse unless this client is in the lobby: at no table, asking for no seat."""
        if self.state in AT_TABLE and self.table is not None:
            raise HostError("already_at_table", f"you are at table {self.table.id}; leave it first",
                            params={"table": self.table.id})
        if self.state is Standing.ASKING and self.asking is not None:
            raise HostError("already_at_table", f"you have asked for a seat at table "
                            f"{self.asking[0].id}; leave to take the request back",
                            params={"table": self.asking[0].id, "asking": True})

    def seated(self) -> tuple[Table, Seat]:
        if self.state is not Standing.SEATED or self.table is None or self.seat is None:
            raise HostError("not_seated", "only a person seated at a table may do that")
        return self.table, self.seat

    def runs(self, what: str) -> Table:
        """The table, if this person runs it (see `Seating.check_runner`)."""
        table, seat = self.seated()
        table.seating.check_runner(seat, what)
        return table

    # --- the end --------------------------------------------------------------------

    def connection_lost(self) -> None:
        self.host.lobby.watch(self, False)
        waits_at = list_of(self.host.lobby.tables.values(), self)
        if waits_at is not None:
            waits_at.waiting.dropped(self)
        self.host.room.leave(self)
        self.lifecycle.feed(Event.DROPPED)

    # --- the steps of the lifecycle (see TRANSITIONS) -------------------------------

    def _welcomed(self, name: str) -> None:
        self.name = name
        self.on_welcome()

    def _sat(self, table: Table, seat: Seat) -> None:
        self.table, self.seat = table, seat

    def _asked(self, table: Table, rid: int) -> None:
        self.asking = (table, rid)

    def _watching(self, table: Table) -> None:
        self.table = table

    def _granted(self, seat: Seat) -> None:
        assert self.asking is not None
        table, rid = self.asking
        self.asking = None
        self.table, self.seat = table, seat
        self.write(protocol.encode(seated_reply(table, seat) | {"id": rid}))

    def _from_list(self, seat: Seat) -> None:
        """Seated from a table's waiting list: told as a `join` is answered, without an id."""
        found = self.host.lobby.find_token(str(seat.token))
        assert found is not None
        table = found[0]
        if self.table is not None and self.table is not table:     # watching another table
            self.table.audience.stop_spectating(self)
        self.table, self.seat = table, seat
        self.write(protocol.encode(seated_reply(table, seat)))

    def _sat_out(self, seat: Seat) -> None:
        assert self.table is not None
        self.write(protocol.encode({"type": "sat_out", "table": self.table.id,
                                    "seat": seat.index}))
        self._left()

    def _turned_down(self, why: HostError) -> None:
        assert self.asking is not None
        _, rid = self.asking
        self.asking = None
        self.write(protocol.encode(protocol.error_message(why, rid)))

    def _took_back(self) -> None:
        """The request is withdrawn (the table has forgotten it): its join is answered."""
        self._turned_down(HostError("withdrawn", "you took back your request for the seat"))

    def _left(self) -> None:
        self.table, self.seat = None, None

    def _away(self) -> None:
        """Dropped from a seat: the seat stays this person's, to come back to."""
        table, seat = self.table, self.seat
        assert table is not None and seat is not None
        self._left()
        if seat.member is self:
            log.info("table {table}: {name} in seat {seat} is away", table=table.id,
                     name=seat.name, seat=seat.index)
            table.went_away(seat)

    def _stopped_watching(self) -> None:
        assert self.table is not None
        table = self.table
        self._left()
        table.audience.stop_spectating(self)

    def _withdrawn(self) -> None:
        """Dropped while asking for a seat: the table forgets the request."""
        assert self.asking is not None
        self.asking[0].withdraw(self)
        self.asking = None
        self._disconnected()

    def _disconnected(self) -> None:
        log.info("{name} ({address}) disconnects", name=self.name, address=self.address)


def seated_reply(table: Table, seat: Seat) -> Message:
    return {"type": "seated", "table": table.id, "seat": seat.index, "token": seat.token}


S, E, P = Standing, Event, Session
TRANSITIONS: Transitions[Standing, Event] = {
    (S.NEW, E.WELCOMED): (S.LOBBY, P._welcomed),
    # to a table, and back to the lobby
    (S.LOBBY, E.SAT): (S.SEATED, P._sat),
    (S.LOBBY, E.WATCHED): (S.SPECTATING, P._watching),
    (S.SEATED, E.LEFT): (S.LOBBY, P._left),
    (S.SPECTATING, E.LEFT): (S.LOBBY, P._left),
    (S.SEATED, E.DETACHED): (S.LOBBY, P._left),
    # a bot's seat asked for in the middle of a round
    (S.LOBBY, E.ASKED): (S.ASKING, P._asked),
    (S.ASKING, E.GRANTED): (S.SEATED, P._granted),
    (S.ASKING, E.TURNED_DOWN): (S.LOBBY, P._turned_down),
    (S.ASKING, E.LEFT): (S.LOBBY, P._took_back),
    # a table's waiting list
    (S.LOBBY, E.LISTED): (S.SEATED, P._from_list),
    (S.SPECTATING, E.LISTED): (S.SEATED, P._from_list),
    (S.SEATED, E.SAT_OUT): (S.LOBBY, P._sat_out),
    # the end
    (S.NEW, E.DROPPED): (S.GONE, None),
    (S.LOBBY, E.DROPPED): (S.GONE, P._disconnected),
    (S.ASKING, E.DROPPED): (S.GONE, P._withdrawn),
    (S.SEATED, E.DROPPED): (S.GONE, P._away),
    (S.SPECTATING, E.DROPPED): (S.GONE, P._stopped_watching),
}
del S, E, P
