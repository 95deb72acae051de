"""What the host last said to this client, and where the client is at the host.

The store keeps the latest of each kind of news (the welcome, the table, the
lobby, the view and the message it came in, the notices) for whoever asks
later: a screen that opens in the middle of a game starts from it. Where the
client is at the host, the host's session keeps as its own state; the client
mirrors it as a `Place`, stepped by what the host says (seated, pending,
spectating, a seat taken back) and by what became of the client's own requests
(a join refused, a leave answered), through one table as the connection's
lifecycle is (`tichu_lan.lifecycle`)::

    RETURNING --welcome with the seat--> SEATED      (a token from an earlier connection)
    LOBBY --seated--> SEATED    LOBBY --pending--> ASKING --seated--> SEATED
    LOBBY --spectating--> WATCHING                   ASKING --join refused--> LOBBY
    LOBBY, WATCHING --seated (from the waiting list)--> SEATED
    any place --left, the seat taken back, or sat out--> LOBBY

A place keeps what getting back to it after a dropped connection takes: a seat's
token, the table watched and its password. The notices kept are the table's, for a
screen that opens later; ``host_stopped`` is news about the connection, heard once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import SeatView

from ..host_messages import (ErrorMessage, HostMessage, Lobby, Notice, Pending, SatOut, Seated,
                             Spectating, TableMessage, ViewMessage, Welcome)
from ..table_info import TableInfo
from ..host_messages import EveningInfo, EveningMessage
from ..lifecycle import Lifecycle, Transitions
from ..protocol import HOST_STOPPED

NOTICES_KEPT = 10


@dataclass(frozen=True)
class Seating:
    table: int
    seat: int              # -1 when watching as a spectator
    token: str | None      # the secret that gets the seat back; None for a spectator


class Place(Enum):
    """Where this client is at the host (the host's session says the same of it)."""

    RETURNING = "holds a seat token from an earlier connection, for the next hello"
    LOBBY = "at no table"
    ASKING = "asked for a bot's seat in the middle of a round; the host said pending"
    SEATED = "holds a seat; its token gets it back"
    WATCHING = "watches a table"


class Step(Enum):
    SAT = "seated, or welcomed back to the seat the hello's token holds"
    LISTED = "seated unasked: the first in a table's waiting list, given a free seat"
    ASKED = "pending: the join waits for the table's owner or the round's end"
    WATCHED = "spectating"
    NOT_LET_IN = "the join that asked for a seat was refused, withdrawn or lost"
    LEFT = "the seat or the table is gone: left, taken back with its token, or lost"


class HostSaid:
    def __init__(self, token: str | None = None) -> None:
        """``token``: a seat token from an earlier connection, to get that seat back."""
        self.places = Lifecycle(self, Place.RETURNING if token else Place.LOBBY, PLACES)
        self.resume_token = token
        self.seating: Seating | None = None
        self.asking: Pending | None = None        # the seat asked for
        self.watching: tuple[int, str | None] | None = None   # (table, password)
        self.to_watch: tuple[int, str | None] | None = None   # asked to watch, not answered
        self.welcome: Welcome | None = None
        self.table: TableInfo | None = None
        self.lobby: tuple[TableInfo, ...] = ()
        self.evening: EveningInfo | None = None     # the evening's plan, if one runs
        self.view: SeatView | None = None
        self.view_message: ViewMessage | None = None
        self.notices: tuple[Notice, ...] = ()     # the host's notices about the table
        self.seq = -1

    @property
    def place(self) -> Place:
        return self.places.state

    @property
    def token(self) -> str | None:
        """The token of the seat held (or to be resumed at the next hello)."""
        return self.seating.token if self.seating else self.resume_token

    def take(self, message: HostMessage) -> None:
        """Keep what ``message`` says (the welcome is the connection's: `take_welcome`)."""
        if isinstance(message, ViewMessage):
            self.view_message, self.seq, self.view = message, message.seq, message.view
        elif isinstance(message, TableMessage):
            self.table = message.table
        elif isinstance(message, Lobby):
            self.lobby = message.tables
        elif isinstance(message, EveningMessage):
            self.evening = message.evening
        elif isinstance(message, Notice) and message.code != HOST_STOPPED:
            self.notices = (*self.notices[-(NOTICES_KEPT - 1):], message)
        elif isinstance(message, Seated):
            self.places.feed(Step.SAT if message.id is not None else Step.LISTED,
                             Seating(message.table, message.seat, message.token))
        elif isinstance(message, Pending):
            self.places.feed(Step.ASKED, message)
        elif isinstance(message, Spectating):
            self.places.feed(Step.WATCHED, message.table)
        elif isinstance(message, ErrorMessage) and message.code == "bad_token" \
                and message.id is None:
            self.places.feed(Step.LEFT)   # another connection took the seat back with its token
        elif isinstance(message, SatOut):
            self.places.feed(Step.LEFT)   # the seat given up, to wait in the table's line

    def take_welcome(self, welcome: Welcome) -> None:
        self.welcome = welcome
        if welcome.seat is not None:
            seat = welcome.seat
            self.places.feed(Step.SAT, Seating(seat.table, seat.seat, seat.token))

    def will_watch(self, table: int, password: str | None) -> None:
        """A request to watch ``table`` is on its way (the answer names only the table)."""
        self.to_watch = (table, password)

    def not_let_in(self) -> None:
        self.places.feed(Step.NOT_LET_IN)

    def left(self) -> None:
        self.places.feed(Step.LEFT)

    # --- the steps (see PLACES) -----------------------------------------------------

    def _sit(self, seating: Seating) -> None:
        self.seating, self.asking = seating, None

    def _ask(self, pending: Pending) -> None:
        self.asking = pending

    def _watch(self, table: int) -> None:
        asked = self.to_watch
        self.watching = asked if asked is not None and asked[0] == table else (table, None)
        self.seating, self.to_watch = Seating(table, -1, None), None

    def _not_asking(self) -> None:
        self.asking = None

    def _leave(self) -> None:
        self.resume_token, self.watching, self.asking = None, None, None
        self.seating, self.table, self.view, self.view_message = None, None, None, None
        self.notices = ()
        self.seq = -1


P, S, H = Place, Step, HostSaid
PLACES: Transitions[Place, Step] = {
    (P.RETURNING, S.SAT): (P.SEATED, H._sit),
    (P.RETURNING, S.LEFT): (P.LOBBY, H._leave),
    (P.LOBBY, S.SAT): (P.SEATED, H._sit),
    (P.LOBBY, S.ASKED): (P.ASKING, H._ask),
    (P.LOBBY, S.WATCHED): (P.WATCHING, H._watch),
    (P.LOBBY, S.LEFT): (P.LOBBY, H._leave),
    (P.ASKING, S.SAT): (P.SEATED, H._sit),
    (P.ASKING, S.NOT_LET_IN): (P.LOBBY, H._not_asking),
    (P.ASKING, S.LEFT): (P.LOBBY, H._leave),
    (P.SEATED, S.SAT): (P.SEATED, H._sit),           # back in the seat after a drop
    (P.SEATED, S.LEFT): (P.LOBBY, H._leave),
    (P.WATCHING, S.WATCHED): (P.WATCHING, H._watch),  # watching again after a drop
    (P.LOBBY, S.LISTED): (P.SEATED, H._sit),          # seated from a table's waiting list
    (P.WATCHING, S.LISTED): (P.SEATED, H._sit),
    (P.WATCHING, S.LEFT): (P.LOBBY, H._leave),
}
del P, S, H
