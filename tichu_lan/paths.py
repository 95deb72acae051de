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


def private_dir(path: Path) -> Path:
    """``path`` as a folder only its owner may enter (journals and records hold every hand of
    a game), made if need be."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def records_dir(data: Path) -> Path:
    """The kept games' metadata, one file per game (see tichu_lan/records)."""
    return data / "games"


def solo_data_dir(data: Path) -> Path:
    """Where `tichu play` keeps its games: apart from a host's, so that `--resume` never
    brings a game against bots back onto the network."""
    return data / "play"
