"""Who gets a connection when the host is full: fair to every address, and never to the cost
of a person coming back to their seat.

Each connection counts against its address (`Limits.per_address`, 16) and against the
host (`Limits.connections`, 512). A newcomer over either limit first makes room: the
connection that has been idle longest (nothing but pings for at least
`Limits.evict_idle` seconds) and holds no seat and watches no table is closed
(``evicted``), from the newcomer's own address when that is what is full, else
from the address with the most connections. When nobody idle can go:

- over its address's limit, the newcomer is turned away (``too_many_connections``);
- over the host's limit, the address with the most connections gives up its least
  active seatless one, if it holds more than its share: more than the newcomer's
  address will once the newcomer is in. Keeping connections busy does not keep them.
- failing that too, the newcomer is let in **on probation**: it may say only a `hello`
  with a seat token, and is counted as soon as the token gets its seat back, past
  the host's limit if need be (there are only so many seats); anything else is
  answered ``too_many_connections`` and closed. At most `Limits.probation`
  connections (2 per address) wait on probation at once; beyond that the newcomer
  is turned away.

So a guest who holds every slot, idle or busy, from fewer addresses than there are
slots gives them up to newcomers one by one, and never keeps a seated player out.
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Protocol

from ..protocol import HostError
from .host_config import Limits

PROBATION_PER_ADDRESS = 2


class Guest(Protocol):
    """What admission needs to know of a connection."""

    address: str

    @property
    def idle_since(self) -> float:
        """When it last asked for something other than a ping (or connected)."""

    @property
    def holds_place(self) -> bool:
        """It sits at a table or watches one."""

    def evict(self) -> None:
        """Close it to make room for a newcomer."""


class Verdict(Enum):
    ADMITTED = "counted, within the limits"
    PROBATION = "over the host's limit: only a seat token gets it in"
    REFUSED = "over the limits, and nobody to make room"


class Admission:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.admitted: dict[Guest, str] = {}       # counted connections, oldest first
        self.counts: Counter[str] = Counter()      # counted connections per address
        self.waiting: dict[Guest, str] = {}        # on probation

    @property
    def open(self) -> int:
        return len(self.admitted)

    def admit(self, guest: Guest, now: float) -> Verdict:
        """Count ``guest`` (evicting an idle one if that makes room), put it on probation,
        or refuse it."""
        address = guest.address
        if self.counts[address] >= self.limits.per_address:
            if not self._make_room(now, address):
                return Verdict.REFUSED
        elif self.open >= self.limits.connections and not (
                self._make_room(now, None) or self._take_share(address)):
            return self._probation(guest)
        self._count(guest)
        return Verdict.ADMITTED

    def refusal(self, guest: Guest) -> str:
        """Why ``guest`` was not let in (for the error it is told)."""
        if self.counts[guest.address] >= self.limits.per_address:
            return (f"the host allows at most {self.limits.per_address} connections from one "
                    f"address ({guest.address})")
        return f"the host has reached its limit of {self.limits.connections} connections"

    def on_probation_only(self, guest: Guest) -> HostError:
        """What a guest on probation is told when it asks for anything but its seat back, or
        its token gets it none."""
        return HostError("too_many_connections", self.refusal(guest) + "; only a player coming "
                         "back to a seat with its token gets in")

    def seated(self, guest: Guest) -> None:
        """A guest on probation got its seat back with its token: it is counted now."""
        if self.waiting.pop(guest, None) is not None:
            self._count(guest)

    def on_probation(self, guest: Guest) -> bool:
        return guest in self.waiting

    def release(self, guest: Guest) -> None:
        """The connection is gone (or evicted): it counts no more."""
        self.waiting.pop(guest, None)
        address = self.admitted.pop(guest, None)
        if address is not None:
            self.counts[address] -= 1
            if self.counts[address] <= 0:
                del self.counts[address]

    # --- helpers --------------------------------------------------------------------

    def _count(self, guest: Guest) -> None:
        self.admitted[guest] = guest.address
        self.counts[guest.address] += 1

    def _make_room(self, now: float, address: str | None) -> bool:
        """Evict the idlest seatless connection (of ``address``, else of the busiest address)."""
        idle = [g for g, a in self.admitted.items() if (address is None or a == address)
                and not g.holds_place and now - g.idle_since >= self.limits.evict_idle]
        if not idle:
            return False
        self._evict(min(idle, key=lambda g: (-self.counts[g.address], g.idle_since)))
        return True

    def _take_share(self, newcomer: str) -> bool:
        """Evict the least active seatless connection of the busiest address, if that
        address holds more connections than ``newcomer``'s will with the newcomer in."""
        fair = self.counts[newcomer] + 1
        over = [g for g, a in self.admitted.items()
                if not g.holds_place and self.counts[a] > fair]
        if not over:
            return False
        self._evict(min(over, key=lambda g: (-self.counts[g.address], g.idle_since)))
        return True

    def _evict(self, victim: Guest) -> None:
        self.release(victim)
        victim.evict()

    def _probation(self, guest: Guest) -> Verdict:
        here = sum(1 for a in self.waiting.values() if a == guest.address)
        if len(self.waiting) >= self.limits.probation or here >= PROBATION_PER_ADDRESS:
            return Verdict.REFUSED
        self.waiting[guest] = guest.address
        return Verdict.PROBATION
