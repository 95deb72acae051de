"""The room screen's model: the latest room the host sent, and what the screen shows over it.

It knows neither terminal nor network: `room_screen.RoomLink` feeds it what the client
hears, `room_layout` draws it, `room_keys` changes it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..host_messages import ConnectionNotice, Heard, RoomView, Welcome
from .faces import Faces
from .link_banner import banner_for


class RoomModel:
    def __init__(self, faces: Faces, on_quit: Callable[[], None] = lambda: None) -> None:
        self.faces = faces
        self.on_quit = on_quit
        self.room: RoomView | None = None       # nothing heard yet
        self.host = ""                          # the host's name, from its welcome
        self.banner: str | None = None          # the connection is not well
        self.page: str | None = None            # "keys", drawn over the room

    def on_message(self, message: Heard) -> None:
        if isinstance(message, RoomView):
            self.room = message
        elif isinstance(message, Welcome):
            self.host = message.host
        elif isinstance(message, ConnectionNotice):
            self.banner = banner_for(message.state, message.words or message.message or "")

    def show_page(self, page: str) -> None:
        self.page = None if self.page == page else page

    def close_page(self) -> None:
        self.page = None

    def quit(self) -> None:
        self.on_quit()
