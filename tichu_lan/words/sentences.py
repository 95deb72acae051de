"""A translated sentence with its fields filled, as styled parts a screen or a file shows.

A line is ``[(style, text), ...]``: the style is a name (``class:dim``, ``class:call``)
that a screen maps to colours and a text file ignores. Cards are never drawn here: a
field given as parts (the caller's card faces, or the card notation) keeps its own
styles, so one sentence serves the table, the replay and the text export.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

Line = list[tuple[str, str]]
Value = str | int | Sequence[tuple[str, str]]
_FIELD = re.compile(r"\{(\w+)(?::([^}]*))?\}")


def fill(template: str, style: str = "", **values: Value) -> Line:
    """``template`` (translated) with its ``{name}`` or ``{name:spec}`` fields filled: text and
    numbers in the line's style, parts (cards drawn by the caller) as they come."""
    out: Line = []
    pos = 0
    for found in _FIELD.finditer(template):
        if found.start() > pos:
            out.append((style, template[pos:found.start()]))
        value = values[found.group(1)]
        if isinstance(value, (str, int)):
            out.append((style, format(value, found.group(2) or "")))
        else:
            out += value
        pos = found.end()
    if pos < len(template):
        out.append((style, template[pos:]))
    return out


def plain(line: Sequence[tuple[str, str]]) -> str:
    """The line's text without its styles (a screen keeps a name on one line with spaces
    that do not break: in plain text they are spaces)."""
    return "".join(text for _style, text in line).replace("\u00a0", " ")
