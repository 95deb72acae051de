"""Check a kept game, or an exported one, round by round: who could have chosen the cards,
and whether every rule was kept.

Each round of a game dealt from shared shuffles is held to its shuffle (the host's
secret, every seat's commitment and value, the seed) and every move is replayed by the
engine; the first thing wrong in a round is named, with the move. What the programs at
the table found when they checked is listed too. The exit status is 1 when a round fails.
"""

from __future__ import annotations

import argparse

from ..i18n import N_, _, ngettext
from .records_args import add_data_argument, add_game_argument, fail, store_of

NAME = "verify"
HELP = N_("check a kept or exported game: that nobody chose the cards and every rule was kept")
ORDER = 64


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    add_data_argument(parser)


def run(args: argparse.Namespace) -> int:
    from ..records.meta import RecordError
    from ..records.verify import read_for_check, verify
    from ..words.findings import finding_words

    try:
        path, meta = store_of(args).locate(args.game)
        record, stated = read_for_check(path, meta)
    except RecordError as exc:
        return fail(NAME, str(exc))
    verified = verify(record, stated)
    count = len(verified.rounds)
    print(ngettext("{game}: {count} round checked", "{game}: {count} rounds checked",
                   count).format(game=record.meta.id, count=count))
    for found in verified.rounds:
        if found.finding is not None:
            what = finding_words(found.finding.code, found.finding.params,
                                 found.finding.message)
            print(_("round {number}: FAILS: {what}").format(number=found.round_no, what=what))
        elif found.shared:
            print(_("round {number}: holds: dealt from its shared shuffle, every rule "
                    "kept").format(number=found.round_no))
        else:
            print(_("round {number}: holds: every rule kept (dealt from the game's seed, which "
                    "the host chose)").format(number=found.round_no))
    for check in record.checks:
        if not check.ok and check.finding is not None:
            print(_("seat {seat}'s program found round {number} broken: {what}").format(
                seat=check.seat + 1, number=check.round_no,
                what=finding_words(check.finding.get("code"), check.finding.get("params"),
                                   check.finding.get("message"))))
    return 0 if verified.ok else 1
