"""What the host says, as typed values: every message a client reads, decoded once.

`protocol.validate` checks a message's outer shape and leaves the maps inside it (a
table, its seats, the welcome's limits, a view) as maps. Here a validated message
becomes a frozen dataclass, the maps inside it dataclasses too, its view a `SeatView`
and its events the engine's: the client decodes each message right after validating
it, and everything above the client reads attributes, never string keys. One codec
serves every class (`tichu_lan.wire_codec`); the host may build these one day, and not a
byte on the wire would change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, cast

from engine import Action, Event, SeatView

from .protocol import HostError, Message
from .table_info import (AskedSeat, DuplicateRow, DuplicateSet, SeatInfo, Standing, TableInfo,
                         TableSettings)
from .wire_codec import LEAVES, Notes, Wire, WireMessage, absent, compile_codecs

# --- the maps inside messages --------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class Limits(Wire):
    """What the host lets this client send (`welcome`), and how long it waits to hear."""

    max_frame: int
    rate: float
    burst: int
    name: int
    table_name: int
    chat: int
    password: int
    spectators: int
    idle: float
    shuffle: int = 0                    # the shared shuffle's scheme it takes (0: none)


@dataclass(frozen=True, kw_only=True)
class HeldSeat(Wire):
    """The seat a hello's token got back (`welcome`)."""

    table: int
    seat: int
    token: str


@dataclass(frozen=True, kw_only=True)
class LoggedMove(Wire):
    """One move of the game's public log: its number and its events."""

    seq: int
    events: tuple[Event, ...]


# --- the messages --------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class Welcome(WireMessage):
    TYPE: ClassVar[str] = "welcome"
    protocol: int
    program: str
    host: str
    name: str | None = absent()         # the name the host knows this client by
    limits: Limits
    seat: HeldSeat | None = absent()
    id: int


@dataclass(frozen=True, kw_only=True)
class ErrorMessage(WireMessage):
    """A refusal (with the request's id), or news about the connection (without)."""

    TYPE: ClassVar[str] = "error"
    code: str
    message: str
    params: dict[str, Any] | None = absent()
    id: int | None = absent()

    def error(self) -> HostError:
        return HostError(self.code, self.message, params=self.params)


@dataclass(frozen=True, kw_only=True)
class Lobby(WireMessage):
    TYPE: ClassVar[str] = "lobby"
    id: int | None = absent()
    tables: tuple[TableInfo, ...]


@dataclass(frozen=True, kw_only=True)
class StandingsMessage(WireMessage):
    """The answer to `evening`: the host's evening, its people best rating first."""

    TYPE: ClassVar[str] = "standings"
    evening: str                        # "": tonight's games kept without an evening id
    games: int
    people: tuple[Standing, ...]
    id: int


@dataclass(frozen=True, kw_only=True)
class Seated(WireMessage):
    """A seat taken: the answer to a join, or (no id) a seat given from the waiting list."""

    TYPE: ClassVar[str] = "seated"
    table: int
    seat: int
    token: str
    id: int | None = absent()


@dataclass(frozen=True, kw_only=True)
class SatOut(WireMessage):
    """The seat given up to sit out the next game: the client waits at the list's end."""

    TYPE: ClassVar[str] = "sat_out"
    table: int
    seat: int


@dataclass(frozen=True, kw_only=True)
class Spectating(WireMessage):
    TYPE: ClassVar[str] = "spectating"
    table: int
    id: int


@dataclass(frozen=True, kw_only=True)
class Ok(WireMessage):
    TYPE: ClassVar[str] = "ok"
    seq: int | None = absent()          # an accepted move's number
    id: int


@dataclass(frozen=True, kw_only=True)
class TableMessage(WireMessage):
    TYPE: ClassVar[str] = "table"
    table: TableInfo


@dataclass(frozen=True, kw_only=True)
class ViewMessage(WireMessage):
    TYPE: ClassVar[str] = "view"
    table: int
    seq: int
    view: SeatView
    events: tuple[Event, ...]
    log: tuple[LoggedMove, ...] | None = absent()   # for a newcomer: the moves before


@dataclass(frozen=True, kw_only=True)
class Chat(WireMessage):
    TYPE: ClassVar[str] = "chat"
    table: int
    seat: int                           # -1: a spectator
    name: str
    text: str


@dataclass(frozen=True, kw_only=True)
class Pong(WireMessage):
    TYPE: ClassVar[str] = "pong"
    id: int


@dataclass(frozen=True, kw_only=True)
class Pending(WireMessage):
    """A bot's seat asked for: the host answers the join once the owner lets the person in."""

    TYPE: ClassVar[str] = "pending"
    table: int
    seat: int
    owner: str


@dataclass(frozen=True, kw_only=True)
class Notice(WireMessage):
    TYPE: ClassVar[str] = "notice"
    table: int
    code: str
    message: str
    params: dict[str, Any] | None = absent()


@dataclass(frozen=True, kw_only=True)
class ShuffleStep(WireMessage):
    """The host asks the seats that help shuffle round ``round`` for their commitments
    (``step`` "commit", with its own, ``host``), then, once all are in, for their values
    ("reveal", with every seat's commitment, "" where a seat has none)."""

    TYPE: ClassVar[str] = "shuffle"
    table: int
    round: int
    step: str
    host: str
    seats: tuple[int, ...]
    commitments: tuple[str, ...] | None = absent()


@dataclass(frozen=True, kw_only=True)
class ShuffleShown(Wire):
    """A round's shuffle as the host reveals it once the round is over ("" for none)."""

    secret: str
    commitments: tuple[str, ...]
    values: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Proof(WireMessage):
    """What a round kept hidden, shown once it is over: the deck it was dealt from (move
    ``deal`` dealt it), every move after that with its cards, and the shuffle."""

    TYPE: ClassVar[str] = "proof"
    table: int
    round: int
    deal: int
    deck: tuple[str, ...]
    moves: tuple[Action, ...]
    shuffle: ShuffleShown | None = absent()
    cut: bool | None = absent()         # more moves than a proof lists: not checkable


@dataclass(frozen=True, kw_only=True)
class RoomSeat(SeatInfo):
    """One seat as the room shows it: as everyone sees it, and the cards a count."""

    cards: int | None = absent()        # how many cards the seat holds (a game dealt)
    call: str | None = absent()         # "tichu" or "grand"
    out: int | None = absent()          # went out 1st, 2nd ... this round


@dataclass(frozen=True, kw_only=True)
class RoomTrick(Wire):
    """The current trick's last play: who played it, and its cards (card notation)."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class RoomTable(Wire):
    """A table in the room; the game's part only once it is dealt and if it has no password."""

    id: int
    name: str
    opener: str
    variant: str
    target: int
    state: str                          # "waiting", "playing" or "over"
    password: bool
    seats: tuple[RoomSeat, ...]
    round: int | None = absent()
    phase: str | None = absent()
    scores: tuple[int, ...] | None = absent()
    turn: tuple[int, ...] | None = absent()     # the seats the game waits for
    trick: RoomTrick | None = absent()
    winner: int | None = absent()       # the team that won the game
    evening: tuple[Standing, ...] | None = absent()
    waiting: tuple[str, ...] = ()       # the waiting list's names, the first in line first
    sitting_out: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RoomView(WireMessage):
    """Every table of the host at once (`watch_room`), for a screen on the wall."""

    TYPE: ClassVar[str] = "room"
    tables: tuple[RoomTable, ...]


LinkState = Literal["lost", "restored", "seat_lost", "closed", "host_stopped"]


@dataclass(frozen=True, kw_only=True)
class ConnectionNotice(WireMessage):
    """The client's own news about its connection to the host, told to its listeners
    beside the host's messages; it never travels on the wire."""

    TYPE: ClassVar[str] = "connection"
    state: LinkState
    message: str | None = absent()      # why, in the words of the error
    words: str | None = absent()        # why, in the reader's words


@dataclass(frozen=True, kw_only=True)
class RoundChecked(WireMessage):
    """The client's own check of a round it played, told to its listeners; it never travels
    on the wire. ``shared``: the deal itself was checked (the seat helped shuffle)."""

    TYPE: ClassVar[str] = "round_checked"
    round: int
    ok: bool
    shared: bool
    finding: dict[str, Any] | None = absent()


@dataclass(frozen=True, kw_only=True)
class PlannedTable(Wire):
    """A table of an evening's game: a name per seat ("" a bot), its id once it is open."""

    seats: tuple[str, ...]
    table: int | None = absent()


@dataclass(frozen=True, kw_only=True)
class PlannedGame(Wire):
    tables: tuple[PlannedTable, ...]


@dataclass(frozen=True, kw_only=True)
class TeamCompared(Wire):
    """One team at one table on a duplicate deal (`engine.duplicate.DealScore`)."""

    table: int
    team: int
    margin: int
    matchpoints: float
    top: int
    net: float


@dataclass(frozen=True, kw_only=True)
class DealCompared(Wire):
    game: int
    deal: int
    scores: tuple[TeamCompared, ...]


@dataclass(frozen=True, kw_only=True)
class EveningInfo(Wire):
    """An evening's plan as it stands (docs/EVENING.md): ``game`` is the one under way
    (1 is the first), ``compared`` the duplicate deals every table has finished."""

    id: str
    people: tuple[str, ...]
    duplicate: bool
    game: int
    games: tuple[PlannedGame, ...]
    compared: tuple[DealCompared, ...]
    over: bool


@dataclass(frozen=True, kw_only=True)
class EveningMessage(WireMessage):
    TYPE: ClassVar[str] = "evening"
    evening: EveningInfo


HostMessage = (Welcome | ErrorMessage | Lobby | Seated | Spectating | Ok | TableMessage
               | ViewMessage | Chat | Pong | Pending | Notice | ShuffleStep | Proof
               | StandingsMessage | SatOut | EveningMessage | RoomView)
Answer = (Welcome | ErrorMessage | Lobby | Seated | Spectating | Ok | Pong
          | StandingsMessage)                                              # carry an id
ANSWERS = (Welcome, ErrorMessage, Lobby, Seated, Spectating, Ok, Pong, StandingsMessage)
Heard = HostMessage | ConnectionNotice | RoundChecked   # what a client's listeners are told

MESSAGES: dict[str, type[WireMessage]] = {
    cls.TYPE: cls for cls in (Welcome, ErrorMessage, Lobby, Seated, Spectating, Ok,
                              TableMessage, ViewMessage, Chat, Pong, Pending, Notice,
                              ShuffleStep, Proof, StandingsMessage, SatOut, EveningMessage,
                              RoomView)}

LEAVES[LinkState] = LEAVES[str]
compile_codecs(Limits, HeldSeat, SeatInfo, AskedSeat, TableSettings, Standing, DuplicateRow,
               DuplicateSet, TableInfo,
               LoggedMove, ConnectionNotice, ShuffleShown, RoundChecked, PlannedTable,
               PlannedGame, TeamCompared, DealCompared, EveningInfo, RoomSeat, RoomTrick,
               RoomTable, *MESSAGES.values())


def decode(message: Message, skipped: Notes | None = None) -> HostMessage:
    """The typed form of a message from the host that `protocol.validate` passed; a
    `HostError` (bad_message) if a map inside it cannot be read. Events left out (a newer
    host's) are noted in ``skipped``."""
    kind = MESSAGES[message["type"]]
    return cast(HostMessage, kind.from_dict(message, skipped))
