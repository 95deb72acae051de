"""Why the player may not do something now, in the very words the host would answer.

The engine gives the reasons (`engine.checks`, over the facts a seat knows), so
host and screen always say the same; this module is the table screen's one door
to them, worded in the player's language (`tichu_lan.words.refusals`). A selection
that is not a legal play is judged by `engine.check_play`.
"""

from __future__ import annotations

from engine import SeatView, checks
from engine.seat_view import facts_of_view

from ..i18n import ngettext
from ..words.refusals import reason_words


def why_no_pass(view: SeatView) -> str:
    return reason_words(checks.why_no_pass(facts_of_view(view)))


def why_no_tichu(view: SeatView) -> str:
    return reason_words(checks.why_no_tichu(facts_of_view(view)))


def why_no_grand_tichu(view: SeatView) -> str:
    return reason_words(checks.why_no_grand_tichu(facts_of_view(view)))


def why_no_discard(cards: int) -> str | None:
    """Why the duel cannot put ``cards`` aside; None when it can."""
    count = cards.bit_count()
    if count == 3:
        return None
    return ngettext("select exactly 3 cards to put aside ({count} selected)",
                    "select exactly 3 cards to put aside ({count} selected)",
                    count).format(count=count)
