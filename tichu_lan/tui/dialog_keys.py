"""The keys of the dialog on top, as prompt_toolkit bindings that apply only while it is open.

A dialog that is not forced takes every key while it is open: the bindings
here take the ones it uses, and the screen behind keeps its own bindings off
(see `table_keys`) so that the rest do nothing. A forced dialog takes only
the arrows, Enter and its shortcuts; other characters go to ``unclaimed``, and
other keys to the screen behind. ``,`` and ``.`` move as the arrows do, and
Backspace closes as Esc does, for keyboards without them (a phone's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from .dialogs import Choice, Dialog, Info, LineInput

D = TypeVar("D", bound=Dialog)
INFO_CLOSE_KEYS = ("escape", "enter", "space", "q", "backspace")


def typed_char(data: str) -> str | None:
    """The character a key press types, if it types one (not a pasted text)."""
    return data if len(data) == 1 and data.isprintable() else None


def create_dialog_bindings(top: Callable[[], Dialog | None],
                           done: Callable[[Dialog], None] = lambda dialog: None,
                           unclaimed: Callable[[str], None] = lambda char: None) -> KeyBindings:
    """Bindings for ``top()``, the dialog that has the keys (None: no dialog); ``done`` hears
    the dialog after every key it took, to put it away once it is closed."""
    bindings = KeyBindings()

    def on(kind: type[D], keys: tuple[str, ...], act: Callable[[D, str], object],
           when: Filter | None = None) -> None:
        shown = Condition(lambda: isinstance(top(), kind))
        for key in keys:
            @bindings.add(key, filter=shown & when if when is not None else shown)
            def _(event: KeyPressEvent) -> None:
                dialog = top()
                assert isinstance(dialog, kind)
                act(dialog, event.data)
                done(dialog)

    def press(choice: Choice, data: str) -> None:
        char = typed_char(data)
        if char is not None and not choice.press(char) and choice.forced:
            unclaimed(char)

    def closable() -> bool:
        dialog = top()
        return dialog is not None and not dialog.forced

    closable_filter = Condition(closable)
    on(Choice, ("up", "left", ","), lambda c, _: c.move(-1))
    on(Choice, ("down", "right", "."), lambda c, _: c.move(1))
    on(Choice, ("home",), lambda c, _: c.move_to(end=False))
    on(Choice, ("end",), lambda c, _: c.move_to(end=True))
    on(Choice, ("enter",), lambda c, _: c.choose())
    on(Choice, ("escape", "backspace"), lambda c, _: c.close(), closable_filter)
    on(Choice, (Keys.Any,), press)
    on(Info, ("up", ","), lambda i, _: i.scroll(-1))
    on(Info, ("down", "."), lambda i, _: i.scroll(1))
    on(Info, ("home",), lambda i, _: i.scroll_to(end=False))
    on(Info, ("end",), lambda i, _: i.scroll_to(end=True))
    on(Info, INFO_CLOSE_KEYS, lambda i, _: i.close())
    on(Info, (Keys.Any,), lambda i, data: i.press(data))
    on(LineInput, ("enter",), lambda line, _: line.send())
    on(LineInput, ("escape",), lambda line, _: line.close())
    on(LineInput, ("backspace",), lambda line, _: line.erase())
    on(LineInput, (Keys.Any,), type_into)
    return bindings


def type_into(line: LineInput, data: str) -> None:
    char = typed_char(data)
    if char is not None:
        line.type(char)
