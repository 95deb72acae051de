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
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import engine  # noqa: E402
from tests.support.at_commit import package_at  # noqa: E402
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
    runs: dict[str, list[dict[str, Any]]] = {args.against: [], "now": []}
    for k in range(args.repeat):
        for name in (args.against, "now") if k % 2 == 0 else ("now", args.against):
            command = [sys.executable, __file__, "--worker", name, "--positions",
                       str(args.positions), "--rounds", str(args.rounds)] + (
                ["--duel"] if args.duel else [])
            done = subprocess.run(command, check=True, capture_output=True, text=True)
            runs[name].append(json.loads(done.stdout))
    same = all(r["moves"] == runs["now"][0]["moves"] for rs in runs.values() for r in rs)
    print(f"coach answers: {args.positions} positions ({'duel' if args.duel else 'classic'}), "
          f"{args.repeat} interleaved repetitions, CPU time; the same advice on both: "
          f"{'yes' if same else 'NO'}")
    p95 = {}
    for name, rs in runs.items():
        figures = {q: [percentile([1000 * t for t in r["times"]], q) for r in rs]
                   for q in (50, 95)}
        p95[name] = statistics.median(figures[95])
        print(f"  {name:8} p50 {statistics.median(figures[50]):5.1f} ms   p95 {p95[name]:6.1f} ms "
              f"({min(figures[95]):.1f}..{max(figures[95]):.1f})   "
              f"max {max(1000 * max(r['times']) for r in rs):.0f} ms")
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
