"""Play against bots on this machine only.

A host starts in this process on 127.0.0.1 (it announces nothing and nobody
else can join), bots take the other seats, and the table opens. Keys: press ?
at the table.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Generator
from typing import Any

from ..i18n import N_, _
from .argtypes import number
from .client_args import add_player_arguments, bot_level, default_level
from .records_args import add_keep_argument
from .table_args import DEALS, add_deals_argument, add_table_rules_arguments, table_rules

NAME = "play"
HELP = N_("play against bots on this machine (no network)")
ORDER = 10
LOOPBACK = "127.0.0.1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from engine.bots import levels
    variant = parser.add_mutually_exclusive_group()
    variant.add_argument("--duel", action="store_true", help=_("play the 2-player duel"))
    variant.add_argument("--duplicate", action="store_true",
                         help=_("play a set of deals with a bot partner and compare, deal by "
                                "deal, with what hard bots made of the same cards (classic "
                                "only: a duel's draft depends on the score, so two tables "
                                "cannot hold the same cards)"))
    add_deals_argument(parser)
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


def refusal(args: argparse.Namespace) -> str | None:
    """What the options ask that cannot be done together (argparse sees one at a time)."""
    if args.deals is not None and not args.duplicate:
        return _("--deals goes with --duplicate")
    if args.duplicate and (args.rounds is not None or args.no_grand or args.timer is not None):
        return _("--rounds, --no-grand and --timer cannot be used with --duplicate: a set is "
                 "--deals N deals of classic Tichu, as the bots played them")
    if args.duplicate and args.seed is not None:
        return _("--seed cannot be used with --duplicate: a set's deals come from the shared "
                 "shuffle, as every round's do")
    return None


def run(args: argparse.Namespace) -> int:
    from twisted.internet import defer, reactor

    from .. import paths
    from ..client import TichuClient
    from ..server import Host, HostConfig
    from ..tui.app import ClientApp
    from ..tui.player import Player
    from ..tui.run import run_client, solo_table, table_screen

    wrong = refusal(args)
    if wrong is not None:
        print(f"tichu play: {wrong}", file=sys.stderr)
        return 2
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
    ending: list[Callable[[], object]] = []
    if args.duplicate:
        from ..tui.solo_duplicate import solo_set
        begin, leave = solo_set(host, client, level, args.deals or DEALS)
        ending.append(leave)

    @defer.inlineCallbacks
    def end() -> Generator[defer.Deferred[Any], object, None]:
        for leave in ending:
            leave()
        yield client.close()
        yield host.stop()

    code = run_client(ui, player, begin, end)
    player.remember()
    return code
