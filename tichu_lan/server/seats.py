"""Seats and the secrets that hold them: seat tokens and table passwords.

A person's seat belongs to whoever holds its token, a random secret handed out
once at join. The connection is only where the seat's messages go at the
moment: it may drop and come back, the token stays.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..lifecycle import cancel

if TYPE_CHECKING:
    from engine import GameState

    from ..lifecycle import Timer
    from ..protocol import HostError
    from .botseats import BotPlayer


def new_token() -> str:
    """A seat token: 144 random bits, URL-safe text."""
    return secrets.token_urlsafe(18)


def same_secret(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


class Member(Protocol):
    """A connection at a table, seated or watching: where its messages go."""

    name: str
    takes_part: bool            # its program helps shuffle and checks rounds (`take_part`)

    def send(self, message: dict[str, Any]) -> None: ...

    def send_frame(self, frame: bytes) -> None: ...

    def detach(self) -> None:
        """Another connection came back with this seat's token: forget the seat."""

    def granted(self, seat: Seat) -> None:
        """The seat this member asked for is theirs now (the table has seated them)."""

    def seated_from_list(self, seat: Seat) -> None:
        """The table seated this member, first in its waiting list."""

    def sat_out(self, seat: Seat) -> None:
        """This member gave ``seat`` up to sit out the next game (the table's list has them)."""

    def turned_down(self, why: HostError) -> None:
        """The seat this member asked for will not be theirs (the table closed)."""


class TableInPlay(Protocol):
    """A table as what plays at it reads it: its seats, its game, the moves made so far."""

    id: int
    seed: int

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def game(self) -> GameState | None: ...

    @property
    def seq(self) -> int: ...


@dataclass
class Seat:
    index: int
    name: str = ""
    token: str | None = None                 # a person's secret; None: empty or a bot's seat
    member: Member | None = None             # the person's connection, while connected
    bot: BotPlayer | None = None             # the bot playing here (its own, or standing in)
    takeover: Timer | None = None            # the grace timer while the person is away
    takeover_at: float | None = None         # when that timer fires, on the host's clock
    turn_at: float | None = None             # when the turn timer makes its decision for it

    @property
    def kind(self) -> str:
        """"person" (even while away), "bot", or "empty"."""
        return "person" if self.token else "bot" if self.bot else "empty"

    @property
    def open(self) -> bool:
        """A person may sit here: nobody's token holds it (an added bot makes room)."""
        return self.token is None

    def to_dict(self, now: float | None = None) -> dict[str, Any]:
        """The seat as everyone sees it; ``now`` (the host's clock) gives an away person's
        ``takeover_in``: the seconds left before a bot plays the seat."""
        out: dict[str, Any] = {"seat": self.index, "kind": self.kind, "name": self.name,
                               "connected": self.member is not None,
                               "bot": self.bot.level if self.bot else None}
        if self.takeover_at is not None and now is not None:
            out["takeover_in"] = round(max(0.0, self.takeover_at - now), 1)
        if self.turn_at is not None and now is not None:
            out["turn_in"] = round(max(0.0, self.turn_at - now), 1)
        return out

    def cancel_takeover(self) -> None:
        cancel(self.takeover)
        self.takeover, self.takeover_at = None, None


@dataclass(eq=False)
class SeatRequest:
    """A person asking for a bot's seat in the middle of a round: they get it when the
    table's owner lets them in now, or when the round ends."""

    member: Member
    name: str
    address: str = ""                        # where it was asked from
    answered: bool = False                   # the owner said "at the end of the round"
    from_list: bool = False                  # made for the first in the waiting list

    def to_dict(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "name": self.name, "answered": self.answered}


@dataclass(frozen=True)
class Password:
    """A table password, kept only as a salted hash (journals never hold the text).

    The hash is deliberately cheap (half a millisecond): it keeps a friend's
    password out of files, and a stream of wrong guesses must not tie up the reactor."""

    salt: str
    digest: str

    @classmethod
    def make(cls, text: str) -> Password:
        salt = secrets.token_hex(16)
        return cls(salt, _hash(salt, text))

    def matches(self, text: str | None) -> bool:
        return text is not None and same_secret(self.digest, _hash(self.salt, text))

    def to_dict(self) -> dict[str, str]:
        return {"salt": self.salt, "digest": self.digest}

    @classmethod
    def from_dict(cls, data: dict[str, str]) -> Password:
        return cls(str(data["salt"]), str(data["digest"]))


def _hash(salt: str, text: str) -> str:
    return hashlib.pbkdf2_hmac("sha256", text.encode(), bytes.fromhex(salt), 2000).hex()
