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
untouched: nothing a person wrote is ever overwritten by defaults. Every value is
written so that it reads back as it was (a name only once the host's rules accept
it, a language only one this program speaks), and a file is replaced only after the
new one has been read back.
"""

from __future__ import annotations

import getpass
import os
import tomllib
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict, Unpack

from . import i18n, paths, protocol
from .i18n import _, ngettext
from .words.refusals import error_words

FILE_NAME = "config.toml"


class ConfigError(Exception):
    """The config file exists but cannot be used; the message says where and why."""


class BadName(ValueError):
    """A name the host would refuse; the message says why, for the person to pick another."""


def valid_name(text: str) -> str:
    """``text`` as the host will call the player (`protocol.clean_name`), or `BadName`."""
    try:
        name = protocol.clean_name(text)
    except protocol.HostError as exc:
        raise BadName(error_words(exc)) from None
    if len(name) > protocol.NAME_MAX:
        raise BadName(ngettext("the name may be at most {most} character long, not {length}",
                               "the name may be at most {most} characters long, not {length}",
                               protocol.NAME_MAX).format(most=protocol.NAME_MAX,
                                                         length=len(name)))
    return name


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
        return valid_name(getpass.getuser()[:protocol.NAME_MAX])
    except (KeyError, OSError, BadName):
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
    if "name" in data:
        try:
            valid_name(data["name"])
        except BadName as exc:
            raise ConfigError(_("{path}: name {name!r} is not one a host accepts: "
                                "{reason}").format(path=path, name=data["name"],
                                                   reason=exc)) from None
    if "lang" in data and i18n.normalise(data["lang"]) is None:
        raise ConfigError(f"{path}: {i18n.UnknownLanguage(data['lang'])}")
    return Settings(**data)


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (a crash never leaves half a file), and only once the
    new file reads back as ``settings``: `ConfigError` otherwise, the old file kept."""
    path = path or config_path()
    if settings.name is not None:
        try:
            valid_name(settings.name)
        except BadName as exc:
            raise ConfigError(_("the name {name!r} is not saved: {reason}").format(
                name=settings.name, reason=exc)) from None
    try:
        lines = [f"{key} = {toml_value(value)}" for key, value in
                 (("name", settings.name), ("last_host", settings.last_host),
                  ("last_token", settings.last_token), ("bell", settings.bell),
                  ("lang", settings.lang))
                 if value is not None]
    except UnicodeEncodeError as exc:
        raise ConfigError(_("a setting cannot be written as text: {error}").format(
            error=exc)) from None
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    # 0600: the file holds the seat token (last_token), which is as good as the seat
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        if hasattr(os, "fchmod"):             # a .partial left by an older version keeps its
            os.fchmod(f.fileno(), 0o600)      # mode through O_TRUNC (no fchmod on Windows)
        f.write("\n".join(lines) + "\n")
    try:
        problem = None if load(partial) == settings else _("a value reads back otherwise")
    except ConfigError as exc:
        problem = str(exc)
    if problem is not None:
        partial.unlink()
        raise ConfigError(_("the settings were not saved ({problem}); {path} is as it "
                            "was").format(problem=problem, path=path))
    os.replace(partial, path)


# TOML's basic strings take any character but these, which are written as escapes.
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def toml_value(value: str | bool) -> str:
    """``value`` as TOML; raises UnicodeEncodeError for text UTF-8 cannot hold (surrogates)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    value.encode("utf-8")
    return '"' + "".join(_ESCAPES.get(ch) or (f"\\u{ord(ch):04X}"
                                              if unicodedata.category(ch) == "Cc" else ch)
                         for ch in value) + '"'
