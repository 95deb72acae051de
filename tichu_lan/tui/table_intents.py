"""What the table screen asks of the world outside it: the model emits these, `table_link`
carries them out (a move or a chat line to the host, leaving, the bell)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Action


@dataclass(frozen=True)
class Move:
    """A move for the host; ``clears`` empties the selection once the host accepts it."""

    action: Action
    clears: bool = False


@dataclass(frozen=True)
class Say:
    """A chat line for the table."""

    text: str


@dataclass(frozen=True)
class Leave:
    """The player leaves the table (and the program)."""


@dataclass(frozen=True)
class Ring:
    """It has become the player's turn and they asked for a bell."""


Intent = Move | Say | Leave | Ring
