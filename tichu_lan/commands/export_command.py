"""Write a kept game out: JSON for other programs, or a move list to read.

The JSON is the versioned game record of docs/RECORDS.md: the rule set, the seed,
every move and every round's result, which another program can check with the
engine's replay (`tichu replay FILE` opens it again). The text is the whole game
move by move in card notation, every hand open. A game that is not finished can
only be exported by the host's own user on the host's machine.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..i18n import N_, _
from .records_args import add_data_argument, add_game_argument, fail, kept_game

NAME = "export"
HELP = N_("write a kept game out as JSON (for other programs) or as a move list")
ORDER = 62


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_argument(parser)
    parser.add_argument("--format", choices=("json", "text"), default="json",
                        help=_("json: the game record of docs/RECORDS.md (the default); text: "
                               "a move list in card notation"))
    parser.add_argument("--output", "-o", type=Path, default=None, metavar="FILE",
                        help=_("write to FILE (readable only by you) instead of printing"))
    add_data_argument(parser)


def run(args: argparse.Namespace) -> int:
    from ..records.export import to_json, to_text

    record = kept_game(args, NAME)
    if record is None:
        return 1
    text = to_json(record) if args.format == "json" else to_text(record)
    if args.output is None:
        print(text, end="")
        return 0
    try:
        fd = os.open(args.output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        return fail(NAME, _("cannot write {path}: {why}").format(path=args.output,
                                                                why=exc.strerror))
    return 0
