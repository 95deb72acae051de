"""The game screen's log pane: the newest entries broken between words, or a page scrolled back.

The pane lends the model's `LogScroll` its pager, since only the drawn pane knows how
many entries make a page at its height and width.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl

from ..i18n import ngettext
from .faces import Fragments
from .table_model import TableModel
from .text import fit, lines_to_text, wrap_words


class LogPane:
    def __init__(self, model: TableModel, width: Callable[[], int],
                 size: Callable[[], Size]) -> None:
        self.model, self.width, self.size = model, width, size
        self.window = Window(FormattedTextControl(self.text))

    def tail(self) -> list[Fragments]:
        """The log lines that fit the pane, broken between words to its width: the newest,
        or those up to the entry the player scrolled back to (PageUp), with a last line
        saying how many are below."""
        model = self.model
        model.scroll.pager = self.page
        entries, first, end = self._entries(model.scroll.anchor)
        below = len(entries) - end
        height = self._shown_height(below)
        lines, _ = self._lines_up_to(entries, end, height)
        lines = lines[-height:]
        if below:
            more = ngettext("{count} newer: PageDown", "{count} newer: PageDown",
                            below).format(count=below)
            lines.append(fit([("class:dim", f"-- {more} --")], self.width()))
        return lines

    def page(self, anchor: int | None, step: int) -> int | None:
        """Where a page back (-1) or on (1) from ``anchor`` leads (None: the newest entry)."""
        entries, first, end = self._entries(anchor)
        height = self._shown_height(len(entries) - end)
        if step < 0:
            lines, top = self._lines_up_to(entries, end, height)
            if top == 0 and len(lines) <= height:
                return anchor                      # the oldest entry shows already
            return first + (top if top < end - 1 else max(0, top - 1))
        index, used = end, 0
        while index < len(entries) and used < height:
            used += len(wrap_words(entries[index], self.width()))
            index += 1
        return None if index >= len(entries) else first + index - 1

    def _shown_height(self, below: int) -> int:
        """Rows for entries: the pane's, less the line that tells how many are below."""
        return max(1, self.height() - (1 if below else 0))

    def _entries(self, anchor: int | None) -> tuple[list[Fragments], int, int]:
        """The entries held, the number of the oldest, and the index after the last shown."""
        entries = list(self.model.log)
        first = self.model.logged - len(entries)
        end = len(entries) if anchor is None else max(1, min(len(entries), anchor - first + 1))
        return entries, first, end

    def _lines_up_to(self, entries: list[Fragments], end: int,
                     height: int) -> tuple[list[Fragments], int]:
        """The wrapped lines of the entries before ``end``, from the newest back until
        ``height`` are filled, and the index of the oldest entry among them."""
        lines: list[Fragments] = []
        top = end
        while top > 0 and len(lines) < height:
            top -= 1
            lines[:0] = wrap_words(entries[top], self.width())
        return lines, top

    def height(self) -> int:
        """The rows of the pane, as last drawn (before the first drawing: the screen's; the
        pane is never taller)."""
        info = self.window.render_info
        return info.window_height if info is not None else self.size().rows

    def text(self) -> StyleAndTextTuples:
        """The log's lines with the cursor on the last, so that the pane shows the newest;
        the cursor travels in the same lines (prompt_toolkit's [SetCursorPosition]), since
        a position computed apart could point past lines drawn at another height."""
        lines = self.tail()
        if lines:
            lines = [*lines[:-1], [("[SetCursorPosition]", ""), *lines[-1]]]
        return lines_to_text(lines)
