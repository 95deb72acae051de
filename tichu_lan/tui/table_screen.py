"""The game screen, put together: its model, its layout, its keys and its link to the client.

`TableModel` is what the player sees; `TableLayout` draws it, `create_table_bindings`
gives its keys, `TableLink` feeds it the host's messages and carries its intents.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size

from ..client import TichuClient
from .duplicate_page import DuplicateFollow
from .faces import Faces
from .table_keys import create_table_bindings
from .table_link import TableLink
from .table_model import TableModel
from .table_layout import TableLayout


class TableScreen:
    def __init__(self, client: TichuClient, faces: Faces, size: Callable[[], Size], *,
                 bell: bool = False, on_change: Callable[[], None] = lambda: None,
                 on_bell: Callable[[], None] = lambda: None,
                 on_quit: Callable[[], None] = lambda: None, role: str = "play",
                 on_leave_seat: Callable[[], None] | None = None,
                 others: Callable[[], list[str]] = list) -> None:
        """``role`` and ``others`` as `TableModel` takes them; ``on_leave_seat`` as
        `TableLink` does."""
        self.model = TableModel(faces, bell=bell, role=role, others=others)
        self.link = TableLink(client, self.model, on_change=on_change, on_bell=on_bell,
                              on_quit=on_quit, on_leave_seat=on_leave_seat,
                              clock=client.reactor)
        self.layout = TableLayout(self.model, size)
        self.container = self.layout.container
        self.key_bindings = create_table_bindings(self.model)
        self.link.followers.append(DuplicateFollow(self, client, on_change).heard)
