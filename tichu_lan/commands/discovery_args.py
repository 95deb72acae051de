"""Command-line options for discovery, shared by `tichu host`, `tichu server` and `tichu find`."""

from __future__ import annotations

import argparse

from ..discovery.net import parse_address
from ..i18n import _


def address_argument(text: str) -> str:
    """argparse type for an interface address, with a message a person can act on."""
    try:
        return parse_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_announce_arguments(parser: argparse.ArgumentParser) -> None:
    """``--no-announce`` and ``--announce-on ADDRESS`` (repeatable)."""
    group = parser.add_argument_group(_("finding this host on the LAN"))
    group.add_argument("--no-announce", action="store_true",
                       help=_("do not announce this host; players type its address instead"))
    group.add_argument("--announce-on", metavar="ADDRESS", action="append", type=address_argument,
                       help=_("announce only on the interface with this address (repeat for "
                              "several); default: every interface"))

