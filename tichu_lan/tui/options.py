"""Command-line options shared by `tichu play`, `tichu host` and `tichu join`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import config
from .faces import Faces, unicode_ok


def bot_level(text: str) -> str:
    from engine.bots import levels
    if text not in levels():
        raise argparse.ArgumentTypeError(f"there is no bot level {text!r}; choose one of "
                                         f"{', '.join(levels())}")
    return text


def default_level() -> str:
    """"normal" when it exists, else the strongest level there is (levels are weakest first)."""
    from engine.bots import levels
    known = levels()
    return "normal" if "normal" in known else known[-1]


def add_player_arguments(parser: argparse.ArgumentParser) -> None:
    """--name, --ascii, --bell/--no-bell, --log."""
    parser.add_argument("--name", default=None,
                        help="your name at the table (default: the one in the config file, "
                             "else your login name)")
    parser.add_argument("--ascii", action="store_true",
                        help="draw cards in plain notation (7j, Tr, PH) instead of suit glyphs; "
                             "automatic when the terminal cannot show them")
    parser.add_argument("--bell", action=argparse.BooleanOptionalAction, default=None,
                        help="ring the terminal bell when it becomes your turn (remembered)")
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help="write the program's log to FILE (default: no log)")


class Player:
    """Who plays and how the screen looks: the command line over the config file."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.config_error: str | None = None
        try:
            self.settings = config.load()
        except config.ConfigError as exc:
            self.config_error = str(exc)
            self.settings = config.Settings()
        self.name = args.name or self.settings.name or config.login_name()
        self.bell = self.settings.bell if args.bell is None else args.bell
        self.faces = Faces(ascii=args.ascii or not unicode_ok())
        self.log = args.log

    def remember(self, **changes) -> None:
        """Save the name, the bell and ``changes``; never over a file that could not be read."""
        if self.config_error is not None:
            return
        updated = self.settings.with_(name=self.name, bell=self.bell, **changes)
        if updated != self.settings:
            try:
                config.save(updated)
            except OSError as exc:
                print(f"tichu: cannot save the settings: {exc}", file=sys.stderr)
            self.settings = updated


def parse_target(text: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT``, ``[IPv6]:PORT`` or a bare IPv6 address, as (host, port)."""
    from ..protocol import DEFAULT_PORT
    text = text.strip()
    port_text: str | None = None
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(f"{text!r}: write an IPv6 address with a port as [ADDRESS]:PORT")
        port_text = rest[1:] if rest else None
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host = text
    if not host or any(c.isspace() for c in host):
        raise ValueError(f"{text!r} is not a host: write a name or address, e.g. 192.168.1.20")
    if port_text is None:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"{port_text!r} is not a port: use a number from 1 to 65535")
    return host, int(port_text)


def target_argument(text: str) -> tuple[str, int]:
    try:
        return parse_target(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
