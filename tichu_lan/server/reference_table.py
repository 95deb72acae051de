"""A solo duplicate set (`tichu play --duplicate`): the person's table, and beside it the bots'
reference table that plays the very same deals, seat for seat, with four `hard` bots nobody
sees.

Deal k's seed is made by the person's table's shared shuffle as any round's is
(docs/SHUFFLE.md); the reference table deals its round k from that seed once it is known, so
its seat 0 holds the person's cards, seat 1 their right-hand opponent's and so on, and
journals that shuffle as its own round's proof (`tichu verify` checks the reference game as it
checks the person's). Its bots
think in the background (`thinking.Asking.background`): after every decision a person waits
for, and with no pause between moves. Both games are journalled and kept with the set's id in
their headers (``"duplicate"``); each table deals no more than the set's deals and its journal
is retired once the last of them is over. The comparison is `records.solo_set`'s.

The stated rules: a reference table that fails is closed and kept as it stands; the person's
game goes on, and the deals it had not finished say that the bots' result is missing. A
person who leaves mid-set ends the set: both games are kept as they stand (closed), and the
comparison covers the deals both tables finished.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from twisted.logger import Logger

from engine import CLASSIC, Action, Deal, IllegalAction
from engine.bots import levels
from engine.game import waits_for_deal

from ..protocol import HostError
from ..records.meta import TableName
from ..records.solo_set import SetProgress, compare
from .host_config import INSTANT, TableOptions
from .services import Metrics, Services
from .shared_shuffle import RoundShuffle
from .seats import Seat
from .table import Table

if TYPE_CHECKING:
    from .host import Host

log = Logger()
REFERENCE_LEVEL = "hard"
Record = dict[str, Any]


SET_PREFIX = "d-"           # an evening's duplicate sets are "e-...-g1": docs/EVENING.md


def new_set_id(now: datetime | None = None) -> str:
    """A short printable id, the same in both games' headers: "d-20261205-1910-ab12"."""
    return f"{SET_PREFIX}{(now or datetime.now()):%Y%m%d-%H%M}-{secrets.token_hex(2)}"


def against_the_bots(header: Record) -> bool:
    """A journal's header is a game of a set against the bots: its other table and the
    comparison lived only in the host that ran it, so it is not resumed."""
    found = header.get("duplicate")
    return isinstance(found, str) and found.startswith(SET_PREFIX)


class SetTable(Table):
    """A table of a duplicate set: its header names the set, it deals at most the set's deals,
    and a reference table deals each of them from the seed the person's table made."""

    def __init__(self, table_id: int, name: TableName, options: TableOptions,
                 services: Services, solo: SoloSet, reference: bool) -> None:
        self.solo = solo
        self.reference = reference
        super().__init__(table_id, name, dataclasses.replace(CLASSIC, rounds=solo.deals),
                         secrets.randbits(63),
                         options, None, services, shared=True)
        self.bots.background = reference

    def header(self) -> dict[str, Any]:
        return super().header() | {"duplicate": self.solo.id}

    def to_dict(self) -> dict[str, Any]:
        """The table as any, and the set's deals compared so far (the person's table only:
        nobody sees the bots' table)."""
        out = super().to_dict()
        if not self.reference:
            out["duplicate"] = self.solo.to_dict()
        return out

    def finished(self) -> int:
        """The deals this table has played to the end."""
        return len(self.game.history) if self.game is not None else 0

    def _deal_if_due(self) -> None:
        game = self.game
        if game is None or self.closed or not waits_for_deal(game) \
                or game.round_no >= self.solo.deals:
            return
        if not self.reference:
            super()._deal_if_due()
            return
        made = self.solo.seeds.get(game.round_no + 1)
        if made is not None:
            seed, proof = made
            for record in proof:        # the person's table's shuffle: this deal's proof too
                self.record(record)
            self._deal(seed)

    def _move(self, action: Action, arrived: float | None = None) -> int:
        """A move, as any table's (a seat's, or the host's own: a deal, a trick collected);
        a reference table that fails on one is lost to the set."""
        try:
            seq = super()._move(action, arrived)
        except (HostError, IllegalAction):
            raise
        except Exception as exc:
            if self.reference:
                self.solo.lose(exc)
            raise
        if isinstance(action, Deal) and not self.reference and self.game is not None:
            self.solo.dealt(self.game.round_no, action.seed, shuffle_records(self.shuffle.current))
        game = self.game
        if self.finished() >= self.solo.deals and self.journal is not None \
                and game is not None and not game.over:     # level after its deals
            self.checks.then(lambda: self.moves.retire(self.name, "closed"))
        self.solo.moved()
        return seq

    def play_again(self, seat: Seat, agree: bool) -> None:
        raise HostError("not_over", "a duplicate set ends with its deals: to play more, start "
                        "a new set", params={"next": "set"})


class SoloSet:
    """The set: its id, its deals, the seeds the person's table made, and both tables."""

    def __init__(self, set_id: str, deals: int) -> None:
        self.id = set_id
        self.deals = deals
        self.seeds: dict[int, tuple[str, list[Record]]] = {}   # a deal's seed, its shuffle
        self.person: SetTable | None = None
        self.bots: SetTable | None = None
        self.lost = False
        self.listeners: list[Callable[[], None]] = []
        self.seen: tuple[int, int, bool] = (0, 0, False)

    def progress(self) -> SetProgress:
        return compare(self.id, self.deals, _totals(self.person), _totals(self.bots), self.lost)

    def to_dict(self) -> dict[str, Any]:
        """The set as the person's table carries it (`table_info.DuplicateSet`). The bots'
        result of a deal goes out only once the person's table has finished it: before, it
        would tell the people something of cards they are still playing."""
        rows = [{"deal": row.deal, "yours": list(row.yours) if row.yours else None,
                 "bots": list(row.bots) if row.bots and row.yours else None}
                for row in self.progress().rows]
        return {"id": self.id, "deals": self.deals, "rows": rows, "bots_lost": self.lost}

    def dealt(self, round_no: int, seed: str, proof: list[Record]) -> None:
        """The person's table dealt ``round_no`` from ``seed``, made by the shuffle whose
        journal records are ``proof``: the reference may deal it."""
        self.seeds[round_no] = (seed, proof)
        if self.bots is not None and not self.lost:
            try:
                self.bots._deal_if_due()
            except Exception as exc:
                self.lose(exc)

    def moved(self) -> None:
        """A move at either table: the listeners hear of a deal finished (or the bots lost)."""
        now = (_finished(self.person), _finished(self.bots), self.lost)
        if now != self.seen:
            self.seen = now
            for listener in list(self.listeners):
                listener()

    def lose(self, why: BaseException) -> None:
        """The reference table failed: it is closed and kept as it stands."""
        if self.lost:
            return
        self.lost = True
        log.error("the bots' reference table of duplicate set {set} failed ({why}); the "
                  "person's game goes on without their results", set=self.id, why=why)
        if self.bots is not None:
            self.bots.close("closed")
        self.moved()

    def end(self) -> None:
        """The person leaves: the set ends, both games are kept as they stand."""
        for table in (self.bots, self.person):
            if table is not None and not table.closed:
                table.close("closed")


def shuffle_records(shuffle: RoundShuffle | None) -> list[Record]:
    """A round's shared shuffle as the journal records that made it (`SHUFFLE_KINDS`), for
    another table to journal as the proof of the same deal (`tichu verify` checks it)."""
    if shuffle is None:
        return []
    records: list[Record] = [{"kind": "shuffle", "round": shuffle.round_no,
                              "secret": shuffle.secret.hex(), "seats": list(shuffle.seats)}]
    records += [{"kind": "commit", "seat": seat, "commitment": text}
                for seat, text in sorted(shuffle.commitments.items())]
    records += [{"kind": "reveal", "seat": seat, "value": value.hex()}
                for seat, value in sorted(shuffle.values.items())]
    if shuffle.missing:
        records.append({"kind": "missing", "seats": sorted(shuffle.missing)})
    return records


def _finished(table: SetTable | None) -> int:
    return table.finished() if table is not None else 0


def _totals(table: SetTable | None) -> list[tuple[int, int]]:
    game = table.game if table is not None else None
    return [result.total for result in game.history] if game is not None else []


def open_solo_set(host: Host, person: str, level: str, deals: int,
                  reference_level: str = REFERENCE_LEVEL) -> SoloSet:
    """The person's table (empty, in the lobby: the person sits in seat 0 and fills the
    others with ``level`` bots) and the reference table of four `hard` bots (started, not in
    the lobby: nobody sees it), for a set of ``deals`` deals. A build without `hard` bots
    uses its strongest; a test may ask for another ``reference_level``."""
    solo = SoloSet(new_set_id(), deals)
    config = host.config
    options = TableOptions(takeover=True, grace=config.grace, bot_level=level,
                           collect=config.pacing.collect)
    table = solo.person = SetTable(host.lobby.next_id(), TableName("", person), options,
                                   host.services, solo, reference=False)
    table.moves.open(table.header())
    host.lobby.add(table)

    def compared() -> None:             # its members see each deal compared
        if not table.closed:
            table.seats_changed()
    solo.listeners.append(compared)
    quiet = dataclasses.replace(host.services, pacing=INSTANT, metrics=Metrics(),
                                changed=lambda table: None)
    strongest = reference_level if reference_level in levels() else levels()[-1]
    bots = solo.bots = SetTable(host.lobby.next_id(), TableName("", person),
                                TableOptions(bot_level=strongest, collect=0.0), quiet, solo,
                                reference=True)
    bots.moves.open(bots.header())
    for seat in range(4):
        bots.add_bot(seat, strongest)
    bots.start()
    return solo
