"""The evening and the waiting lines on the lobby's pages: `Flow`'s part for the requests
between games (docs/EVENING.md). The plan's line ("next game: you with Cat at table 2"),
the standings, a table's line and sitting a game out, and the evening moving this program
to another table; the pages and the game screen stay `Flow`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..host_messages import EveningMessage, StandingsMessage
from ..words.evening_words import seat_line
from . import lobby_dialogs, waiting_line
from .evening import standings_page

if TYPE_CHECKING:
    from .flow import Flow


class LobbyParty:
    def __init__(self, flow: Flow) -> None:
        self.flow = flow

    def heard(self, message: EveningMessage) -> None:
        """The plan changed: the page says where this person plays next."""
        flow = self.flow
        if flow.page is None:
            return
        welcome = flow.host.welcome
        me = welcome.name if welcome is not None and welcome.name else flow.host.name
        line = seat_line(message.evening, me)
        flow.page.message = [("class:info", " " + line)] if line else []

    def moved(self, started: bool) -> None:
        """The evening's plan moves this program to another table (`EveningSeat`): the
        screen stands still until it sits there."""
        flow = self.flow
        if started and flow.game is not None:
            flow.game.link.close()
            flow.game = None
        flow.holding = started
        if not started:
            flow.settle()
            flow.ui.changed()

    def start_evening(self) -> None:
        """V on the tables page: the people, duplicate or not, the length; then the host."""
        def evening(people: list[str], duplicate: bool, target: int) -> None:
            self.flow.ask(self.flow.host.party.start_evening(people, target=target,
                                                             duplicate=duplicate))
        lobby_dialogs.evening_questions(self.flow.ask_for, evening)

    def show_standings(self) -> None:
        def shown(found: StandingsMessage | None) -> None:
            if found is not None and self.flow.page is not None:
                self.flow.page.dialog = standings_page(found)
                self.flow.ui.changed()
        self.flow.ask(self.flow.host.party.standings()).addCallback(shown)

    def wait_here(self) -> None:
        """w on a table's seats: into its line (asking for its password), or out of it."""
        flow = self.flow
        table, line = flow.chosen(), flow.host.party
        if table is None:
            return
        if waiting_line.in_line(table, waiting_line.name_in(flow.host.welcome)):
            flow.ask(line.wait(None))
        elif table.password:
            def locked(word: str) -> None:
                flow.ask(line.wait(table.id, word))
            flow.ask_for(lobby_dialogs.table_password(locked))
        else:
            flow.ask(line.wait(table.id))

    def sat_out(self, table: int) -> None:
        """The seat given up to sit a game out: the table's page, with its line."""
        flow = self.flow
        if flow.game is not None:
            flow.game.link.close()
            flow.game = None
        flow.chosen_table = table
        flow.show(flow.seats_page())
