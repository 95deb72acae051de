"""The plays allowed now: what a seat may play and whether it may pass, given the
trick, its turn and the wish; and whether one given play or a pass is allowed.

`legal_plays` lists the plays (enumeration.py finds them in the hand). Checking
one play does not need the list: `allows` answers from the play itself and the
trick, and `may_pass` from the trick and the flags, looking at the hand's plays
only when an open wish may oblige the seat (tests/engine/test_plays_now.py holds
both to the list, for every reading of every play of random hands).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANK_MASK, SPECIALS_MASK
from .combos import Combo, Kind, beats
from .enumeration import all_plays, beating, bombs, rank_counts
from .rules import CLASSIC, DUEL, RuleSet

_BOMB = Kind.BOMB
_RULES = (CLASSIC, DUEL)       # by `duel`: what `beats` reads of the rules


def holds_rank(hand: int, rank: int) -> bool:
    return bool(rank and hand & RANK_MASK[rank])


def legal_plays(rules: RuleSet, hand: int, top: Combo | None, *, my_turn: bool,
                wish: int = 0, wish_answer: bool = False) -> tuple[tuple[Combo, ...], bool]:
    """The combinations a seat may play now, and whether it may pass.

    ``top`` is the combination to beat (None on an empty table), ``my_turn``
    whether the seat has the ordinary turn (out of turn only bombs are possible),
    ``wish`` the wished rank in force for this seat (0 for none). ``wish_answer``
    marks the duel's immediate answer to the Mah Jong, where any combination
    holding the wished rank may be played, whatever lies on the table.
    """
    return _legal_plays(rules.duel, hand, top, my_turn, wish if holds_rank(hand, wish) else 0,
                        wish_answer)


def _legal_plays(duel: bool, hand: int, top: Combo | None, my_turn: bool, wish: int,
                 wish_answer: bool) -> tuple[tuple[Combo, ...], bool]:
    if top is None:
        if not my_turn:
            return (), False
        plays = all_plays(hand, duel)
        return (_fulfilling(plays, wish, plays) if wish else plays), False
    if not my_turn:     # only a bomb, and on a bomb only a higher one
        return (beating(duel, hand, top) if top.kind == _BOMB else bombs(hand)), False
    follow = beating(duel, hand, top)
    if wish_answer:
        if wish:
            return _fulfilling(all_plays(hand, duel), wish, follow), False
        return follow, not follow
    if wish and any(c.cards & RANK_MASK[wish] for c in follow):
        return _fulfilling(follow, wish, follow), False
    return follow, True


def allows(duel: bool, hand: int, top: Combo | None, combo: Combo, my_turn: bool, wish: int,
           wish_answer: bool) -> bool:
    """Whether ``combo``, a reading of cards the hand holds as it would lie on the table, is
    among the `legal_plays` (up to suit); the flags as `legal_plays` takes them.

    A reading of held cards is always one of the hand's plays, so what is left to check
    is the trick and the wish; only an open wish that may bind a follow asks for the
    hand's follows, to learn whether any of them holds the wished rank."""
    if not holds_rank(hand, wish):
        wish = 0
    bomb = combo.kind == _BOMB
    if top is None:
        return my_turn and (not wish or bomb or bool(combo.cards & RANK_MASK[wish]))
    if not my_turn:
        return bomb and beats(combo, top, _RULES[duel])
    wanted = combo.cards & RANK_MASK[wish] if wish else 0
    if wish_answer and wish:
        return bool(wanted) or bomb and beats(combo, top, _RULES[duel])
    if not beats(combo, top, _RULES[duel]):
        return False
    if not wish or wanted or bomb or wish_answer:
        return True
    return not any(c.cards & RANK_MASK[wish] for c in beating(duel, hand, top))


def may_pass(duel: bool, hand: int, top: Combo | None, wish: int, wish_answer: bool,
             last_answer: bool) -> bool:
    """Whether a seat holding ``hand`` may pass at its ordinary turn (what `seat_plays_now`
    says, without listing the plays unless a wish or the duel's answer needs them)."""
    if not hand:
        return False
    if top is None:
        return last_answer
    if not holds_rank(hand, wish):
        wish = 0
    if wish_answer:
        return not wish and not beating(duel, hand, top)
    return not wish or not any(c.cards & RANK_MASK[wish] for c in beating(duel, hand, top))


def play_key(combo: Combo) -> tuple[object, ...]:
    """What makes two plays the same play: everything but the suits (bombs: everything)."""
    if combo.kind == _BOMB:
        return tuple(combo)
    return (combo.kind, combo.length, combo.height, combo.phoenix_as,
            rank_counts(combo.cards), combo.cards & SPECIALS_MASK)


def seat_plays_now(rules: RuleSet, seat: int, hand: int, top: Combo | None, *, turn: int,
                   wish: int, wish_answer: bool, last_answer: bool
                   ) -> tuple[tuple[Combo, ...], bool]:
    """`legal_plays` for a seat during play, from the round's flags: the wish binds only
    on the seat's ordinary turn (in a duel, only the answer to the Mah Jong), and the
    duel's answer to a last card may be a pass even on an empty table."""
    my_turn, in_force, answering = turn_flags(rules, seat, turn, wish, wish_answer)
    if not holds_rank(hand, in_force):
        in_force = 0
    plays, can_pass = _legal_plays(rules.duel, hand, top, my_turn, in_force, answering)
    if my_turn and last_answer and top is None:
        can_pass = True
    return plays, can_pass


def turn_flags(rules: RuleSet, seat: int, turn: int, wish: int,
               wish_answer: bool) -> tuple[bool, int, bool]:
    """(has the ordinary turn, the wish binding it, answers the duel's Mah Jong now)."""
    my_turn = seat == turn
    answering = wish_answer and my_turn
    return my_turn, (wish if my_turn and (answering or not rules.duel) else 0), answering


def _fulfilling(plays: Sequence[Combo], wish: int, allowed: Sequence[Combo]
                ) -> tuple[Combo, ...]:
    """The plays holding a real card of the wished rank, then the other bombs of ``allowed``
    (a bomb is always allowed, wish or not)."""
    wanted = RANK_MASK[wish]
    return (tuple(c for c in plays if c.cards & wanted)
            + tuple(c for c in allowed if c.kind == _BOMB and not c.cards & wanted))
