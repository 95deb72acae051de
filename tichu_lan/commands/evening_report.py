"""`tichu stats --evening`: the evening's standings per person, as lines or as JSON."""

from __future__ import annotations

import json
import sys
import textwrap
from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING

from ..i18n import _
from .records_args import columns

if TYPE_CHECKING:
    from ..records.store import RecordStore


def print_evening(store: RecordStore, evening: str | None, as_json: bool) -> int:
    """The standings of ``evening`` (an id; None: this evening's) over the kept games; a
    game whose metadata cannot be read is named on stderr and left out."""
    from ..records.standings import standings
    from ..tui.evening import standings_text

    games = [kept.meta for kept in store.games()]
    for problem in store.problems:
        print(_("tichu stats: skipped {problem}").format(problem=problem), file=sys.stderr)
    found = standings(games, datetime.now().astimezone(), evening)
    if as_json:
        print(json.dumps({"evening": found.id, "games": len(found.games),
                          "people": [asdict(p) for p in found.people], "bots": found.bots},
                         ensure_ascii=False, indent=1))
        return 0
    room = columns()
    lines = standings_text(found.id, len(found.games), found.people, room)
    for line in lines:          # the rows fit already; a sentence is broken between words
        print("\n".join(textwrap.wrap(line, room, drop_whitespace=False) or [""]))
    return 0
