"""What a hand can play: every combination, up to suit (plays_now.py says which of them
are allowed now).

Plays that differ only by suit appear once (the lowest suits are taken), except
straight flushes, whose suit is what makes them bombs. Plays that differ in
whether the Phoenix stands in for a card the hand also holds are different plays
and all appear: ``7 7`` and ``7 PH`` are both pairs of 7s.

Everything here is a pure function of ints. The four cards of a rank form one
4-bit "nibble" of the hand mask (see cards.py), so per-rank facts come from small
tables indexed by nibble, and a few shifts over the whole mask rule out most
kinds before any is looked for (`_shape`). A hand's leads and bombs are kept for a
while, in plain dicts emptied when full: the search bot asks them of the same hands
over and over; follows are not (a hand meets the same trick once).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from .cards import (DOG_BIT, DRAGON_BIT, MAHJONG_BIT, ORDINARY_MASK, PHOENIX_BIT, RANK_MASK,
                    SUIT_MASK)
from .combos import DRAGON_HEIGHT, PHOENIX_LEAD_HEIGHT, Combo, Kind
from .rank_tables import (COUNT, LOW, NATURAL, NTH, PAIRS, PHOENIX_PAIRS, PHOENIX_TRIPLES, RANKS,
                          SHIFT, SINGLES, TRIPLES, WITH_PHOENIX, in_blocks)

_CACHE = 1 << 12
_SUIT0 = SUIT_MASK[0]
_SUIT_OF_CARD = [SUIT_MASK[(card - 2) % 4] for card in range(56)]   # for ordinary cards

# Enum members are looked up on their class at every use, which costs in the
# hot paths of 3.11; these module names are the same members, found at once.
_SINGLE, _PAIR, _TRIPLE, _STAIRS = Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.STAIRS
_FULL_HOUSE, _BOMB = Kind.FULL_HOUSE, Kind.BOMB

_MAHJONG_SINGLE = Combo(Kind.SINGLE, 1, 1, MAHJONG_BIT)
_PHOENIX_SINGLE = Combo(Kind.SINGLE, 1, PHOENIX_LEAD_HEIGHT, PHOENIX_BIT)
_DRAGON_SINGLE = Combo(Kind.SINGLE, 1, DRAGON_HEIGHT, DRAGON_BIT)
_DOG = Combo(Kind.DOG, 1, 0, DOG_BIT)
_DUEL_ONES = Combo(Kind.PAIR, 2, 1, MAHJONG_BIT | PHOENIX_BIT, 1)


class _Shape(NamedTuple):
    """What a hand's generators start from, worked out once per hand.

    ``kinds`` has bit ``kind`` set unless the hand surely holds no play of that
    kind; the ``*_lows`` and ``triples`` list the only ranks where a straight or
    stairs may start and a full house's triple may stand (a cheap bit test: a
    listed rank may still give nothing). ``ordinary`` is the hand's ordinary cards
    from the 2s at bit 0; ``twos`` and ``threes`` mark the ranks held at least twice
    and three times (bit 0 of the rank's nibble); ``nibs`` (per rank, see `_nibbles`)
    is worked out only for hands that may hold runs or full houses, the plays that
    read it."""

    kinds: int
    ordinary: int
    ones: int
    twos: int
    threes: int
    nibs: tuple[int, ...]
    straight_lows: tuple[int, ...]
    stairs_lows: tuple[int, ...]
    triples: tuple[int, ...]


# A generator of one kind's plays: (hand, its shape, duel) -> the plays.
_Generator = Callable[[int, _Shape, bool], Sequence[Combo]]


def _nibbles(hand: int) -> tuple[int, ...]:
    """The hand's nibble per rank, index 0..14 (index 1: 1 if it holds the Mah Jong).

    Written out rank by rank: a loop costs twice as much, and this is asked for
    every new hand in every simulation."""
    x = hand >> 2
    return (0, (hand >> 1) & 1, x & 15, x >> 4 & 15, x >> 8 & 15, x >> 12 & 15, x >> 16 & 15,
            x >> 20 & 15, x >> 24 & 15, x >> 28 & 15, x >> 32 & 15, x >> 36 & 15, x >> 40 & 15,
            x >> 44 & 15, x >> 48 & 15)


_RANK_BITS = sum(1 << 4 * i for i in range(13))   # bit 0 of each rank's nibble, 2s first
_ORDINARY_NIBBLES = ORDINARY_MASK >> 2


def _ranks_at(mask: int, lowest: int) -> tuple[int, ...]:
    """The ranks of a mask with one bit per rank's nibble, ``lowest`` at bit 0."""
    ranks = []
    while mask:
        low = mask & -mask
        ranks.append((low.bit_length() - 1) // 4 + lowest)
        mask ^= low
    return tuple(ranks)


def _shape(hand: int) -> _Shape:
    """Bit tests over the whole hand at once. Ranks are nibbles, so a shift by 4 is the
    next rank up; ``twos`` marks the ranks held at least twice, and so on."""
    x = hand >> 2 & _ORDINARY_NIBBLES
    a, b, c, d = x, x >> 1, x >> 2, x >> 3
    a_and_b, c_and_d, a_or_b, c_or_d = a & b, c & d, a | b, c | d
    ones = (a_or_b | c_or_d) & _RANK_BITS
    twos = (a_and_b | c_and_d | a_or_b & c_or_d) & _RANK_BITS
    threes = (a_and_b & c_or_d | c_and_d & a_or_b) & _RANK_BITS
    phoenix = hand & PHOENIX_BIT
    if phoenix:
        triple, pair = twos, ones | hand & MAHJONG_BIT
    else:
        triple, pair = threes, twos
    kinds = bool(hand & DOG_BIT) | 2 | bool(pair) << 2 | bool(triple) << 3
    if hand.bit_count() < 4:
        return _new(_Shape, (kinds, x, ones, twos, threes, (), (), (), ()))
    stairs = (twos & ones >> 4 | ones & twos >> 4) if phoenix else twos & twos >> 4
    runs = ones << 4 | (hand >> 1 & 1)          # the Mah Jong below the 2s
    r1, r2, r3, r4 = runs >> 4, runs >> 8, runs >> 12, runs >> 16
    if phoenix:     # five ranks in a row, any one of which the Phoenix may fill
        straight = runs & r1 & (r2 & (r3 | r4) | r3 & r4) | r2 & r3 & r4 & (runs | r1)
    else:
        straight = runs & r1 & r2 & r3 & r4
    full_house = triple and (twos & ~threes or twos.bit_count() > 1
                             or phoenix and ones.bit_count() > 1)
    kinds |= (bool(stairs) << 4 | bool(full_house) << 5 | bool(straight) << 6
              | holds_bomb(hand) << 7)
    return _new(_Shape, (kinds, x, ones, twos, threes,
                         _nibbles(hand) if stairs or straight or full_house else (),
                         _ranks_at(straight, 1) if straight else (),
                         _ranks_at(stairs, 2) if stairs else (),
                         _ranks_at(triple, 2) if full_house else ()))


_new = tuple.__new__


@lru_cache(maxsize=_CACHE)
def rank_counts(hand: int) -> tuple[int, ...]:
    """How many cards of each rank 0..14 a set holds (index 1: the Mah Jong)."""
    return tuple(COUNT[nib] for nib in _nibbles(hand))


def _singles(hand: int, shape: _Shape, duel: bool) -> list[Combo]:
    out = [_MAHJONG_SINGLE] if hand & MAHJONG_BIT else []
    out += in_blocks(SINGLES, shape.ordinary)
    if hand & PHOENIX_BIT:
        out.append(_PHOENIX_SINGLE)
    if hand & DRAGON_BIT:
        out.append(_DRAGON_SINGLE)
    return out


def _pairs(hand: int, shape: _Shape, duel: bool) -> list[Combo]:
    out = list(in_blocks(PAIRS, shape.ordinary)) if shape.twos else []
    if hand & PHOENIX_BIT:
        if duel and hand & MAHJONG_BIT:
            out.append(_DUEL_ONES)
        out += in_blocks(PHOENIX_PAIRS, shape.ordinary)
    return out


def _triples(hand: int, shape: _Shape, duel: bool) -> Sequence[Combo]:
    out = in_blocks(TRIPLES, shape.ordinary) if shape.threes else ()
    if hand & PHOENIX_BIT and shape.twos:
        out += in_blocks(PHOENIX_TRIPLES, shape.ordinary)
    return out


def _full_houses(hand: int, shape: _Shape, duel: bool) -> list[Combo]:
    nibs = shape.nibs
    trip_nat, trip_ph = NATURAL[3], WITH_PHOENIX[3]
    pair_nat, pair_ph = NATURAL[2], WITH_PHOENIX[2]
    phoenix = hand & PHOENIX_BIT
    pairs = [(r, pair_nat[r][nibs[r]], pair_ph[r][nibs[r]] if phoenix else None) for r in RANKS
             if nibs[r]]
    out = []
    for t in shape.triples:
        t_nat, t_ph = trip_nat[t][nibs[t]], trip_ph[t][nibs[t]] if phoenix else None
        for p, p_nat, p_ph in pairs:
            if p == t or not p_nat and not (p_ph and t_nat):
                continue
            if t_nat and p_nat:
                out.append(Combo(_FULL_HOUSE, 5, t, t_nat.cards | p_nat.cards))
            if t_ph and p_nat:
                out.append(Combo(_FULL_HOUSE, 5, t, t_ph.cards | p_nat.cards, t))
            if t_nat and p_ph:
                out.append(Combo(_FULL_HOUSE, 5, t, t_nat.cards | p_ph.cards, p))
    return out


def _runs(hand: int, nibs: tuple[int, ...], lows: tuple[int, ...], width: int, kind: Kind,
          min_ranks: int) -> list[Combo]:
    """Stairs (width 2) or straights (width 1): each run of ranks the hand can fill, with
    the Phoenix standing in for at most one card."""
    phoenix = bool(hand & PHOENIX_BIT)
    low_table, nth_table = LOW[width], NTH[width]
    new = tuple.__new__
    out: list[Combo] = []
    for low in lows:
        cards = 0            # the natural cards of the run so far
        gap = 0              # the one rank the Phoenix must fill, if any
        swaps = []           # (rank, the card the Phoenix may stand in for there)
        for high in range(low, 15):
            if high == 1:
                if not nibs[1]:
                    break
                cards |= MAHJONG_BIT
            else:
                nib = nibs[high]
                have = COUNT[nib]
                if have >= width:
                    cards |= low_table[nib] << SHIFT[high]
                    if phoenix:
                        swaps.append((high, nth_table[nib] << SHIFT[high]))
                elif have == width - 1 and phoenix and not gap:
                    gap = high
                    cards |= LOW[have][nib] << SHIFT[high]
                else:
                    break
            ranks = high - low + 1
            if ranks < min_ranks:
                continue
            length = width * ranks
            # Combos made by tuple.__new__, skipping the NamedTuple's own __new__ written
            # in Python: runs are most of the plays of a long hand.
            if gap:
                out.append(new(Combo, (kind, length, high, cards | PHOENIX_BIT, gap)))
                continue
            plain = cards if width == 2 else _unflushed(cards, nibs, low, high)
            if plain:
                out.append(new(Combo, (kind, length, high, plain, 0)))
            for rank, card in swaps:
                out.append(new(Combo, (kind, length, high, (cards ^ card) | PHOENIX_BIT, rank)))
    return out


def _unflushed(cards: int, nibs: tuple[int, ...], low: int, high: int) -> int:
    """The straight in at least two suits, or 0 if the hand can only make it a bomb."""
    if cards & MAHJONG_BIT or cards & ~_SUIT_OF_CARD[(cards & -cards).bit_length() - 1]:
        return cards
    for rank in range(low, high + 1):
        nib = nibs[rank]
        if COUNT[nib] >= 2:
            shift = SHIFT[rank]
            return cards ^ (NTH[1][nib] << shift) ^ (NTH[2][nib] << shift)
    return 0


def _stairs(hand: int, shape: _Shape, duel: bool) -> list[Combo]:
    return _runs(hand, shape.nibs, shape.stairs_lows, 2, Kind.STAIRS, 2)


def _straights(hand: int, shape: _Shape, duel: bool) -> list[Combo]:
    return _runs(hand, shape.nibs, shape.straight_lows, 1, Kind.STRAIGHT, 5)


def holds_bomb(hand: int) -> bool:
    """Whether the hand holds four cards of a rank or five in a row of one suit.

    A card's neighbour of the same suit one rank up is 4 bits higher, so these
    are a few shifts over the whole hand; most hands have no bomb at all."""
    ordinary = hand & ORDINARY_MASK
    four = ordinary & ordinary >> 1 & ordinary >> 2 & ordinary >> 3 & _SUIT0
    row = ordinary & ordinary >> 4 & ordinary >> 8 & ordinary >> 12 & ordinary >> 16
    return bool(four or row)


def _bombs(hand: int, shape: _Shape | None, duel: bool) -> list[Combo]:
    out = [Combo(Kind.BOMB, 4, r, RANK_MASK[r]) for r in RANKS
           if hand & RANK_MASK[r] == RANK_MASK[r]]
    for suit_mask in SUIT_MASK:
        suited = hand & suit_mask
        if suited.bit_count() < 5:
            continue
        for low in range(2, 11):
            cards = 0
            for high in range(low, 15):
                bit = suited & RANK_MASK[high]
                if not bit:
                    break
                cards |= bit
                if high - low >= 4:
                    out.append(Combo(Kind.BOMB, high - low + 1, high, cards))
    out.sort(key=lambda c: (c.length, c.height))
    return out


def _dog(hand: int, shape: _Shape, duel: bool) -> list[Combo]:
    return [_DOG] if hand & DOG_BIT else []


_GENERATORS = (_dog, _singles, _pairs, _triples, _stairs, _full_houses, _straights, _bombs)
_LONGER_KINDS = range(Kind.PAIR, Kind.BOMB + 1)   # every hand has singles; some have the Dog


def plays_of_kind(hand: int, kind: Kind, duel: bool) -> tuple[Combo, ...]:
    """Every combination of one kind in a hand, up to suit (Phoenix singles as led)."""
    shape = _shape(hand)
    if not shape.kinds >> kind & 1:
        return ()
    return tuple(_GENERATORS[kind](hand, shape, duel))


def all_plays(hand: int, duel: bool) -> tuple[Combo, ...]:
    """Every combination in a hand, up to suit: what it could lead with no wish in force.

    The search bot's rollouts lead from the same hands again and again (over the plays it
    compares on one deal), so the last few thousand hands' plays are kept."""
    key = hand << 1 | duel
    found = _LEADS.get(key)
    if found is None:
        shape = _shape(hand)
        possible = shape.kinds
        out = _singles(hand, shape, duel)
        if possible & 1:
            out.insert(0, _DOG)
        for kind in _LONGER_KINDS:
            if possible >> kind & 1:
                out += _GENERATORS[kind](hand, shape, duel)
        if len(_LEADS) >= _CACHE:
            _LEADS.clear()
        found = _LEADS[key] = tuple(out)
    return found


_LEADS: dict[int, tuple[Combo, ...]] = {}


def bombs(hand: int) -> tuple[Combo, ...]:
    """The bombs in a hand, weakest first.

    Every follow asks it again, of hands that change only when their seat plays, and
    the bots ask it of every hand they weigh: the answers are kept (in a plain dict,
    emptied when full), which costs a third of the quickest test for a bomb."""
    known = _BOMBS.get(hand)
    if known is None:
        if len(_BOMBS) >= _CACHE:
            _BOMBS.clear()
        known = _BOMBS[hand] = (tuple(_bombs(hand, None, False))
                                if hand.bit_count() > 3 and holds_bomb(hand) else ())
    return known


_BOMBS: dict[int, tuple[Combo, ...]] = {}


def beating(duel: bool, hand: int, top: Combo) -> tuple[Combo, ...]:
    """Every play of the hand that beats ``top`` (as it would lie on the table), bombs last.

    Equivalent to filtering with `beats`, written out because it is the hot path: most
    follows are to singles and pairs, which are found by looking above the top's rank only."""
    kind, length, height, top_cards, _ = top
    if kind == _BOMB:
        return tuple(b for b in bombs(hand) if (b.length, b.height) > (length, height))
    if kind == _SINGLE:
        if top_cards == DRAGON_BIT:
            return bombs(hand)
        follow = _above(NATURAL[1], hand, int(height) + 1)
        if hand & PHOENIX_BIT:
            follow.append(Combo(_SINGLE, 1, height + 0.5, PHOENIX_BIT))
        if hand & DRAGON_BIT:
            follow.append(_DRAGON_SINGLE)
    elif kind in (_PAIR, _TRIPLE):
        follow = _above(NATURAL[length], hand, int(height) + 1)
        if hand & PHOENIX_BIT:
            follow += _above(WITH_PHOENIX[length], hand, int(height) + 1)
    elif kind == _STAIRS and duel:
        follow = [c for c in plays_of_kind(hand, kind, duel)
                  if c.length == length and c.height - length // 2 + 1 > height]
    else:
        follow = [c for c in plays_of_kind(hand, kind, duel)
                  if c.length == length and c.height > height]
    return tuple(follow) + bombs(hand)


def _above(table: list[list[Combo | None]], hand: int, rank: int) -> list[Combo]:
    """``table[r][nibble]`` for each rank r from ``rank`` up, where there is one."""
    x = (hand & ORDINARY_MASK) >> SHIFT[rank] if rank < 15 else 0
    out = []
    while x:
        found = table[rank][x & 15]
        if found is not None:
            out.append(found)
        x >>= 4
        rank += 1
    return out


def clear_caches() -> None:
    """Forget every cached hand (for benchmarks that must measure cold enumeration)."""
    for cached in (rank_counts,):
        cached.cache_clear()
    _BOMBS.clear()
    _LEADS.clear()
