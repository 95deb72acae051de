"""Command-line options shared by `tichu play`, `tichu host` and `tichu join`."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..host_address import parse_target
from ..i18n import _


def bot_level(text: str) -> str:
    from engine.bots import levels
    if text not in levels():
        raise argparse.ArgumentTypeError(_("there is no bot level {level!r}; choose one of "
                                           "{levels}").format(level=text,
                                                              levels=", ".join(levels())))
    return text


def default_level() -> str:
    """"normal" when it exists, else the strongest level there is (levels are weakest first)."""
    from engine.bots import levels
    known = levels()
    return "normal" if "normal" in known else known[-1]


def player_name(text: str) -> str:
    """A name the host accepts, as it will call the player (checked before it is ever saved)."""
    from ..settings import BadName, valid_name
    try:
        return valid_name(text)
    except BadName as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_player_arguments(parser: argparse.ArgumentParser) -> None:
    """--name, --ascii, --bell/--no-bell, --log."""
    parser.add_argument("--name", default=None, type=player_name,
                        help=_("your name at the table (default: the one in the config file, "
                               "else your login name)"))
    parser.add_argument("--ascii", action="store_true",
                        help=_("draw cards in plain notation (7j, Tr, PH) instead of suit "
                               "glyphs; automatic when the terminal cannot show them"))
    parser.add_argument("--bell", action=argparse.BooleanOptionalAction, default=None,
                        help=_("ring the terminal bell when it becomes your turn (remembered)"))
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help=_("write the program's log to FILE (default: no log)"))


def target_argument(text: str) -> tuple[str, int]:
    try:
        return parse_target(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
