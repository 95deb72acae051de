"""A solo duplicate set, deal by deal: the person's team against what `hard` bots made of the
same cards in the same seats (`tichu play --duplicate`).

Both tables' round results are compared with `engine.duplicate.score_deal`: matchpoints on
the margins (1 when the team's margin beats the bots', 1/2 when it ties, 0 when it loses),
the share of the matchpoints over the deals compared, and net points (the team's margin
less the bots' on the same cards). The person sits in seat 0, so their team is team 0 at
both tables. A deal is compared only once both tables have finished it; the comparison is
built the same way from the live tables and from the kept games' records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.duplicate import DealPlay, DealScore, percent, score_deal

TEAM = 0                # the person's team: seats 0 and 2 at both tables
SET_DEALS = 50          # the most deals a set has (a screen reads no more from a host)
YOURS, BOTS = "yours", "bots"       # the two tables, as `DealPlay.table` names them


@dataclass(frozen=True)
class DealRow:
    """One deal of the set: each table's round totals (None: not finished there yet) and,
    once both are in, the team's score on it."""

    deal: int
    yours: tuple[int, int] | None
    bots: tuple[int, int] | None
    score: DealScore | None = None


@dataclass(frozen=True)
class SetProgress:
    """Where the set stands. ``bots_lost``: the reference table failed, so the deals it has
    not finished have no result to compare with (the person's game goes on)."""

    set_id: str
    deals: int
    rows: tuple[DealRow, ...]
    bots_lost: bool = False

    @property
    def scores(self) -> list[DealScore]:
        return [row.score for row in self.rows if row.score is not None]

    @property
    def percent(self) -> float | None:
        return percent(self.scores)

    @property
    def net(self) -> float:
        return sum(score.net for score in self.scores)

    @property
    def played(self) -> int:
        """The deals the person's table has finished."""
        return sum(row.yours is not None for row in self.rows)

    @property
    def over(self) -> bool:
        """Every deal is finished at the person's table and compared, or cannot be."""
        return all(row.yours is not None and (row.bots is not None or self.bots_lost)
                   for row in self.rows)

    def best_and_worst(self) -> tuple[DealRow, DealRow] | None:
        """The compared deals where the team did best and worst against the bots (by net
        points, the earlier deal on a tie); None before any is compared."""
        compared = [row for row in self.rows if row.score is not None]
        if not compared:
            return None
        best = max(compared, key=lambda row: (row.score.net if row.score else 0.0, -row.deal))
        worst = min(compared, key=lambda row: (row.score.net if row.score else 0.0, row.deal))
        return best, worst


def compare(set_id: str, deals: int, yours: Sequence[tuple[int, int]],
            bots: Sequence[tuple[int, int]], bots_lost: bool = False) -> SetProgress:
    """The set from each table's round totals so far (`RoundResult.total`, round k being
    deal k; rounds beyond the set's deals do not count)."""
    rows = []
    for index in range(deals):
        ours = tuple(yours[index]) if index < len(yours) else None
        theirs = tuple(bots[index]) if index < len(bots) else None
        score = None
        if ours is not None and theirs is not None:
            plays = [DealPlay(YOURS, (ours[0], ours[1])), DealPlay(BOTS, (theirs[0], theirs[1]))]
            score = next(s for s in score_deal(plays) if s.table == YOURS and s.team == TEAM)
        rows.append(DealRow(index + 1, _pair(ours), _pair(theirs), score))
    return SetProgress(set_id, deals, tuple(rows), bots_lost)


def _pair(values: tuple[int, ...] | None) -> tuple[int, int] | None:
    return None if values is None else (values[0], values[1])
