"""The evening's standings on the game-over page: how the people at this table have done
tonight over every game the host kept (the host counts them: a guest keeps no games).

Each standing is one the host sends in the table's ``evening`` (the fields of
`tichu_lan.records.stats.PersonStats`); a host that sends none gives no lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..host_messages import Standing
from ..i18n import _, ngettext
from .faces import Fragments
from .text import cut, get_cwidth, pad, whole

def evening_lines(standings: Sequence[Standing], columns: int) -> list[Fragments | str]:
    """A heading and one line a person (broken between words where it is too long): games
    won of those finished, calls made of made. The names take a column of their own, at
    most a third of the page (a longer one is cut)."""
    if not standings:
        return []
    name_width = min(columns // 3, max(get_cwidth(s.name) for s in standings))
    lines: list[Fragments | str] = ["", [("class:strong", _("Tonight at this host"))]]
    for person in standings:
        name = pad(cut(whole(person.name), name_width), name_width)
        lines.append(f"{name}  {_standing(person)}")
    return lines


def _standing(person: Standing) -> str:
    games, wins = person.finished, person.wins
    won = ngettext("won {wins} of {count} game", "won {wins} of {count} games", games).format(
        wins=wins, count=games)
    calls = _("Tichu {made}/{called}, Grand Tichu {grand_made}/{grand}").format(
        made=person.tichu_made, called=person.tichu, grand_made=person.grand_made,
        grand=person.grand)
    return _("{won}; calls made: {calls}").format(won=won, calls=calls)
