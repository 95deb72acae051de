"""The room screen put together: its model, its layout and its keys, for `tichu watch --room`."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size

from .faces import Faces
from .room_keys import create_room_bindings
from .room_layout import RoomLayout
from .room_model import RoomModel


class RoomScreen:
    def __init__(self, faces: Faces, size: Callable[[], Size], *,
                 on_quit: Callable[[], None] = lambda: None) -> None:
        self.model = RoomModel(faces, on_quit)
        self.layout = RoomLayout(self.model, size)
        self.container = self.layout.container
        self.key_bindings = create_room_bindings(self.model)
