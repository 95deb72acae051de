"""The evening's standings on the game-over page: how the people at this table have done
tonight over every game the host kept (the host counts them: a guest keeps no games).

Each standing is one the host sends in the table's ``evening`` (the fields of
`tichu_lan.records.standings.EveningStats`); a host that sends none gives no lines. Key
``e`` (the lobby, the table) shows the host's whole evening as a table of figures, the
same table `tichu stats --evening` prints (`standings_text`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..host_messages import StandingsMessage
from ..table_info import Standing
from ..i18n import _, ngettext, pgettext
from ..records.standings import EveningStats
from .dialogs import Info
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


def standings_page(found: StandingsMessage) -> Info:
    """Key ``e``, in the lobby and at a table: the host's evening, best rating first."""
    return Info(_("The evening's standings"), lambda columns: list[Fragments | str](
        standings_text(found.evening, found.games, found.people, columns)))


def standings_text(evening: str, games: int, people: Sequence[Ranked],
                   columns: int) -> list[str]:
    """The evening's standings as `tichu stats --evening` prints them and ``e`` shows them;
    ``evening``: its id ("": tonight's games kept without one)."""
    if not games:
        return [_("No games were kept this evening: the standings start with its first game.")]
    count = ngettext("{count} game", "{count} games", games).format(count=games)
    title = _("Evening {id}").format(id=evening) if evening else _("Tonight")
    lines = [cut(_("{title}: {games}, ranked by rating").format(title=title, games=count),
                 columns)]
    if not people:
        return lines + ["  " + _("(only bots played)")]
    return lines + standings_rows(people, columns) + [
        "", _("rating: points a round the person adds to their team, partners and opponents "
              "accounted for (docs/RECORDS.md)")]


# A person's line of the evening's standings: as the host sends it, or as the records give it.
Ranked = Standing | EveningStats


_WIDTHS = (5, 5, 7, 7, 6, 6, 6, 6, 7)       # the figures' columns, after the rank and name


def standings_rows(people: Sequence[Ranked], columns: int) -> list[str]:
    """The evening's standings as a table in ``columns``: a heading, then one line a person
    in the order given (best rating first), the name taking what the figures leave (each
    figure's column is as wide as its heading in the reader's language needs)."""
    heads = (_("games"), _("won"), _("points"), _("margin"), _("dup. %"), _("net"),
             pgettext("stats column", "Tichu"), pgettext("stats column", "Grand"), _("rating"))
    widths = [max(least, get_cwidth(head) + 1) for least, head in zip(_WIDTHS, heads,
                                                                       strict=True)]
    name_room = max(6, min(20, columns - 4 - sum(widths)))
    lines = [cut("    " + pad(_("person"), name_room) + _cells(heads, widths), columns)]
    for rank, person in enumerate(people, 1):
        share = "-" if person.duplicate is None else f"{person.duplicate:.0f}"
        cells = (str(person.games), str(person.wins), str(person.points), f"{person.margin:+d}",
                 share, f"{person.net:+.0f}", f"{person.tichu_made}/{person.tichu}",
                 f"{person.grand_made}/{person.grand}", f"{person.rating:+.1f}")
        name = pad(cut(whole(person.name), name_room), name_room)
        lines.append(cut(f"{rank:>2}. {name}{_cells(cells, widths)}", columns))
    return lines


def _cells(cells: tuple[str, ...], widths: Sequence[int]) -> str:
    return "".join(pad(cut(cell, width - 1), width, right=True)
                   for cell, width in zip(cells, widths, strict=True))
