"""Who hears what happens at a table: the seated people's connections, and the spectators.

Every message for everyone at a table is framed once and the same bytes go to each of
them. Spectators watch without a seat, up to `Limits.spectators` at a table; they see
what a seat's neighbour at the table would see of the cards: nobody's hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import protocol
from ..protocol import HostError, Message
from ..records.meta import TableName
from .seats import Member, Seat


class Audience:
    def __init__(self, table: TableName, seats: Sequence[Seat], changed: Callable[[], None],
                 show: Callable[[Member], None], abandoned: Callable[[], None]) -> None:
        """``table``: the table's name, as a refusal names it; ``changed``: the table's seats or
        spectators changed; ``show``: what a new spectator is shown; ``abandoned``: the last
        spectator has gone and no seat is held."""
        self.table = table
        self.seats = seats
        self.spectators: list[Member] = []
        self.changed = changed
        self.show = show
        self.abandoned = abandoned

    def spectate(self, member: Member, limit: int) -> None:
        if len(self.spectators) >= limit:
            raise HostError("table_full", f"table {str(self.table)!r} has its {limit} "
                            "spectators already",
                            params={**self.table.params(), "spectators": limit})
        self.spectators.append(member)
        self.changed()
        self.show(member)

    def stop_spectating(self, member: Member) -> None:
        if member in self.spectators:
            self.spectators.remove(member)
            self.changed()
            if self.nobody_left():
                self.abandoned()

    def nobody_left(self) -> bool:
        """Nobody watches and no seat is held (a bot's seat holds no token)."""
        return not self.spectators and all(seat.token is None for seat in self.seats)

    def tell(self, message: Message) -> None:
        """Send ``message`` to everyone at the table, seated or watching."""
        frame = protocol.encode(message)
        for seat in self.seats:
            if seat.member is not None:
                seat.member.send_frame(frame)
        for member in self.spectators:
            member.send_frame(frame)
