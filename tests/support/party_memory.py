"""The host's memory over a party, read back from the run directory's host-rss.txt.

`scripts/lanparty` prints the host's RSS after a warm-up of a minute (or a tenth of the
run); a soak asks the same over a window of its own choosing (the last 50 minutes of an
hour), and the samples stay on disk even when a run is cut short::

    .venv/bin/python -m tests.support.party_memory /tmp/soak --last 50 --every 5
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .party import memory_after_warmup


def samples(run_dir: Path) -> list[tuple[float, int]]:
    """(monotonic seconds, VmRSS kB) of every sample; 0 kB marks a new host life."""
    out: list[tuple[float, int]] = []
    life = None
    for line in (run_dir / "host-rss.txt").read_text().splitlines():
        t, this_life, kb = line.split()
        if life is not None and this_life != life:
            out.append((float(t), 0))
        life = this_life
        out.append((float(t), int(kb)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="party_memory", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--last", type=float, default=50.0,
                        help="minutes at the end of the run to judge (default 50)")
    parser.add_argument("--every", type=float, default=5.0,
                        help="print the RSS every this many minutes (default 5)")
    args = parser.parse_args(argv)
    rows = samples(args.run_dir)
    if not rows:
        parser.error("no samples in host-rss.txt")
    start, end = rows[0][0], rows[-1][0]
    print(f"{len(rows)} samples over {(end - start) / 60:.1f} minutes")
    mark = start
    for t, kb in rows:
        if t >= mark:
            print(f"  minute {(t - start) / 60:5.1f}: {kb / 1024:6.1f} MiB")
            mark += args.every * 60
    warmup = max(0.0, end - start - args.last * 60)
    mem = memory_after_warmup(rows, warmup)
    print(f"the last {args.last:g} minutes: first {mem['first_kb'] / 1024:.1f}, lowest "
          f"{mem['min_kb'] / 1024:.1f}, highest {mem['max_kb'] / 1024:.1f}, last "
          f"{mem['last_kb'] / 1024:.1f} MiB (spread {mem['spread']:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
