"""`tichu host`'s own terminal: the host's player, and the host it serves.

Leaving the seat and stopping the host are two things here. The player may give
their seat up (a bot takes it) and this terminal goes on serving the others,
showing the tables and who plays at them; stopping the host is its own key (X, or
Q once the player is not at a game), asks first whenever it would cut anyone off,
names them, and says how to carry on (`tichu host --resume`).
"""

from __future__ import annotations

from ..i18n import _
from ..server.host import Host
from .app import ClientApp
from .dialogs import confirm
from .flow import Flow
from .lobby_screen import TablesPage
from .player import Player
from .table_dialogs import sentence, stop_text


class HostFlow(Flow):
    role = "host"

    def __init__(self, ui: ClientApp, player: Player, host: Host, bot_level: str | None = None,
                 join_hint: list[str] | None = None) -> None:
        super().__init__(ui, player, bot_level, join_hint)
        self.served = host

    def others(self) -> list[str]:
        """The people at this host's tables (seated and here, watching, asking for a seat),
        but for the host's own player."""
        mine = self.client.token if self.client is not None else None
        names: list[str] = []
        for table in self.served.lobby.tables.values():
            names += [seat.name for seat in table.seats
                      if seat.member is not None and seat.token != mine]
            names += [member.name for member in table.spectators]
            names += [request.name for request in table.requests.values()]
        return names

    def quit(self) -> None:
        """Q on a page before the game, or on the tables after leaving the seat: stop the
        host, asking first when that cuts anyone off."""
        people = self.others()
        if not people:
            return self.ui.exit()
        self.ask_for(confirm(_("Stop the host?"), [sentence(stop_text(people))], self.ui.exit,
                             yes=_("Stop the host"), no=_("Keep hosting")))

    def tables_page(self) -> TablesPage:
        return TablesPage(self.player.faces, self.size, self.host_name, lambda: self.host.lobby,
                          self.pick_table, self.open_table, self.quit, hosting=self.others)
