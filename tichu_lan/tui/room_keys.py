"""The room screen's keys: ? shows them, q leaves; nothing else, the room is only watched."""

from __future__ import annotations

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase

from .room_model import RoomModel


def create_room_bindings(model: RoomModel) -> KeyBindingsBase:
    page = Condition(lambda: model.page is not None)
    bindings = KeyBindings()

    @bindings.add("?")
    def _keys(event: KeyPressEvent) -> None:
        model.show_page("keys")

    @bindings.add("escape", filter=page)
    def _close(event: KeyPressEvent) -> None:
        model.close_page()

    @bindings.add("q")
    @bindings.add("Q")
    @bindings.add("c-c")
    def _quit(event: KeyPressEvent) -> None:
        model.quit()

    return bindings
