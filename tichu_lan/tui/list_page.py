"""A page before the game, as a list with a cursor: its state and what its keys ask for.

Each page of `lobby_pages` is one of these: a title, the connection's banner while
the host is out of reach (`link_banner`), a few lines of introduction, a list whose
rows may or may not be picked, a message line (the last error), the line of its keys,
and a dialog over it while one is open. It knows neither the terminal
nor the network: `lobby_layout` draws it, `lobby_keys` binds its keys, and what the
player asks for leaves it as a `lobby_intents` value through ``emit``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import _
from .dialogs import Dialog, Info
from .faces import Fragments
from .lobby_intents import LobbyIntent, Quit
from .text import get_cwidth, pad

Row = tuple[Fragments, Any, bool]      # what the row shows, its value, whether it can be picked
Emit = Callable[[LobbyIntent], None]


class ListPage:
    """A titled list with a cursor; each page fills ``rows`` and ``choose``. ``?`` shows
    the page's keys (``keys``), Home and End go to the ends of the list, and a cursor that
    goes round from one end to the other says so."""

    @property
    def title(self) -> str:
        return ""

    @property
    def keys_help(self) -> str:
        return ""

    @property
    def keys(self) -> list[tuple[str, str]]:
        """Every key of the page and what it does (untranslated), for the ? page."""
        return []

    def __init__(self, emit: Emit) -> None:
        self.emit = emit
        self.index = 0
        self.message: Fragments = []
        self.dialog: Dialog | None = None
        self.banner: str | None = None

    def rows(self) -> list[Row]:
        return []

    def intro(self) -> list[Fragments]:
        """The lines above the list (each broken between words to the screen)."""
        return []

    def at_cursor(self) -> Row | None:
        """The row at the cursor (kept in the list as the list changes)."""
        rows = self.rows()
        if not rows:
            return None
        self.index = max(0, min(self.index, len(rows) - 1))
        return rows[self.index]

    def move(self, step: int) -> None:
        rows = self.rows()
        if not rows:
            return
        if not 0 <= self.index + step < len(rows) and len(rows) > 1:
            self.message = [("class:info", " " + (_("round to the top of the list") if step > 0
                                                   else _("round to the end of the list")))]
        elif self.message[:1] and self.message[0][0] == "class:info":
            self.message = []
        self.index = (self.index + step) % len(rows)

    def move_to(self, end: bool) -> None:
        self.index = max(0, len(self.rows()) - 1) if end else 0

    def show_keys(self) -> None:
        keys = [*[(k, _(text)) for k, text in self.keys], ("Up Down , .", _("move in the list")),
                ("Home / End", _("the first, the last")), ("?", _("this page"))]
        room = max(get_cwidth(k) for k, _text in keys) + 2
        self.dialog = Info(_("Keys"), [[("class:strong", pad(k, room)), ("", text)]
                                       for k, text in keys])

    def pick(self) -> None:
        """Enter: choose the row at the cursor, if it can be picked."""
        row = self.at_cursor()
        if row is None:
            return
        _fragments, value, enabled = row
        if enabled:
            self.message = []
            self.choose(value)
        else:
            self.error(_("that one cannot be picked"))

    def choose(self, value: Any) -> None:
        """The row holding ``value`` was picked."""

    def quit(self) -> None:
        self.emit(Quit())

    def error(self, text: str) -> None:
        self.message = [("class:error", " " + text[:1].upper() + text[1:])]

    def put_away(self, dialog: Dialog) -> None:
        """Drop ``dialog`` once it is closed."""
        if dialog.closed and dialog is self.dialog:
            self.dialog = None
