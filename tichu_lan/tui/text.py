"""Styled text helpers: widths in terminal columns, cutting to fit, boxes.

Widths come from `tichu_lan.words.columns` (wcwidth, as prompt_toolkit measures them),
without importing prompt_toolkit: the table model measures its dialogs' text and stays
free of the terminal library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words.columns import NO_BREAK as NO_BREAK
from ..words.columns import fill_to as fill_to
from ..words.columns import get_cwidth as get_cwidth
from ..words.columns import whole as whole
from .faces import Fragments

CLOSING = frozenset(",.;:!?)]}、。，．：；！？）」』】")     # never at the start of a line

if TYPE_CHECKING:
    from prompt_toolkit.formatted_text import StyleAndTextTuples


def cut(text: str, columns: int) -> str:
    """``text`` in at most ``columns`` columns, ending in "…" when cut (never inside a wide
    character)."""
    if get_cwidth(text) <= columns:
        return text
    return clip(text, columns - 1) + "…" if columns > 0 else ""


def clip(text: str, columns: int) -> str:
    """``text`` in at most ``columns`` columns, cut without a mark (never inside a wide
    character)."""
    out, used = "", 0
    for ch in text:
        used += get_cwidth(ch)
        if used > columns:
            break
        out += ch
    return out


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` cut to ``columns`` and filled with spaces to exactly that width."""
    text = cut(text, columns)
    fill = " " * (columns - get_cwidth(text))
    return fill + text if right else text + fill


def width(fragments: Fragments) -> int:
    return sum(get_cwidth(text) for _, text in fragments)


def fit(fragments: Fragments, columns: int, pad: bool = False) -> Fragments:
    """Cut a line to ``columns`` (ending in "…" when cut); with ``pad``, fill it with spaces."""
    out: Fragments = []
    used = 0
    cutting = width(fragments) > columns
    room = columns - 1 if cutting else columns       # the "…" takes the last column
    for style, text in fragments:
        w = get_cwidth(text)
        if used + w <= room:
            out.append((style, text))
            used += w
            continue
        kept = clip(text, room - used)
        out.append((style, kept + "…"))
        used += get_cwidth(kept) + 1
        break
    if pad and used < columns:
        out.append(("", " " * (columns - used)))
    return out


Unit = tuple[Fragments, Fragments]      # the spaces before a word, and the word


def _units(fragments: Fragments) -> list[Unit]:
    """The words of a line with the spaces before each. A word runs on where two parts of
    the line meet without a space, and one that starts with punctuation (", 2★", ": 300")
    stays with the word before it: a line breaks only at a space, and never before
    punctuation."""
    units: list[tuple[list[tuple[str, str]], list[tuple[str, str]]]] = []
    spaces: list[tuple[str, str]] = []
    for style, text in fragments:
        for i, part in enumerate(text.split(" ")):
            if i:
                spaces.append((style, " "))
            if not part:
                continue
            if spaces or not units:
                if units and part[0] in CLOSING:
                    units[-1][1].extend([*spaces, (style, part)])
                else:
                    units.append((spaces, [(style, part)]))
                spaces = []
            else:
                units[-1][1].append((style, part))
    if spaces:
        units.append((spaces, []))
    return [(_joined(before), _joined(word)) for before, word in units]


def wrap_words(fragments: Fragments, columns: int) -> list[Fragments]:
    """A styled line broken at spaces into lines of at most ``columns`` (continuations are
    indented by one space); a word wider than a line (Japanese and Chinese write sentences
    without spaces) is broken between characters, never inside one nor before
    punctuation."""
    lines: list[Fragments] = [[]]
    used = 0
    for before, word in _units(fragments):
        pieces = _chunks(word, columns - 1) if word else [[]]
        for j, piece in enumerate(pieces):
            lead = before if j == 0 else []
            w = width(lead) + width(piece)
            if used + w > columns and used > 0 and piece:
                lines.append([])
                lead, used = [(piece[0][0], " ")], 0
                w = 1 + width(piece)
            lines[-1] += [*lead, *piece]
            used += w
    return [fit(_joined(line), columns) for line in lines]


def _chunks(word: Fragments, columns: int) -> list[Fragments]:
    """``word`` in pieces of at most ``columns`` columns each (one piece when it fits); a
    piece never starts with punctuation (it stays at the end of the piece before)."""
    if width(word) <= columns or columns < 2:
        return [word]
    chars = [(style, ch) for style, text in word for ch in text]
    pieces: list[Fragments] = []
    while chars:
        used, end = 0, 0
        while end < len(chars) and used + get_cwidth(chars[end][1]) <= columns:
            used += get_cwidth(chars[end][1])
            end += 1
        end = max(end, 1)                     # a character wider than a line alone
        while 1 < end < len(chars) and chars[end][1] in CLOSING:
            end -= 1                          # the punctuation goes with its word
        pieces.append(_joined(chars[:end]))
        chars = chars[end:]
    return pieces


def _joined(line: Fragments) -> Fragments:
    """Neighbouring pieces of one style as one fragment (the words a line was broken into)."""
    out: Fragments = []
    for style, text in line:
        if out and out[-1][0] == style:
            out[-1] = (style, out[-1][1] + text)
        elif text:
            out.append((style, text))
    return out


def lines_to_text(lines: list[Fragments]) -> StyleAndTextTuples:
    """Lines joined with newlines, as a FormattedTextControl wants them."""
    out: StyleAndTextTuples = []
    for i, line in enumerate(lines):
        if i:
            out.append(("", "\n"))
        out += line
    return out


def box(title: str, lines: list[Fragments], columns: int, ascii: bool,
        style: str = "class:dialog", whole: bool = False) -> list[Fragments]:
    """Lines framed by a border with the title in the top edge, at most ``columns`` wide (with
    ``whole``, exactly: a page over the whole screen keeps its place from page to page)."""
    h, v, tl, tr, bl, br = ("-", "|", "+", "+", "+", "+") if ascii else (
        "─", "│", "┌", "┐", "└", "┘")
    inner = columns - 4 if whole else min(
        columns - 4, max([width(line) for line in lines] + [get_cwidth(title) + 2, 20]))
    head = f" {cut(title, inner - 2)} " if title else ""
    top = [(f"{style} class:border", tl + h), (f"{style} class:dialog-title", head),
           (f"{style} class:border", h * max(0, inner + 1 - get_cwidth(head)) + tr)]
    out = [top]
    for line in lines:
        for part in wrap_words(line, inner) if line else [line]:
            body = [(f"{style} {s}".strip(), t) for s, t in fit(part, inner, pad=True)]
            out.append([(f"{style} class:border", v + " ")] + body
                       + [(f"{style} class:border", " " + v)])
    out.append([(f"{style} class:border", bl + h * (inner + 2) + br)])
    return out
