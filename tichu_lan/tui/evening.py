"""The evening's standings on the game-over page: how the people at this table have done
tonight over every game the host kept (the host counts them: a guest keeps no games).

Each standing is a dict as the host sends it in the table's ``evening`` (the fields of
`tichu_lan.records.stats.PersonStats`); a host that sends none gives no lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import _, ngettext
from .faces import Fragments
from .text import cut, get_cwidth, pad

NAME_COLUMNS = 16


def evening_lines(standings: Sequence[dict[str, Any]], columns: int) -> list[Fragments | str]:
    """A heading and one line a person: games won of those finished, calls made of made."""
    if not standings:
        return []
    name_width = min(NAME_COLUMNS, max(get_cwidth(str(s.get("name", ""))) for s in standings))
    lines: list[Fragments | str] = ["", [("class:strong", _("Tonight at this host"))]]
    for person in standings:
        name = pad(cut(str(person.get("name", "")), name_width), name_width)
        lines.append(cut(f"{name}  {_standing(person)}", columns))
    return lines


def _standing(person: dict[str, Any]) -> str:
    games, wins = int(person.get("finished", 0)), int(person.get("wins", 0))
    won = ngettext("won {wins} of {count} game", "won {wins} of {count} games", games).format(
        wins=wins, count=games)
    calls = _("Tichu {made}/{called}, Grand Tichu {grand_made}/{grand}").format(
        made=int(person.get("tichu_made", 0)), called=int(person.get("tichu", 0)),
        grand_made=int(person.get("grand_made", 0)), grand=int(person.get("grand", 0)))
    return _("{won}; calls made: {calls}").format(won=won, calls=calls)
