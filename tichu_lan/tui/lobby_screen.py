"""A page before the game put together: its model (`lobby_pages`), its layout and its keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.data_structures import Size

from .faces import Faces
from .list_page import ListPage
from .lobby_keys import Keys, create_page_bindings
from .lobby_layout import PageLayout


class PageScreen:
    """``keys`` gives a page that `lobby_keys` does not know (the ssh door's) its own keys."""

    def __init__(self, page: ListPage, faces: Faces, size: Callable[[], Size],
                 keys: Callable[[Any], Keys] | None = None) -> None:
        self.page = page
        self.layout = PageLayout(page, faces, size)
        self.container = self.layout.container
        self.key_bindings = create_page_bindings(page, keys)
