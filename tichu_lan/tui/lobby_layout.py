"""Drawing a page before the game: the title, the connection's banner, the introduction, the
list, the message, the keys.

The introduction is broken between words (an address is never cut), each row of the
list is cut to the screen with "…", the row at the cursor is marked; a dialog, while
one is open, is drawn in a frame in the list's place.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import ConditionalContainer, HSplit, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from ..i18n import _
from .dialogs import Info
from .faces import Faces, Fragments
from .link_banner import banner_lines
from .list_page import ListPage
from .text import box, fit, lines_to_text, wrap_words


class PageLayout:
    def __init__(self, page: ListPage, faces: Faces, size: Callable[[], Size]) -> None:
        self.page, self.faces, self.size = page, faces, size
        self.container = HSplit([
            self._window(self.head, height=1, style="class:title"),
            ConditionalContainer(self._window(self.banner, style="class:banner",
                                              height=lambda: len(self.banner())),
                                 Condition(lambda: self.page.banner is not None)),
            self._window(self.body),
            self._window(self.message, height=1),
            self._window(self.keys, height=1),
        ])

    def _window(self, render: Callable[[], list[Fragments]],
                height: int | Callable[[], int] | None = None, style: str = "") -> Window:
        return Window(FormattedTextControl(lambda: lines_to_text(render())), height=height,
                      style=style)

    def head(self) -> list[Fragments]:
        return [fit([("class:title", f" tichu-lan {self.faces.dot} {_(self.page.title)}")],
                    self.size().columns, pad=True)]

    def banner(self) -> list[Fragments]:
        return banner_lines(self.page.banner, self.size().columns)

    def body(self) -> list[Fragments]:
        """The dialog while one is open; else the introduction, then the list."""
        size, page = self.size(), self.page
        dialog = page.dialog
        if dialog is not None:
            dialog.columns = size.columns - 6
            if isinstance(dialog, Info):
                dialog.rows = max(3, size.rows - 6)
            return [[]] + box(dialog.title, dialog.lines(), size.columns - 2, self.faces.ascii)
        lines: list[Fragments] = [[]]
        for line in page.intro():
            lines += wrap_words(line, size.columns - 1) if line else [line]
        lines.append([])
        page.at_cursor()                      # the cursor kept in the list as it changes
        for i, (fragments, _value, enabled) in enumerate(page.rows()):
            mark = f" {self.faces.turn_mark} " if i == page.index else "   "
            style = "class:chosen" if i == page.index else ("" if enabled else "class:grey")
            lines.append(fit([(style, mark)] + [(f"{style} {s}".strip(), t) for s, t in fragments],
                             size.columns))
        return lines

    def message(self) -> list[Fragments]:
        return [fit(self.page.message, self.size().columns)]

    def keys(self) -> list[Fragments]:
        return [fit([("class:keys", " " + _(self.page.keys_help))], self.size().columns)]
