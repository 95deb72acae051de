"""The screen of one ssh guest: the client's Application, held to a window big enough for it
and drawn when the door's `RedrawLine` says.

A guest's terminal is whatever their ssh client runs in: a phone, a small console
window. Below 80x24 the screens would be cut, so a page says how big the window must be
(and how big it is), and the game comes back by itself as soon as it grows. Only Q and
Ctrl-C act on that page (they leave); every other key waits for the window. A new window
size is drawn whole, and takes its turn in the line like any other redraw.
"""

from __future__ import annotations

import time

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output

from ..i18n import _
from .gate import Bucket
from .redraws import PACE, PACE_BURST, RedrawLine
from ..tui.app import ClientApp
from ..tui.text import lines_to_text, wrap_words

COLUMNS, ROWS = 80, 24


class DoorApp(ClientApp):
    def __init__(self, *, input: Input, output: Output, line: RedrawLine) -> None:
        self.output, self.line = output, line
        self._too_small = Window(FormattedTextControl(self._too_small_text))
        self._leave_keys = KeyBindings()
        for key in ("Q", "q", "c-c"):
            self._leave_keys.add(key)(self._leave)
        self.pace = Bucket(PACE, PACE_BURST, time.monotonic())
        self.new_size = False        # the redraw due is a whole one, for a new window size
        super().__init__(input=input, output=output)

    def changed(self) -> None:
        """Redraw when the door's line says (at once, at the pace of play)."""
        self.line.ask(self)

    def resized(self) -> None:
        """The window has a new size: draw it whole, in its turn."""
        self.new_size = True
        self.line.ask(self)

    def draw(self) -> None:
        if self.new_size and self.app.is_running:
            self.new_size = False
            self.app._on_resize()     # prompt_toolkit's own way: erase, then draw whole
        super().changed()

    def exit(self, result: int = 0) -> None:
        self.line.forget(self)
        super().exit(result)

    def fits(self) -> bool:
        size = self.output.get_size()
        return size.columns >= COLUMNS and size.rows >= ROWS

    def _container(self) -> Container:
        return super()._container() if self.fits() else self._too_small

    def _bindings(self) -> KeyBindingsBase | None:
        return super()._bindings() if self.fits() else self._leave_keys

    def _leave(self, event: KeyPressEvent) -> None:
        self.exit()

    def _too_small_text(self) -> StyleAndTextTuples:
        size = self.output.get_size()
        text = _("This window is {columns}x{rows}; the game needs at least {least_columns}x"
                 "{least_rows}. Make it bigger (or the font smaller): the game comes back by "
                 "itself. Q leaves.").format(columns=size.columns, rows=size.rows,
                                             least_columns=COLUMNS, least_rows=ROWS)
        lines = wrap_words([("class:strong", text)], max(1, size.columns - 1))
        return lines_to_text(lines[:max(1, size.rows)])
