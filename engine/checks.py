"""Is this selection of cards a legal play now, and if not, why not (in words)? And why
may a seat not pass, or call Tichu or Grand Tichu, when its options say it may not?

Works from `SeatFacts`, which the host builds from the whole state and a client
from its `SeatView`: the terminal client tells a player at once why a selection
cannot be played or a pass or call is refused, with the very words the host would answer.
"""

from __future__ import annotations

from .cards import DRAGON_BIT, RANK_MASK, format_cards, rank_text
from .combos import Combo, Kind, as_played, describe, readings
from .errors import IllegalPlay, WrongPhase
from .seat_options import SeatFacts
from .enumeration import permits, seat_plays_now, turn_flags
from .state import Call, Phase


def choose_reading(f: SeatFacts, cards: int, phoenix_as: int = 0) -> Combo:
    """The legal combination ``cards`` stand for (as it would lie on the table).

    Of several readings the highest legal one is taken, unless ``phoenix_as``
    names the rank the Phoenix stands for. Raises IllegalPlay saying why not.
    """
    if f.phase is not Phase.PLAY and f.phase is not Phase.COLLECT:
        raise WrongPhase(phase_message(f.phase))
    hand = f.hand
    if not cards:
        raise IllegalPlay("choose at least one card to play")
    if cards & ~hand:
        raise IllegalPlay(f"you do not hold {format_cards(cards & ~hand)}")
    options = readings(cards, f.rules)
    if not options:
        raise IllegalPlay(f"{format_cards(cards)} is not a combination")
    if phoenix_as:
        options = [c for c in options if c.phoenix_as == phoenix_as]
        if not options:
            raise IllegalPlay(f"the Phoenix cannot stand for {rank_text(phoenix_as)} there")
    my_turn, wish, answering = turn_flags(f.rules, f.seat, f.turn, f.wish, f.wish_answer)
    for option in options:
        placed = as_played(option, f.top)
        if permits(f.rules, hand, f.top, placed, my_turn=my_turn, wish=wish,
                   wish_answer=answering):
            return placed
    raise IllegalPlay(why_not(f, options[0]))


def why_not(f: SeatFacts, combo: Combo) -> str:
    """Why ``combo`` may not be played now, in a player's words."""
    what = describe(combo)
    top = f.top
    if f.phase is Phase.COLLECT and combo.kind != Kind.BOMB:
        return phase_message(f.phase)
    if f.seat != f.turn:
        if f.wish_answer or f.last_answer or top is None:
            return "it is not your turn"
        if combo.kind != Kind.BOMB:
            return "it is not your turn (out of turn only a bomb may be played)"
        return f"{what} does not beat {describe(top)}"
    if combo.kind == Kind.DOG and top is not None:
        return "the Dog can only be led"
    _, wish, _ = turn_flags(f.rules, f.seat, f.turn, f.wish, f.wish_answer)
    if wish and not combo.cards & RANK_MASK[wish]:
        plays, _ = seat_plays_now(f.rules, f.seat, f.hand, top, turn=f.turn, wish=f.wish,
                                  wish_answer=f.wish_answer, last_answer=f.last_answer)
        if any(p.cards & RANK_MASK[wish] for p in plays):
            return f"the wish for {rank_text(wish)} is open and you can play it: you must"
    if top is None:
        return f"{what} cannot be led now"
    if top.kind == Kind.BOMB and combo.kind != Kind.BOMB:
        return f"only a higher bomb beats {describe(top)}"
    if combo.kind != top.kind or combo.length != top.length:
        return f"{what} cannot be played on {describe(top)}: play the same kind and length"
    if top.cards == DRAGON_BIT:
        return "only a bomb beats the Dragon"
    return f"{what} does not beat {describe(top)}"


def phase_message(phase: Phase) -> str:
    """Why nothing can be played in ``phase``."""
    if phase is Phase.WISH:
        return "waiting for the Mah Jong's wish"
    if phase is Phase.DRAGON:
        return "waiting for the Dragon's trick to be given away"
    if phase is Phase.COLLECT:
        return "the trick is won and waits to be collected: only a bomb may still be played"
    if phase is Phase.OVER:
        return "the round is over"
    return "cards are played only once the round's set-up is done"


def why_no_pass(f: SeatFacts) -> str:
    """Why the seat may not pass now (its options say it may not), in a player's words."""
    if f.phase is not Phase.PLAY:
        return phase_message(f.phase)
    if f.seat != f.turn:
        return "it is not your turn"
    if f.top is None:
        return "you have the lead: play a combination"
    if f.wish and f.hand & RANK_MASK[f.wish]:
        return f"the wish for {rank_text(f.wish)} is open and you can play it: you must"
    if f.wish_answer:
        return "you must answer the Mah Jong with a card if you can"
    return "you may not pass now"


def why_no_tichu(f: SeatFacts) -> str:
    """Why the seat may not call Tichu now (its options say it may not)."""
    if f.phase is Phase.OVER:
        return phase_message(f.phase)
    if f.seat >= 0 and f.calls[f.seat] is not Call.NONE:
        return "you have already called this round"
    if f.rules.duel:
        if f.hand.bit_count() < 9 or any(c is not Call.NONE for c in f.calls):
            return "Tichu needs at least 9 cards in hand and no call yet this round"
        return phase_message(f.phase)       # the wish being named: nothing else is left
    if f.phase is Phase.GRAND:
        return "Tichu can be called once all 14 cards are dealt"
    if f.tichu_open:                        # open, but not while the wish is being named
        return phase_message(f.phase)
    return "Tichu can only be called before playing your first card"


def why_no_grand_tichu(f: SeatFacts) -> str:
    """Why the seat may not call Grand Tichu now (its options say it may not)."""
    if f.rules.duel:
        if f.phase is not Phase.DISCARD:
            return "Grand Tichu can only be called before the draft starts"
        return "only one call is allowed per duel round, and one was made"
    if f.phase is not Phase.GRAND:
        return "Grand Tichu is decided only after the first 8 cards"
    return "you have already decided on Grand Tichu this round"
