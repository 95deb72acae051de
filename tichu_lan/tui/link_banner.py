"""The banner over a screen while the connection to the host is not well: lost and coming
back, the host stopped by its owner, the seat gone, or closed.

The table screen and the pages before the game show the same words, from the client's
`ConnectionNotice`; a host's own words (``host_stopped``) name who stopped it, so the
banner is broken between words to the screen, and takes two lines at 80 columns when a
long name needs them.
"""

from __future__ import annotations

from ..i18n import N_, _
from .faces import Fragments
from .text import wrap_words

CONNECTION_BANNERS = {"lost": N_("Connection to the host lost: reconnecting..."),
                      "closed": N_("Disconnected from the host")}


def banner_for(state: str, detail: str = "") -> str | None:
    """The banner after the connection notice ``state`` (``detail``: why, in the reader's
    words); None once the connection is back."""
    if state == "host_stopped" and detail:
        return detail
    if state == "seat_lost":
        return _("Your seat is gone: {why}").format(why=detail)
    words = CONNECTION_BANNERS.get("lost" if state == "host_stopped" else state)
    return _(words) if words is not None else None


def banner_lines(banner: str | None, columns: int) -> list[Fragments]:
    """``banner`` broken between words into lines of the screen's width (none: no lines)."""
    if banner is None:
        return []
    return wrap_words([("", " " + banner)], columns)
