#!/usr/bin/env python3
"""A table's public log: the memory a full log holds, and the time to add a move and to
hand the whole log out at a comeback, side by side with the log of another commit.

Every table of an evening keeps one (tichu_lan/server/public_log.py), so its size is
the host's memory at 50 or 100 tables. The moves are those of one random classic game,
played until the log is full; both logs are fed the same moves in this one process,
in turns, so that the machine's drift touches both alike.

    .venv/bin/python scripts/bench_public_log.py                  # against 91aa7ab
    .venv/bin/python scripts/bench_public_log.py --against HEAD~3 --rounds 5
"""

from __future__ import annotations

import argparse
import sys
import timeit
import tracemalloc
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import RuleSet, apply, new_game  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.bots.arena import next_move  # noqa: E402
from tests.support.at_commit import module_at  # noqa: E402
from tichu_lan import protocol  # noqa: E402
from tichu_lan.server import public_log  # noqa: E402

Moves = list[tuple[int, list[dict[str, Any]]]]


def game_moves(events: int, seed: int) -> Moves:
    """Moves with events, in order, until they hold at least ``events`` events."""
    game = new_game(RuleSet(target=100_000), seed)
    bots = [make_bot("random", seat) for seat in range(4)]
    moves: Moves = []
    seq = held = 0
    while held < events:
        _seat, action = next_move(game, bots)
        game, happened = apply(game, action)
        seq += 1
        if happened:
            moves.append((seq, [e.to_dict() for e in happened]))
            held += len(happened)
    return moves


def filled(module: ModuleType, moves: Moves) -> Any:
    log = module.PublicLog()
    for seq, events in moves:
        log.add(seq, events)
    return log


def held_kib(module: ModuleType, moves: Moves) -> tuple[float, int]:
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    log = filled(module, moves)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    return grown / 1024, log.events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="91aa7ab", help="the other commit (default 91aa7ab, "
                        "the last one that kept each move packed on its own)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of timing (default 3)")
    parser.add_argument("--seed", type=int, default=5, help="the random game's seed")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    moves = game_moves(protocol.LOG_MAX, args.seed)
    logs = {args.against: module_at(args.against, "tichu_lan/server/public_log.py"),
            "now": public_log}
    print(f"{len(moves)} moves, {sum(len(e) for _, e in moves)} events, "
          f"log cap {protocol.LOG_MAX} events")
    for name, module in logs.items():
        kib, events = held_kib(module, moves)
        print(f"  {name:>10}: a full log holds {kib:7.1f} KiB ({events} events)")
    for turn in range(1, args.rounds + 1):
        for name, module in logs.items():
            log = filled(module, moves)
            out = min(timeit.repeat(log.to_list, number=20, repeat=3)) / 20
            add = min(timeit.repeat(lambda m=module: filled(m, moves), number=2, repeat=3))
            print(f"  turn {turn} {name:>10}: hand out {out * 1e3:6.2f} ms, "
                  f"add {add / 2 / len(moves) * 1e6:5.2f} us a move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
