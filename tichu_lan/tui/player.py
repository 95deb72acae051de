"""Who plays and how the screen looks: the command line over the person's settings."""

from __future__ import annotations

import argparse
import sys
from typing import Unpack

from .. import settings
from ..i18n import _
from .faces import Faces, unicode_ok


class Player:
    """Who plays and how the screen looks: the command line over the config file."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.config_error: str | None = None
        try:
            self.settings = settings.load()
        except settings.ConfigError as exc:
            self.config_error = str(exc)
            self.settings = settings.Settings()
        # the command line's name is checked as it is read (`client_args.player_name`)
        self.name = settings.valid_name(args.name or self.settings.name or settings.login_name())
        self.bell = self.settings.bell if args.bell is None else args.bell
        self.faces = Faces(ascii=args.ascii or not unicode_ok())
        self.log = args.log

    def remember(self, **changes: Unpack[settings.SettingsChange]) -> None:
        """Save the name, the bell and ``changes``; never over a file that could not be read."""
        if self.config_error is not None:
            return
        updated = self.settings.with_(name=self.name, bell=self.bell).with_(**changes)
        if updated != self.settings:
            try:
                settings.save(updated)
            except (OSError, settings.ConfigError) as exc:
                print(_("tichu: cannot save the settings: {problem}").format(problem=exc),
                      file=sys.stderr)
            self.settings = updated
