"""List the games kept on this machine, newest first.

Every game a host here ran is kept with its journal, finished or not (`tichu host`,
`tichu server` and `tichu play` alike); `tichu replay N` opens game number N of
this list, `tichu export N` writes it out, `tichu stats` counts them. A host keeps
the newest 500 finished games (its --keep-games option); games it can still resume
are always kept. See docs/RECORDS.md.
"""

from __future__ import annotations

import argparse
import json

from ..i18n import N_, _, ngettext, pgettext
from ..words.table_rules import option_words
from .records_args import add_data_argument, columns, cut, pad, store_of

NAME = "games"
HELP = N_("list the games kept on this machine, newest first")
ORDER = 60
STATUS = {"finished": N_("finished"), "unfinished": N_("unfinished"),
          "abandoned": N_("abandoned")}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_data_argument(parser)
    parser.add_argument("--json", action="store_true",
                        help=_("print JSON for scripts: a list of games, newest first"))


def run(args: argparse.Namespace) -> int:
    import sys

    store = store_of(args)
    games = store.games()
    for problem in store.problems:
        print(_("tichu games: skipped {problem}").format(problem=problem), file=sys.stderr)
    if args.json:
        print(json.dumps([g.to_dict(n) for n, g in enumerate(games, start=1)],
                         ensure_ascii=False, indent=1))
        return 0
    if not games:
        print(_("No games are kept in {path} yet: play one with `tichu play` or "
                "`tichu host`.").format(path=store.roots[0]))
        return 0
    room = columns()
    table = max(10, room - 61)
    started, name, rules_head, score_head, status = (
        pgettext("games column", "started"), pgettext("games column", "table"),
        pgettext("games column", "rules"), pgettext("games column", "score"),
        pgettext("games column", "status"))
    print(cut(f"{'#':>3}  {pad(started, 16)}  {pad(name, table)}  {pad(rules_head, 12)} "
              f"{pad(score_head, 11, right=True)}  {status}", room))
    for number, kept in enumerate(games, start=1):
        meta = kept.meta
        rules = f"{meta.rules.variant.value} {'' if meta.rules.rounds else meta.rules.target}"
        score = f"{meta.scores[0]} : {meta.scores[1]}"
        rounds = ngettext("{count} round", "{count} rounds", len(meta.rounds)).format(
            count=len(meta.rounds))
        print(cut(f"{number:>3}  {meta.when:%Y-%m-%d %H:%M}  {pad(meta.title, table)}  "
                  f"{rules:<12} {score:>11}  {_(STATUS[kept.status])}", room))
        seats = ", ".join(meta.seat_name(s) for s in range(len(meta.seats)))
        if meta.rules.rounds:               # a game of so many rounds: how far it got
            rounds = ngettext("{played} of {count} round", "{played} of {count} rounds",
                              meta.rules.rounds).format(played=len(meta.rounds),
                                                        count=meta.rules.rounds)
        chosen = option_words(meta.rules, meta.timer)
        print(cut(" · ".join([f"     {seats}", rounds, *chosen, meta.id]), room))
    return 0
