"""The host's tables: creating them, finding them by id or seat token, listing them.

Connections that asked to watch the lobby get a new listing whenever a table
opens, closes or its seats change; other parts of the program (discovery's
announcements) subscribe to the short `LobbySummary` instead.
"""

from __future__ import annotations

import itertools
import secrets
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from twisted.logger import Logger

from engine import RuleSet

from ..protocol import HostError
from ..records.meta import TableName
from .host_config import TableOptions
from .lobby_listing import ListingCache
from .seats import Member, Password, Seat, same_secret
from .services import Services
from .table import Table

log = Logger()

# A burst of seat changes (a party sitting down) reaches the lobby's watchers as one
# listing: sending each change to every watcher grows as watchers x changes.
LISTING_DELAY = 0.1


@dataclass(frozen=True)
class LobbySummary:
    """The host in a few numbers, small enough for a DNS-SD TXT record.

    ``tables``, ``open_seats`` and ``rule_sets`` are what discovery's
    `HostSummary` announces (same names, same label style)."""

    tables: int
    open_seats: int                 # seats a person may take (empty or held by a bot)
    players: int                    # seats held by people
    rule_sets: tuple[str, ...]      # the variants played, sorted: ("classic",), ("classic", "duel")
    bot_seats: int = 0              # of the open seats, those a table bot plays (the rest
                                    # are empty: seats for people)

    def to_dict(self) -> dict[str, Any]:
        return {"tables": self.tables, "open_seats": self.open_seats, "players": self.players,
                "rule_sets": list(self.rule_sets)}


class Lobby:
    def __init__(self, services: Services, max_tables: int, seed: int | None = None) -> None:
        """``seed``: deal the first table from this seed and each later one from the next, so
        that a game can be played again (None: every table gets a random seed)."""
        self.services = services
        self.seeds = itertools.count(seed) if seed is not None else None
        services.changed = self.table_changed
        self.max_tables = max_tables
        self.tables: dict[int, Table] = {}
        self.listings = ListingCache(self.listing, services.clock,
                                     lambda: services.metrics.actions)
        self.last_id = 0
        self.watchers: list[Member] = []
        self.listing_due: Any = None        # the clock's delayed call that sends the listing
        self.listeners: list[Callable[[LobbySummary], None]] = []
        self.last_summary = self.summary()

    def create(self, name: TableName, rules: RuleSet, options: TableOptions,
               password: str | None, make: Callable[..., Table] = Table) -> Table:
        if len(self.tables) >= self.max_tables:
            raise HostError("too_many_tables", f"this host runs at most {self.max_tables} tables; "
                            "join one of them or wait until one closes",
                            params={"count": self.max_tables})
        seed = next(self.seeds) if self.seeds is not None else secrets.randbits(63)
        table = make(self.next_id(), name, rules, seed, options,
                      Password.make(password) if password else None, self.services,
                      shared=self.seeds is None)
        table.moves.open(table.header())
        self.add(table)
        log.info("table {table} {name!r} opens ({variant}, to {target})", table=table.id,
                 name=str(name), variant=rules.variant.value, target=rules.target)
        return table

    def next_id(self) -> int:
        """A table id never used before by this host (closed tables' ids are not reused)."""
        self.last_id = max(self.last_id, max(self.tables, default=0)) + 1
        return self.last_id

    def add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.services.changed(table)

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise HostError("no_such_table", f"there is no table {table_id} on this host",
                            params={"table": table_id})
        return table

    def find_token(self, token: str) -> tuple[Table, Seat] | None:
        for table in self.tables.values():
            for seat in table.seats:
                if seat.token is not None and same_secret(seat.token, token):
                    return table, seat
        return None

    # --- listings -------------------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        return [table.to_dict() for table in self.tables.values()]

    def summary(self) -> LobbySummary:
        tables = list(self.tables.values())
        return LobbySummary(
            tables=len(tables),
            open_seats=sum(s.open for t in tables for s in t.seats),
            players=sum(s.token is not None for t in tables for s in t.seats),
            rule_sets=tuple(sorted({t.rules.variant.value for t in tables})),
            bot_seats=sum(s.kind == "bot" for t in tables for s in t.seats))

    def watch(self, member: Member, on: bool) -> None:
        if on and member not in self.watchers:
            self.watchers.append(member)
        elif not on and member in self.watchers:
            self.watchers.remove(member)

    def subscribe(self, listener: Callable[[LobbySummary], None]) -> Callable[[], None]:
        """Call ``listener`` with the new summary whenever it changes; returns the unsubscriber."""
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def table_changed(self, table: Table) -> None:
        self.listings.changed()
        if table.closed:
            self.tables.pop(table.id, None)
        if self.watchers and self.listing_due is None:
            self.listing_due = self.services.clock.callLater(LISTING_DELAY, self.send_listing)
        summary = self.summary()
        if summary != self.last_summary:
            self.last_summary = summary
            for listener in list(self.listeners):
                try:
                    listener(summary)
                except Exception:
                    log.failure("a lobby listener failed")

    def send_listing(self) -> None:
        self.listing_due = None
        if self.watchers:
            frame = self.listings.frame()
            for member in list(self.watchers):
                member.send_frame(frame)

    def shut_down(self) -> None:
        if self.listing_due is not None and self.listing_due.active():
            self.listing_due.cancel()
        for table in self.tables.values():
            table.shut_down()
