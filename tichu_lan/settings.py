"""A person's settings: their name, the last host they joined, the bell.

They live in ``config.toml`` in the platform's config directory (see `paths.config_dir`;
``$TICHU_LAN_CONFIG_DIR`` moves it), for example::

    name = "Ann"
    last_host = "192.168.1.20:47474"
    last_token = "O3oJq06r_Bp-5CgJ5VSPqd3l"
    bell = true
    lang = "pl"

``last_token`` is the seat token the last host gave: joining that host again
(also a host restarted with ``--resume``) takes the seat back. Every key is
optional. The command line wins over the file, and the file is rewritten only
with what the person did (the name they played under, the host they joined,
``--bell``/``--no-bell``); ``lang`` (a language code, see `tichu_lan.i18n`) is only
ever written by the person. A file that cannot be read is reported and left
untouched: nothing a person wrote is ever overwritten by defaults.
"""

from __future__ import annotations

import getpass
import json
import os
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict, Unpack

from . import i18n, paths
from .i18n import _

FILE_NAME = "config.toml"


class ConfigError(Exception):
    """The config file exists but cannot be used; the message says where and why."""


class SettingsChange(TypedDict, total=False):
    """The settings ``Settings.with_`` may change, with their types."""

    name: str | None
    last_host: str | None
    last_token: str | None
    bell: bool
    lang: str | None


@dataclass(frozen=True)
class Settings:
    name: str | None = None
    last_host: str | None = None
    last_token: str | None = None
    bell: bool = False
    lang: str | None = None

    def with_(self, **changes: Unpack[SettingsChange]) -> Settings:
        return replace(self, **changes)


def config_path(directory: str | os.PathLike[str] | None = None) -> Path:
    return paths.config_dir(directory) / FILE_NAME


def login_name() -> str:
    """The name a player gets when neither the command line nor the config gives one."""
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):
        return "player"


def load(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default: the config file); defaults if there is no file."""
    path = path or config_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(_("cannot read the settings in {path}: {error}").format(
            path=path, error=exc)) from None
    checks = {"name": str, "last_host": str, "last_token": str, "bell": bool, "lang": str}
    for key, value in data.items():
        if key not in checks:
            raise ConfigError(_("{path}: unknown setting '{key}' (known: {known})").format(
                path=path, key=key, known=", ".join(checks)))
        if not isinstance(value, checks[key]):
            raise ConfigError(_("{path}: {key} must be a {type}, not {value!r}").format(
                path=path, key=key, type=checks[key].__name__, value=value))
    if "lang" in data and i18n.normalise(data["lang"]) is None:
        raise ConfigError(f"{path}: {i18n.UnknownLanguage(data['lang'])}")
    return Settings(**data)


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (a crash never leaves half a file)."""
    path = path or config_path()
    lines = [f"{key} = {_toml_value(value)}" for key, value in
             (("name", settings.name), ("last_host", settings.last_host),
              ("last_token", settings.last_token), ("bell", settings.bell),
              ("lang", settings.lang))
             if value is not None]
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    # 0600: the file holds the seat token (last_token), which is as good as the seat
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        if hasattr(os, "fchmod"):             # a .partial left by an older version keeps its
            os.fchmod(f.fileno(), 0o600)      # mode through O_TRUNC (no fchmod on Windows)
        f.write("\n".join(lines) + "\n")
    os.replace(partial, path)


def _toml_value(value: str | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    # A JSON string without surrogate escapes is a valid TOML basic string.
    return json.dumps(value, ensure_ascii=False)
