"""What a drawn screen must never show, checked in its cells as a terminal shows them.

`faults(drawn, ...)` lists, for one rendered screen:

- a wide character (two columns) that lost a half: a right half with no left half (the
  renderer prints nothing there and the rest of the row moves left), or a left half
  whose right half was drawn over (the renderer skips that cell: a box's border under
  it disappears);
- a box whose four borders are not whole (corners, edges, each row's two sides);
- a box drawn over the table's middle that covers the rule before the side panel;
- a text cut with "…" where its window or box had room for more of it (for a name the
  test knows, room for the whole name);
- a line wrapped inside a name the line had room for, or before punctuation (a line
  that starts with a comma or a full stop);
- on a Japanese or Chinese screen, the English list separator ", " (after a word: the
  comma key, which stands alone between spaces, is no separator).

Each fault names the screen's row and column, so that a failing test points at it.
"""

from __future__ import annotations

import re

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import Container

from tests.tui.harness import TAIL, Drawn
from tichu_lan.tui.text import NO_BREAK, get_cwidth

EATEN = "\x00"          # a cell a wide character's right half covers, as the terminal shows it
GLYPHS = {"tl": "┌", "tr": "┐", "bl": "└", "br": "┘", "h": "─", "v": "│"}
PLAIN = {"tl": "+", "tr": "+", "bl": "+", "br": "+", "h": "-", "v": "|"}
CLOSING = set(",.;:!?)]}、。，．：；！？）」』】")
CJK = ("ja", "zh_TW")


@dataclass(frozen=True)
class Box:
    top: int
    left: int
    bottom: int
    right: int

    def holds(self, y: int, x: int) -> bool:
        """Whether (y, x) is inside the box's text (within its borders and their padding)."""
        return self.top < y < self.bottom and self.left + 1 < x < self.right - 1


@dataclass(frozen=True)
class Region:
    """Where a line of text lies: its row's columns from ``left`` to ``right`` (exclusive),
    with ``padded`` columns of padding before the right edge (a box's " │"); ``key`` tells
    one window or box from another of the same columns."""

    left: int
    right: int
    padded: int = 0
    key: object = None


def shown(drawn: Drawn) -> list[list[str]]:
    """The cells as the terminal shows them: a wide character in its left cell, `EATEN` in
    the right one (whatever prompt_toolkit put there), a lone right half and a space that
    does not break as spaces."""
    grid = []
    for row in drawn.cells:
        out = [" "] * len(row)
        x = 0
        while x < len(row):
            char, wide = row[x]
            out[x] = " " if char in ("", NO_BREAK) else char
            if wide > 1 and x + 1 < len(row):
                out[x + 1] = EATEN
            x += max(1, wide)
        grid.append(out)
    return grid


def readable(row: list[str]) -> str:
    return "".join(c for c in row if c != EATEN).strip()


def windows(container: Container) -> Iterator[Window]:
    """The windows in drawing order: a float's after what it floats over."""
    if isinstance(container, Window):
        yield container
    for child in container.get_children():
        yield from windows(child)


def window_map(container: Container, rows: int, columns: int) -> list[list[Region | None]]:
    """For each cell, the region of the window drawn last over it (None: no window)."""
    owner: list[list[Region | None]] = [[None] * columns for _ in range(rows)]
    for window in windows(container):
        info = window.render_info
        if info is None:
            continue
        x0, y0 = info._x_offset, info._y_offset
        region = Region(x0, x0 + info.window_width, key=id(window))
        for y in range(y0, min(rows, y0 + info.window_height)):
            for x in range(max(0, x0), min(columns, x0 + info.window_width)):
                owner[y][x] = region
    return owner


def half_characters(drawn: Drawn) -> list[str]:
    found = []
    for y, row in enumerate(drawn.cells):
        for x, (char, wide) in enumerate(row):
            if char == TAIL and (x == 0 or row[x - 1][1] < 2):
                found.append(f"row {y} col {x}: the right half of a wide character alone "
                             f"(the rest of the row moves left)")
            if wide > 1 and x + 1 < len(row) and row[x + 1][0] not in (TAIL, " "):
                found.append(f"row {y} col {x}: {char!r} covers {row[x + 1][0]!r} beside it")
    return found


def boxes(grid: list[list[str]], ascii: bool) -> tuple[list[Box], list[str]]:
    """The boxes drawn, and what is broken in them."""
    edge = PLAIN if ascii else GLYPHS
    found, broken = [], []
    for y, row in enumerate(grid):
        for x, char in enumerate(row):
            if char != edge["tl"] or x + 1 >= len(row) or row[x + 1] != edge["h"]:
                continue
            right = next((r for r in range(x + 2, len(row)) if row[r] == edge["tr"]), None)
            if right is None:
                broken.append(f"row {y} col {x}: a box's top edge has no right corner")
                continue
            bottom = next((b for b in range(y + 1, len(grid)) if grid[b][x] == edge["bl"]),
                          None)
            if bottom is None:
                broken.append(f"row {y} col {x}: a box has no bottom left corner")
                continue
            box = Box(y, x, bottom, right)
            found.append(box)
            for b in range(y + 1, bottom):
                for side in (x, right):
                    if grid[b][side] != edge["v"]:
                        broken.append(f"row {b} col {side}: a box's side is {grid[b][side]!r}")
            if grid[bottom][right] != edge["br"] or any(
                    grid[bottom][c] != edge["h"] for c in range(x + 1, right)):
                broken.append(f"row {bottom} col {x}: a box's bottom edge is not whole")
    return found, broken


def regions(grid: list[list[str]], found: list[Box],
            owner: list[list[Region | None]]) -> list[list[Region]]:
    """For each cell, where its line lies: the innermost box's text, else its window."""
    columns = len(grid[0]) if grid else 0
    out = []
    for y, row in enumerate(grid):
        line = []
        for x in range(len(row)):
            inside = [box for box in found if box.holds(y, x)]
            if inside:
                box = min(inside, key=lambda b: (b.right - b.left) * (b.bottom - b.top))
                line.append(Region(box.left + 2, box.right, padded=1, key=box))
            else:
                line.append(owner[y][x] or Region(0, columns))
        out.append(line)
    return out


def line_text(grid: list[list[str]], where: list[list[Region]], y: int,
              region: Region) -> str:
    """The text of ``region`` on row ``y``: its cells that nothing drawn later covers."""
    return "".join(grid[y][x] for x in range(max(0, region.left), region.right)
                   if where[y][x] == region and grid[y][x] != EATEN)


def cut_with_room(grid: list[list[str]], where: list[list[Region]],
                  known: Iterable[str]) -> list[str]:
    """Each "…" with room after it in its region: for a cut text the test knows (a name),
    room for the rest of it; for other text, two columns (a wide character that did not
    fit leaves one)."""
    out = []
    for y, row in enumerate(grid):
        for x, char in enumerate(row):
            if char != "…":
                continue
            region = where[y][x]
            end = x + 1
            while end < len(row) and where[y][end] == region and row[end] in (" ", EATEN):
                end += 1
            edge = end >= len(row) or where[y][end] != region
            room = end - x - 1 - (region.padded if edge else 1)
            before = "".join(row[c] for c in range(max(0, region.left), x)
                             if where[y][c] == region and row[c] != EATEN)
            needs = [get_cwidth(text) - get_cwidth(text[:k]) - 1
                     for text in known for k in range(1, len(text)) if before.endswith(text[:k])]
            if room >= max(1, max(needs) if needs else 2):
                out.append(f"row {y} col {x}: cut with {room} columns of room: "
                           f"{readable(row)!r}")
    return out


def inside_a_word(name: str, k: int) -> bool:
    """Whether breaking ``name`` before its ``k``-th character breaks a word: at a space in
    it, or between two letters of a script that writes spaces between words (Japanese and
    Chinese may break a line between any two characters, names too)."""
    if " " in (name[k - 1], name[k]):
        return True
    return all(get_cwidth(c) == 1 and c.isalnum() for c in (name[k - 1], name[k]))


def bad_wraps(grid: list[list[str]], where: list[list[Region]],
              names: Iterable[str]) -> list[str]:
    """A line that continues the line above it in its region inside a name that would fit
    on a line, or starts with a closing punctuation mark."""
    out = []
    for y in range(1, len(grid)):
        for region in dict.fromkeys(where[y]):
            if not all(0 <= region.left < len(where[0]) and where[row][region.left] == region
                       for row in (y - 1, y)):
                continue                   # a window half covered: its lines are not whole
            above = line_text(grid, where, y - 1, region).rstrip()
            here = line_text(grid, where, y, region).strip()
            if not above or not here:
                continue
            if here[0] in CLOSING and not here.startswith("? "):
                out.append(f"row {y}: a line starts with {here[0]!r}: {above[-24:]!r} / "
                           f"{here[:24]!r}")
            room = region.right - region.left - region.padded - 1
            for name in names:
                if get_cwidth(name) > room:
                    continue               # a name wider than a line breaks where it must
                for k in range(1, len(name)):
                    head, tail = name[:k].rstrip(), name[k:].lstrip()
                    if not inside_a_word(name, k):
                        continue
                    if head and tail and above.endswith(head) and here.startswith(tail):
                        out.append(f"row {y}: {name!r} broken across lines: "
                                   f"{above[-24:]!r} / {here[:24]!r}")
    return out


def covered_rule(grid: list[list[str]], found: list[Box], rule: int, top: int,
                 bottom: int) -> list[str]:
    """A box over the table's middle that covers the rule before the side panel (a box over
    the whole screen may)."""
    columns = len(grid[0]) if grid else 0
    out = []
    for box in found:
        whole = box.left <= 1 and box.right >= columns - 2
        if not whole and box.left <= rule <= box.right and box.bottom >= top and box.top <= bottom:
            out.append(f"rows {box.top}-{box.bottom}: a box over the table covers the rule at "
                       f"col {rule} (cols {box.left}-{box.right})")
    return out


def faults(drawn: Drawn, container: Container, *, ascii: bool, language: str,
           names: Iterable[str] = (), rule: int | None = None) -> list[str]:
    """Everything wrong on one drawn screen (an empty list: nothing); ``names`` are the
    texts the screen may cut or wrap and should not (people's names), ``rule`` the column
    of the rule before the table's side panel."""
    names = [n for n in names if n]
    grid = shown(drawn)
    rows, columns = len(grid), len(grid[0]) if grid else 0
    found, broken = boxes(grid, ascii)
    where = regions(grid, found, window_map(container, rows, columns))
    out = half_characters(drawn) + broken
    if rule is not None:
        out += covered_rule(grid, found, rule, 1, rows - 6)
    out += cut_with_room(grid, where, names)
    out += bad_wraps(grid, where, names)
    if language in CJK:
        out += [f"row {y}: the English ', ' in {readable(row)!r}"
                for y, row in enumerate(grid) if re.search(r"\S, ", "".join(row))]
    return out
