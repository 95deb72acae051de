"""Duplicate scoring: one deal played at several tables, each team's result set against the
results of the teams that held the same cards at the other tables.

The scoring is matchpoints, as duplicate bridge scores its pairs games and as the duplicate
events of Trickster Cards score Tichu: on a deal, a team's margin (its round total minus its
opponents', calls and double victories included) is compared with the margin of every team
that held the same seats' cards at another table; it earns 1 for each it beats and 1/2 for
each it ties. The opponents of that team earn the rest, so a deal's matchpoints sum to the
same whatever happens. Over deals with different numbers of tables, the share of the
matchpoints a team could earn (`percent`) is what compares.

Luck of the cards cancels out: a team is only measured against people who had its cards.
The exchange, the calls and the play differ freely from table to table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class DealPlay:
    """One table's result on one deal: ``total`` per team as `RoundResult.total` gives it
    (classic: team 0 holds seats 0 and 2; duel: each seat is a team)."""

    table: str
    total: tuple[int, int]


@dataclass(frozen=True)
class DealScore:
    """How one team at one table did on a deal, against the same cards elsewhere.

    ``top`` is what the team could have earned (one for every other table); ``net`` is its
    margin less the average margin of the others on its cards, in the game's own points."""

    table: str
    team: int
    margin: int
    matchpoints: float
    top: int
    net: float


def margin(total: tuple[int, int], team: int) -> int:
    """The team's round total less its opponents'."""
    return total[team] - total[1 - team]


def score_deal(plays: Sequence[DealPlay]) -> list[DealScore]:
    """Every team's score on one deal, table by table (team 0 then 1 at each table).

    A deal played at one table only has nobody to be compared with: its scores are 0 of 0.
    Raises ValueError if a table appears twice: a deal is played once at a table."""
    tables = [play.table for play in plays]
    if len(set(tables)) != len(tables):
        raise ValueError(f"a deal played twice at one table: {sorted(tables)}")
    scores = []
    for play in plays:
        for team in (0, 1):
            own = margin(play.total, team)
            others = [margin(other.total, team) for other in plays if other is not play]
            points = sum(1.0 if own > them else 0.5 if own == them else 0.0 for them in others)
            net = own - sum(others) / len(others) if others else 0.0
            scores.append(DealScore(play.table, team, own, points, len(others), net))
    return scores


def percent(scores: Sequence[DealScore]) -> float | None:
    """The share, 0 to 100, of the matchpoints these scores could have earned; None when they
    could earn none (deals played at one table only)."""
    top = sum(score.top for score in scores)
    if not top:
        return None
    return 100.0 * sum(score.matchpoints for score in scores) / top
