"""Keys typed into a screen's key bindings without a running Application or a reactor.

The same bytes the pipe input gets (``harness.KEYS``) go through prompt_toolkit's own
parser and key processor, in an Application that is never run: the bindings, their
conditions and the order among them are exactly those of the real screen.
"""

from __future__ import annotations

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import set_app
from prompt_toolkit.input import DummyInput
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import DummyOutput

from tests.tui.harness import KEYS


class Keyboard:
    def __init__(self, bindings: KeyBindingsBase) -> None:
        self.app: Application[None] = Application(layout=Layout(Window()), key_bindings=bindings,
                                                  input=DummyInput(), output=DummyOutput())
        self.app.timeoutlen = None           # nothing waits for a longer key sequence
        self.parser = Vt100Parser(self.app.key_processor.feed)

    def press(self, *keys: str) -> None:
        """Type keys: names from harness.KEYS, or text typed as it is."""
        with set_app(self.app):
            for key in keys:
                self.parser.feed(KEYS.get(key, key))
                self.parser.flush()          # a lone Esc is a key, as after the real timeout
                self.app.key_processor.process_keys()
