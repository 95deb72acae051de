"""Decisions before the first trick: Grand Tichu and Tichu calls, the classic
exchange, the duel's discard and draft.

Calls follow an estimate of the chance of going out first: a logistic model on
a few facts about the hand's best split (hand_split.py), fitted by self-play of the
heuristic bot (`scripts/bench_bots.py --calibrate`, see docs/BENCHMARKS.md). A
call is made when the chance clears the bar; Tichu's bar is set so that calls
succeed about as often as strong players' do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

from ..cards import (DOG_ID, DRAGON_BIT, DRAGON_ID, MAHJONG_BIT, MAHJONG_ID, PHOENIX_BIT,
                     PHOENIX_ID, cards_of, format_cards, rank_count, rank_of)
from ..combos import Kind
from .hand_split import DRAGON_W, PHOENIX_W, SINGLE_W, cost, split, strength

# Weights of a logistic model of the chance of going out first, on `call_features`,
# fitted by self-play without calls (``scripts/bench_bots.py --calibrate``).
TICHU_WEIGHTS = {
    False: (-1.191, -0.027, -0.087, 0.115, -0.092, 0.959, 0.362, 0.852, 0.255, 0.057),
    True: (0.272, -0.109, -0.123, 0.093, -0.102, 1.034, 0.124, 0.766, 0.336, -0.083),
}
GRAND_WEIGHTS = {
    False: (-1.133, 0.055, -0.099, -0.054, 0.01, 0.962, 0.444, 0.965, 0.274, -0.234),
    True: (-0.122, -0.069, -0.05, 0.039, 0.022, 0.765, 0.204, 0.364, 0.268, -0.277),
}
# Bars on the modelled chance, per variant (duel: True), set by self-play so that
# calls succeed at least 70% of the time (see docs/BENCHMARKS.md).
TICHU_BAR = {False: 0.58, True: 0.65}
GRAND_BAR = {False: 0.6, True: 0.7}


def call_features(hand: int) -> tuple[float, ...]:
    """What the call models look at: 1, the hand's cost, its number of combinations,
    strong ones, weak ones, the Dragon, the Phoenix, bombs, aces, the Mah Jong."""
    whole = split(hand)
    strong = sum(1 for p in whole.parts if strength(p) >= 0.6)
    weak = sum(1 for p in whole.parts if strength(p) < 0.2)
    bombs = sum(1 for p in whole.parts if p[0] == Kind.BOMB)
    return (1.0, whole.cost, len(whole.parts), strong, weak, float(bool(hand & DRAGON_BIT)),
            float(bool(hand & PHOENIX_BIT)), bombs, rank_count(hand, 14),
            float(bool(hand & MAHJONG_BIT)))


def chance(weights: Sequence[float], features: Sequence[float]) -> float:
    z = sum(w * f for w, f in zip(weights, features, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def tichu_chance(hand: int, duel: bool) -> float:
    return chance(TICHU_WEIGHTS[duel], call_features(hand))


def grand_chance(hand: int, duel: bool) -> float:
    """Classic: on the first 8 cards. Duel: on the 14 dealt, after the best discard."""
    if duel:
        hand &= ~best_discard(hand)
    return chance(GRAND_WEIGHTS[duel], call_features(hand))


def card_power(card: int) -> float:
    """How much a card is worth as a single, to anybody."""
    if card == DRAGON_ID:
        return DRAGON_W
    if card == PHOENIX_ID:
        return PHOENIX_W
    if card in (DOG_ID, MAHJONG_ID):
        return 0.1
    return SINGLE_W[rank_of(card)]


# --- classic exchange ---------------------------------------------------------


def choose_exchange(hand: int, partner_called: bool, will_call: bool) -> tuple[int, int, int]:
    """Gifts to the left opponent, the partner, the right opponent.

    The opponents get the two cards whose loss hurts the hand least (never a special
    but the Dog); the partner gets a strong card, unless we mean to call Tichu, in
    which case we keep our strength; a partner who called Grand Tichu gets our best.
    """
    cards = [int(c) for c in cards_of(hand)]
    ordinary = [c for c in cards if c not in (DOG_ID, MAHJONG_ID, PHOENIX_ID, DRAGON_ID)]
    low = ordinary[:7] + ([DOG_ID] if DOG_ID in cards else [])
    high = sorted(cards, key=card_power, reverse=True)
    for_partner = set(ordinary[-2:] + ordinary[:1])
    if partner_called:
        for_partner.add(high[0])
    best: tuple[int, int, int] | None = None
    best_score: float | None = None
    for gift in for_partner:
        value = 0.0 if will_call and not partner_called else 0.6 * card_power(gift)
        if partner_called:
            value = 2.0 * card_power(gift)
        for a, b in combinations([c for c in low if c != gift], 2):
            rest = hand & ~((1 << a) | (1 << b) | (1 << gift))
            score = cost(rest) - value
            if best_score is None or score < best_score:
                best, best_score = (b, gift, a), score
    if best is None:
        raise ValueError(f"no three cards to give from {format_cards(hand)}")
    return best


# --- duel discard and draft -------------------------------------------------------


def best_discard(hand: int) -> int:
    """The three cards (as a mask) whose loss hurts the hand least."""
    return _best_removal(hand, 3)


def _best_removal(hand: int, n: int) -> int:
    cards = [int(c) for c in cards_of(hand)]
    ordinary = [c for c in cards if c not in (MAHJONG_ID, PHOENIX_ID, DRAGON_ID)]
    pool = ordinary[:8]
    best, best_cost = 0, None
    for chosen in combinations(pool, n):
        mask = sum(1 << c for c in chosen)
        value = cost(hand & ~mask)
        if best_cost is None or value < best_cost:
            best, best_cost = mask, value
    return best


DRAFT_BAR = 0.3


def take_in_draft(hand: int, card: int) -> bool:
    """Take a table card that helps our hand, or that would help the opponent's."""
    gain = cost(hand) - cost(hand | 1 << card)
    return gain + 0.4 * card_power(card) >= DRAFT_BAR
