"""Dialogs: the choices the rules force, confirmations, and the read-only overlays.

A dialog draws itself as lines of styled fragments and has a method for each
thing a person does to it (move, choose, type, close); `dialog_keys` binds the
keys to those methods. Forced dialogs (the wish, the Dragon gift ...) cannot be
closed with Esc: the game waits for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..i18n import _
from .faces import Fragments
from .text import fit, width, wrap_words

Text = list[Fragments | str]
Body = Text | Callable[[int], Text]       # text, or text made for a width in columns


def as_lines(text: Text) -> list[Fragments]:
    return [[("", t)] if isinstance(t, str) else t for t in text]


@dataclass
class Option:
    label: Fragments | str
    value: Any
    shortcut: str | None = None
    enabled: bool = True

    def fragments(self) -> Fragments:
        return [("", self.label)] if isinstance(self.label, str) else list(self.label)


class Dialog:
    title: str
    forced = False         # the game waits for it: Esc does not close it
    overlay = False        # covers the whole screen (help, scores) instead of the table's middle
    closed = False
    columns = 0            # set by the renderer: the width inside the frame (0: not known)

    def lines(self) -> list[Fragments]:
        raise NotImplementedError


@dataclass(eq=False)
class Choice(Dialog):
    """Pick one option with the arrows and Enter, or by its shortcut key."""

    title: str
    text: Text
    options: list[Option]
    on_choose: Callable[[Any], None]
    forced: bool = False
    horizontal: bool = False
    index: int = 0
    closed: bool = False
    note: Fragments = field(default_factory=list)    # the reason a choice was refused

    def __post_init__(self) -> None:
        if not self.options[self.index].enabled:
            self.index = next((i for i, o in enumerate(self.options) if o.enabled), 0)

    def lines(self) -> list[Fragments]:
        out = as_lines(self.text)
        if self.text:
            out.append([])
        rows: list[Fragments] = []
        for i, option in enumerate(self.options):
            style = "class:chosen" if i == self.index else ("" if option.enabled else "class:dim")
            key = f"[{option.shortcut}] " if option.shortcut and not (
                self.horizontal and plain(option.label).lower().startswith(option.shortcut)) \
                else ""
            label = [(f"{style} {s}".strip(), t) for s, t in option.fragments()]
            rows.append([(style, " " + key), *label, (style, " ")])
        if self.horizontal:
            out += self._side_by_side(rows)
        else:
            out += rows
        if self.note:
            out += [[], self.note]
        return out

    def _side_by_side(self, rows: list[Fragments]) -> list[Fragments]:
        """The options in a row, as many to a line as fit, each kept whole (an option wider
        than the frame is cut short by it, never broken in two)."""
        lines: list[Fragments] = [[]]
        for row in rows:
            if lines[-1] and self.columns and width(lines[-1]) + width(row) > self.columns:
                lines.append([])
            lines[-1] += [*row, ("", " ")]
        return lines

    def move(self, step: int) -> None:
        """To the next (1) or previous (-1) option that can be chosen."""
        for _option in self.options:
            self.index = (self.index + step) % len(self.options)
            if self.options[self.index].enabled:
                break

    def move_to(self, end: bool) -> None:
        """To the last (or first) option that can be chosen."""
        order = range(len(self.options) - 1, -1, -1) if end else range(len(self.options))
        self.index = next((i for i in order if self.options[i].enabled), self.index)

    def choose(self, index: int | None = None) -> None:
        """Choose the option at ``index`` (the highlighted one by default), if it is enabled."""
        option = self.options[self.index if index is None else index]
        if option.enabled:
            self.closed = not self.forced
            self.on_choose(option.value)

    def takes(self, key: str) -> bool:
        """Whether ``key`` is the shortcut of an option."""
        return any(option.shortcut == key for option in self.options)

    def press(self, key: str) -> bool:
        """Choose the option whose shortcut is ``key``; False if none has it."""
        for i, option in enumerate(self.options):
            if option.shortcut == key:
                self.index = i
                self.choose(i)
                return True
        return False

    def close(self) -> None:
        if not self.forced:
            self.closed = True


def confirm(title: str, text: Text, on_yes: Callable[[], None],
            yes: str | None = None, no: str | None = None) -> Choice:
    """A yes/no question (y/n), "No" highlighted so that a stray Enter does nothing."""
    return Choice(title, text, [Option(yes or _("Yes"), True, "y"),
                                Option(no or _("No"), False, "n")],
                  lambda v: on_yes() if v else None, index=1)


def plain(label: Fragments | str) -> str:
    return label if isinstance(label, str) else "".join(t for _, t in label)


@dataclass(eq=False)
class Info(Dialog):
    """Text to read; Up/Down (Home/End) scroll a long one, Esc, Enter, Space or q close it.

    ``keys`` are the page's own keys (the game-over page's y plays again): each closes the
    page and does what it says."""

    title: str
    body: Body
    overlay: bool = True
    closed: bool = False
    top: int = 0
    rows: int = 0            # set by the renderer: how many body lines fit
    keys: dict[str, Callable[[], None]] = field(default_factory=dict)

    def text(self) -> Text:
        return self.body(self.columns or 76) if callable(self.body) else self.body

    def lines(self) -> list[Fragments]:
        """The body broken to the frame's width first, then the part that fits, so that a
        long page scrolls to its last line."""
        out = [part for line in as_lines(self.text())
               for part in (wrap_words(line, self.columns) if self.columns and line else [line])]
        if self.rows and len(out) > self.rows:
            self.top = max(0, min(self.top, len(out) - self.rows + 1))
            shown = _("-- lines {first}-{last} of {count}; Up/Down scroll --").format(
                first=self.top + 1, last=self.top + self.rows - 1, count=len(out))
            out = [*out[self.top:self.top + self.rows - 1],
                   fit([("class:dim", shown)], self.columns or 76)]
        return out

    def scroll(self, step: int) -> None:
        self.top = max(0, self.top + step)

    def scroll_to(self, end: bool) -> None:
        self.top = 1 << 30 if end else 0        # `lines` brings it back to the last page

    def press(self, key: str) -> bool:
        """Do what the page's own key ``key`` says, if it has one."""
        action = self.keys.get(key)
        if action is None:
            return False
        self.closed = True
        action()
        return True

    def close(self) -> None:
        self.closed = True


@dataclass(eq=False)
class LineInput(Dialog):
    """A one-line text input (chat): Enter sends, Esc cancels."""

    title: str
    prompt: str
    on_send: Callable[[str], None]
    limit: int = 300
    text: str = ""
    closed: bool = False
    secret: bool = False        # a password: shown as one * a character

    def lines(self) -> list[Fragments]:
        typed = "*" * len(self.text) if self.secret else self.text
        room = max(8, (self.columns or 64) - width([("", self.prompt)]) - 1)
        shown = typed
        while width([("", shown)]) > room:      # the end of the line, by display width
            shown = shown[1:]
        return [[("", self.prompt), ("class:input", shown + "_")],
                [("class:dim", _("Enter sends, Esc cancels"))]]

    def type(self, char: str) -> None:
        if len(self.text) < self.limit:
            self.text += char

    def erase(self) -> None:
        self.text = self.text[:-1]

    def send(self) -> None:
        self.closed = True
        if self.text.strip():
            self.on_send(self.text.strip())

    def close(self) -> None:
        self.closed = True
