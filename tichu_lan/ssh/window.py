"""The screen of one ssh guest: the client's Application, held to a window big enough for it
and to a share of the host's time.

A guest's terminal is whatever their ssh client runs in: a phone, a small console
window. Below 80x24 the screens would be cut, so a page says how big the window must be
(and how big it is), and the game comes back by itself as soon as it grows. Only Q and
Ctrl-C act on that page (they leave); every other key waits for the window.

Drawing a guest's screen is the host's work (some 5-10 ms for the table), so a screen
that changes more often than play makes it change (a flood of keys, or of someone's
chat, or of window sizes) is redrawn `CALM_REDRAWS` times a second until it quietens; a
move, which changes a screen a few times, is drawn at once. A new window size is drawn
whole, and shares that budget.
"""

from __future__ import annotations

import asyncio
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
from ..tui.app import ClientApp
from ..tui.text import lines_to_text, wrap_words

COLUMNS, ROWS = 80, 24
REDRAWS, REDRAW_BURST = 5.0, 12.0   # redraws a second drawn at once, sustained and at once
CALM_REDRAWS = 5                    # a second, for a screen that changes more often


class DoorApp(ClientApp):
    def __init__(self, *, input: Input, output: Output) -> None:
        self.output = output
        self._too_small = Window(FormattedTextControl(self._too_small_text))
        self._leave_keys = KeyBindings()
        for key in ("Q", "q", "c-c"):
            self._leave_keys.add(key)(self._leave)
        self.redraws = Bucket(REDRAWS, REDRAW_BURST, time.monotonic())
        self.later: asyncio.TimerHandle | None = None
        self.new_size = False        # the redraw due is a whole one, for a new window size
        super().__init__(input=input, output=output)

    def changed(self) -> None:
        """Redraw soon: at once while the screen changes at the pace of play, else at most
        `CALM_REDRAWS` times a second."""
        self._soon()

    def resized(self) -> None:
        """The window has a new size: draw it whole (soon, as `changed` does)."""
        self.new_size = True
        self._soon()

    def _soon(self) -> None:
        if self.later is not None:
            return                   # a redraw is due, and will show this change too
        if self.redraws.allows(1, time.monotonic()):
            self._redraw()
        else:
            self.later = asyncio.get_event_loop().call_later(1 / CALM_REDRAWS, self._redraw)

    def _redraw(self) -> None:
        self.later = None
        if self.new_size and self.app.is_running:
            self.new_size = False
            self.app._on_resize()     # prompt_toolkit's own way: erase, then draw whole
        super().changed()

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
