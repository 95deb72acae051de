"""A table's waiting list as the screens show it, and the keys that join it or sit a game out.

The host keeps the line (docs/PROTOCOL.md, "A table's waiting list"); every screen shows
the same words for it: the lobby's list of tables a count, a table's page and the player's
own table the names in order, the game screen a short note on its status line, and the
game-over page what sitting out would do. Key w (watching a table, or on its page) joins
the line or leaves it; key o (seated) sits out the next game or takes that back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..host_messages import RoomTable, Welcome
from ..table_info import TableInfo
from ..i18n import _, ngettext
from ..words.vocabulary import listed
from .faces import Fragments
from .table_intents import SitOut, WaitInLine
from .text import cut, whole

if TYPE_CHECKING:
    from .table_model import TableModel

SHOWN = 4       # names shown in a line before "and 3 more"


def place_of(table: TableInfo | None, me: str) -> int:
    """``me``'s place in the line, from 1; 0 when not in it."""
    names = table.waiting if table is not None else ()
    return names.index(me) + 1 if me in names else 0


def asked_seat(table: TableInfo | None, me: str) -> int:
    """The seat the line asked for on ``me``'s behalf (a bot's, mid-game), from 0; -1: none."""
    asked = [r.seat for r in table.requests if r.name == me] if table is not None else []
    return asked[0] if asked else -1


def in_line(table: TableInfo | None, me: str) -> bool:
    """``me`` waits at this table: in line, or as the request their place became."""
    return bool(place_of(table, me)) or asked_seat(table, me) >= 0


def count_text(table: TableInfo) -> str:
    """For the lobby's list of tables: how many wait ("" when nobody does)."""
    count = len(table.waiting)
    return ngettext("{count} waits", "{count} wait", count).format(count=count) if count else ""


def names_text(table: TableInfo | RoomTable) -> str:
    """The line in order, the first first, long ones cut."""
    names = [whole(cut(name, 16)) for name in table.waiting[:SHOWN]]
    more = len(table.waiting) - SHOWN
    if more > 0:
        names.append(ngettext("{count} more", "{count} more", more).format(count=more))
    return listed(names)


def page_lines(table: TableInfo | None, me: str, key: bool) -> list[Fragments]:
    """A table's page (the lobby's, or the player's own table): who waits, and the player's
    place; with ``key``, what w does."""
    if table is None:
        return []
    place, asked = place_of(table, me), asked_seat(table, me)
    lines: list[Fragments] = []
    if table.waiting:
        lines.append([("", " " + _("Waiting for a seat: {names}").format(
            names=names_text(table)))])
    if asked >= 0:
        lines.append([("class:strong", " " + _(
            "First in line, you ask for seat {number}: the person who runs the table lets you "
            "in, or the round's end does; w takes it back.").format(number=asked + 1))])
    elif place:
        you = _("You are number {place} in line; w leaves the line.").format(place=place)
        lines.append([("class:strong", " " + you)])
    elif key:
        lines.append([("class:dim", " " + _("w waits in line for the next free seat here."))])
    return lines


def status(model: TableModel) -> Fragments:
    """The game screen's note: who waits, the player's place, or that they sit out."""
    table = model.table
    if table is None:
        return []
    me = _me(model)
    if model.seat >= 0 and model.seat in table.sitting_out:
        return [("class:info", "  " + _("you sit out the next game (o)"))]
    place = place_of(table, me)
    if asked_seat(table, me) >= 0:
        place = 1
    if place:
        return [("class:info", "  " + _("you are number {place} in line (w)").format(
            place=place))]
    if table.waiting:
        return [("class:dim", "  " + _("waiting: {names}").format(names=names_text(table)))]
    if model.seat < 0:
        return [("class:dim", "  " + _("w waits for a seat"))]
    return []


def game_over_lines(model: TableModel) -> list[str]:
    """The game-over page: what o does, for a seated player."""
    table = model.table
    if model.seat < 0 or table is None:
        return []
    if model.seat in table.sitting_out:
        return [_("You sit out the next game; o plays it after all.")]
    first = table.waiting[0] if table.waiting else ""
    if first:
        return [_("o sits out the next game: your seat goes to {name}, first in line, and you "
                  "wait at the end of the line.").format(name=whole(cut(first, 16)))]
    return [_("o sits out the next game, once someone waits for a seat.")]


def sit_out(model: TableModel) -> None:
    """Key o, seated: sit out the next game, or take that back."""
    table = model.table
    if model.seat < 0 or table is None:
        return model.info(_("o is for a seated player: to sit out the next game"))
    model.emit(SitOut(model.seat not in table.sitting_out))


def wait_here(model: TableModel) -> None:
    """Key w, watching: wait in line for a seat at this table, or leave the line."""
    table = model.table
    if model.seat >= 0 or table is None:
        return model.info(_("w is for a spectator: to wait in line for a seat"))
    model.emit(WaitInLine(not in_line(table, _me(model))))


def name_in(welcome: Welcome | None) -> str:
    """The player's name at the host, as the line lists it."""
    return (welcome.name or "") if welcome is not None else ""


def _me(model: TableModel) -> str:
    return name_in(model.welcome)
