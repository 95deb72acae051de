"""Shared by `tichu games`, `replay`, `export` and `stats`: where the kept games are, which
game a command line names, and lines cut to the terminal's width."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .. import paths
from ..i18n import _
from .argtypes import number

if TYPE_CHECKING:
    from ..records.game_record import GameRecord
    from ..records.store import RecordStore


def add_data_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help=_("where the host keeps its games (default: $TICHU_LAN_DATA_DIR, "
                               "else {path})").format(path=paths.data_dir()))


def add_keep_argument(parser: argparse.ArgumentParser) -> None:
    """--keep-games, for the commands that run a host."""
    from ..records.keeping import DEFAULT_KEEP
    parser.add_argument("--keep-games", type=number(0, 1_000_000, _("the number of games")),
                        default=DEFAULT_KEEP, metavar="N",
                        help=_("keep the newest N finished games for `tichu games` and "
                               "`tichu replay`, forgetting older ones as games end (default: "
                               "{keep}; 0 keeps every game)").format(keep=DEFAULT_KEEP))


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME",
                        help=_("the game: its number in `tichu games` (1 is the newest), its id "
                               "or a part of it, or an exported file (.json) or a journal"))


def store_of(args: argparse.Namespace) -> RecordStore:
    """The data folder's games (the records are imported only when a command runs)."""
    from ..records.store import RecordStore
    return RecordStore(paths.data_dir(args.data_dir))


def kept_game(args: argparse.Namespace, command: str) -> GameRecord | None:
    """The game the command line names (and its ``--seat``, if the command takes one, in
    range); None once the reason it cannot be read is printed."""
    from ..records.meta import RecordError
    try:
        record = store_of(args).open(args.game)
    except RecordError as exc:
        fail(command, str(exc))
        return None
    seats = record.meta.rules.seats
    if getattr(args, "seat", None) is not None and args.seat > seats:
        fail(command, _("this game has seats 1 to {count}").format(count=seats))
        return None
    return record


def fail(command: str, message: str) -> int:
    print(f"tichu {command}: {message}", file=sys.stderr)
    return 1


def columns() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def cut(text: str, room: int) -> str:
    """``text`` in at most ``room`` columns, ending in "…" when cut (never inside a wide
    character)."""
    from prompt_toolkit.utils import get_cwidth
    if get_cwidth(text) <= room:
        return text
    out = ""
    for char in text:
        if get_cwidth(out + char) > room - 1:
            break
        out += char
    return out + "…"


def pad(text: str, room: int, right: bool = False) -> str:
    from prompt_toolkit.utils import get_cwidth
    text = cut(text, room)
    fill = " " * (room - get_cwidth(text))
    return fill + text if right else text + fill
