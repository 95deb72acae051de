"""A page before the game put together: its model (`lobby_pages`), its layout and its keys."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size

from .faces import Faces
from .list_page import ListPage
from .lobby_keys import create_page_bindings
from .lobby_layout import PageLayout


class PageScreen:
    def __init__(self, page: ListPage, faces: Faces, size: Callable[[], Size]) -> None:
        self.page = page
        self.layout = PageLayout(page, faces, size)
        self.container = self.layout.container
        self.key_bindings = create_page_bindings(page)
