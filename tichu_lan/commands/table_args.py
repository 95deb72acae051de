"""The rules a party chooses for the table a command opens (`tichu play`, `tichu host`):
``--rounds N``, ``--no-grand`` and ``--timer S``, each checked by argparse with the range
the host itself holds to (protocol.ROUNDS, protocol.TIMER)."""

from __future__ import annotations

import argparse
from typing import Any

from ..i18n import N_, _
from ..records.solo_set import SET_DEALS
from .argtypes import number

DEALS = 8               # a duplicate set's deals unless --deals says otherwise
MAX_DEALS = SET_DEALS   # ...and at most


def add_table_rules_arguments(parser: argparse.ArgumentParser) -> None:
    from ..protocol import ROUNDS, TIMER
    parser.add_argument("--rounds", type=number(ROUNDS.lo, ROUNDS.hi, N_("the number of rounds")),
                        default=None, metavar="N",
                        help=_("play N rounds ({low}-{high}) instead of to the target; a level "
                               "score plays on a round at a time").format(
                            low=int(ROUNDS.lo), high=int(ROUNDS.hi)))
    parser.add_argument("--no-grand", action="store_true",
                        help=_("deal all 14 cards at once: no Grand Tichu"))
    parser.add_argument("--timer", type=number(TIMER.lo, TIMER.hi, N_("the turn timer")),
                        default=None, metavar="S",
                        help=_("S seconds ({low}-{high}) for each decision, then a bot makes it "
                               "(default: no timer)").format(low=int(TIMER.lo),
                                                               high=int(TIMER.hi)))


def table_rules(args: argparse.Namespace) -> dict[str, Any]:
    """The chosen rules as `TichuClient.create_table` takes them."""
    return {"rounds": args.rounds, "grand": not args.no_grand, "timer": args.timer}


def add_deals_argument(parser: argparse.ArgumentParser) -> None:
    """--deals N, the deals of a duplicate set against the bots (with --duplicate)."""
    parser.add_argument("--deals", type=number(1, MAX_DEALS, N_("the number of deals")),
                        default=None, metavar="N",
                        help=_("with --duplicate: the deals in the set (default: {deals})")
                        .format(deals=DEALS))
