"""Wrong table passwords cost time, per address and per table; the right one always opens
the door to whoever has not been guessing.

A friend who mistypes loses nothing: the first few wrong passwords from an address
(`FREE_PER_ADDRESS`) and at a table (`FREE_PER_TABLE`) are simply refused. After
that each one makes the next attempt wait, twice as long each time (from 1 s, up to
a minute for an address and half a minute for a table); an attempt during the wait is
answered ``too_many_guesses`` with the seconds left, without the password even being
checked. The table's wait holds back only the addresses that have been guessing (sent
a wrong password that has not faded yet): from any other address the password is
checked, and the right one lets its sender in while strangers guess at the table. A
right password clears its address's count; the counts fade when the guessing stops. So
a guest cannot try hundreds of passwords a second, from one address or from many (each
new address gets one password checked while the table waits), and cannot lock a friend
out by guessing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from ..lifecycle import Clock
from ..protocol import HostError
from ..records.meta import TableName
from .seats import Password

FREE_PER_ADDRESS, FREE_PER_TABLE = 5, 20
LONGEST_PER_ADDRESS, LONGEST_PER_TABLE = 60.0, 30.0
KEPT = 4096            # remembered addresses and tables, before the old ones are forgotten


class Locked(Protocol):
    """A table, as far as its password goes."""

    id: int
    name: TableName
    password: Password | None


@dataclass
class _Count:
    wrong: int = 0
    until: float = 0.0      # no attempt is checked before this
    last: float = 0.0       # when the last wrong password came


class PasswordGuard:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.counts: dict[tuple[str, object], _Count] = {}

    def check(self, address: str, table: Locked, password: str | None) -> None:
        """Refuse a wrong ``password`` for ``table``, and any while ``address`` must wait, or
        while ``table`` must and ``address`` has been guessing."""
        if table.password is None:
            return
        now = self.clock.seconds()
        keys = (("address", address), ("table", table.id))
        waits = [self._wait(key, now) for key in keys]
        wait = waits[0] if not self._guessing(keys[0], now) else max(waits)
        if wait > 0:
            seconds = math.ceil(wait)
            raise HostError("too_many_guesses", f"too many wrong passwords: try again in "
                            f"{seconds} s", params={"seconds": seconds})
        if not table.password.matches(password):
            self._wrong(keys[0], now, FREE_PER_ADDRESS, LONGEST_PER_ADDRESS)
            self._wrong(keys[1], now, FREE_PER_TABLE, LONGEST_PER_TABLE)
            raise HostError("wrong_password", f"table {str(table.name)!r} needs the right "
                            "password", params=table.name.params())
        self.counts.pop(keys[0], None)

    def _wait(self, key: tuple[str, object], now: float) -> float:
        count = self.counts.get(key)
        return 0.0 if count is None else count.until - now

    def _guessing(self, key: tuple[str, object], now: float) -> bool:
        """Whether an address has sent a wrong password that has not faded yet."""
        count = self.counts.get(key)
        return count is not None and not self._faded(count, now, LONGEST_PER_ADDRESS)

    @staticmethod
    def _faded(count: _Count, now: float, longest: float) -> bool:
        return now - count.last > 2 * longest

    def _wrong(self, key: tuple[str, object], now: float, free: int, longest: float) -> None:
        count = self.counts.get(key)
        if count is None or self._faded(count, now, longest):     # the guessing had stopped
            if len(self.counts) >= KEPT:
                self._forget(now)
            count = self.counts[key] = _Count()
        count.wrong += 1
        count.last = now
        if count.wrong >= free:
            count.until = now + min(longest, 2.0 ** (count.wrong - free))

    def _forget(self, now: float) -> None:
        stale = [key for key, count in self.counts.items()
                 if now - count.last > 2 * LONGEST_PER_ADDRESS]
        for key in stale:
            del self.counts[key]
        if len(self.counts) >= KEPT:      # all of them recent: forget the oldest half
            for key in sorted(self.counts, key=lambda k: self.counts[k].last)[:KEPT // 2]:
                del self.counts[key]
