"""Replay a kept game in the terminal, move by move, every hand open or as one seat saw it.

Step forwards and back by move, by trick and by round, or jump to a round; o opens
every hand, 1-4 shows what that seat saw and nothing more; ? lists the keys. GAME
is a game of `tichu games` or an exported file. A game that is not finished can
only be replayed by the host's own user on the host's machine.
"""

from __future__ import annotations

import argparse

from ..i18n import N_, _
from .argtypes import number
from .records_args import add_data_argument, add_game_argument, kept_game

NAME = "replay"
HELP = N_("replay a kept game in the terminal, with every hand open or one seat's view")
ORDER = 61


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--seat", type=number(1, 4, _("the seat")), default=None, metavar="N",
                        help=_("start with what seat N saw (default: every hand open)"))
    parser.add_argument("--round", type=number(1, 10_000, _("the round")), default=None,
                        metavar="N", help=_("start at round N (default: the deal of round 1)"))
    parser.add_argument("--ascii", action="store_true",
                        help=_("draw cards in plain notation (7j, Tr, PH) instead of suit "
                               "glyphs; automatic when the terminal cannot show them"))
    add_data_argument(parser)


def run(args: argparse.Namespace) -> int:
    from ..tui.app import ClientApp
    from ..tui.faces import Faces, unicode_ok
    from ..tui.replay_screen import ReplayScreen

    record = kept_game(args, NAME)
    if record is None:
        return 1
    ui = ClientApp()
    screen = ReplayScreen(record, Faces(ascii=args.ascii or not unicode_ok()),
                          ui.app.output.get_size,
                          seat=None if args.seat is None else int(args.seat) - 1,
                          on_quit=ui.exit)
    if args.round is not None:
        screen.model.go(screen.model.timeline.round_start(int(args.round)))
    ui.show(screen)
    ui.app.run()
    return 0
