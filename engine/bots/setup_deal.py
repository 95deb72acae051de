"""Deals the unseen cards again before the first trick, consistently with what one
seat knows there: the round the search bot's call simulations start from.

At the classic Grand Tichu decision the seat knows its first 8 cards; at the
exchange, its 14; in a duel's discard, its 14 dealt. The rest is unseen: the
others' cards (and in a classic Grand Tichu decision the seat's own last 6;
in a duel the six table cards and the 22 out of play). Seats that called are
dealt again until their hand is one they could have called with (`Plausible`).
The others' gifts and discards are not known then, so they are left to the
simulation: the round starts before anyone has given or discarded.
"""

from __future__ import annotations

import random

from ..cards import FULL_DECK, cards_of
from ..deal import DUEL_TABLE, GRAND_CARDS
from ..seat_view import SeatView
from ..state import Call, Phase, RoundState
from .determinize import Plausible, pick, redeal_caller

SET_UP = (Phase.GRAND, Phase.EXCHANGE, Phase.DISCARD)


def sample_setup(v: SeatView, rng: random.Random, plausible: Plausible | None) -> RoundState:
    """A round in the view's set-up phase (GRAND, EXCHANGE or DISCARD) with the unseen
    cards dealt again, and nobody's gifts or discards chosen yet."""
    if v.phase not in SET_UP:
        raise ValueError(f"no set-up to deal in phase {v.phase.value}")
    pool = FULL_DECK & ~v.hand
    seats, rules = v.seats, v.rules
    size = GRAND_CARDS if v.phase is Phase.GRAND else 14
    hands = [0] * seats
    hands[v.seat] = v.hand
    others = sorted((s for s in range(seats) if s != v.seat), key=lambda s: v.calls[s] is Call.NONE)
    for seat in others:
        chosen = pick(pool, size, rng)
        if plausible is not None and v.calls[seat] is not Call.NONE:
            chosen = redeal_caller(seat, 0, chosen, pool, size, rng, plausible)
        hands[seat] = chosen
        pool &= ~chosen
    if rules.duel:
        table = pick(pool, DUEL_TABLE, rng)
        order = [int(c) for c in cards_of(table)]
        rng.shuffle(order)
        return RoundState(rules=rules, phase=Phase.DISCARD, hands=tuple(hands), calls=v.calls,
                          discards=(0,) * seats, draft_cards=tuple(order), drafter=v.drafter,
                          set_aside=pool & ~table, won=(0,) * seats)
    second = [0] * seats
    if v.phase is Phase.GRAND:
        for seat in range(seats):
            second[seat] = pick(pool, 14 - GRAND_CARDS, rng)
            pool &= ~second[seat]
    return RoundState(rules=rules, phase=v.phase, hands=tuple(hands), calls=v.calls,
                      grand_decided=v.grand_decided if v.phase is Phase.GRAND else (True,) * 4,
                      second_deal=tuple(second), exchange=(None,) * 4, received=(None,) * 4,
                      won=(0,) * 4)
