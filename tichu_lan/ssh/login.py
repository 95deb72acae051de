"""What an ssh guest says with the user name: ``ssh -p 47476 anna+ja@host``.

The user name is the player's name, then any of these, each after a ``+``, in any order:

- a language code (``ja``, ``de``, ``zh_TW`` ...): the screens speak it;
- ``ascii``: the plain card notation (``7j``, ``Qr``) instead of the suit glyphs;
- a seat code (six letters and digits, shown to a guest without an ssh key when they
  sit): that guest's seat back, after a dropped connection.

Options are read from the end, so a name may hold a ``+`` itself (``c++``), and anything
that is not an option stays in the name, for the host's rules to judge.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from .. import i18n

SEPARATOR = "+"
ASCII = "ascii"
CODE_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"   # no 0/o, 1/l/i: read aloud and typed
CODE_LENGTH = 6
_CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LENGTH}}}")


@dataclass(frozen=True)
class Login:
    name: str
    language: str | None = None
    ascii: bool = False
    code: str | None = None


def read_login(user: str) -> Login:
    """The name and the options in ``user`` (never raises: the name is checked later)."""
    name, language, ascii, code = user, None, False, None
    while SEPARATOR in name:
        rest, _sep, option = name.rpartition(SEPARATOR)
        if option.lower() == ASCII and not ascii:
            ascii = True
        elif language is None and _language(option):
            language = _language(option)
        elif code is None and _CODE.fullmatch(option.lower()):
            code = option.lower()
        else:
            break
        name = rest
    return Login(name, language, ascii, code)


def _language(option: str) -> str | None:
    """The catalog ``option`` names, if it is a language code (not a locale's encoding)."""
    if not re.fullmatch(r"[A-Za-z]{2,3}([_-][A-Za-z]{2,4})?", option):
        return None
    return i18n.normalise(option)


def new_code() -> str:
    """A seat code: 31^6, some 900 million, so that guessing one is hopeless."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def user_name(login: Login, code: str | None = None) -> str:
    """The user name that comes back as ``login``, with ``code`` if given."""
    parts = [login.name]
    if login.language:
        parts.append(login.language)
    if login.ascii:
        parts.append(ASCII)
    if code:
        parts.append(code)
    return SEPARATOR.join(parts)
