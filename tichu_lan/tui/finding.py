"""`tichu join` without an address: the games found on the network, until one is joined.

`Finder` shows the `HostsPage` and carries what it asks for: joining a game found (or
the host joined last time, or one typed by address) through ``connect``, whose
failure is told on the page, which stays for another try.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet import defer
from twisted.python.failure import Failure

from ..discovery import FoundHost
from ..host_address import parse_target
from ..words.refusals import refusal_words
from .app import ClientApp
from .lobby_dialogs import address_question
from .lobby_intents import JoinHost, LobbyIntent, Quit, TypeAddress
from .lobby_pages import HostsPage
from .lobby_screen import PageScreen
from .player import Player

Connect = Callable[[str, int, tuple[str, ...]], defer.Deferred[Any]]


class Finder:
    def __init__(self, ui: ClientApp, player: Player, connect: Connect) -> None:
        self.ui, self.connect = ui, connect
        self.page = HostsPage(self.carry, player.settings.last_host)
        self.screen = PageScreen(self.page, player.faces, ui.app.output.get_size)

    def show(self) -> None:
        self.ui.show(self.screen)

    def found(self, hosts: list[FoundHost]) -> None:
        """The games on the network now."""
        self.page.changed(hosts)
        self.ui.changed()

    def carry(self, intent: LobbyIntent) -> None:
        match intent:
            case JoinHost(address=address, port=port, others=others):
                self.join(address, port, others)
            case TypeAddress():
                self.page.dialog = address_question(self.typed)
            case Quit():
                self.ui.exit()

    def typed(self, text: str) -> None:
        try:
            address, port = parse_target(text)
        except ValueError as exc:
            self.page.error(str(exc))
            return
        self.join(address, port, ())

    def join(self, address: str, port: int, others: tuple[str, ...]) -> None:
        def failed(failure: Failure) -> None:
            self.page.error(refusal_words(failure.value))
            self.show()
        self.connect(address, port, others).addErrback(failed)
