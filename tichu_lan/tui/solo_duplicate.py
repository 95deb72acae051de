"""`tichu play --duplicate`: the set's two tables on the host in this process, the person at
one of them, and the set's pages on their table screen."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from twisted.internet import defer

from ..client import TichuClient
from ..host_messages import Welcome
from ..server import Host
from ..server.reference_table import SoloSet, open_solo_set
from .app import ClientApp
from .duplicate_page import DuplicatePages
from .table_screen import TableScreen

Begin = Callable[[], defer.Deferred[Any]]


def duplicate_set(host: Host, client: TichuClient, screen: TableScreen, ui: ClientApp,
                  level: str, deals: int) -> tuple[Begin, Callable[[], None]]:
    """What begins the set (connect, open both tables, sit in seat 0 with ``level`` bots,
    start) and what ends it when the person leaves (both games kept as they stand)."""
    opened: list[SoloSet] = []

    @defer.inlineCallbacks
    def begin() -> Generator[defer.Deferred[Any], object, None]:
        welcome = yield client.connect()
        name = welcome.name if isinstance(welcome, Welcome) and welcome.name else client.name
        solo = open_solo_set(host, name, level, deals)
        opened.append(solo)
        pages = DuplicatePages(screen, solo.progress, ui.changed)
        solo.listeners.append(pages.changed)
        assert solo.person is not None
        yield client.join(solo.person.id, 0)
        for seat in range(1, 4):
            yield client.add_bot(seat, level)
        yield client.start()

    def leave() -> None:
        for solo in opened:
            solo.end()

    return begin, leave
