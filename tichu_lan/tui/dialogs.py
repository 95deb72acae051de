"""Dialogs: the choices the rules force, confirmations, and the read-only overlays.

A dialog draws itself as lines of styled fragments and handles key names (the
`app` module turns key presses into names such as ``"enter"``, ``"left"``,
``"y"``). Forced dialogs (the wish, the Dragon gift ...) cannot be closed with
Esc: the game waits for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from .faces import Fragments

CLOSE_KEYS = ("escape", "enter", "space", "q")


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

    def lines(self) -> list[Fragments]:
        raise NotImplementedError

    def key(self, key: str) -> bool:
        """Handle a key; False lets the screen behind handle it."""
        raise NotImplementedError


@dataclass(eq=False)
class Choice(Dialog):
    """Pick one option with the arrows and Enter, or by its shortcut key."""

    title: str
    text: list[Fragments | str]
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
        out: list[Fragments] = [[("", t)] if isinstance(t, str) else t for t in self.text]
        if self.text:
            out.append([])
        rows: list[Fragments] = []
        for i, option in enumerate(self.options):
            style = "class:chosen" if i == self.index else ("" if option.enabled else "class:dim")
            key = f"[{option.shortcut}] " if option.shortcut and not self.horizontal else ""
            label = [(f"{style} {s}".strip(), t) for s, t in option.fragments()]
            rows.append([(style, " " + key)] + label + [(style, " ")])
        if self.horizontal:
            line: Fragments = []
            for row in rows:
                line += row + [("", " ")]
            out.append(line)
        else:
            out += rows
        if self.note:
            out += [[], self.note]
        return out

    def key(self, key: str) -> bool:
        back, forward = ("left", "right") if self.horizontal else ("up", "down")
        if key in (back, forward, "up", "down", "left", "right"):
            step = -1 if key in (back, "up", "left") else 1
            for _ in self.options:
                self.index = (self.index + step) % len(self.options)
                if self.options[self.index].enabled:
                    break
            return True
        if key == "enter":
            return self.choose(self.index)
        if key == "escape" and not self.forced:
            self.closed = True
            return True
        for i, option in enumerate(self.options):
            if option.shortcut == key:
                self.index = i
                return self.choose(i)
        return False

    def choose(self, index: int) -> bool:
        option = self.options[index]
        if option.enabled:
            self.closed = not self.forced
            self.on_choose(option.value)
        return True


def confirm(title: str, text: list[Fragments | str], on_yes: Callable[[], None],
            yes: str = "Yes", no: str = "No") -> Choice:
    """A yes/no question (y/n), "No" highlighted so that a stray Enter does nothing."""
    return Choice(title, text, [Option(yes, True, "y"), Option(no, False, "n")],
                  lambda v: on_yes() if v else None, index=1)


@dataclass(eq=False)
class Info(Dialog):
    """Text to read; Up/Down scroll a long one, Esc, Enter, Space or q close it."""

    title: str
    body: list[Fragments | str]
    overlay: bool = True
    closed: bool = False
    top: int = 0
    rows: int = 0            # set by the renderer: how many body lines fit

    def lines(self) -> list[Fragments]:
        out = [[("", t)] if isinstance(t, str) else t for t in self.body]
        if self.rows and len(out) > self.rows:
            self.top = max(0, min(self.top, len(out) - self.rows + 1))
            out = out[self.top:self.top + self.rows - 1] + [
                [("class:dim", f"-- lines {self.top + 1}-{self.top + self.rows - 1} of {len(out)}; "
                               "Up/Down scroll --")]]
        return out

    def key(self, key: str) -> bool:
        if key in ("up", "down"):
            self.top = max(0, self.top + (1 if key == "down" else -1))
        elif key in CLOSE_KEYS:
            self.closed = True
        return True


@dataclass(eq=False)
class LineInput(Dialog):
    """A one-line text input (chat): Enter sends, Esc cancels."""

    title: str
    prompt: str
    on_send: Callable[[str], None]
    limit: int = 300
    text: str = ""
    closed: bool = False

    def lines(self) -> list[Fragments]:
        shown = self.text[-60:]
        return [[("", self.prompt), ("class:input", shown + "_")],
                [("class:dim", "Enter sends, Esc cancels")]]

    def key(self, key: str) -> bool:
        if key == "enter":
            self.closed = True
            if self.text.strip():
                self.on_send(self.text.strip())
        elif key == "escape":
            self.closed = True
        elif key == "backspace":
            self.text = self.text[:-1]
        elif key == "space":
            self.text += " "
        elif len(key) == 1 and key.isprintable() and len(self.text) < self.limit:
            self.text += key
        return True
