"""A table as the host describes it to its members and the lobby: its seats, options,
the people asking for a seat and, once a game is over, tonight's standings. The maps
inside the host's messages (`host_messages`), typed once as the client decodes them."""

from __future__ import annotations

from dataclasses import dataclass

from engine import RuleSet

from .wire_codec import Wire, absent


@dataclass(frozen=True, kw_only=True)
class SeatInfo(Wire):
    """One seat of a table as everyone sees it."""

    seat: int
    kind: str                           # "person" (even while away), "bot" or "empty"
    name: str
    connected: bool
    bot: str | None                     # the level of the bot playing it, if one does
    takeover_in: float | None = absent()  # an away person's seconds before a bot plays
    turn_in: float | None = absent()    # seconds before the turn timer's bot decides for it

    @property
    def away(self) -> bool:
        """A person holds the seat and is not connected."""
        return self.kind == "person" and not self.connected


@dataclass(frozen=True, kw_only=True)
class AskedSeat(Wire):
    """A person asking for a bot's seat in the middle of a round."""

    seat: int
    name: str
    answered: bool                      # the owner said "at the end of the round"


@dataclass(frozen=True, kw_only=True)
class TableSettings(Wire):
    """The table's options, which its owner sets."""

    takeover: bool
    grace: float
    bot_level: str
    collect: float = 0.0                # seconds a won trick waits for bombs
    coach: bool = True                  # the owner lets players ask the coach
    timer: int | None = absent()        # seconds for each decision (none: no timer)


@dataclass(frozen=True, kw_only=True)
class Standing(Wire):
    """How one person at the table has done tonight (the fields of `PersonStats`)."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    rounds: int = 0
    tichu: int = 0
    tichu_made: int = 0
    grand: int = 0
    grand_made: int = 0
    doubles: int = 0
    points: int = 0                     # the evening's own figures (docs/RECORDS.md)
    margin: int = 0
    deals: int = 0
    matchpoints: float = 0.0
    top: int = 0
    duplicate: float | None = absent()  # matchpoints, % of the top; none: no deal compared
    net: float = 0.0
    rating: float = 0.0


@dataclass(frozen=True, kw_only=True)
class DuplicateRow(Wire):
    """One deal of a duplicate set against the bots: the round's totals at this table and at
    the bots' table on the same cards (the bots' only once this table has finished it)."""

    deal: int
    yours: tuple[int, ...] | None = None
    bots: tuple[int, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class DuplicateSet(Wire):
    """The table plays a duplicate set against the bots (`tichu play --duplicate`, `tichu
    host --duplicate`): its id, its deals, and how each deal compares so far."""

    id: str
    deals: int
    rows: tuple[DuplicateRow, ...]
    bots_lost: bool = False             # the bots' table failed: later deals are missing


@dataclass(frozen=True, kw_only=True)
class TableInfo(Wire):
    """A table as its members and the lobby see it."""

    id: int
    name: str                           # "": none given (`words.vocabulary.table_name`)
    opener: str = ""                    # who opened the table
    rules: RuleSet
    state: str                          # "waiting", "playing" or "over"
    seats: tuple[SeatInfo, ...]
    open_seats: int
    spectators: int
    password: bool
    options: TableSettings
    seq: int
    owner: int | None = None            # the seat that runs the table now
    requests: tuple[AskedSeat, ...] = ()
    again: tuple[int, ...] = ()         # the seats that agreed to play again
    waiting: tuple[str, ...] = ()       # the waiting list's names, the first in line first
    sitting_out: tuple[int, ...] = ()   # the seats whose people sit out the next game
    seed: int | None = absent()         # once the game is over
    evening: tuple[Standing, ...] | None = absent()   # once the game is over
    duplicate: DuplicateSet | None = absent()          # a set against the bots

    def seat(self, index: int) -> SeatInfo | None:
        return self.seats[index] if 0 <= index < len(self.seats) else None
