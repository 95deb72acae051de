"""The replay screen put together: its model, its layout and its keys, for `tichu replay`."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size

from ..records.game_record import GameRecord
from .faces import Faces
from .replay_keys import create_replay_bindings
from .replay_layout import ReplayLayout
from .replay_model import ReplayModel


class ReplayScreen:
    def __init__(self, record: GameRecord, faces: Faces, size: Callable[[], Size], *,
                 seat: int | None = None, on_quit: Callable[[], None] = lambda: None) -> None:
        self.model = ReplayModel(record, faces, seat, on_quit)
        self.layout = ReplayLayout(self.model, size)
        self.container = self.layout.container
        self.key_bindings = create_replay_bindings(self.model)
