"""Decisions before the first trick but the calls: the classic exchange, the duel's
discard and draft (the calls are in call_model.py, call_search.py and heuristic.py)."""

from __future__ import annotations

from itertools import combinations

from ..cards import DOG_ID, DRAGON_ID, MAHJONG_ID, PHOENIX_ID, cards_of, format_cards, rank_of
from .hand_split import DRAGON_W, PHOENIX_W, SINGLE_W, cost, memo


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


@memo(1 << 12)
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
