"""Where tichu-lan keeps its files, in the places each platform expects.

The host's journals live under the data directory, a person's settings (name,
last host) under the config directory. Both can be moved with an environment
variable, so that tests and several hosts on one machine never share files.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "tichu-lan"
DATA_DIR_ENV = "TICHU_LAN_DATA_DIR"
CONFIG_DIR_ENV = "TICHU_LAN_CONFIG_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The directory for data the program writes (journals): ``override``, else
    ``$TICHU_LAN_DATA_DIR``, else the platform's user data directory."""
    chosen = override or os.environ.get(DATA_DIR_ENV)
    return Path(chosen) if chosen else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The directory for a person's settings: ``override``, else ``$TICHU_LAN_CONFIG_DIR``,
    else the platform's user config directory."""
    chosen = override or os.environ.get(CONFIG_DIR_ENV)
    return Path(chosen) if chosen else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def journal_dir(data: Path) -> Path:
    """Journals of tables that may still be resumed."""
    return data / "journals"


def finished_journal_dir(data: Path) -> Path:
    """Journals of finished or closed tables, kept for replays; never resumed."""
    return data / "journals" / "done"
