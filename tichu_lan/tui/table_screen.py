"""The game screen, put together: its model, its layout, its keys and its link to the client.

`TableModel` is what the player sees; `TableLayout` draws it, `create_table_bindings`
gives its keys, `TableLink` feeds it the host's messages and carries its intents.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size

from ..client import TichuClient
from .faces import Faces
from .table_keys import create_table_bindings
from .table_link import TableLink
from .table_model import TableModel
from .tablerender import TableLayout


class TableScreen:
    def __init__(self, client: TichuClient, faces: Faces, size: Callable[[], Size], *,
                 bell: bool = False, on_change: Callable[[], None] = lambda: None,
                 on_bell: Callable[[], None] = lambda: None,
                 on_quit: Callable[[], None] = lambda: None) -> None:
        self.model = TableModel(faces, bell=bell)
        self.link = TableLink(client, self.model, on_change=on_change, on_bell=on_bell,
                              on_quit=on_quit)
        self.layout = TableLayout(self.model, size)
        self.container = self.layout.container
        self.key_bindings = create_table_bindings(self.model)
