"""What the player asks for on a page before the game, as values a page emits.

A page's keys change the page (the cursor, the dialog) and emit at most one of these;
`flow.Flow` carries them to the host (or, for the games found on the network,
`finding.Finder` to a connection), the way `table_link` carries `table_intents`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class JoinHost:
    """Join the game at ``address``:``port``; ``others``: more addresses it announced (the
    first that answers wins)."""

    address: str
    port: int
    others: tuple[str, ...] = ()


@dataclass(frozen=True)
class ShowStandings:
    """Key e: the host's evening standings."""


@dataclass(frozen=True)
class StartEvening:
    """Key V: an evening for the people named (docs/EVENING.md)."""


@dataclass(frozen=True)
class TypeAddress:
    """Ask for a host's address to join it by."""


@dataclass(frozen=True)
class PickTable:
    """Show the seats of the table numbered ``table``."""

    table: int


@dataclass(frozen=True)
class OpenTable:
    """Open a new table of ``variant`` ("classic", "duel"), asking for a password first, or
    for the rules a party chooses (``rules``)."""

    variant: str
    password: bool
    rules: bool = False


@dataclass(frozen=True)
class TakeSeat:
    """Sit at ``seat`` of the table shown (a bot's seat too), or watch it (None)."""

    seat: int | None


@dataclass(frozen=True)
class SeatBot:
    """Put a bot into ``seat`` (``put``), or take it out."""

    seat: int
    put: bool


@dataclass(frozen=True)
class Start:
    """Start the game at the player's table."""


@dataclass(frozen=True)
class SetOptions:
    """Ask how the player's table should treat people who are away, and the coach."""


@dataclass(frozen=True)
class Back:
    """Back to the host's tables from a table's seats."""


@dataclass(frozen=True)
class Leave:
    """Leave the player's table, or take back a request for a seat."""


@dataclass(frozen=True)
class Quit:
    """End the program (`tichu host`: stop the host, asking first when that cuts anyone
    off)."""


@dataclass(frozen=True)
class WaitHere:
    """Wait in line for a seat at the table whose seats are shown, or leave the line."""


LobbyIntent = (JoinHost | TypeAddress | PickTable | OpenTable | TakeSeat | SeatBot | Start
               | SetOptions | Back | Leave | Quit | ShowStandings | WaitHere | StartEvening)
