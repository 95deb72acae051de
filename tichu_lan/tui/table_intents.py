"""What the table screen asks of the world outside it: the model emits these, `table_link`
carries them out (a move or a chat line to the host, leaving, the bell)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Action

if TYPE_CHECKING:
    from .coach import Question


@dataclass(frozen=True)
class Move:
    """A move for the host; ``clears`` empties the selection once the host accepts it."""

    action: Action
    clears: bool = False


@dataclass(frozen=True)
class ReviewRound:
    """Key r at a round's summary: the hard bot's look back at this seat's decisions."""

    round_no: int


@dataclass(frozen=True)
class ShowStandings:
    """Key e: the host's evening standings, asked of the host and shown on a page."""


@dataclass(frozen=True)
class Say:
    """A chat line for the table."""

    text: str


@dataclass(frozen=True)
class Leave:
    """The player goes: ``how`` is "quit" (the program ends; a seat on another machine's
    host stays theirs), "seat" (the seat is given up, the program stays: `tichu join` goes
    back to the tables, `tichu host` keeps serving) or "stop" (the host stops)."""

    how: str = "quit"


@dataclass(frozen=True)
class Ring:
    """It has become the player's turn and they asked for a bell."""


@dataclass(frozen=True)
class PlayAgain:
    """The game is over and the player wants another at this table (or no longer does)."""

    agree: bool = True


@dataclass(frozen=True)
class Grant:
    """The owner's answer to someone asking for a bot's seat: now, or when the round ends."""

    seat: int
    now: bool


@dataclass(frozen=True)
class AskCoach:
    """Key i: the coach is to think about ``question``, off the reactor."""

    question: Question


@dataclass(frozen=True)
class SitOut:
    """The seated player sits out the next game (``out``), or takes that back."""

    out: bool


@dataclass(frozen=True)
class WaitInLine:
    """The spectator waits in the table's line for a seat (``on``), or leaves the line."""

    on: bool


Intent = (Move | Say | Leave | Ring | PlayAgain | Grant | AskCoach | ShowStandings | SitOut
          | WaitInLine | ReviewRound)
