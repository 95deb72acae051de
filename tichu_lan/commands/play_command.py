"""Play against bots on this machine only.

A host starts in this process on 127.0.0.1 (it announces nothing and nobody
else can join), bots take the other seats, and the table opens. Keys: press ?
at the table.
"""

from __future__ import annotations

import argparse
from collections.abc import Generator
from typing import Any

from ..i18n import N_, _
from .argtypes import number
from .client_args import add_player_arguments, bot_level, default_level
from .records_args import add_keep_argument
from .table_args import add_table_rules_arguments, table_rules

NAME = "play"
HELP = N_("play against bots on this machine (no network)")
ORDER = 10
LOOPBACK = "127.0.0.1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from engine.bots import levels
    parser.add_argument("--duel", action="store_true", help=_("play the 2-player duel"))
    parser.add_argument("--target", type=number(50, 100_000, N_("the target score")),
                        default=1000, metavar="N",
                        help=_("the score that ends the game (default: 1000)"))
    parser.add_argument("--seed", type=number(0, 2**63 - 1, N_("the seed")), default=None,
                        metavar="N", help=_("deal from this seed, to play the same cards again "
                                            "(default: random)"))
    parser.add_argument("--bots", type=bot_level, default=None, metavar="LEVEL",
                        help=_("the bots' level: {levels} (default: {level})").format(
                            levels=", ".join(levels()), level=default_level()))
    add_table_rules_arguments(parser)
    add_player_arguments(parser)
    add_keep_argument(parser)


def run(args: argparse.Namespace) -> int:
    from twisted.internet import defer, reactor

    from .. import paths
    from ..client import TichuClient
    from ..server import Host, HostConfig
    from ..tui.app import ClientApp
    from ..tui.player import Player
    from ..tui.run import run_client, solo_table, table_screen

    player = Player(args)
    level = args.bots or default_level()
    data = paths.solo_data_dir(paths.data_dir())       # the games are kept: `tichu games`
    host = Host(HostConfig(bind=LOOPBACK, port=0, data_dir=data, name=_("this machine"),
                           bot_level=level, seed=args.seed, keep_games=args.keep_games,
                           record_name=""), reactor)
    port = host.listen()
    client = TichuClient(LOOPBACK, port, player.name, reactor=reactor, reconnect=False)
    ui = ClientApp()
    table_screen(ui, client, player.faces, player.bell)

    def begin() -> defer.Deferred[Any]:
        return solo_table(client, args.duel, args.target, level, **table_rules(args))

    @defer.inlineCallbacks
    def end() -> Generator[defer.Deferred[Any], object, None]:
        yield client.close()
        yield host.stop()

    code = run_client(ui, player, begin, end)
    player.remember()
    return code
