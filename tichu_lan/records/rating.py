"""A partner-adjusted rating: what each player adds to their team's margin in a round.

Wins and points go to a team, so a weak player partnered with a strong one looks strong.
Here every round of every game is one observation: team 0's margin (its round total less
team 1's) is modelled as the sum of team 0's players' ratings less the sum of team 1's.
The ratings are the ridge-regularised least-squares fit: minimise the squared misfit over
the rounds plus `PRIOR_ROUNDS` times the sum of the squared ratings, as if everyone had
also played that many rounds with a margin of 0. So one round says little (a rating near
0), and a player's rating is what is left of their teams' margins once their partners'
and opponents' ratings are accounted for. Docs: docs/RECORDS.md, "The evening's standings".
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

PRIOR_ROUNDS = 4.0      # the weight pulling each rating towards 0, in rounds


@dataclass(frozen=True)
class Observation:
    """One round: the players of each side (a player may be listed twice if they held two
    seats of one side) and side 0's margin over side 1."""

    sides: tuple[Sequence[Hashable], Sequence[Hashable]]
    margin: float


def ratings(rounds: Iterable[Observation],
            prior: float = PRIOR_ROUNDS) -> dict[Hashable, float]:
    """Each player's rating in points a round; ``prior`` > 0 keeps the fit unique however
    few the rounds (the normal equations ``(XᵀX + prior·I) r = Xᵀy`` are then positive
    definite)."""
    if prior <= 0:
        raise ValueError("the prior weight must be positive")
    index: dict[Hashable, int] = {}
    rows: list[tuple[dict[int, float], float]] = []
    for seen in rounds:
        row: dict[int, float] = {}
        for sign, side in ((1.0, seen.sides[0]), (-1.0, seen.sides[1])):
            for player in side:
                column = index.setdefault(player, len(index))
                row[column] = row.get(column, 0.0) + sign
        rows.append((row, seen.margin))
    size = len(index)
    normal = [[prior if i == j else 0.0 for j in range(size)] for i in range(size)]
    right = [0.0] * size
    for row, margin in rows:
        for i, x in row.items():
            right[i] += x * margin
            for j, y in row.items():
                normal[i][j] += x * y
    solved = _solve(normal, right)
    return {player: solved[column] for player, column in index.items()}


def _solve(matrix: list[list[float]], right: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting, in place; the matrix is symmetric
    positive definite, so every pivot is positive."""
    size = len(right)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        right[col], right[pivot] = right[pivot], right[col]
        for row in range(col + 1, size):
            factor = matrix[row][col] / matrix[col][col]
            if factor:
                for k in range(col, size):
                    matrix[row][k] -= factor * matrix[col][k]
                right[row] -= factor * right[col]
    out = [0.0] * size
    for row in reversed(range(size)):
        rest = sum(matrix[row][k] * out[k] for k in range(row + 1, size))
        out[row] = (right[row] - rest) / matrix[row][row]
    return out
