"""Deals the hidden cards again, consistently with what one seat knows, and builds
the engine round those cards would make: the search bot's simulations start there.

What the seat knows (its `SeatView` and its `Memory`): its own hand; every card
it saw played; the Dog once gone; the cards it gave in the exchange, which stay
with their receivers until played; in a duel the table cards the opponent got in
the draft; each seat's card count and won points; ranks a seat showed it lacks
by not answering an open wish. Everything else (the unseen cards) is dealt at
random to the other hands, up to their counts; in a duel what is left over is
out of play (the unused cards and the opponent's discards).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from ..cards import DOG_BIT, DRAGON_BIT, FULL_DECK, PHOENIX_BIT, RANK_MASK, Card, cards_of
from ..game import GameState
from ..state import Call, RoundState, TrickEntry
from ..seat_view import SeatView
from .memory import Memory, dog_played


# Whether a seat's sampled hand (its cards now and those it played this round) is one it
# could have called with; seats that called are dealt again until it is, a few times.
Plausible = Callable[[int, int], bool]
REDEALS = 8


def sample_round(v: SeatView, memory: Memory, rng: random.Random,
                 plausible: Plausible | None = None) -> RoundState:
    """One round consistent with the view (phase PLAY, WISH or DRAGON); with
    ``plausible``, consistent with the calls made too."""
    hands, spare = _deal_hidden(v, memory, rng, plausible)
    trick_cards = _trick_cards(v.trick)
    dog = DOG_BIT if dog_played(v) else 0
    seats = v.seats
    classic = not v.rules.duel
    won_pool = (_union(memory.played) | (spare if classic else 0)) & ~trick_cards & ~dog
    won = _won_piles(won_pool, v.won_points, v.won_counts)
    set_aside = FULL_DECK & ~_union(hands) & ~_union(won) & ~trick_cards
    passes = 0
    for entry in reversed(v.trick):
        if entry.combo is not None:
            break
        passes += 1
    return RoundState(
        rules=v.rules, phase=v.phase, hands=tuple(hands), calls=v.calls,
        grand_decided=(True,) * seats if classic else (),
        second_deal=(0,) * seats if classic else (),
        # Others' gifts are unknown; () marks them given, which is all play needs.
        exchange=tuple(v.my_exchange if s == v.seat else () for s in range(seats))
        if classic else (),
        received=tuple(v.received if s == v.seat else () for s in range(seats))
        if classic else (),
        discards=tuple(v.my_discard if s == v.seat else _lowest(spare, 3) for s in range(seats))
        if not classic else (),
        draft=v.draft, drafter=v.drafter, set_aside=set_aside,
        played=sum(1 << s for s in range(seats) if v.hand_counts[s] < 14 or s in v.out),
        played_cards=v.played_cards,
        turn=v.turn, decider=v.decider, trick=v.trick, top=v.top, top_seat=v.top_seat,
        passes=passes, trick_cards=trick_cards, won=tuple(won), out=v.out, wish=v.wish,
        wish_answer=v.wish_answer, last_answer=v.last_answer,
        dragon_out=_dragon_out(v), last_trick=v.last_trick,
        last_trick_winner=v.last_trick_winner)


def sample_game(v: SeatView, memory: Memory, rng: random.Random) -> GameState:
    """`sample_round` inside the game the view shows (scores, history, dealer)."""
    return GameState(v.rules, 0, v.round_no, v.dealer, v.scores, v.history,
                     sample_round(v, memory, rng))


def _deal_hidden(v: SeatView, memory: Memory, rng: random.Random,
                 plausible: Plausible | None) -> tuple[list[int], int]:
    """Hands for every seat, and the unseen cards dealt to nobody."""
    known = memory.known(v)
    pool = memory.unseen(v) & ~_union(known)
    hands = [0] * v.seats
    hands[v.seat] = v.hand
    others = [s for s in range(v.seats) if s != v.seat]
    # Seats that showed a missing rank first, so that the others can take those cards.
    others.sort(key=lambda s: -memory.void[s].bit_count())
    if plausible is not None:               # and callers before them, to choose from more
        others.sort(key=lambda s: v.calls[s] is Call.NONE)
    for seat in others:
        need = max(0, v.hand_counts[seat] - known[seat].bit_count())
        allowed = pool & ~memory.void[seat]
        if allowed.bit_count() < need:
            allowed = pool
        chosen = pick(allowed, need, rng)
        if plausible is not None and v.calls[seat] is not Call.NONE:
            chosen = redeal_caller(seat, known[seat] | memory.played[seat], chosen, allowed,
                                   need, rng, plausible)
        hands[seat] = (known[seat] | chosen) if v.hand_counts[seat] else 0
        pool &= ~chosen
    return hands, pool


def redeal_caller(seat: int, known: int, chosen: int, allowed: int, need: int,
                  rng: random.Random, plausible: Plausible) -> int:
    """The caller's ``need`` cards, dealt again from ``allowed`` until the hand (with the
    cards ``known`` to be or have been in it) is plausible, or `REDEALS` times."""
    for _ in range(REDEALS):
        if plausible(seat, known | chosen):
            break
        chosen = pick(allowed, need, rng)
    return chosen


def _lowest(mask: int, n: int) -> int:
    """Stand-in for cards whose identity cannot matter (the opponent's duel discards)."""
    out = 0
    for card in cards_of(mask)[:n]:
        out |= 1 << card
    return out


def pick(mask: int, n: int, rng: random.Random) -> int:
    cards = cards_of(mask)
    if n >= len(cards):
        return mask
    out = 0
    for card in rng.sample(cards, n):
        out |= 1 << card
    return out


def _won_piles(pool: int, targets: tuple[int, ...], counts: tuple[int, ...]) -> list[int]:
    """Split the cards won so far among the seats so that each pile is worth what the
    view says (the score depends on points, not on which cards made them); the
    zero-point cards fill the piles up to their counts."""
    seats = len(targets)
    fives, tens = list(cards_of(pool & _FIVES)), list(cards_of(pool & _TENS))
    owners = [(d, p) for d in (range(seats) if pool & DRAGON_BIT else [-1])
              for p in (range(seats) if pool & PHOENIX_BIT else [-1])]
    piles = None
    for dragon, phoenix in owners:
        units = [(t - 25 * (s == dragon) + 25 * (s == phoenix)) for s, t in enumerate(targets)]
        room = [counts[s] - (s == dragon) - (s == phoenix) for s in range(seats)]
        split = _split_points(units, len(fives), len(tens), room)
        if split is not None:
            piles = [(DRAGON_BIT if s == dragon else 0) | (PHOENIX_BIT if s == phoenix else 0)
                     for s in range(seats)]
            for s, (n5, n10) in enumerate(split):
                piles[s] |= _take(fives, n5) | _take(tens, n10)
            if all(piles[s].bit_count() <= counts[s] for s in range(seats)):
                break
    if piles is None:                       # a view was missed: put the points anywhere
        piles = [0] * seats
        piles[0] = pool & (_FIVES | _TENS | DRAGON_BIT | PHOENIX_BIT)
    blank = cards_of(pool & ~(_FIVES | _TENS | DRAGON_BIT | PHOENIX_BIT))
    room = [max(0, counts[s] - piles[s].bit_count()) for s in range(seats)]
    for card in blank:
        seat = next((s for s in range(seats) if room[s]), 0)
        piles[seat] |= 1 << card
        room[seat] = max(0, room[seat] - 1)
    return piles


_FIVES = RANK_MASK[5]
_TENS = RANK_MASK[10] | RANK_MASK[13]


def _split_points(points_left: list[int], fives: int, tens: int,
                  room: list[int]) -> list[tuple[int, int]] | None:
    """How many 5s and how many 10-pointers each pile gets to be worth ``points_left``;
    two 5s take one more card than a 10, so they go where the pile has room."""
    if any(p < 0 or p % 5 for p in points_left):
        return None
    units = [p // 5 for p in points_left]
    if sum(units) != fives + 2 * tens:
        return None
    n5 = [u % 2 for u in units]
    extra = fives - sum(n5)
    if extra < 0 or extra % 2:
        return None
    while extra:
        cards = [n5[s] + (units[s] - n5[s]) // 2 for s in range(len(units))]
        fits = [s for s in range(len(units)) if n5[s] + 2 <= units[s]]
        if not fits:
            return None
        s = max(fits, key=lambda s: room[s] - cards[s])
        n5[s] += 2
        extra -= 2
    return [(n5[s], (units[s] - n5[s]) // 2) for s in range(len(units))]


def _take(cards: list[Card], n: int) -> int:
    """Remove ``n`` cards from the list and return them as a mask."""
    out = 0
    for _ in range(n):
        out |= 1 << cards.pop()
    return out


def _trick_cards(trick: tuple[TrickEntry, ...]) -> int:
    cards = 0
    for entry in trick:
        if entry.combo is not None:
            cards |= entry.combo.cards
    return cards


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _dragon_out(v: SeatView) -> bool:
    """Duel: the first player out went out with the Dragon (his Tichu fails)."""
    return bool(v.rules.duel and v.out and v.top is not None and v.top_seat == v.out[0]
                and v.top.cards == DRAGON_BIT)

