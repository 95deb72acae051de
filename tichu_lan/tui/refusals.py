"""Why the player may not do something now: the only place the table screen explains a rule.

Each function takes the seat's view and gives the reason in the words the host
uses. The engine is to give these reasons itself (over the facts a seat knows),
so that host and screen always say the same; each function here is then one
call to it. A selection that is not a legal play is judged by the engine
already (`engine.check_play`), not here.
"""

from __future__ import annotations

from engine import Phase, SeatView
from engine.cards import RANK_MASK, rank_text


def why_no_pass(view: SeatView) -> str:
    if view.phase is not Phase.PLAY:
        return "there is nothing to pass on now"
    if view.turn != view.seat:
        return "it is not your turn"
    if not view.trick:
        return "you have the lead: play a combination"
    if view.wish and view.hand & RANK_MASK[view.wish]:
        return f"the wish for {rank_text(view.wish)} is open and you can play it: you must"
    if view.wish_answer:
        return "you must answer the Mah Jong with a card if you can"
    return "you may not pass now"


def why_no_tichu(view: SeatView) -> str:
    duel = "; in the duel with 9 or more cards, and only the first call counts"
    return ("you cannot call Tichu now: only before playing your first card, not after a "
            "Grand Tichu" + (duel if view.rules.duel else ""))


def why_no_grand_tichu(view: SeatView) -> str:
    if view.rules.duel:
        return "you cannot call Grand Tichu now: it is called after the deal, before the draft"
    return "you cannot call Grand Tichu now: it is decided after the first 8 cards"


def why_no_discard(cards: int) -> str | None:
    """Why the duel cannot put ``cards`` aside; None when it can."""
    if cards.bit_count() == 3:
        return None
    return f"select exactly 3 cards to put aside ({cards.bit_count()} selected)"
