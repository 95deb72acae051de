"""The options of hosting commands for the share port, where guests without the program
download it (`tichu_lan.server.share`): ``--share-port``, ``--no-share``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..bundling.where import DEFAULT_SHARE_PORT
from ..i18n import _
from .argtypes import add_door_options

if TYPE_CHECKING:
    from ..server.sharing import Sharing


def add_share_arguments(parser: argparse.ArgumentParser) -> None:
    add_door_options(parser, "share", DEFAULT_SHARE_PORT,
                     _("the HTTP port where guests without the program download it "
                       "(default: {port}; 0 picks a free one)").format(port=DEFAULT_SHARE_PORT),
                     _("do not offer the program to guests over HTTP"))


def start_share(args: argparse.Namespace, bind: str, host_name: str,
                reactor: Any) -> Sharing | None:
    """The share port as the options ask (None with --no-share, or when it cannot listen)."""
    if args.no_share:
        return None
    from ..server.sharing import start_sharing
    return start_sharing(reactor, bind, args.share_port, host_name)
