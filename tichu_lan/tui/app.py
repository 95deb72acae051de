"""The one prompt_toolkit Application: shows the current screen with that screen's keys.

Every screen (the lobby pages, the table) has a ``container`` to draw and its
``key_bindings``, each key with the condition under which it applies. After
every key press the listeners hear of it, as they hear of every other change.
Ctrl-L, on every screen, draws the whole screen again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import DynamicKeyBindings, KeyBindings, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.key_binding.key_processor import KeyPressEvent
from prompt_toolkit.layout import DynamicContainer, Layout, Window
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

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
    @property
    def container(self) -> Container: ...

    @property
    def key_bindings(self) -> KeyBindingsBase: ...


class ClientApp:
    """Holds the Application and the screen it shows; ``listeners`` hear every change."""

    def __init__(self, *, input: Input | None = None, output: Output | None = None) -> None:
        self.screen: Screen | None = None
        self.listeners: list[Callable[[], None]] = []
        self.app: Application[int] = Application(
            layout=Layout(DynamicContainer(self._container)),
            key_bindings=merge_key_bindings([DynamicKeyBindings(self._bindings),
                                             self._own_bindings()]),
            style=STYLE, full_screen=True,
            input=input, output=output, mouse_support=False)
        self.app.ttimeoutlen = 0.05      # a lone Esc acts at once
        self.app.key_processor.after_key_press += lambda _processor: self.changed()

    def _container(self) -> Container:
        return self.screen.container if self.screen is not None else Window()

    def _bindings(self) -> KeyBindingsBase | None:
        return self.screen.key_bindings if self.screen is not None else None

    def _own_bindings(self) -> KeyBindings:
        bindings = KeyBindings()

        @bindings.add("c-l")
        def _(event: KeyPressEvent) -> None:
            self.redraw()
        return bindings

    def redraw(self) -> None:
        """Draw every cell again, whatever the terminal shows now (text another program wrote
        over the screen, a terminal that lost its contents). prompt_toolkit's own Ctrl-L
        applies only where a text buffer has the focus, which no screen here has; and it
        leaves the alternate screen to erase, wiping the terminal's text from before the
        program started."""
        output = self.app.output
        self.app.renderer.reset(leave_alternate_screen=False)
        output.erase_screen()
        output.cursor_goto(0, 0)
        output.flush()
        self.app.invalidate()

    def show(self, screen: Screen) -> None:
        self.screen = screen
        self.changed()

    def changed(self) -> None:
        """Something on screen changed: redraw soon and tell the listeners."""
        self.app.invalidate()
        for listener in list(self.listeners):
            listener()

    def bell(self) -> None:
        self.app.output.bell()

    def exit(self, result: int = 0) -> None:
        future = self.app.future
        if self.app.is_running and future is not None and not future.done():
            self.app.exit(result=result)
