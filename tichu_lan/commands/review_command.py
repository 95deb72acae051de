"""Look back on a kept game: each play, pass and call of its people, measured by the hard bot.

For every round, each decision of the people at the table (or of seat N) is replayed on
deals of the hidden cards consistent with what that person knew then (never the real
hands), the choice made and the best alternatives played out on the same deals; the
round's three costliest decisions are listed with the play that was better and by about
how much. A decision within 10 points of the best is fine: the
figures are estimates. --json gives every decision's figures. A game that is not finished
can only be reviewed by the host's own user on the host's machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from itertools import groupby
from typing import TYPE_CHECKING, Any

from ..i18n import N_, _
from .argtypes import number
from .records_args import add_data_argument, add_game_argument, columns, kept_game

if TYPE_CHECKING:
    from engine.bots.review import Choice, Reviewed

NAME = "review"
HELP = N_("look back on a kept game: each decision measured by the hard bot, the costliest "
          "with what was better")
ORDER = 65
SHOWN = 3               # a round's costliest decisions listed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from engine.bots.review import REVIEW_SAMPLES
    add_game_argument(parser)
    parser.add_argument("--seat", type=number(1, 4, N_("the seat")), default=None, metavar="N",
                        help=_("review seat N's decisions (default: every person's)"))
    parser.add_argument("--round", type=number(1, 10_000, N_("the round")), default=None,
                        metavar="N", help=_("review round N only (default: every round)"))
    parser.add_argument("--samples", type=number(4, 400, N_("the number of deals")),
                        default=REVIEW_SAMPLES, metavar="N",
                        help=_("deals of the hidden cards per decision (default: {count})")
                        .format(count=REVIEW_SAMPLES))
    parser.add_argument("--json", action="store_true",
                        help=_("print every decision's figures as JSON"))
    add_data_argument(parser)


def run(args: argparse.Namespace) -> int:
    from engine.bots.review import FINE, reviews

    from ..words.review_words import decision_line, round_line

    record = kept_game(args, NAME)
    if record is None:
        return 1
    meta = record.meta
    people = [seat for seat, note in enumerate(meta.seats) if note.bot is None]
    seats = [args.seat - 1] if args.seat is not None else people or list(range(meta.rules.seats))
    rounds = None if args.round is None else [args.round]
    found: list[Reviewed] = []
    decided = reviews(meta.rules, record.seed, record.actions, seats, shared=record.shared,
                      rounds=rounds, samples=args.samples)
    for round_no, group in groupby(decided, key=lambda r: r.round_no):
        these = list(group)
        found += these
        if args.json:
            continue
        print(round_line(round_no, these))
        costly = sorted((r for r in these if not r.fine), key=lambda r: -r.loss)[:SHOWN]
        for reviewed in costly:
            print(textwrap.fill(decision_line(reviewed, meta.seat_name), columns() - 1,
                                initial_indent="  ", subsequent_indent="    "))
        if not costly:
            print("  " + _("every decision was within {points:g} points of the best").format(
                points=FINE))
        sys.stdout.flush()
    if args.json:
        print(json.dumps([decision_dict(r, meta.seat_name(r.seat)) for r in found], indent=1))
    elif not found:
        print(_("{game}: no decision to review (nobody had a choice)").format(game=meta.id))
    return 0


def decision_dict(reviewed: Reviewed, name: str) -> dict[str, Any]:
    return {"round": reviewed.round_no, "move": reviewed.move, "seat": reviewed.seat + 1,
            "name": name, "kind": reviewed.kind, "chosen": _combo(reviewed.chosen),
            "chosen_points": round(reviewed.chosen_points, 2), "best": _combo(reviewed.best),
            "best_points": round(reviewed.best_points, 2), "loss": round(reviewed.loss, 2),
            "fine": reviewed.fine, "samples": reviewed.samples}


def _combo(combo: Choice) -> dict[str, Any] | bool | list[str] | None:
    """A play as JSON (None: the pass); a call made or not as true or false; gifts as the
    cards to the right, the partner and the left."""
    from engine import format_cards
    from engine.bots.review import Gifts
    if combo is None or isinstance(combo, bool):
        return combo
    if isinstance(combo, Gifts):
        return [format_cards(1 << card) for card in (combo.right, combo.partner, combo.left)]
    return {"kind": combo.kind.name.lower(), "cards": format_cards(combo.cards),
            "height": combo.height, "length": combo.length}
