"""The replay screen's keys, as prompt_toolkit bindings with the conditions they apply under.

While a round number is being typed (after g) the digits, Backspace, Enter and Esc
belong to it; while a page is open, Esc and the page's own key close it; otherwise
the keys move through the game and choose whose cards are shown.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase

from .replay_model import ReplayModel


def create_replay_bindings(model: ReplayModel) -> KeyBindingsBase:
    typing = Condition(lambda: model.typing is not None)
    page = Condition(lambda: model.page is not None)
    free = ~typing & ~page
    bindings = KeyBindings()

    def on(keys: tuple[str, ...], when: Filter, action: Callable[[], object]) -> None:
        def handler(event: KeyPressEvent) -> None:
            action()

        for key in keys:
            bindings.add(key, filter=when)(handler)

    on(("right", "l", "space"), free, model.forward)
    on(("left", "h", "backspace"), free, model.back)
    on(("down", "]"), free, model.next_trick)
    on(("up", "["), free, model.previous_trick)
    on(("pagedown", "n"), free, model.next_round)
    on(("pageup", "p"), free, model.previous_round)
    on(("home",), free, model.first)
    on(("end",), free, model.last)
    on(("g",), free, model.start_jump)
    on(("o",), free, model.open_hands)
    on(("a",), free, model.look_back)
    for number in range(1, 5):
        on((str(number),), free, partial(model.view_seat, number - 1))
    for digit in "0123456789":
        on((digit,), typing, partial(model.type_digit, digit))
    on(("backspace",), typing, model.erase_digit)
    on(("enter",), typing, model.jump)
    on(("escape",), typing | page, model.cancel)
    on(("s",), ~typing, lambda: model.show_page("scores"))
    on(("a",), page, lambda: model.show_page("review"))
    on(("?",), ~typing, lambda: model.show_page("keys"))
    on(("q", "Q", "c-c"), ~typing, model.quit)
    return bindings
