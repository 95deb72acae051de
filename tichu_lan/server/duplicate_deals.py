"""The same deals at every table of a duplicate game, and each deal's comparison, shown only
once every table has played it.

Deal k of a set is one 64-hex seed for every table that plays it: the first table to reach
deal k shuffles it with its people's shared shuffle (docs/SHUFFLE.md) and the others deal
it from that seed; a table that reaches deal k while the first still shuffles it waits for
the seed. The deals never run out: a table that plays more rounds than the others (its
game went on longer) shuffles its further deals itself, and a deal that only one table
played is compared with nobody (`engine.duplicate` scores it 0 of 0). A table that closes
or ends its game before deal k is not waited for on deal k.

A deal's comparison (matchpoints, `engine.duplicate.score_deal`) is revealed once every
table of the set has finished the deal or will never play it; before that no table hears
anything of another table's result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.duplicate import DealPlay, DealScore, score_deal

Reveal = Callable[[int, list[DealScore]], None]


@dataclass
class DealState:
    """Deal k of a set: its seed once dealt, the table shuffling it, who waits, the results."""

    seed: str | None = None
    shuffler: int | None = None
    waiting: list[Callable[[], None]] = field(default_factory=list)
    totals: dict[int, tuple[int, int]] = field(default_factory=dict)
    revealed: list[DealScore] | None = None


class DuplicateSet:
    def __init__(self, set_id: str, tables: list[int], reveal: Reveal) -> None:
        """``tables``: the ids of the tables that play the set; ``reveal``: called with a
        deal's number and scores once every one of them is done with it."""
        self.id = set_id
        self.tables = list(tables)
        self.reveal = reveal
        self.deals: dict[int, DealState] = {}
        self.last_round: dict[int, int] = {}     # a table that will play no further deal

    def deal(self, number: int) -> DealState:
        return self.deals.setdefault(number, DealState())

    def seed_for(self, table: int, number: int, ready: Callable[[], None]) -> str | None:
        """Deal ``number``'s seed for ``table``: the seed if another table has dealt it;
        None with ``table`` to shuffle it (the first to come), or None with ``ready`` to
        be called once the table shuffling it has dealt it."""
        deal = self.deal(number)
        if deal.seed is not None:
            return deal.seed
        if deal.shuffler is None or deal.shuffler == table:
            deal.shuffler = table
        else:
            deal.waiting.append(ready)
        return None

    def shuffles(self, table: int, number: int) -> bool:
        """Whether ``table`` is the one shuffling deal ``number``."""
        return self.deal(number).shuffler == table

    def dealt(self, number: int, seed: str) -> list[Callable[[], None]]:
        """Deal ``number`` was shuffled into ``seed``: the tables waiting for it, to call."""
        deal = self.deal(number)
        deal.seed = seed
        waiting, deal.waiting = deal.waiting, []
        return waiting

    def played(self, table: int, number: int, total: tuple[int, int]) -> None:
        """``table`` finished deal ``number`` with this total per team."""
        self.deal(number).totals[table] = total
        self._reveal_due()

    def ended(self, table: int, rounds: int) -> list[Callable[[], None]]:
        """``table`` plays no deal after ``rounds`` (its game is over, or it closed): it is
        not waited for any more, and a deal it was shuffling passes to a waiting table."""
        self.last_round[table] = rounds
        handed = []
        for deal in self.deals.values():
            if deal.shuffler == table and deal.seed is None:
                deal.shuffler = None
                handed, deal.waiting = deal.waiting, []
        self._reveal_due()
        return handed

    def _reveal_due(self) -> None:
        for number in sorted(self.deals):
            deal = self.deals[number]
            if deal.revealed is not None or not deal.totals:
                continue
            if all(table in deal.totals or self.last_round.get(table, number) < number
                   for table in self.tables):
                plays = [DealPlay(str(table), total) for table, total in deal.totals.items()]
                deal.revealed = score_deal(plays)
                self.reveal(number, deal.revealed)

    def comparisons(self) -> dict[int, list[DealScore]]:
        """Every deal revealed so far."""
        return {number: deal.revealed for number, deal in sorted(self.deals.items())
                if deal.revealed is not None}
