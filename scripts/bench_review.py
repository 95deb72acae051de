#!/usr/bin/env python3
"""The round review (`engine.bots.review`, `tichu review`): does it tell a weak player from
a strong one, and what does it cost?

Pair i deals game seed ``--seed + i`` twice: `easy` bots in seats 1 and 3 against `hard`
bots in seats 2 and 4, then the other way round, so both levels play the same cards
(duplicate). The first ``--rounds`` rounds of each table are reviewed for every seat.
Prints each level's mean loss per decision (the review's expected points below the best
candidate) with a 95% confidence interval over pairs, the share of its decisions called
fine, and the CPU seconds to review one round of one person and one table's rounds.

Truth: the team in seats 1 and 3 holds the same cards at both tables of a pair, so the
difference of its real margins (first table less second) is set beside what the review
predicts of it, the difference of (its opponents' summed losses less its own) between the
tables; their correlation over pairs is printed with a 95% interval (Fisher's z).

    .venv/bin/python scripts/bench_review.py --pairs 50 --rounds 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import RuleSet
from engine.bots import make_bot
from engine.bots.review import REVIEW_SAMPLES, review_game
from tests.support.random_games import bot_action, play

LEVELS = ("easy", "hard")


class Table(NamedTuple):
    losses: dict[str, list[float]]  # per level, each decision's
    team: tuple[float, float]       # seats 1 and 3's summed losses, and their opponents'
    margin: int                     # seats 1 and 3's real margin over the rounds reviewed
    cpu: float                      # seconds the review took
    rounds: int


def table(seed: int, first: str, rounds: int, samples: int) -> Table:
    """One table of a pair: ``first`` in seats 1 and 3 (indices 0 and 2)."""
    other = LEVELS[1] if first == LEVELS[0] else LEVELS[0]
    seats = [first, other, first, other]
    bots = [make_bot(level, seed * 8 + i) for i, level in enumerate(seats)]
    rules = RuleSet(target=10_000)
    game, actions = play(rules, seed, bot_action(bots), until=lambda g: g.round_no > rounds)
    started = time.process_time()
    found = review_game(rules, seed, actions, range(4), rounds=range(1, rounds + 1),
                        samples=samples)
    spent = time.process_time() - started
    losses: dict[str, list[float]] = {level: [] for level in LEVELS}
    team = [0.0, 0.0]
    for reviewed in found:
        losses[seats[reviewed.seat]].append(reviewed.loss)
        team[reviewed.seat % 2] += reviewed.loss
    played = game.history[:rounds]
    margin = sum(result.total[0] - result.total[1] for result in played)
    return Table(losses, (team[0], team[1]), margin, spent, len(played))


def correlation(xs: list[float], ys: list[float]) -> str:
    n = len(xs)
    if n < 4 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return "n/a"
    r = statistics.correlation(xs, ys)
    z, half = math.atanh(max(-0.999999, min(0.999999, r))), 1.96 / math.sqrt(n - 3)
    return f"{r:.2f} (95% {math.tanh(z - half):.2f} to {math.tanh(z + half):.2f}, {n} pairs)"


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return f"{mean:6.2f} +- {half:5.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=REVIEW_SAMPLES)
    args = parser.parse_args()
    per_pair: dict[str, list[float]] = {level: [] for level in LEVELS}
    fine: dict[str, list[bool]] = {level: [] for level in LEVELS}
    cpu, rounds_done = 0.0, 0
    predicted: list[float] = []
    actual: list[float] = []
    for i in range(args.pairs):
        pooled: dict[str, list[float]] = {level: [] for level in LEVELS}
        tables = [table(args.seed + i, first, args.rounds, args.samples) for first in LEVELS]
        for done in tables:
            cpu += done.cpu
            rounds_done += done.rounds
            for level in LEVELS:
                pooled[level] += done.losses[level]
                fine[level] += [loss < 10.0 for loss in done.losses[level]]
        if tables[0].rounds == tables[1].rounds:
            edge = [done.team[1] - done.team[0] for done in tables]
            predicted.append(edge[0] - edge[1])
            actual.append(tables[0].margin - tables[1].margin)
        for level in LEVELS:
            if pooled[level]:
                per_pair[level].append(statistics.fmean(pooled[level]))
    print(f"{args.pairs} duplicate pairs, {args.rounds} round(s) a table, "
          f"{args.samples} deals a decision")
    for level in LEVELS:
        share = 100 * sum(fine[level]) / max(1, len(fine[level]))
        print(f"  {level:5} loss per decision {interval(per_pair[level])} points "
              f"({len(fine[level])} decisions, {share:.0f}% fine)")
    gaps = [a - b for a, b in zip(per_pair["easy"], per_pair["hard"], strict=True)]
    print(f"  easy - hard, paired:  {interval(gaps)} points per decision")
    print(f"  truth: predicted against real margin difference, r = "
          f"{correlation(predicted, actual)}")
    people = rounds_done * 4
    print(f"  CPU: {cpu / max(1, people):.2f} s to review one round of one person, "
          f"{cpu / max(1, rounds_done):.2f} s one round of a table ({rounds_done} rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
