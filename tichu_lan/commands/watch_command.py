"""Watch every table of a host at once, for a projector or a TV (--room).

Each table shows who sits where (bots' levels, who is away), the score, the calls, whose
turn it is, how many cards each seat still holds and the trick's last play; never a
card in a hand. Three tables fit 80x24; a larger terminal shows more. Without HOST[:PORT]
(the port defaults to 47474), pick the host among the games found on the network.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..i18n import N_, _
from .client_args import add_player_arguments, target_argument

NAME = "watch"
HELP = N_("watch every table of a host at once (--room), for a screen on the wall")
ORDER = 35


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--room", action="store_true", required=True,
                        help=_("every table at once (what there is to watch, for now)"))
    parser.add_argument("address", nargs="?", type=target_argument, metavar="HOST[:PORT]",
                        help=_("the host to watch (default: choose among the games found on "
                               "the network)"))
    add_player_arguments(parser)

def run(args: argparse.Namespace) -> int:
    from twisted.internet import reactor
    from twisted.internet.defer import Deferred, succeed
    from twisted.python.failure import Failure

    from ..client import TichuClient
    from ..discovery.dialing import first_to_answer
    from ..tui.app import ClientApp
    from ..tui.host_choice import host_choice
    from ..tui.player import Player
    from ..tui.room_link import RoomLink
    from ..tui.room_screen import RoomScreen
    from ..tui.run import Failed, run_client
    from ..words.refusals import refusal_words

    player = Player(args)
    ui = ClientApp()
    screen = RoomScreen(player.faces, ui.app.output.get_size, on_quit=ui.exit)
    clients: list[TichuClient] = []

    def connect(host: str, port: int, others: tuple[str, ...] = ()) -> Deferred[Any]:
        endpoint = first_to_answer(reactor, (host, *others), port) if others else None
        client = TichuClient(host, port, player.name, endpoint=endpoint)
        link = RoomLink(client, screen.model, ui.changed)

        def connected(_: object) -> Deferred[Any]:
            clients.append(client)
            ui.show(screen)
            return link.watch()

        def failed(failure: Failure) -> None:
            link.unsubscribe()
            raise Failed(_("cannot join {host}:{port}: {error}").format(
                host=host, port=port, error=refusal_words(failure.value)))
        return client.connect().addCallbacks(connected, failed)

    begin, ending = host_choice(ui, player, args.address, connect)

    def end() -> Deferred[Any]:
        return ending(lambda: clients[0].close() if clients else succeed(None))

    return run_client(ui, player, begin, end)
