#!/usr/bin/env python3
"""A game's end at a host that keeps many games: the time its records take on the reactor,
side by side with tichu_lan/records/keeping.py of another commit.

When a game ends the host rewrites the game's metadata, forgets the oldest kept games
beyond ``--keep`` and reads this evening's standings for the game-over page, all on the
reactor, so every table waits for it. The kept games here are copies of one random
classic game to 1000 (its rounds are what makes a file big), ``--tonight`` of them from
this evening and the rest from last month; both versions read the same folder, in turns
in this one process, so that the machine's drift touches both alike.

    .venv/bin/python scripts/bench_records.py                      # against 97ba1e9~1
    .venv/bin/python scripts/bench_records.py --games 200 --tonight 50
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import tracemalloc
from datetime import datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import GameState  # noqa: E402
from tests.records.conftest import engine_game, write_journal  # noqa: E402
from tests.support.at_commit import module_at  # noqa: E402
from tichu_lan import paths  # noqa: E402
from tichu_lan.records import keeping  # noqa: E402

Seats = list[tuple[str, str | None]]


def kept_games(data: Path, games: int, tonight: int) -> tuple[list[Path], Seats, GameState]:
    """``games`` finished games' journals and metadata; all but ``tonight`` a month old."""
    record, _ = engine_game(3, target=1000)
    final, seats = record.final(), [(s.name, s.bot) for s in record.meta.seats]
    writer = keeping.Keeping(paths.records_dir(data), paths.finished_journal_dir(data), "h",
                             keep=0)
    month_ago = datetime.now().astimezone() - timedelta(days=30)
    journals = []
    for table in range(1, games + 1):
        journal = write_journal(paths.finished_journal_dir(data), record, "over", table)
        writer.note(journal, "t", table, seats, final, 1000, "over")
        if table > tonight:
            meta = paths.records_dir(data) / f"{journal.stem}.json"
            kept = json.loads(meta.read_text())
            kept["started"] = (month_ago + timedelta(minutes=table)).isoformat()
            meta.write_text(json.dumps(kept))
        journals.append(journal)
    return journals, seats, final


def game_end(records: Any, journal: Path, seats: Seats, final: GameState) -> float:
    """Seconds the host's records take when the game of ``journal`` ends."""
    start = time.perf_counter()
    records.note(journal, "t", 1, seats, final, 1000, "over")
    records.evening({"Ann", "Bob"}, datetime.now().astimezone())
    return time.perf_counter() - start


def started(module: ModuleType, data: Path, keep: int,
            traced: bool = False) -> tuple[Any, float]:
    """A host's records as it starts: with the seconds that took, or the bytes they hold."""
    if traced:
        tracemalloc.start()
    start = time.perf_counter()
    records = module.Keeping(paths.records_dir(data), paths.finished_journal_dir(data), "h",
                             keep=keep)
    if hasattr(records, "kept"):
        records.kept()                              # what tichu_lan/server/startup.py does
    took = time.perf_counter() - start
    if traced:
        took = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    return records, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="97ba1e9~1", help="the other commit (default "
                        "97ba1e9~1, the last one that read every kept game at each game's end)")
    parser.add_argument("--games", type=int, default=500, help="kept games (default 500, the "
                        "host's default --keep-games)")
    parser.add_argument("--tonight", type=int, default=20, help="of them, this evening's "
                        "(default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="turns of timing (default 3)")
    args = parser.parse_args(argv)
    if args.games < 1 or not 0 <= args.tonight <= args.games or args.rounds < 1:
        parser.error("--games must be at least 1, --tonight between 0 and --games, "
                     "--rounds at least 1")
    data = Path(tempfile.mkdtemp(prefix="bench-records-data-"))
    journals, seats, final = kept_games(data, args.games, args.tonight)
    size = sum(p.stat().st_size for p in paths.records_dir(data).glob("*.json"))
    print(f"{args.games} kept games ({args.tonight} tonight) of {len(final.history)} rounds, "
          f"{size / 1024:.0f} KiB of metadata")
    versions = {args.against: module_at(args.against, "tichu_lan/records/keeping.py"),
                "now": keeping}
    for turn in range(1, args.rounds + 1):
        for name, module in versions.items():
            held = started(module, data, args.games, traced=True)[1]
            records, first = started(module, data, args.games)
            ends = [game_end(records, journals[n % args.tonight if args.tonight else n],
                             seats, final) for n in range(5)]
            print(f"  turn {turn} {name:>10}: at the start {first * 1e3:6.1f} ms "
                  f"({held / 1024:5.0f} KiB kept), a game's end {min(ends) * 1e3:6.1f} ms "
                  f"(best of 5; worst {max(ends) * 1e3:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
