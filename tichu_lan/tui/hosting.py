"""`tichu host`'s own terminal: the host's player, and the host it serves.

Leaving the seat and stopping the host are two things here. The player may give
their seat up (a bot takes it) and this terminal goes on serving the others,
showing the tables and who plays at them; stopping the host is its own key (X, or
Q once the player is not at a game), asks first whenever it would cut anyone off,
names them, and says how to carry on (`tichu host --resume`).
"""

from __future__ import annotations

from collections.abc import Callable

from .app import ClientApp
from .flow import Flow
from .lobby_dialogs import stop_host_question
from .lobby_pages import TablesPage
from .player import Player

People = Callable[[str | None], list[str]]   # the people at the host's tables, but the
                                             # one holding this seat token


class HostFlow(Flow):
    role = "host"

    def __init__(self, ui: ClientApp, player: Player, people: People,
                 bot_level: str | None = None, join_hint: list[str] | None = None,
                 resumed: bool = False) -> None:
        """``resumed``: the host came back from its journals (`--resume`), so the seat this
        player held at it may be theirs again; a new host holds no one's seat."""
        super().__init__(ui, player, bot_level, join_hint)
        self.people = people
        self.seat_held = resumed

    def others(self) -> list[str]:
        """The people at this host's tables (seated and here, watching, asking for a seat),
        but for the host's own player."""
        return self.people(self.client.token if self.client is not None else None)

    def quit(self) -> None:
        """Q on a page before the game, or on the tables after leaving the seat: stop the
        host, asking first when that cuts anyone off."""
        people = self.others()
        if not people:
            return self.ui.exit()
        self.ask_for(stop_host_question(people, self.ui.exit))

    def tables_page(self) -> TablesPage:
        return TablesPage(self.carry, self.host_name, lambda: self.host.lobby,
                          hosting=self.others)
