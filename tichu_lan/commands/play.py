"""Play against bots on this machine only."""

from __future__ import annotations

import argparse
import sys

NAME = "play"
HELP = "play against bots on this machine (no network)"
ORDER = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--duel", action="store_true", help="play the 2-player duel")


def run(args: argparse.Namespace) -> int:
    print("tichu play: the terminal client is not built yet; the rules engine is "
          "(see engine/README.md and scripts/test).", file=sys.stderr)
    return 2
