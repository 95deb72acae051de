"""Who won most: statistics over the games kept on this machine.

Per person (by the name they played under; bots are not counted): games, wins,
rounds, Tichu and Grand Tichu calls with how many were made, double victories;
for all the games together and for each table.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import TYPE_CHECKING

from ..i18n import N_, _, ngettext, pgettext
from .records_args import add_data_argument, columns, cut, pad, store_of

if TYPE_CHECKING:
    from ..records.stats import Standings

NAME = "stats"
HELP = N_("statistics of the kept games: per person, per table and overall")
ORDER = 63
THIS_EVENING = "\0"         # --evening without an id


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=_("print JSON for scripts"))
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--table", metavar="NAME", default=None,
                       help=_("only the games of the table called NAME"))
    which.add_argument("--evening", metavar="ID", nargs="?", const=THIS_EVENING, default=None,
                       help=_("the standings of this evening per person, across tables and "
                              "partners (ID: the evening of that id)"))
    add_data_argument(parser)


def run(args: argparse.Namespace) -> int:
    import sys

    from ..records.stats import statistics

    store = store_of(args)
    if args.evening is not None:
        from .evening_report import print_evening
        return print_evening(store, None if args.evening == THIS_EVENING else args.evening,
                             args.json)
    games = [g.meta for g in store.games() if args.table in (None, g.meta.table, g.meta.title)]
    for problem in store.problems:
        print(_("tichu stats: skipped {problem}").format(problem=problem), file=sys.stderr)
    stats = statistics(games)
    if args.json:
        print(json.dumps({"overall": _standings_dict(stats.overall),
                          "tables": {name: _standings_dict(s) for name, s in stats.tables.items()}},
                         ensure_ascii=False, indent=1))
        return 0
    if not games:
        print(_("No games are kept here yet: `tichu games` lists them as they are played."))
        return 0
    print("\n".join(_standings_lines(_("All games"), stats.overall)))
    for name, standings in sorted(stats.tables.items(), key=lambda t: -t[1].games):
        print()
        print("\n".join(_standings_lines(_("Table {name}").format(name=name), standings)))
    return 0


def _standings_dict(standings: Standings) -> dict[str, object]:
    return {"games": standings.games, "finished": standings.finished,
            "rounds": standings.rounds, "people": [asdict(p) for p in standings.ranked()]}


def _standings_lines(title: str, standings: Standings) -> list[str]:
    room = columns()
    games = ngettext("{count} game", "{count} games", standings.games).format(
        count=standings.games)
    rounds = ngettext("{count} round", "{count} rounds", standings.rounds).format(
        count=standings.rounds)
    lines = [cut(_("{title}: {games} ({finished} finished), {rounds}").format(
        title=title, games=games, finished=standings.finished, rounds=rounds), room)]
    if not standings.people:
        return lines + ["  " + _("(only bots played)")]
    name_room = max(8, min(24, room - 56))
    heads = (_("games"), _("wins"), _("rounds"), pgettext("stats column", "Tichu"),
             pgettext("stats column", "Grand"), _("double"))
    lines.append(cut("  " + pad(_("person"), name_room) + _columns(heads), room))
    for person in standings.ranked():
        cells = (str(person.games), str(person.wins), str(person.rounds),
                 f"{person.tichu_made}/{person.tichu}", f"{person.grand_made}/{person.grand}",
                 str(person.doubles))
        lines.append(cut("  " + pad(person.name, name_room) + _columns(cells), room))
    lines.append("  " + _("Tichu and Grand: calls made / calls; double: double victories"))
    return lines


def _columns(cells: tuple[str, ...]) -> str:
    """Cells right-aligned in 9 columns each, measured by display width."""
    return "".join(pad(cell, 9, right=True) for cell in cells)
