#!/usr/bin/env python3
"""The table journal against sqlite3: what one record costs to write, and what damage costs.

For each store it appends ``--records`` move records (the host's own dicts, about 60 bytes of
JSON), one write per move as the host makes them, and times each append; then it flips one
byte in the middle of the file and reads everything back, counting the records recovered.

    .venv/bin/python scripts/bench_journal.py
    .venv/bin/python scripts/bench_journal.py --records 20000

The stores: the journal as the host writes it (`Journal.append`, with and without ``fsync``)
and sqlite3 from the standard library, one row per record in autocommit, in WAL mode with
``synchronous=NORMAL`` (its fast durable-on-commit setting) and ``FULL``, and in its default
rollback-journal mode.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tichu_lan.records.journal import Journal, read_journal  # noqa: E402

ROUND = 110            # moves in a classic round, about
RECORD = {"kind": "action", "n": 0, "action": {"type": "play", "seat": 2,
                                               "cards": ["7j", "7s"], "phoenix_as": None}}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def flip_middle(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))


def journal_run(directory: Path, records: int, fsync: bool) -> tuple[list[float], int, int]:
    """The host's journal, with a checkpoint (of the shape the host writes) every ``ROUND``
    moves, as at each round start."""
    journal = Journal.create(directory, 1, {"kind": "table"}, fsync)
    times = []
    for n in range(1, records + 1):
        began = time.perf_counter()
        journal.append({**RECORD, "n": n})
        times.append(time.perf_counter() - began)
        if n % ROUND == 0:
            journal.append({"kind": "checkpoint", "n": n, "table": {"kind": "table"},
                            "seats": [], "game": None})
    journal.close()
    flip_middle(journal.path)
    read = read_journal(journal.path)
    kept = [r for r in read.records if r["kind"] == "action"]
    return times, len(kept), sum(r != {**RECORD, "n": r["n"]} for r in kept)


def sqlite_run(directory: Path, records: int, mode: str,
               sync: str) -> tuple[list[float], int, int]:
    path = directory / f"sqlite-{mode}-{sync}.db"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA journal_mode={mode}")
    db.execute(f"PRAGMA synchronous={sync}")
    db.execute("CREATE TABLE records (n INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    times = []
    for n in range(1, records + 1):
        body = json.dumps({**RECORD, "n": n}, separators=(",", ":"))
        began = time.perf_counter()
        db.execute("INSERT INTO records VALUES (?, ?)", (n, body))
        times.append(time.perf_counter() - began)
    db.close()
    flip_middle(path)
    read, changed = 0, 0
    try:
        db = sqlite3.connect(path)
        for n, body in db.execute("SELECT n, body FROM records ORDER BY n"):
            read += 1
            changed += body != json.dumps({**RECORD, "n": n}, separators=(",", ":"))
        db.close()
    except sqlite3.DatabaseError as exc:
        print(f"    sqlite {mode}/{sync} after the flip: {exc}")
    return times, read, changed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=5000)
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="bench-journal-"))
    runs = {"journal": lambda: journal_run(directory / "a", args.records, False),
            "journal, fsync": lambda: journal_run(directory / "b", args.records, True),
            "sqlite WAL, NORMAL": lambda: sqlite_run(directory, args.records, "WAL", "NORMAL"),
            "sqlite WAL, FULL": lambda: sqlite_run(directory, args.records, "WAL", "FULL"),
            "sqlite DELETE, FULL": lambda: sqlite_run(directory, args.records, "DELETE",
                                                      "FULL")}
    print(f"bench_journal: {args.records} records each, in {directory}")
    print(f"{'store':<22} {'p50 us':>9} {'p99 us':>9} {'max us':>9}   after one flipped byte")
    for name, run in runs.items():
        times, read, changed = run()
        print(f"{name:<22} {percentile(times, 50) * 1e6:9.1f} {percentile(times, 99) * 1e6:9.1f} "
              f"{max(times) * 1e6:9.1f}   {read} of {args.records} read back, {changed} of them "
              "changed without a word", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
