"""Fair shares of the host's tables: nobody can take every table, or keep one nobody uses.

- One connection (a person) may have at most `Limits.tables_per_person` tables it
  opened open at once, one address at most `Limits.tables_per_address`, the host at
  most `Limits.tables`.
- A person's table nobody is connected to (no person seated and connected, no
  spectator) is **unattended**. An unattended table that has not started closes after
  `Limits.unattended` seconds; the journal notes when a waiting table becomes
  unattended and attended again, so that `--resume` leaves out a table that nobody
  was at when the host stopped.
- Before refusing a newcomer's table for a full address or a full host, the host
  closes the table of that address (or any table) that has been unattended longest:
  one that has not started, or one that has started and been unattended for at least
  `Limits.unattended` seconds. So a newcomer can always open a table once a squatter
  has gone.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from twisted.logger import Logger

from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError
from .host_config import Limits
from ..records.journal import ATTENDED, UNATTENDED, JournalError

if TYPE_CHECKING:
    from .lobby import Lobby
    from .table import Table

log = Logger()


class TableQuota:
    def __init__(self, lobby: Lobby, limits: Limits, clock: Clock) -> None:
        self.lobby = lobby
        self.limits = limits
        self.clock = clock
        self.openers: dict[int, tuple[str, weakref.ref[Any]]] = {}   # table id -> its opener
        self.unattended: dict[int, float] = {}     # table id -> since when
        self.closing: dict[int, Timer] = {}        # unstarted tables' clocks

    # --- opening ---------------------------------------------------------------------

    def open(self, address: str, person: object, create: Callable[[], Table]) -> Table:
        """``create()`` a table for ``person`` at ``address``, within their shares (making room
        if a squatter's table can go); else a too_many_tables `HostError`."""
        mine = [t for t, (_, who) in self.openers.items() if who() is person]
        if len(mine) >= self.limits.tables_per_person:
            raise HostError("too_many_tables", f"you have {len(mine)} tables open that you "
                            "opened; play at one of them, or leave one first",
                            params={"count": self.limits.tables_per_person, "per": "person"})
        here = [t for t, (where, _) in self.openers.items() if where == address]
        if len(here) >= self.limits.tables_per_address and not self._make_room(here):
            raise HostError("too_many_tables", f"{len(here)} tables opened from {address} are "
                            "open; play at one of them, or leave one first",
                            params={"count": self.limits.tables_per_address, "per": "address"})
        if len(self.lobby.tables) >= self.lobby.max_tables:
            self._make_room(list(self.lobby.tables))
        table = create()
        table.opened_from = address             # its bots think in this address's turn
        self.openers[table.id] = (address, weakref.ref(person))
        return table

    def _make_room(self, candidates: list[int]) -> bool:
        """Close the candidate unattended longest, if one may go."""
        now = self.clock.seconds()
        may_go = [t for t in candidates if t in self.unattended and t in self.lobby.tables
                  and (self.lobby.tables[t].game is None
                       or now - self.unattended[t] >= self.limits.unattended)]
        if not may_go:
            return False
        table = self.lobby.tables[min(may_go, key=lambda t: self.unattended[t])]
        log.info("table {table} {name!r}, unattended for {seconds:.0f} s, closes to make room "
                 "for a new one", table=table.id, name=str(table.name),
                 seconds=now - self.unattended[table.id])
        table.close("closed")
        return True

    # --- who is there ----------------------------------------------------------------

    def follow(self, changed: Callable[[Table], None]) -> Callable[[Table], None]:
        """``changed``, and this quota told first about every change of a table."""
        def both(table: Table) -> None:
            self.table_changed(table)
            changed(table)
        return both

    def table_changed(self, table: Table) -> None:
        if table.closed:
            self._forget(table.id)
            return
        if not any(s.token for s in table.seats):
            return          # nobody's table yet (it is being opened), or the host's own
        attended = bool(table.spectators) or any(s.member is not None for s in table.seats)
        if attended and table.id in self.unattended:
            del self.unattended[table.id]
            cancel(self.closing.pop(table.id, None))
            self._note(table, {"kind": ATTENDED})
        elif not attended and table.id not in self.unattended:
            self.unattended[table.id] = self.clock.seconds()
            if table.game is None:
                self._note(table, {"kind": UNATTENDED, "at": round(time.time(), 3)})
                self.closing[table.id] = self.clock.callLater(self.limits.unattended,
                                                              self._expired, table)

    def _expired(self, table: Table) -> None:
        self.closing.pop(table.id, None)
        if table.game is None and not table.closed and table.id in self.unattended:
            log.info("table {table} {name!r} closes: it did not start, and nobody has been at "
                     "it for {seconds:g} s", table=table.id, name=str(table.name),
                     seconds=self.limits.unattended)
            table.close("closed")

    def _note(self, table: Table, record: dict[str, Any]) -> None:
        """Journal a waiting table's change of presence (a note for --resume: if it fails, the
        table is simply resumed)."""
        if table.game is None and table.journal is not None:
            try:
                table.journal.append(record)
            except (JournalError, OSError) as exc:
                log.warn("table {table}: {why}", table=table.id, why=exc)

    def _forget(self, table_id: int) -> None:
        self.openers.pop(table_id, None)
        self.unattended.pop(table_id, None)
        cancel(self.closing.pop(table_id, None))

    def shut_down(self) -> None:
        for timer in self.closing.values():
            cancel(timer)
        self.closing.clear()
