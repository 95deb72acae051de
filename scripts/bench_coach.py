"""Time the coach's answer (key i, issue 16): p50, p95 and max over seeded positions.

Seeded games are played by `normal` bots; at every position where seat 0 is awaited
(Grand Tichu, the exchange, each lead and each answer to a trick ...), the coach is
asked about seat 0's view with the memory of the round that seat's views built, by
`tichu_lan.tui.coach.coach_answer` with its time cap: the function key i runs in a
thread, so the clock measures the real path minus the screen. Each game gives at
most --rounds rounds, so the positions spread over many deals.

    .venv/bin/python scripts/bench_coach.py [--positions 200] [--rounds 2] [--duel]
    .venv/bin/python scripts/bench_coach.py --against 35d3288 [--repeat 5]

``--against COMMIT`` asks the same positions of the engine and bots of COMMIT
(tests/support/at_commit.py) beside today's, each in a fresh process, ``--repeat``
times in turns, in CPU time, and checks that both advise the same moves.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import engine  # noqa: E402
from tests.support.at_commit import beside, median_and_range, package_at  # noqa: E402
from tichu_lan.tui.coach import THINKING_CAP, coach_answer  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(positions: int, rounds: int, duel: bool, package: ModuleType = engine,
            clock: Callable[[], float] = time.perf_counter
            ) -> tuple[list[float], Counter[str], list[Any]]:
    """Seconds per answer, how many answers of each kind of move were timed, and the
    moves advised (as dicts), with the engine and bots of ``package``."""
    bots = importlib.import_module(f"{package.__name__}.bots")
    arena = importlib.import_module(f"{package.__name__}.bots.arena")
    memory_of = importlib.import_module(f"{package.__name__}.bots.memory").Memory
    answer = coach_answer if package is engine else _answer_of(package)
    rules = package.DUEL if duel else package.CLASSIC
    times: list[float] = []
    kinds: Counter[str] = Counter()
    moves: list[Any] = []
    seed = 0
    while len(times) < positions:
        seed += 1
        game = package.new_game(rules, seed)
        players = [bots.make_bot("normal", seed * 10 + s) for s in range(rules.seats)]
        memory = memory_of()
        while not game.over and len(game.history) < rounds and len(times) < positions:
            seen = package.view(game, 0)
            memory.observe(seen)
            if 0 in package.waiting_for(game):
                start = clock()
                advice = answer(seen, memory)
                times.append(clock() - start)
                kinds[advice.what.code] += 1
                moves.append(advice.action and package.action_to_dict(advice.action))
            game = arena.step(game, players)
    return times, kinds, moves


def _answer_of(package: ModuleType) -> Callable[[Any, Any], Any]:
    """`coach_answer` as it is, with an older package's `advise` and time cap."""
    advise = importlib.import_module(f"{package.__name__}.bots.advice").advise
    cap = importlib.import_module(f"{package.__name__}.bots.interface").TimeCap

    def answer(view: Any, memory: Any) -> Any:
        return advise(view, memory=memory, time_cap=cap(THINKING_CAP, time.perf_counter))
    return answer


def against(args: argparse.Namespace) -> None:
    worker = ["--positions", str(args.positions), "--rounds", str(args.rounds)]
    runs, same = beside(__file__, args.against, worker + ["--duel"] * args.duel, args.repeat,
                        "moves")
    print(f"coach answers: {args.positions} positions ({'duel' if args.duel else 'classic'}), "
          f"{args.repeat} interleaved repetitions, CPU time; the same advice on both: "
          f"{'yes' if same else 'NO'}")
    p95 = {}
    for name, rs in runs.items():
        tails = [percentile([1000 * t for t in r["times"]], 95) for r in rs]
        p95[name] = statistics.median(tails)
        middles = [percentile([1000 * t for t in r["times"]], 50) for r in rs]
        print(f"  {name:8} p50 {median_and_range(middles)} ms   p95 {median_and_range(tails)} ms"
              f"   max {max(1000 * max(r['times']) for r in rs):.0f} ms")
    print(f"  p95 {p95[args.against] / p95['now']:.2f} times lower now; load average: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2, help="rounds played per game")
    parser.add_argument("--duel", action="store_true")
    parser.add_argument("--against", metavar="COMMIT",
                        help="time the same positions beside the code of COMMIT")
    parser.add_argument("--repeat", type=int, default=5,
                        help="with --against: interleaved repetitions")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        package = engine if args.worker == "now" else package_at(args.worker, "engine")
        times, _, moves = measure(args.positions, args.rounds, args.duel, package,
                                  time.process_time)
        print(json.dumps({"times": times, "moves": moves}))
        return
    if args.against:
        against(args)
        return
    times, kinds, _ = measure(args.positions, args.rounds, args.duel)
    ms = [1000 * t for t in times]
    print(f"coach answers: {len(ms)} positions ({'duel' if args.duel else 'classic'}), "
          f"time cap {THINKING_CAP} s")
    print(f"p50 {percentile(ms, 50):.0f} ms   p95 {percentile(ms, 95):.0f} ms   "
          f"max {max(ms):.0f} ms")
    print("moves advised: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
