"""Styled text helpers: widths in terminal columns, cutting to fit, boxes.

Widths come from `tichu_lan.words.columns` (wcwidth, as prompt_toolkit measures them),
without importing prompt_toolkit: the table model measures its dialogs' text and stays
free of the terminal library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words.columns import fill_to as fill_to
from ..words.columns import get_cwidth as get_cwidth
from .faces import Fragments

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
    for style, text in fragments:
        w = get_cwidth(text)
        if used + w <= columns:
            out.append((style, text))
            used += w
            continue
        if used == columns and out:     # full already: the mark takes the last fragment's end
            style, text = out.pop()
            used -= get_cwidth(text)
        kept = clip(text, columns - used - 1)
        out.append((style, kept + "…"))
        used += get_cwidth(kept) + 1
        break
    if pad and used < columns:
        out.append(("", " " * (columns - used)))
    return out


def wrap_words(fragments: Fragments, columns: int) -> list[Fragments]:
    """A styled line broken at spaces into lines of at most ``columns`` (continuations are
    indented by one space); a word wider than a line (Japanese and Chinese write sentences
    without spaces) is broken between characters, never inside one."""
    lines: list[Fragments] = [[]]
    used = 0
    for style, text in fragments:
        for i, word in enumerate(text.split(" ")):
            for j, chunk in enumerate(_chunks(word, columns - 1)):
                piece = chunk if i == 0 or j > 0 else " " + chunk
                w = get_cwidth(piece)
                if used + w > columns and used > 0 and chunk:
                    lines.append([])
                    piece, used = " " + chunk, 0
                    w = get_cwidth(piece)
                lines[-1].append((style, piece))
                used += w
    return [fit(_joined(line), columns) for line in lines]


def _chunks(word: str, columns: int) -> list[str]:
    """``word`` in pieces of at most ``columns`` columns each (one piece when it fits)."""
    if get_cwidth(word) <= columns or columns < 2:
        return [word]
    pieces = []
    while word:
        piece = clip(word, columns) or word[0]     # a character wider than a line alone
        pieces.append(piece)
        word = word[len(piece):]
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
        style: str = "class:dialog") -> list[Fragments]:
    """Lines framed by a border with the title in the top edge, at most ``columns`` wide."""
    h, v, tl, tr, bl, br = ("-", "|", "+", "+", "+", "+") if ascii else (
        "─", "│", "┌", "┐", "└", "┘")
    inner = min(columns - 4, max([width(line) for line in lines] + [get_cwidth(title) + 2, 20]))
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
