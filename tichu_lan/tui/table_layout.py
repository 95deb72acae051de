"""The game screen's layout: the seats around the table, the trick, the hand, the score and log.

From the top: the title, the connection banner (while there is one), the table
(the seats around the middle, `seat_panels` and `table_middle`) beside the score and
the log (`log_pane`), the status line, the hand (`hand_rows`), the message and the
keys (`table_lines`). A dialog the game or the player opened floats over the table's
middle, or over the whole screen. Everything is drawn from the `TableModel` at each
redraw, sized by `table_sizes`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.data_structures import Size
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (ConditionalContainer, Dimension, Float, FloatContainer, HSplit,
                                   VSplit, Window, WindowAlign)
from prompt_toolkit.layout.controls import FormattedTextControl

from .dialogs import Dialog, Info
from .faces import Fragments
from .floats import Mended
from .hand_rows import HandRows
from .link_banner import banner_lines
from .log_pane import LogPane
from .seat_panels import SeatPanels
from .table_lines import TableLines
from .table_middle import TableMiddle
from .table_model import TableModel
from .table_sizes import TableSizes
from .text import box, lines_to_text


class TableLayout:
    def __init__(self, model: TableModel, size: Callable[[], Size]) -> None:
        self.model = model
        self.faces = model.faces
        self.sizes = TableSizes(model, size)
        self.seats = SeatPanels(model, self.sizes)
        self.middle = TableMiddle(model, self.sizes)
        self.lines = TableLines(model, self.sizes)
        self.hand = HandRows(model, self.sizes, self.seats)
        self.log = LogPane(model, self.sizes.side_width, size)
        self.container = self._build()

    def _window(self, render: Callable[[], list[Fragments]], **kw: Any) -> Window:
        return Window(FormattedTextControl(lambda: lines_to_text(render())), **kw)

    def _build(self) -> FloatContainer:
        sizes, seats, lines = self.sizes, self.seats, self.lines
        duel = Condition(lambda: sizes.duel)
        side_seat = lambda: Dimension.exact(0 if duel() else sizes.seat_width())  # noqa: E731
        middle = VSplit([
            self._window(lambda: seats.seat_lines(3), width=side_seat),
            self._window(self.middle.lines),
            self._window(lambda: seats.seat_lines(1), width=side_seat, align=WindowAlign.RIGHT),
        ])
        table = FloatContainer(HSplit([
            self._window(lambda: seats.seat_lines(1 if duel() else 2), height=5,
                         align=WindowAlign.CENTER),
            middle,
        ]), floats=[Float(self._dialog_window(lambda: self.dialog(overlay=False)), bottom=0)])
        side = HSplit([
            self._window(seats.score_lines, height=lambda: len(seats.score_lines())),
            Window(height=1, char="-" if self.faces.ascii else "─", style="class:rule"),
            self.log.window,
        ], width=lambda: Dimension.exact(sizes.side_width()))
        body = HSplit([
            self._window(lines.title_line, height=1, style="class:title"),
            ConditionalContainer(self._window(self.banner_lines, style="class:banner",
                                              height=lambda: len(self.banner_lines())),
                                 Condition(lambda: self.model.banner is not None)),
            VSplit([table, Window(width=1, char="|" if self.faces.ascii else "│",
                                  style="class:rule"), side]),
            self._window(lines.status_line, height=1),
            self._window(self.hand.lines, height=lambda: sizes.hand_height(),
                         align=WindowAlign.CENTER),
            self._window(lines.message_lines,
                         height=lambda: Dimension.exact(len(lines.message_lines()))),
            self._window(lines.keys_line, height=1, style="class:keys"),
        ])
        return FloatContainer(body, floats=[Float(self._dialog_window(
            lambda: self.dialog(overlay=True)))])

    def banner_lines(self) -> list[Fragments]:
        return banner_lines(self.model.banner, self.sizes.columns)

    def _dialog_window(self, get: Callable[[], Dialog | None]) -> ConditionalContainer:
        return ConditionalContainer(
            Mended(self._window(lambda: self.dialog_lines(get()), dont_extend_width=True,
                                dont_extend_height=True)),
            Condition(lambda: get() is not None))

    def dialog(self, overlay: bool) -> Dialog | None:
        """The dialog with the keys, if it floats where asked (over the whole screen, or
        over the table's middle)."""
        top = self.model.dialog_with_keys()
        return top if top is not None and top.overlay == overlay else None

    def dialog_lines(self, dialog: Dialog | None) -> list[Fragments]:
        if dialog is None:
            return []
        sizes = self.sizes
        if isinstance(dialog, Info):     # the body's lines: the frame takes two more
            table = sizes.rows - 4 - sizes.hand_height() - len(self.banner_lines())
            dialog.rows = max(3, sizes.rows - 4 if dialog.overlay else table - 2)
        style = "class:dialog-forced" if dialog.forced else "class:dialog"
        room = sizes.columns if dialog.overlay else sizes.table_width()
        dialog.columns = room - 4
        return box(dialog.title, dialog.lines(), room, self.faces.ascii, style,
                   whole=dialog.overlay)
