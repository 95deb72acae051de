"""From the lobby to the table: which page the player sees, as they pick and the host answers.

`Flow` owns the `TichuClient` for `tichu join` and `tichu host`: it shows the
host's tables, the seats of one, the player's own table while it waits, and
the game screen once the game runs (also straight away when a remembered seat
token gets the seat back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.data_structures import Size
from twisted.internet import defer
from twisted.logger import Logger
from twisted.python.failure import Failure

from ..client import TichuClient
from ..i18n import _
from ..protocol import PASSWORD_MAX, HostError
from ..words.refusals import error_words
from .app import ClientApp
from .coach import coach_line, coach_options
from .dialogs import Choice, Dialog, LineInput, Option
from .lobby_screen import ListPage, PendingPage, SeatsPage, TablesPage, WaitingPage
from .player import Player
from .run import table_screen
from .table_screen import TableScreen

log = Logger()


class Flow:
    role = "join"       # what leaving the table means (`TableModel.role`)

    def __init__(self, ui: ClientApp, player: Player, bot_level: str | None = None,
                 join_hint: list[str] | None = None) -> None:
        self.ui, self.player, self.bot_level = ui, player, bot_level
        self.join_hint = join_hint or []
        self.client: TichuClient | None = None
        self.address = ""
        self.page: ListPage | None = None
        self.game: TableScreen | None = None
        self.chosen_table: int | None = None
        self.holding = False      # setting up (tichu host --bots): show the table once ready

    @property
    def size(self) -> Callable[[], Size]:
        return self.ui.app.output.get_size

    @property
    def host(self) -> TichuClient:
        """The client, once `connect` has made it (every page comes after)."""
        assert self.client is not None, "not connected yet"
        return self.client

    # --- connecting -----------------------------------------------------------------

    def connect(self, host: str, port: int) -> defer.Deferred:
        """Connect (with the remembered seat token for this address, if any) and show the
        page that fits; fails with the reason the player can act on."""
        self.address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        settings = self.player.settings
        token = settings.last_token if settings.last_host == self.address else None
        client = self.client = self.make_client(host, port, token)
        client.subscribe(self.on_message)
        self.player.remember(last_host=self.address)
        d: defer.Deferred[Any] = client.connect()
        d.addCallback(lambda _: client.list_tables(watch=True))
        d.addCallback(lambda _: self.settle())
        return d

    def make_client(self, host: str, port: int, token: str | None) -> TichuClient:
        """The client of ``host``:``port`` (the ssh door's guests get one whose connection
        stays inside the host's process)."""
        return TichuClient(host, port, self.player.name, token=token)

    def on_message(self, message: dict[str, Any]) -> None:
        seating = self.host.seating
        if message["type"] in ("seated", "welcome") and seating:
            self.player.remember(last_host=self.address, last_token=seating.token)
        if message["type"] in ("table", "lobby", "view", "seated", "spectating", "welcome",
                               "connection", "pending"):
            self.settle()
        self.ui.changed()

    def settle(self) -> None:
        """Show the page that fits what the client knows now (the game screen stays)."""
        client = self.client
        if self.game is not None or client is None or self.holding:
            return
        seating, table = client.seating, client.table
        if seating is not None and table is not None and table["state"] != "waiting" \
                and client.view is not None:
            self.page = None
            self.game = table_screen(self.ui, client, self.player.faces, self.player.bell,
                                     role=self.role, on_leave_seat=self.left_game,
                                     others=self.others)
        elif seating is None and client.asking is not None:
            if not isinstance(self.page, PendingPage):
                self.show(PendingPage(self.player.faces, self.size, lambda: client.asking,
                                      self.leave, self.quit))
        elif seating is not None and table is not None and table["state"] == "waiting":
            if not isinstance(self.page, WaitingPage):
                self.show(self.waiting_page())
        elif seating is None and not isinstance(self.page, (TablesPage, SeatsPage)):
            self.show(self.tables_page())

    def show(self, page: ListPage) -> None:
        self.page = page
        self.ui.show(page)

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

    def close(self) -> defer.Deferred:
        return self.client.close() if self.client is not None else defer.succeed(None)

    # --- requests, with the host's refusals shown on the page -----------------------

    def ask(self, request: defer.Deferred[Any]) -> defer.Deferred[Any]:
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

    # --- pages ----------------------------------------------------------------------

    def tables_page(self) -> TablesPage:
        return TablesPage(self.player.faces, self.size, self.host_name, lambda: self.host.lobby,
                          self.pick_table, self.open_table, self.quit)

    def host_name(self) -> str:
        return str((self.host.welcome or {}).get("host", self.address))

    def open_table(self, variant: str, with_password: bool) -> None:
        """A new table for this player; with a password, asked for first."""
        if not with_password:
            self.new_table(variant)
            return

        def locked(word: str) -> None:
            self.new_table(variant, password=word)    # a refusal shows on the page
        self.ask_for(LineInput(_("Password"), _("Who joins or watches gives:") + " ", locked,
                               PASSWORD_MAX, secret=True))

    def pick_table(self, table: dict[str, Any]) -> None:
        self.chosen_table = table["id"]
        page = SeatsPage(self.player.faces, self.size, self._chosen, self.take_seat,
                         lambda: self.show(self.tables_page()), self.quit)
        page.index = next((i for i, row in enumerate(page.rows()) if row[2]), 0)
        self.show(page)

    def _chosen(self) -> dict[str, Any] | None:
        return next((t for t in self.host.lobby if t["id"] == self.chosen_table), None)

    def take_seat(self, seat: int | None) -> None:
        table = self._chosen()
        if table is None:
            return
        if table.get("password"):
            self.ask_for(LineInput(_("Password"), _("This table's password:") + " ",
                                   lambda word: self._sit(table["id"], seat, word),
                                   PASSWORD_MAX, secret=True))
        else:
            self._sit(table["id"], seat, None)

    def _sit(self, table: int, seat: int | None, password: str | None) -> None:
        if seat is None:
            self.ask(self.host.spectate(table, password))
        else:
            self.ask(self.host.join(table, seat, password))

    def new_table(self, variant: str, target: int = 1000,
                  password: str | None = None) -> defer.Deferred[Any]:
        name = _("{name}'s table").format(name=self.player.name[:24])
        return self.ask(self.host.create_table(name, variant, target, password=password,
                                                 bot_level=self.bot_level))

    def waiting_page(self) -> WaitingPage:
        host = self.host
        actions: dict[str, Callable[..., object]] = {
            "add_bot": lambda seat: self._seat_request(
                seat, "empty", _("a bot goes only into an empty seat"),
                lambda: host.add_bot(seat, self.bot_level)),
            "remove_bot": lambda seat: self._seat_request(seat, "bot", _("there is no bot there"),
                                                          lambda: host.remove_bot(seat)),
            "start": lambda: self.ask(host.start()),
            "options": self.table_options,
            "leave": self.leave,
            "quit": self.quit,
        }
        page = WaitingPage(self.player.faces, self.size, lambda: host.table,
                           lambda: host.seating.seat if host.seating else -1, actions)
        page.extra = [[("class:dim", f" {line}")] for line in self.join_hint]
        return page

    def _seat_request(self, seat: int, kind: str, why_not: str,
                      request: Callable[[], defer.Deferred[Any]]) -> None:
        """Add or remove a bot, after checking the seat here (the host numbers seats from 0,
        people from 1: its refusals would name another number than the screen)."""
        seats = (self.host.table or {}).get("seats", [])
        if seat >= len(seats) or seats[seat]["kind"] != kind:
            self.error(_("Seat {number}: {why}").format(number=seat + 1, why=why_not))
            return
        self.ask(request())

    def leave(self) -> None:
        self.ask(self.host.leave()).addCallback(lambda _: self.settle())

    def table_options(self) -> None:
        """The owner's choice of what happens to a person's seat while they are away."""
        options = (self.host.table or {}).get("options", {})
        takeover = options.get("takeover", True)

        def chosen(change: dict[str, Any]) -> None:
            self.ask(self.host.set_options(**change))
        graces = [Option(_("A bot plays for a person away {seconds} s").format(seconds=s),
                         {"takeover": True, "grace": float(s)}, key)
                  for s, key in ((30, "1"), (60, "2"), (120, "3"), (300, "4"))]
        off = Option(_("No bot for people who are away: the game waits"), {"takeover": False},
                     "0")
        now = (_("Now: a bot plays for a person away {seconds} s.").format(
            seconds=int(options.get("grace", 60))) if takeover else
            _("Now: no bot plays for a person who is away."))
        self.ask_for(Choice(_("Table options"), [now, coach_line(options)],
                            [*graces, off, *coach_options()], chosen))
