"""Which host a command talks to: the one given by address, or one picked among the games
found on the network (`Finder`), for `tichu join` and `tichu watch` alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twisted.internet import defer

from ..bridge import as_deferred
from ..discovery import Browser, FoundHost
from .app import ClientApp
from .finding import Connect, Finder
from .player import Player

Step = Callable[[], defer.Deferred[Any]]


def host_choice(ui: ClientApp, player: Player, address: tuple[str, int] | None,
                connect: Connect) -> tuple[Step, Callable[[Step], defer.Deferred[Any]]]:
    """What begins (connecting to ``address``, or looking for games and showing them), and
    what ends: the looking stopped, then ``then`` (the command's own end)."""
    browser: list[Browser] = []
    if address is not None:
        def begin() -> defer.Deferred[Any]:
            return connect(*address, ())
    else:
        finder = Finder(ui, player, connect)

        def changed(_event: str, _host: FoundHost) -> None:
            finder.found(browser[0].hosts())

        def begin() -> defer.Deferred[Any]:
            finder.show()
            browser.append(Browser(on_change=changed))
            return as_deferred(browser[0].start())

    def end(then: Step) -> defer.Deferred[Any]:
        if browser:
            return as_deferred(browser[0].stop()).addBoth(lambda _: then())
        return then()
    return begin, end
