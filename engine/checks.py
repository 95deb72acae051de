"""Is this selection of cards a legal play now, and if not, why not (in words)? And why
may a seat not pass, or call Tichu or Grand Tichu, when its options say it may not?

Works from `SeatFacts`, which the host builds from the whole state and a client
from its `SeatView`: the terminal client tells a player at once why a selection
cannot be played or a pass or call is refused, with the very words the host would answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DRAGON_BIT, RANK_MASK, format_cards, rank_text
from .combos import Combo, Kind, as_played, describe, readings
from .errors import IllegalPlay, Reason, WrongPhase
from .seat_options import SeatFacts
from .plays_now import allows, seat_plays_now, turn_flags
from .rules import RuleSet
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
        raise IllegalPlay(Reason("no_cards", "choose at least one card to play"))
    if cards & ~hand:
        raise IllegalPlay(Reason("not_held", f"you do not hold {format_cards(cards & ~hand)}",
                                 cards=cards & ~hand))
    options = readings(cards, f.rules)
    if not options:
        raise IllegalPlay(Reason("not_a_combination", f"{format_cards(cards)} is not a combination",
                                 cards=cards))
    if phoenix_as:
        options = [c for c in options if c.phoenix_as == phoenix_as]
        if not options:
            raise IllegalPlay(Reason("phoenix_cannot_be", "the Phoenix cannot stand for "
                                     f"{rank_text(phoenix_as)} there", rank=phoenix_as))
    placed = legal_reading(f.rules, f.seat, hand, f.top, f.turn, f.wish, f.wish_answer, options)
    if placed is None:
        raise IllegalPlay(why_not(f, options[0]))
    return placed


def legal_reading(rules: RuleSet, seat: int, hand: int, top: Combo | None, turn: int, wish: int,
                  wish_answer: bool, options: Sequence[Combo]) -> Combo | None:
    """The first of the readings ``options`` of held cards that the seat may play now, as it
    would lie on the table; None if it may play none of them."""
    my_turn, wish, answering = turn_flags(rules, seat, turn, wish, wish_answer)
    for option in options:
        placed = as_played(option, top)
        if allows(rules.duel, hand, top, placed, my_turn, wish, answering):
            return placed
    return None


def why_not(f: SeatFacts, combo: Combo) -> Reason:
    """Why ``combo`` may not be played now, in a player's words."""
    what = describe(combo)
    top = f.top
    if f.phase is Phase.COLLECT and combo.kind != Kind.BOMB:
        return phase_message(f.phase)
    if f.seat != f.turn:
        if f.wish_answer or f.last_answer or top is None:
            return Reason("not_your_turn", "it is not your turn")
        if combo.kind != Kind.BOMB:
            return Reason("bomb_only_out_of_turn",
                          "it is not your turn (out of turn only a bomb may be played)")
        return Reason("does_not_beat", f"{what} does not beat {describe(top)}", combo, top)
    if combo.kind == Kind.DOG and top is not None:
        return Reason("dog_only_led", "the Dog can only be led")
    _, wish, _ = turn_flags(f.rules, f.seat, f.turn, f.wish, f.wish_answer)
    if wish and not combo.cards & RANK_MASK[wish]:
        plays, _ = seat_plays_now(f.rules, f.seat, f.hand, top, turn=f.turn, wish=f.wish,
                                  wish_answer=f.wish_answer, last_answer=f.last_answer)
        if any(p.cards & RANK_MASK[wish] for p in plays):
            return Reason("wish_must_be_played", f"the wish for {rank_text(wish)} is open and "
                          "you can play it: you must", rank=wish)
    if top is None:
        return Reason("cannot_lead", f"{what} cannot be led now", combo)
    if top.kind == Kind.BOMB and combo.kind != Kind.BOMB:
        return Reason("only_a_higher_bomb", f"only a higher bomb beats {describe(top)}", combo, top)
    if combo.kind != top.kind or combo.length != top.length:
        return Reason("same_kind_and_length", f"{what} cannot be played on {describe(top)}: "
                      "play the same kind and length", combo, top)
    if top.cards == DRAGON_BIT:
        return Reason("only_a_bomb_beats_dragon", "only a bomb beats the Dragon", combo, top)
    return Reason("does_not_beat", f"{what} does not beat {describe(top)}", combo, top)


def phase_message(phase: Phase) -> Reason:
    """Why nothing can be played in ``phase``."""
    if phase is Phase.WISH:
        return Reason("waiting_for_wish", "waiting for the Mah Jong's wish")
    if phase is Phase.DRAGON:
        return Reason("waiting_for_dragon", "waiting for the Dragon's trick to be given away")
    if phase is Phase.COLLECT:
        return Reason("trick_waits", "the trick is won and waits to be collected: only a bomb "
                      "may still be played")
    if phase is Phase.OVER:
        return Reason("round_over", "the round is over")
    return Reason("setup_not_done", "cards are played only once the round's set-up is done")


def why_no_pass(f: SeatFacts) -> Reason:
    """Why the seat may not pass now (its options say it may not), in a player's words."""
    if f.phase is not Phase.PLAY:
        return phase_message(f.phase)
    if f.seat != f.turn:
        return Reason("not_your_turn", "it is not your turn")
    if f.top is None:
        return Reason("lead_no_pass", "you have the lead: play a combination")
    if f.wish and f.hand & RANK_MASK[f.wish]:
        return Reason("wish_must_be_played", f"the wish for {rank_text(f.wish)} is open and you "
                      "can play it: you must", rank=f.wish)
    if f.wish_answer:
        return Reason("must_answer_wish", "you must answer the Mah Jong with a card if you can")
    return Reason("no_pass_now", "you may not pass now")


def why_no_tichu(f: SeatFacts) -> Reason:
    """Why the seat may not call Tichu now (its options say it may not)."""
    if f.phase is Phase.OVER:
        return phase_message(f.phase)
    if f.seat >= 0 and f.calls[f.seat] is not Call.NONE:
        return Reason("already_called", "you have already called this round")
    if f.rules.duel:
        if f.hand.bit_count() < 9 or any(c is not Call.NONE for c in f.calls):
            return Reason("duel_tichu_closed", "Tichu needs at least 9 cards in hand and no call "
                          "yet this round", count=9)
        return phase_message(f.phase)       # the wish being named: nothing else is left
    if f.phase is Phase.GRAND:
        return Reason("tichu_after_deal", "Tichu can be called once all 14 cards are dealt",
                      count=14)
    if f.tichu_open:                        # open, but not while the wish is being named
        return phase_message(f.phase)
    return Reason("tichu_after_first_play",
                  "Tichu can only be called before playing your first card")


def why_no_grand_tichu(f: SeatFacts) -> Reason:
    """Why the seat may not call Grand Tichu now (its options say it may not)."""
    if not f.rules.grand:
        return Reason("no_grand_table", "this table plays without Grand Tichu")
    if f.rules.duel:
        if f.phase is not Phase.DISCARD:
            return Reason("grand_before_draft",
                          "Grand Tichu can only be called before the draft starts")
        return Reason("duel_one_call", "only one call is allowed per duel round, and one was made")
    if f.phase is not Phase.GRAND:
        return Reason("grand_after_eight", "Grand Tichu is decided only after the first 8 cards",
                      count=8)
    return Reason("grand_decided", "you have already decided on Grand Tichu this round")
