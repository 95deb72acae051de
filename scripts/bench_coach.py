"""Time the coach's answer (key i, issue 16): p50, p95 and max over seeded positions.

Seeded games are played by `normal` bots; at every position where seat 0 is awaited
(Grand Tichu, the exchange, each lead and each answer to a trick ...), the coach is
asked about seat 0's view with the memory of the round that seat's views built, by
`tichu_lan.tui.coach.coach_answer` with its time cap: the function key i runs in a
thread, so the clock measures the real path minus the screen. Each game gives at
most --rounds rounds, so the positions spread over many deals.

    .venv/bin/python scripts/bench_coach.py [--positions 200] [--rounds 2] [--duel]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine import CLASSIC, DUEL, new_game, view, waiting_for  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.bots.arena import step  # noqa: E402
from engine.bots.memory import Memory  # noqa: E402
from tichu_lan.tui.coach import THINKING_CAP, coach_answer  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(positions: int, rounds: int, duel: bool) -> tuple[list[float], Counter[str]]:
    """Seconds per answer, and how many answers of each kind of move were timed."""
    rules = DUEL if duel else CLASSIC
    times: list[float] = []
    kinds: Counter[str] = Counter()
    seed = 0
    while len(times) < positions:
        seed += 1
        game = new_game(rules, seed)
        bots = [make_bot("normal", seed * 10 + s) for s in range(rules.seats)]
        memory = Memory()
        while not game.over and len(game.history) < rounds and len(times) < positions:
            seen = view(game, 0)
            memory.observe(seen)
            if 0 in waiting_for(game):
                start = time.perf_counter()
                advice = coach_answer(seen, memory)
                times.append(time.perf_counter() - start)
                kinds[advice.what.code] += 1
            game = step(game, bots)
    return times, kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2, help="rounds played per game")
    parser.add_argument("--duel", action="store_true")
    args = parser.parse_args()
    times, kinds = measure(args.positions, args.rounds, args.duel)
    ms = [1000 * t for t in times]
    print(f"coach answers: {len(ms)} positions ({'duel' if args.duel else 'classic'}), "
          f"time cap {THINKING_CAP} s")
    print(f"p50 {percentile(ms, 50):.0f} ms   p95 {percentile(ms, 95):.0f} ms   "
          f"max {max(ms):.0f} ms")
    print("moves advised: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
