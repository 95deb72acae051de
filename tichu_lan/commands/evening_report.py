"""`tichu stats --evening`: the evening's standings per person, as lines or as JSON."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from .records_args import columns, cut

if TYPE_CHECKING:
    from ..records.store import RecordStore


def print_evening(store: RecordStore, evening: str | None, as_json: bool) -> int:
    """The standings of ``evening`` (an id; None: this evening's) over the kept games; a
    game whose metadata cannot be read is named on stderr and left out."""
    from ..records.standings import standings
    from ..tui.evening import standings_rows

    games = [kept.meta for kept in store.games()]
    for problem in store.problems:
        print(_("tichu stats: skipped {problem}").format(problem=problem), file=sys.stderr)
    found = standings(games, datetime.now().astimezone(), evening)
    if as_json:
        print(json.dumps({"evening": found.id, "games": len(found.games),
                          "people": [asdict(p) for p in found.people], "bots": found.bots},
                         ensure_ascii=False, indent=1))
        return 0
    if not found.games:
        print(_("No games were kept this evening: the standings start with its first game."))
        return 0
    room = columns()
    count = ngettext("{count} game", "{count} games", len(found.games)).format(
        count=len(found.games))
    title = _("Evening {id}").format(id=found.id) if found.id else _("Tonight")
    print(cut(_("{title}: {games}, ranked by rating").format(title=title, games=count), room))
    if not found.people:
        print("  " + _("(only bots played)"))
        return 0
    print("\n".join(standings_rows(found.people, room)))
    print(cut("  " + _("rating: points a round the person adds to their team, partners and "
                       "opponents accounted for (docs/RECORDS.md)"), room))
    return 0
