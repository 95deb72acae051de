"""Widths in terminal columns, for text laid out in columns: a screen's panes and the
text export's move list alike.

Widths come from wcwidth, as prompt_toolkit measures them (`prompt_toolkit.utils.get_cwidth`
is the same sum), without importing prompt_toolkit: a Japanese name takes two columns a
character on the screen and in a text file read in a terminal.
"""

from __future__ import annotations

from functools import lru_cache

from wcwidth import wcwidth

NO_BREAK = "\u00a0"            # a space that does not break a line (inside a name)


@lru_cache(maxsize=4096)
def get_cwidth(text: str) -> int:
    """Columns ``text`` takes on a terminal (a wide character two, a control character none)."""
    return sum(max(0, wcwidth(ch)) for ch in text)


def whole(name: str) -> str:
    """``name`` as a line never breaks it: its spaces do not break (a terminal shows them as
    spaces)."""
    return name.replace(" ", NO_BREAK)


def fill_to(text: str, columns: int) -> str:
    """``text`` followed by spaces up to ``columns`` columns (a longer text as it is)."""
    return text + " " * max(0, columns - get_cwidth(text))
