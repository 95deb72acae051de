"""What changed at the table's seats, in words for the log: who went away and when a bot
takes over, who is back, who left, who sat down, who runs the table now; and what a
seat's panel says of an away person meanwhile, counting down to the stand-in.

The host sends the table whole after every change of seats; comparing it with the one
before tells the news.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..table_info import SeatInfo, TableInfo
from ..i18n import _
from ..words.vocabulary import level_name
from .faces import Fragments
from .text import whole

Name = Callable[[int], str]


def seat_news(before: SeatInfo, after: SeatInfo, index: int, name: Name,
              playing: bool) -> Fragments | None:
    """The log line for seat ``index``'s change, or None when nothing worth telling changed."""
    was, now = before.kind, after.kind
    person = whole(before.name) if before.name else name(index)
    if was == "person" and now == "person":
        return _away_news(before, after, person)
    if was == "person":
        left = (_("{name} left the table: a bot plays the seat") if now == "bot"
                else _("{name} left the table: the seat is empty"))
        return [("class:away", left.format(name=person))]
    if now == "person":
        sat = (_("{name} takes seat {number} and the bot's cards") if was == "bot" and playing
               else _("{name} sits in seat {number}"))
        return [("class:strong", sat.format(name=whole(after.name), number=index + 1))]
    return None


def _away_news(before: SeatInfo, after: SeatInfo, person: str) -> Fragments | None:
    if before.connected and not after.connected:
        left = after.takeover_in
        if left is not None:
            text = _("{name} is away: a bot plays for {name} in {seconds} s unless "
                     "{name} is back").format(name=person, seconds=math.ceil(left))
        else:
            text = _("{name} is away; the seat waits for {name}").format(name=person)
        return [("class:away", text)]
    if not after.connected and after.bot and not before.bot:
        return [("class:away", _("A bot plays for {name} until {name} is back").format(
            name=person))]
    if not before.connected and after.connected:
        return [("class:strong", _("{name} is back").format(name=person))]
    return None


def owner_news(before: TableInfo | None, after: TableInfo, name: Name,
               me: int) -> Fragments | None:
    """Who runs the table now, when that changed (the host's player, a guest ...)."""
    owner = after.owner
    if before is None or owner is None or before.owner == owner:
        return None
    text = (_("You run the table now: you start it, add bots and let people in") if owner == me
            else _("{name} runs the table now").format(name=name(owner)))
    return [("class:dim", text)]


class StandIns:
    """When a bot takes each away person's seat, and when the turn timer's bot makes a
    seat's decision, on this screen's ``clock``: the host says how many seconds are left
    whenever the seats change, and the screen counts down."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.due: dict[int, float] = {}
        self.turns: dict[int, float] = {}

    def heard(self, seats: tuple[SeatInfo, ...]) -> None:
        now = self.clock()
        self.due = {i: now + s.takeover_in for i, s in enumerate(seats)
                    if s.takeover_in is not None}
        self.turns = {i: now + s.turn_in for i, s in enumerate(seats) if s.turn_in is not None}

    def left(self, seat: int) -> int | None:
        """Whole seconds until a bot plays the seat (None: none will)."""
        return self._left(self.due.get(seat))

    def turn_left(self, seat: int) -> int | None:
        """Whole seconds the seat has left for its decision (None: no timer runs for it)."""
        return self._left(self.turns.get(seat))

    def _left(self, due: float | None) -> int | None:
        return None if due is None else max(0, math.ceil(due - self.clock()))

    @property
    def counting(self) -> bool:
        """Whether a countdown is on screen (it needs a redraw each second)."""
        now = self.clock()
        return any(due > now for due in [*self.due.values(), *self.turns.values()])


def seat_notes(info: SeatInfo | None, left: int | None, turn: int | None = None) -> list[str]:
    """What a seat's panel says under the name, one note a line: "bot (hard)", "away",
    "bot in 42 s" (``left``: seconds until the stand-in), "bot plays", "12 s to move"
    (``turn``: the turn timer's seconds left)."""
    if info is None:
        return []
    if turn is not None:
        return [*seat_notes(info, left), _("{seconds} s to move").format(seconds=turn)]
    if info.kind == "bot":
        level = info.bot
        return [_("bot ({level})").format(level=level_name(level)) if level else _("bot")]
    if info.away:
        if info.bot:
            return [_("away"), _("bot plays")]
        return [_("away")] if left is None else [
            _("away"), _("bot in {seconds} s").format(seconds=left)]
    return []
