"""The words a person reads, in their language: gettext catalogs, one per language.

Every string shown to a person goes through `_` (or `ngettext` where a number
changes the words, `pgettext` where one English word means two things), so that
Babel can extract it into ``tichu_lan/locale/tichu_lan.pot`` and each language's
catalog can word it. Strings built at import time (tables of key names, say) are
marked with `N_` and translated where they are shown.

The language is chosen once per process (`use_language`): a client shows every
screen in its player's language, while the host only ever sends codes and
parameters (see docs/PROTOCOL.md), so players at one table may each read their
own. A host's ssh door serves several people in one process, each in their own
language: `speaking` runs a piece of their session in it (a context variable, so
the owner's screen and the other sessions keep theirs). Catalogs are read with
`importlib.resources`, which also works when the program runs from a zip file
(`tichu bundle`).
"""

from __future__ import annotations

import contextvars
import functools
import gettext as _gettext
from collections.abc import Callable, Mapping
from typing import ParamSpec, TypeVar
from importlib import resources

DOMAIN = "tichu_lan"
SOURCE_LANGUAGE = "en"
# Each language's name in itself, as a menu would show it.
LANGUAGES: Mapping[str, str] = {
    "en": "English", "de": "Deutsch", "pl": "Polski", "ro": "Română", "ja": "日本語",
    "zh_TW": "繁體中文",
}

P = ParamSpec("P")
R = TypeVar("R")
_active: _gettext.NullTranslations = _gettext.NullTranslations()
_active_code = SOURCE_LANGUAGE
# (code, catalog) of the session running now, over the process's language (see `speaking`)
_session: contextvars.ContextVar[tuple[str, _gettext.NullTranslations] | None] = \
    contextvars.ContextVar("tichu_lan_language", default=None)


class UnknownLanguage(ValueError):
    """A language code this program has no catalog for; the message lists the known ones."""

    def __init__(self, code: str) -> None:
        super().__init__(_("there is no language '{code}'; choose one of {codes}").format(
            code=code, codes=", ".join(LANGUAGES)))
        self.code = code


def normalise(code: str) -> str | None:
    """The catalog for a code as people and locales write it (``pl``, ``pl_PL.UTF-8``,
    ``zh-TW``, ``ja_JP``, ``de_AT@euro``), or None when there is none."""
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not base or base in ("C", "POSIX"):
        return None
    language, _, region = base.partition("_")
    language = language.lower()
    if language == "zh":
        # Traditional characters are what Taiwan and Hong Kong read; mainland China's
        # simplified ones have no catalog, and are not offered the traditional one.
        return "zh_TW" if region.upper() in ("TW", "HK", "MO", "HANT") else None
    return language if language in LANGUAGES else None


def language_from(chosen: str | None, setting: str | None,
                  environ: Mapping[str, str]) -> str:
    """The language to speak: ``--lang``, else the ``lang`` setting, else the locale
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set), else English.

    A ``--lang`` or setting this program does not know raises `UnknownLanguage`; a
    locale without a catalog falls back to English, as gettext itself does."""
    for given in (chosen, setting):
        if given:
            code = normalise(given)
            if code is None:
                raise UnknownLanguage(given)
            return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            return normalise(value) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def catalog(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``code``; English (the source) needs none."""
    if code not in LANGUAGES:
        raise UnknownLanguage(code)
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    path = resources.files(__package__).joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    with path.open("rb") as compiled:
        return _gettext.GNUTranslations(compiled)


def use_language(code: str) -> None:
    """Speak ``code`` from now on, in this process."""
    global _active, _active_code
    _active, _active_code = catalog(code), code


def current_language() -> str:
    session = _session.get()
    return _active_code if session is None else session[0]


def speak_in_context(code: str) -> None:
    """Speak ``code`` in the current context only (an asyncio task, and what it starts):
    one ssh guest's session, while the process goes on speaking its own language."""
    _session.set((code, _kept_catalog(code)))


def speaking(code: str, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``call(*args, **kwargs)`` in language ``code``, and whatever it schedules as it runs
    (asyncio copies the context): a session's work that its own task does not run, such
    as a message from the host arriving."""
    token = _session.set((code, _kept_catalog(code)))
    try:
        return call(*args, **kwargs)
    finally:
        _session.reset(token)


@functools.cache
def _kept_catalog(code: str) -> _gettext.NullTranslations:
    """A session's catalog, read once per process however many sessions speak it."""
    return catalog(code)


def _catalog() -> _gettext.NullTranslations:
    session = _session.get()
    return _active if session is None else session[1]


def _(message: str) -> str:
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalog().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _catalog().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for the catalogs (`ngettext` words it later)."""
    return singular, plural
