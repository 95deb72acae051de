"""Join a game on the network and play at it.

Without an address, the games announced on the local network are listed as they
appear (ones this program cannot join are greyed, with the reason); pick one
with the arrow keys, then a table and a seat, or watch. With HOST[:PORT] (the
port defaults to 47474), connect straight to that host. A seat you held on that
host before is given back to you.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..i18n import N_, _
from .client_args import add_player_arguments, target_argument

NAME = "join"
HELP = N_("join a game on the network (finds the games, or give HOST[:PORT])")
ORDER = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", type=target_argument, metavar="HOST[:PORT]",
                        help=_("the host to join (default: choose among the games found on "
                               "the network)"))
    add_player_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from twisted.internet.defer import Deferred
    from twisted.python.failure import Failure

    from ..bridge import as_deferred
    from ..discovery import Browser, FoundHost
    from ..tui.app import ClientApp
    from ..tui.finding import Finder
    from ..tui.flow import Flow
    from ..words.refusals import refusal_words
    from ..tui.player import Player
    from ..tui.run import Failed, run_client

    player = Player(args)
    ui = ClientApp()
    flow = Flow(ui, player)
    browser: list[Browser] = []

    def connect(host: str, port: int, others: tuple[str, ...] = ()) -> Deferred[Any]:
        def failed(failure: Failure) -> None:
            raise Failed(_("cannot join {host}:{port}: {error}").format(
                host=host, port=port, error=refusal_words(failure.value)))
        return flow.connect(host, port, others).addErrback(failed)

    if args.address is not None:
        def begin() -> Deferred[Any]:
            return connect(*args.address)
    else:
        finder = Finder(ui, player, connect)

        def changed(_event: str, _host: FoundHost) -> None:
            finder.found(browser[0].hosts())

        def begin() -> Deferred[Any]:
            finder.show()
            browser.append(Browser(on_change=changed))
            return as_deferred(browser[0].start())

    def end() -> Deferred[Any]:
        if browser:
            return as_deferred(browser[0].stop()).addBoth(lambda _: flow.close())
        return flow.close()

    return run_client(ui, player, begin, end)
