"""The room screen drawn: every table in a block of `BLOCK` lines, in a grid that fills the
terminal's width, then its height.

At 80x24 three tables fit one under the other; a wider terminal takes a column of blocks
per `CELL_MIN` columns, a taller one more rows; what does not fit is counted on the last
line. A block: the table and its score, its seats (one team, then the other, the seats
the game waits for marked), the trick's last play, and one line for the table's notes
(tonight's standings now; a waiting list has its place there too).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from prompt_toolkit.data_structures import Size
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (ConditionalContainer, DynamicContainer, Float, FloatContainer,
                                   HSplit, VSplit, Window)
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl

from engine import NotationError, parse_card

from ..host_messages import RoomSeat, RoomTable
from ..i18n import N_, _, ngettext
from ..words.vocabulary import call_name, place_words, table_name, variant_name
from .faces import Fragments
from .floats import Mended
from .lobby_pages import seat_text
from .room_model import RoomModel
from .text import box, fill_to, fit, get_cwidth, lines_to_text, pad, wrap_words
from .text import width as text_width
from .waiting_line import names_text

CELL_MIN = 64           # columns a table's block needs: 80 columns show one column of them
BLOCK = 7               # lines a table's block takes

KEYS = [("?", N_("this page")), ("q", N_("leave the room screen"))]


class RoomLayout:
    def __init__(self, model: RoomModel, size: Callable[[], Size]) -> None:
        self.model, self.size, self.faces = model, size, model.faces
        self.message = self._window(self.message_lines)
        self.grids: dict[tuple[int, int, int], Container] = {}
        self.container = self._build()

    def _window(self, render: Callable[[], list[Fragments]], **kw: Any) -> Window:
        return Window(FormattedTextControl(lambda: lines_to_text(render())), **kw)

    def _build(self) -> FloatContainer:
        body = HSplit([
            self._window(self.title_line, height=1, style="class:title"),
            ConditionalContainer(self._window(self.banner_lines, style="class:banner",
                                              height=lambda: len(self.banner_lines())),
                                 Condition(lambda: self.model.banner is not None)),
            DynamicContainer(self.body),
            self._window(self.keys_line, height=1, style="class:keys"),
        ])
        page = ConditionalContainer(
            Mended(self._window(self.page_lines, dont_extend_width=True,
                                dont_extend_height=True)),
            Condition(lambda: self.model.page is not None))
        return FloatContainer(body, floats=[Float(page)])

    # --- the lines around the tables ------------------------------------------------

    def title_line(self) -> list[Fragments]:
        room, host = self.model.room, self.model.host
        count = len(room.tables) if room is not None else 0
        text = ngettext(" The room at {host}: {count} table", " The room at {host}: {count} tables",
                        count).format(host=host, count=count)
        return [fit([("class:title", text)], self.size().columns, pad=True)]

    def banner_lines(self) -> list[Fragments]:
        banner = self.model.banner
        return wrap_words([("", " " + banner)], self.size().columns) if banner else []

    def keys_line(self) -> list[Fragments]:
        line: Fragments = [("class:keys", " " + _("? keys  q quit"))]
        hidden = self.hidden()
        if hidden:
            line.append(("class:strong", "  " + ngettext(
                "{count} table not shown: a larger terminal shows it",
                "{count} tables not shown: a larger terminal shows them", hidden).format(
                    count=hidden)))
        return [fit(line, self.size().columns)]

    def page_lines(self) -> list[Fragments]:
        width = max(get_cwidth(k) for k, _v in KEYS) + 2
        lines: list[Fragments] = [[("class:strong", fill_to(k, width)), ("", _(v))]
                                  for k, v in KEYS]
        lines += [[], [("class:dim", _("Esc or the same key closes this page"))]]
        return box(_("The room's keys"), lines, self.size().columns, self.faces.ascii)

    # --- the grid -------------------------------------------------------------------

    def grid(self) -> tuple[int, int]:
        """How many blocks fit across the terminal, and how many down."""
        size = self.size()
        rows = size.rows - 2 - (len(self.banner_lines()) if self.model.banner else 0)
        return max(1, size.columns // CELL_MIN), max(0, rows // BLOCK)

    def tables(self) -> Sequence[RoomTable]:
        return self.model.room.tables if self.model.room is not None else ()

    def hidden(self) -> int:
        across, down = self.grid()
        return max(0, len(self.tables()) - across * down)

    def body(self) -> Container:
        """The grid: a window per table shown (so that each block is cut on its own), built
        again only when the number of tables shown or the grid changes."""
        tables = self.tables()
        if not tables:
            return self.message
        across, down = self.grid()
        width = self.size().columns // across
        key = (across, min(len(tables), across * down), width)
        if key not in self.grids:
            rows = [VSplit([part for index in range(start, min(start + across, key[1]))
                            for part in (self._cell(index, width - 2), Window(width=2))])
                    for start in range(0, key[1], across)]
            self.grids = {key: HSplit([*rows, Window()])}
        return self.grids[key]

    def _cell(self, index: int, width: int) -> Window:
        def render() -> list[Fragments]:
            tables = self.tables()
            if index >= len(tables):
                return []
            return table_block(tables[index], self.model, width)
        return self._window(render, width=width, height=BLOCK)

    def message_lines(self) -> list[Fragments]:
        if self.model.room is None:
            return [[("class:dim", " " + _("Waiting for the host..."))]]
        return [[("class:dim", " " + _("No table is open at this host yet."))]]


# --- one table ------------------------------------------------------------------------

def table_block(table: RoomTable, model: RoomModel, width: int) -> list[Fragments]:
    """The table's `BLOCK` lines, each exactly ``width`` columns."""
    seats = sorted(table.seats, key=lambda seat: (seat.seat % 2, seat.seat))
    tails = [seat_tail(seat) for seat in seats]
    room = width - 3 - max(text_width(tail) for tail in tails)
    longest = max(get_cwidth(seat_text(seat)) for seat in seats)
    name_width = min(room, max(width // 2, longest))
    lines = [head_line(table, width)]
    lines += [seat_head(table, seat, model, name_width) + tail
              for seat, tail in zip(seats, tails, strict=True)]
    lines += [[] for _ in range(4 - len(seats))]
    lines += [trick_line(table, model), notes_line(table)]
    return [fit(line, width, pad=True) for line in lines]


def head_line(table: RoomTable, width: int) -> Fragments:
    """The table's name, its score and round (the name cut first), then its rules."""
    name = table_name(table.name, table.opener) or f"#{table.id}"
    rest: Fragments = []
    if table.scores is not None and len(table.scores) == 2:
        rest.append(("class:strong", "  " + _("score {first} : {second}").format(
            first=table.scores[0], second=table.scores[1])))
    if table.state == "over":
        rest.append(("class:strong", "  " + _("Game over")))
    elif table.round is not None:
        rest.append(("", "  " + _("Round {number}").format(number=table.round)))
    else:
        rest.append(("class:dim", "  " + (_("waiting") if table.state == "waiting"
                                           else _("playing"))))
    if table.password:
        rest.append(("class:dim", "  " + _("(a password: its game is not shown)")))
    rest.append(("", "  " + _("{variant} to {target}").format(
        variant=variant_name(table.variant), target=table.target)))
    room = max(width // 3, width - text_width(rest[:-1]))
    return fit([("class:strong", name)], room) + rest


def seat_head(table: RoomTable, seat: RoomSeat, model: RoomModel, name_width: int) -> Fragments:
    """The seat's mark (when the game waits for it) and who holds it."""
    awaited = table.turn is not None and seat.seat in table.turn
    mark = model.faces.turn_mark if awaited else " "
    style = "class:dim" if seat.kind == "empty" else ("class:turn" if awaited else "")
    return [("class:turn", f" {mark} "), (style, pad(seat_text(seat), name_width))]


def seat_tail(seat: RoomSeat) -> Fragments:
    """The seat's cards (a count, or its place out) and its call."""
    tail: Fragments = []
    if seat.out is not None:
        tail.append(("class:strong", "  " + _("out {place}").format(
            place=place_words(seat.out - 1))))
    elif seat.cards is not None:
        tail.append(("", "  " + ngettext("{count} card", "{count} cards", seat.cards).format(
            count=seat.cards)))
    if seat.call in ("tichu", "grand"):
        tail.append(("class:call", "  " + call_name(seat.call == "grand")))
    return tail


def trick_line(table: RoomTable, model: RoomModel) -> Fragments:
    names = {seat.seat: seat_text(seat) for seat in table.seats}
    if table.trick is not None:
        line: Fragments = [("", " " + _("last play: {name}").format(
            name=names.get(table.trick.seat, "?")) + " ")]
        for text in table.trick.cards:
            try:
                line += [model.faces.card(parse_card(text)), ("", " ")]
            except NotationError:
                line.append(("", text + " "))
        return line
    if table.phase == "play" and table.turn and table.state == "playing":
        return [("", " " + _("{name} leads").format(name=names.get(table.turn[0], "?")))]
    return []


def notes_line(table: RoomTable) -> Fragments:
    """Who waits for a seat there, the first in line first; else tonight's standings of the
    table's people, most wins first."""
    if table.waiting:
        return [("", " " + _("Waiting for a seat: {names}").format(names=names_text(table)))]
    if not table.evening:
        return []
    standings = "  ".join(f"{person.name} {person.wins}/{person.finished}"
                          for person in table.evening)
    return [("class:dim", " " + _("tonight, games won/played: {standings}").format(
        standings=standings))]
