"""From the lobby to the table: which page the player sees, as they pick and the host answers.

`Flow` owns the `TichuClient` for `tichu join` and `tichu host`: it shows the
host's tables, the seats of one, the player's own table while it waits, and
the game screen once the game runs (also straight away when a remembered seat
token gets the seat back). It is the pages' link to the host, as `table_link` is
the table's: it carries what a page asks for (`lobby_intents`) to the client, and
shows the host's refusals on the page. The evening and the waiting lines are its
`LobbyParty`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from prompt_toolkit.data_structures import Size
from twisted.internet import defer
from twisted.python.failure import Failure
from twisted.internet.interfaces import IStreamClientEndpoint

from ..client import TichuClient
from ..client.evening_seat import EveningSeat
from ..host_messages import (ConnectionNotice, EveningMessage, Heard, Lobby, Pending, SatOut,
                             Seated, Spectating, TableMessage, ViewMessage, Welcome)
from ..table_info import TableInfo
from ..i18n import _
from ..protocol import HostError
from ..words.refusals import error_words
from . import lobby_dialogs, waiting_line
from .app import ClientApp
from .dialogs import Dialog
from .list_page import ListPage
from .lobby_intents import (Back, Leave, LobbyIntent, OpenTable, PickTable, Quit, SeatBot,
                            SetOptions, ShowStandings, Start, StartEvening, TakeSeat,
                            WaitHere)
from .lobby_pages import PendingPage, SeatsPage, TablesPage, WaitingPage
from .link_banner import banner_for
from .lobby_party import LobbyParty
from .lobby_screen import PageScreen
from .player import Player
from .rules_questions import ask_rules
from .run import table_screen
from .table_screen import TableScreen

# What the host says that may call for another page.
SETTLING = (TableMessage, Lobby, ViewMessage, Seated, Spectating, Welcome, ConnectionNotice,
            Pending)


class Flow:
    role = "join"       # what leaving the table means (`TableModel.role`)

    def __init__(self, ui: ClientApp, player: Player, bot_level: str | None = None,
                 join_hint: list[str] | None = None) -> None:
        self.ui, self.player, self.bot_level = ui, player, bot_level
        self.join_hint = join_hint or []
        self.client: TichuClient | None = None
        self.address = ""
        self.named = ""         # the host's name as its last welcome said it
        self.page: ListPage | None = None
        self.game: TableScreen | None = None
        self.chosen_table: int | None = None
        self.holding = False      # setting up (tichu host --bots): show the table once ready
        self.banner: str | None = None    # the connection's news, over every page
        self.seat_held = True     # the remembered seat may still be this host's to give back
        self.party = LobbyParty(self)

    @property
    def size(self) -> Callable[[], Size]:
        return self.ui.app.output.get_size

    @property
    def host(self) -> TichuClient:
        """The client, once `connect` has made it (every page comes after)."""
        assert self.client is not None, "not connected yet"
        return self.client

    # --- connecting -----------------------------------------------------------------

    def connect(self, host: str, port: int, others: Sequence[str] = ()) -> defer.Deferred[None]:
        """Connect (with the remembered seat token for this address, if any) and show the
        page that fits; fails with the reason the player can act on. With ``others`` (more
        addresses the host announced) the first of them all to answer wins."""
        from twisted.internet import reactor

        from ..discovery.dialing import first_to_answer
        self.address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self.named = ""
        settings = self.player.settings
        token = settings.last_token if settings.last_host == self.address \
            and self.seat_held else None
        endpoint = first_to_answer(reactor, (host, *others), port) if others else None
        client = self.client = self.make_client(host, port, token, endpoint)
        client.subscribe(self.on_message)
        EveningSeat(client, self.party.moved)
        self.player.remember(last_host=self.address)
        d: defer.Deferred[Any] = client.connect()
        d.addCallback(lambda _: client.list_tables(watch=True))
        return d.addCallback(lambda _: self.settle())

    def make_client(self, host: str, port: int, token: str | None,
                    endpoint: IStreamClientEndpoint | None) -> TichuClient:
        """The client of ``host``:``port`` (the ssh door's guests get one whose connection
        stays inside the host's process)."""
        return TichuClient(host, port, self.player.name, token=token, endpoint=endpoint)

    def on_message(self, message: Heard) -> None:
        seating = self.host.seating
        if isinstance(message, (Seated, Welcome)) and seating:
            self.player.remember(last_host=self.address, last_token=seating.token)
        if isinstance(message, Welcome):
            self.named = message.host
        if isinstance(message, ConnectionNotice):
            self.banner = banner_for(message.state, message.words or message.message or "")
            if self.page is not None:
                self.page.banner = self.banner
            if message.state == "restored":     # a new connection: the tables watched again
                self.ask(self.host.list_tables(watch=True))
        if isinstance(message, SatOut):
            self.party.sat_out(message.table)
        if isinstance(message, EveningMessage):
            self.party.heard(message)
        if isinstance(message, SETTLING):
            self.settle()
        self.ui.changed()

    def settle(self) -> None:
        """Show the page that fits what the client knows now (the game screen stays)."""
        client = self.client
        if self.game is not None or client is None or self.holding:
            return
        seating, table = client.seating, client.table
        if seating is not None and table is not None and table.state != "waiting" \
                and client.view is not None:
            self.page = None
            self.game = table_screen(self.ui, client, self.player.faces, self.player.bell,
                                     role=self.role, on_leave_seat=self.left_game,
                                     others=self.others)
        elif seating is None and client.asking is not None:
            if not isinstance(self.page, PendingPage):
                self.show(PendingPage(self.carry, lambda: client.asking))
        elif seating is not None and table is not None and table.state == "waiting":
            if not isinstance(self.page, WaitingPage):
                self.show(self.waiting_page())
        elif seating is None and not isinstance(self.page, (TablesPage, SeatsPage)):
            self.show(self.tables_page())

    def show(self, page: ListPage) -> None:
        self.page = page
        page.banner = self.banner
        self.ui.show(PageScreen(page, self.player.faces, self.size))

    def quit(self) -> None:
        self.ui.exit()

    def others(self) -> list[str]:
        """The people this program would cut off by ending (a host's own terminal: its
        guests; a guest's: nobody)."""
        return []

    def left_game(self) -> None:
        """The seat was given up at the game screen: back to the host's tables."""
        if self.game is not None:
            self.game.link.close()
            self.game = None
        self.page = None
        self.settle()
        self.ui.changed()

    def close(self) -> defer.Deferred[None]:
        return self.client.close() if self.client is not None else defer.succeed(None)

    # --- what a page asks for -------------------------------------------------------

    def carry(self, intent: LobbyIntent) -> None:
        """Do what a page asks for: a request to the host, another page, or a question."""
        host = self.host
        match intent:
            case PickTable(table=number):
                self.chosen_table = number
                self.show(self.seats_page())
            case OpenTable(variant=variant, rules=True):
                ask_rules(self.ask_for, variant == "duel",
                          lambda chosen: self.new_table(variant, **chosen))
            case WaitHere():
                self.party.wait_here()
            case StartEvening():
                self.party.start_evening()
            case OpenTable(variant=variant, password=False):
                self.new_table(variant)
            case OpenTable(variant=variant):
                self.open_locked(variant)
            case TakeSeat(seat=seat):
                self.take_seat(seat)
            case Back():
                self.show(self.tables_page())
            case SeatBot(seat=empty, put=True):
                self._seat_request(empty, "empty", _("a bot goes only into an empty seat"),
                                   lambda: host.add_bot(empty, self.bot_level))
            case SeatBot(seat=bot):
                self._seat_request(bot, "bot", _("there is no bot there"),
                                   lambda: host.remove_bot(bot))
            case Start():
                self.ask(host.start())
            case ShowStandings():
                self.party.show_standings()
            case SetOptions():
                self.table_options()
            case Leave():
                self.leave()
            case Quit():
                self.quit()

    def ask(self, request: defer.Deferred[Any]) -> defer.Deferred[Any]:
        """Send a request; the host's refusal shows on the page."""
        def refused(failure: Failure) -> None:
            error = failure.value
            text = error_words(error) if isinstance(error, HostError) else failure.getErrorMessage()
            self.error(text)
            self.ui.changed()
        return request.addErrback(refused)

    def error(self, text: str) -> None:
        if self.page is not None:
            self.page.error(text)

    def ask_for(self, dialog: Dialog) -> None:
        """Open a question on the page shown."""
        if self.page is not None:
            self.page.dialog = dialog

    # --- pages and requests ---------------------------------------------------------

    def seats_page(self) -> SeatsPage:
        return SeatsPage(self.carry, self.chosen, lambda: waiting_line.name_in(self.host.welcome))

    def tables_page(self) -> TablesPage:
        return TablesPage(self.carry, self.host_name, lambda: self.host.lobby)

    def host_name(self) -> str:
        """The host as it calls itself, still while it is out of reach (else its address)."""
        return self.named or self.address

    def chosen(self) -> TableInfo | None:
        return next((t for t in self.host.lobby if t.id == self.chosen_table), None)

    def open_locked(self, variant: str) -> None:
        """A new table with a password, asked for first."""
        def locked(word: str) -> None:
            self.new_table(variant, password=word)    # a refusal shows on the page
        self.ask_for(lobby_dialogs.new_table_password(locked))

    def take_seat(self, seat: int | None) -> None:
        table = self.chosen()
        if table is None:
            return
        if table.password:
            self.ask_for(lobby_dialogs.table_password(
                lambda word: self._sit(table.id, seat, word)))
        else:
            self._sit(table.id, seat, None)

    def _sit(self, table: int, seat: int | None, password: str | None) -> None:
        if seat is None:
            self.ask(self.host.spectate(table, password))
        else:
            self.ask(self.host.join(table, seat, password))

    def new_table(self, variant: str, target: int = 1000, password: str | None = None,
                  **rules: Any) -> defer.Deferred[Any]:
        """``rules``: the rules a party chose (`rules_questions`: rounds, grand, timer)."""
        return self.ask(self.host.create_table(None, variant, target, password=password,
                                                 bot_level=self.bot_level, **rules))

    def waiting_page(self) -> WaitingPage:
        host = self.host
        return WaitingPage(self.carry, lambda: host.table,
                           lambda: host.seating.seat if host.seating else -1,
                           extra=[[("class:dim", f" {line}")] for line in self.join_hint])

    def _seat_request(self, seat: int, kind: str, why_not: str,
                      request: Callable[[], defer.Deferred[Any]]) -> None:
        """Add or remove a bot, after checking the seat here (the host numbers seats from 0,
        people from 1: its refusals would name another number than the screen)."""
        table = self.host.table
        info = table.seat(seat) if table is not None else None
        if info is None or info.kind != kind:
            self.error(_("Seat {number}: {why}").format(number=seat + 1, why=why_not))
            return
        self.ask(request())

    def leave(self) -> None:
        self.ask(self.host.leave()).addCallback(lambda _: self.settle())

    def table_options(self) -> None:
        table = self.host.table

        def chosen(change: dict[str, Any]) -> None:
            self.ask(self.host.set_options(**change))
        self.ask_for(lobby_dialogs.table_options(table.options if table is not None else None,
                                                 chosen, self.ask_for))
