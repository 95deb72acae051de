"""Styled text helpers: widths in terminal columns, cutting to fit, boxes."""

from __future__ import annotations

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.utils import get_cwidth

from .faces import Fragments


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
        room = columns - used - 1
        cut = ""
        for ch in text:
            if get_cwidth(cut + ch) > room:
                break
            cut += ch
        out.append((style, cut + "…"))
        used += get_cwidth(cut) + 1
        break
    if pad and used < columns:
        out.append(("", " " * (columns - used)))
    return out


def wrap_words(fragments: Fragments, columns: int) -> list[Fragments]:
    """A styled line broken at spaces into lines of at most ``columns`` (continuations are
    indented by one space); a word longer than a line is cut to fit."""
    lines: list[Fragments] = [[]]
    used = 0
    for style, text in fragments:
        for i, word in enumerate(text.split(" ")):
            piece = word if i == 0 else " " + word
            w = get_cwidth(piece)
            if used + w > columns and used > 0 and word:
                lines.append([])
                piece, used = " " + word, 0
                w = get_cwidth(piece)
            lines[-1].append((style, piece))
            used += w
    return [fit(line, columns) for line in lines]


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
    inner = min(columns - 4, max([width(line) for line in lines] + [len(title) + 2, 20]))
    head = f" {title} " if title else ""
    top = [(f"{style} class:border", tl + h), (f"{style} class:dialog-title", head),
           (f"{style} class:border", h * max(0, inner + 1 - len(head)) + tr)]
    out = [top]
    for line in lines:
        for part in wrap_words(line, inner) if line else [line]:
            body = [(f"{style} {s}".strip(), t) for s, t in fit(part, inner, pad=True)]
            out.append([(f"{style} class:border", v + " ")] + body
                       + [(f"{style} class:border", " " + v)])
    out.append([(f"{style} class:border", bl + h * (inner + 2) + br)])
    return out
