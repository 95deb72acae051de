"""The one prompt_toolkit Application: shows the current screen and turns keys into names.

Every screen (the lobby pages, the table) has a ``container`` to draw and a
``key(name)`` method; names are the printable character itself, or one of
``left right up down enter escape tab s-tab backspace space c-c``. Keeping the
screens free of prompt_toolkit's key machinery makes them easy to test and keeps
every key in one place per screen.
"""

from __future__ import annotations

from typing import Protocol
from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import DynamicContainer, Layout, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

NAMED_KEYS = {"left": "left", "right": "right", "up": "up", "down": "down", "enter": "enter",
              "escape": "escape", "tab": "tab", "s-tab": "s-tab", "backspace": "backspace",
              "c-c": "c-c", "c-q": "c-c", "space": "space"}

STYLE = Style.from_dict({
    "title": "bg:ansiblue ansiwhite bold",
    "banner": "bg:ansired ansiwhite bold",
    "turn": "bg:ansiyellow ansiblack bold",
    "seat-turn": "bg:ansiyellow ansiblack bold",
    "seat-name": "bold",
    "dim": "ansibrightblack",
    "strong": "bold",
    "call": "ansired bold",
    "wish": "ansimagenta bold",
    "bomb": "ansired bold",
    "error": "ansired bold",
    "info": "ansicyan",
    "chat": "ansicyan bold",
    "away": "ansired",
    "jade": "ansigreen bold",
    "sword": "bold",
    "pagoda": "ansibrightblue bold",
    "star": "ansired bold",
    "mahjong": "ansicyan bold",
    "dog": "ansiyellow",
    "phoenix": "ansimagenta bold",
    "dragon": "ansibrightred bold underline",
    "selected": "reverse",
    "cursor": "underline",
    "cursor-mark": "ansiyellow bold",
    "chosen": "reverse bold",
    "border": "ansicyan",
    "dialog-forced border": "ansiyellow bold",
    "dialog-title": "bold",
    "keys": "ansibrightblack",
    "rule": "ansibrightblack",
    "input": "underline",
    "grey": "ansibrightblack",
})


class Screen(Protocol):
    container: Container

    def key(self, key: str) -> None: ...


class ClientApp:
    """Holds the Application and the screen it shows; ``on_key`` hears every handled key."""

    def __init__(self, *, input: Input | None = None, output: Output | None = None) -> None:
        self.screen: Screen | None = None
        self.listeners: list[Callable[[], None]] = []
        self.app: Application = Application(
            layout=Layout(DynamicContainer(self._container)), key_bindings=self._bindings(),
            style=STYLE, full_screen=True, input=input, output=output, mouse_support=False)
        self.app.ttimeoutlen = 0.05      # a lone Esc acts at once

    def _container(self) -> Container:
        return self.screen.container if self.screen is not None else Window()

    def _bindings(self) -> KeyBindings:
        bindings = KeyBindings()
        for key, name in NAMED_KEYS.items():
            bindings.add(key)(lambda event, name=name: self.key(name))

        @bindings.add(Keys.Any)
        def _(event) -> None:
            if event.data == " ":
                self.key("space")
            elif event.data and event.data.isprintable():
                self.key(event.data)
        return bindings

    def show(self, screen: Screen) -> None:
        self.screen = screen
        self.changed()

    def key(self, name: str) -> None:
        if self.screen is not None:
            self.screen.key(name)
        self.changed()

    def changed(self) -> None:
        """Something on screen changed: redraw soon and tell the listeners."""
        self.app.invalidate()
        for listener in list(self.listeners):
            listener()

    def bell(self) -> None:
        self.app.output.bell()

    def exit(self, result: int = 0) -> None:
        if self.app.is_running and not self.app.future.done():
            self.app.exit(result=result)
