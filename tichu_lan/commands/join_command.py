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

    from ..tui.app import ClientApp
    from ..tui.flow import Flow
    from ..tui.host_choice import host_choice
    from ..words.refusals import refusal_words
    from ..tui.player import Player
    from ..tui.run import Failed, run_client

    player = Player(args)
    ui = ClientApp()
    flow = Flow(ui, player)

    def connect(host: str, port: int, others: tuple[str, ...] = ()) -> Deferred[Any]:
        def failed(failure: Failure) -> None:
            raise Failed(_("cannot join {host}:{port}: {error}").format(
                host=host, port=port, error=refusal_words(failure.value)))
        return flow.connect(host, port, others).addErrback(failed)

    begin, ending = host_choice(ui, player, args.address, connect)

    def end() -> Deferred[Any]:
        return ending(flow.close)

    return run_client(ui, player, begin, end)
