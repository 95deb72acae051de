"""How good a hand is: the cheapest way to split it into combinations.

A hand goes out in as many leads as it has combinations, and every combination
that cannot win its trick costs the lead to someone else. So a hand's *cost* is
the sum, over the combinations of its best split, of ``1 - w`` where ``w`` is a
rough chance that the combination wins the trick it is played in (a low single
costs 1, the Dragon almost nothing, a bomb less than nothing: it takes the lead
back whenever it is wanted). Lower is better; the heuristic bot plays to lower
it, and its Tichu calls are calibrated against it.

The split ignores suits (bombs are set aside first), so it is cached on the
count of cards per rank: the sub-hands met in one round, and in the search
bot's simulations, share most of their sub-problems. The search bot's decisions
ask for tens of thousands of splits, most of them new: the counts are packed in
one int (`packed_counts`), and the options of a multiset are ruled out by bit
tests before any is built; the result, float for float and tie for tie, is the
plain recursion's (tests/bots/test_same_decisions.py holds the bot to its choices
before these changes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar, TypeVarTuple

from ..cards import DOG_BIT, DRAGON_BIT, PHOENIX_BIT
from ..combos import Kind
from ..enumeration import bombs, holds_bomb

# Chance-like strength of a combination by its (top) rank, index 0..14.
SINGLE_W = (0, 0, 0, 0, 0, 0, 0, .02, .04, .07, .12, .2, .3, .42, .6)
_PAIR_W = (0, 0, 0, 0, 0, 0, 0, .05, .08, .12, .18, .27, .38, .52, .7)
PHOENIX_W = .65
DRAGON_W = .95
DOG_W = .35
BOMB_W = 1.5

Key = TypeVarTuple("Key")
R = TypeVar("R")


# A part of a split is a plain tuple (kind, number of cards, top rank, Phoenix's rank),
# kind as an int: plain tuples of ints are what the garbage collector can skip, and
# the caches below hold hundreds of thousands of them.
Part = tuple[int, int, int, int]
# A combination the lowest card can be part of: (its part, the cards it takes as packed
# counts (see `packed_counts`), whether it takes the Phoenix).
Option = tuple[Part, int, bool]


def part(kind: Kind, length: int, height: int, phoenix_as: int = 0) -> Part:
    return (int(kind), length, height, phoenix_as)


def strength(part: Part) -> float:
    """The ``w`` of a combination (see the module docstring)."""
    kind, length, h = part[0], part[1], part[2]
    if kind == Kind.SINGLE:
        return DRAGON_W if h == 15 else PHOENIX_W if h == 0 else SINGLE_W[h]
    if kind == Kind.PAIR:
        return _PAIR_W[h]
    if kind == Kind.TRIPLE:
        return min(.92, .1 + .8 * max(0, h - 5) / 9)
    if kind == Kind.FULL_HOUSE:
        return min(.95, .25 + .7 * (h - 2) / 12)
    if kind == Kind.STRAIGHT:
        return min(.95, .15 + .8 * max(0, h - 5) / 9 + .05 * (length - 5))
    if kind == Kind.STAIRS:
        return min(.95, .1 + .7 * max(0, h - 3) / 11 + .15 * (length // 2 - 2))
    if kind == Kind.BOMB:
        return BOMB_W
    return DOG_W


def part_cost(part: Part) -> float:
    found = _COSTS.get(part)
    if found is None:
        found = _COSTS[part] = 1.0 - strength(part)
    return found


_COSTS: dict[Part, float] = {}      # by part: a few hundred at most


class Split(NamedTuple):
    cost: float
    parts: tuple[Part, ...]
    bomb_cards: int        # the cards held back as bombs


def split(hand: int) -> Split:
    """The cheapest split of a hand (see the module docstring)."""
    return _new(Split, _SPLITS.get(hand) or _kept_split(hand))


def cost(hand: int) -> float:
    return (_SPLITS.get(hand) or _kept_split(hand))[0]


def _kept_split(hand: int) -> _Kept:
    if len(_SPLITS) >= _SPLITS_KEPT:
        _SPLITS.clear()
    found = _SPLITS[hand] = _split(hand)
    return found


_new = tuple.__new__


def memo(cap: int) -> Callable[[Callable[[*Key], R]], Callable[[*Key], R]]:
    """A cache in a plain dict, emptied when it reaches ``cap`` entries. Unlike
    functools.lru_cache it keeps no linked list of entries for the garbage collector
    to walk: with large caches those walks stalled whole decisions."""
    def wrap(fn: Callable[[*Key], R]) -> Callable[[*Key], R]:
        table: dict[tuple[*Key], R] = {}

        def cached(*key: *Key) -> R:
            try:
                return table[key]
            except KeyError:
                if len(table) >= cap:
                    table.clear()
                value = table[key] = fn(*key)
                return value
        cached.__doc__ = fn.__doc__
        return cached
    return wrap


# Splits by hand, and solved multisets of ranks by their packed counts (see `_solve`):
# plain dicts emptied when full, as `memo` keeps them, of plain tuples of numbers, which
# the garbage collector stops tracking (it tracks every named tuple, and walked the
# caches' hundreds of thousands of them in every full collection).
_Kept = tuple[float, tuple[Part, ...], int]         # a Split's fields
_SPLITS: dict[int, _Kept] = {}
_SPLITS_KEPT = 1 << 17
_SUITLESS: dict[int, _Kept] = {}       # hands without bombs, by their ranks and specials
_SOLVED: dict[int, tuple[float, tuple[Part, ...]]] = {}
_SOLVED_KEPT = 1 << 19


def _split(hand: int) -> _Kept:
    if hand.bit_count() < 4 or not holds_bomb(hand):
        # Without bombs the suits do not matter: hands of the same ranks share their split.
        counts = packed_counts(hand)
        key = counts << 3 | bool(hand & DOG_BIT) << 2 | bool(hand & DRAGON_BIT) << 1
        key |= bool(hand & PHOENIX_BIT)
        found = _SUITLESS.get(key)
        if found is None:
            if len(_SUITLESS) >= _SPLITS_KEPT:
                _SUITLESS.clear()
            found = _SUITLESS[key] = _split_rest(hand, counts, [], 0)
        return found
    parts: list[Part] = []
    bomb_cards = 0
    for bomb in sorted(bombs(hand), key=lambda b: (-b.length, -b.height)):
        if not bomb.cards & bomb_cards:
            bomb_cards |= bomb.cards
            parts.append(part(Kind.BOMB, bomb.length, int(bomb.height)))
    rest = hand & ~bomb_cards
    return _split_rest(rest, packed_counts(rest), parts, bomb_cards)


def _split_rest(rest: int, counts: int, parts: list[Part], bomb_cards: int) -> _Kept:
    """The split of the hand, its bombs (``parts`` so far) set aside: the Dog and the
    Dragon alone, the rest (its ranks packed in ``counts``) solved by ranks."""
    if rest & DOG_BIT:
        parts.append(part(Kind.DOG, 1, 0))
    if rest & DRAGON_BIT:
        parts.append(part(Kind.SINGLE, 1, 15))
    key = counts << 1 | bool(rest & PHOENIX_BIT)
    total, sub = _SOLVED.get(key) or _solve(key)
    if not parts:
        return (total, sub, bomb_cards)
    parts.extend(sub)
    total += sum(part_cost(p) for p in parts[:len(parts) - len(sub)])
    return (total, tuple(parts), bomb_cards)


# Counts per rank packed in one int, four bits a rank: the Mah Jong at bits 0-3, rank r
# (2..14) at bits 4(r-1) .. 4r-1. One int is a quick key, and taking a combination's
# cards out of a multiset is one subtraction.
_AT = [4 * (rank - 1) for rank in range(15)]
_NIBBLE_ONES = sum(1 << 4 * i for i in range(13))


def packed_counts(cards: int) -> int:
    """The ordinary cards and the Mah Jong of ``cards``, counted per rank and packed."""
    x = cards >> 2 & 0xF * _NIBBLE_ONES
    x -= x >> 1 & 0x5 * _NIBBLE_ONES                           # two-bit counts
    x = (x & 0x3 * _NIBBLE_ONES) + (x >> 2 & 0x3 * _NIBBLE_ONES)  # four-bit counts
    return x << 4 | cards >> 1 & 1


_PHOENIX_SINGLE = part(Kind.SINGLE, 1, 0)
_SINGLE, _PAIR, _TRIPLE = int(Kind.SINGLE), int(Kind.PAIR), int(Kind.TRIPLE)
_FULL_HOUSE, _STRAIGHT, _STAIRS = int(Kind.FULL_HOUSE), int(Kind.STRAIGHT), int(Kind.STAIRS)
_TIE = 0.01   # per combination: of two equal splits, prefer the one with fewer
# By a rank's field (see `packed_counts`): its single, and what that costs.
_LONE = {4 * (rank - 1): part(Kind.SINGLE, 1, rank) for rank in range(1, 15)}
_LONE_COST = {at: part_cost(single) for at, single in _LONE.items()}


def _solve(key: int) -> tuple[float, tuple[Part, ...]]:
    """Cheapest split of a multiset of ranks, ``key`` its packed counts shifted left by
    one with the Phoenix (free to stand in) at bit 0.

    The lowest card must be in some combination: each one it can be part of is tried,
    in a fixed order (of equal splits the first is kept), and the rest solved (and
    kept) likewise. Lowest cards that can only be singles are taken off at once."""
    phoenix, counts = key & 1, key >> 1
    found: tuple[float, tuple[Part, ...]]
    if not counts:
        found = (part_cost(_PHOENIX_SINGLE) + _TIE, (_PHOENIX_SINGLE,)) if phoenix else (0.0, ())
    elif phoenix:
        found = _branch(counts, 1)
    else:
        # Alone in its rank with no straight up from it (no Phoenix about to fill a gap),
        # the lowest card can only be a single.
        lone: list[int] = []
        rest = counts
        while rest:
            at = (rest & -rest).bit_length() - 1 & ~3     # the lowest rank's field
            above = rest >> at + 4
            if rest >> at & 15 != 1 or (above | above >> 1 | above >> 2) & 0x1111 == 0x1111:
                break
            lone.append(at)
            rest -= 1 << at
        if not lone:
            found = _branch(counts, 0)
        else:
            total, parts = _SOLVED.get(rest << 1) or _solve(rest << 1)
            for at in reversed(lone):           # summed in the order of taking them one by one
                total = total + _LONE_COST[at] + _TIE
            found = (total, tuple(_LONE[at] for at in lone) + parts)
    if len(_SOLVED) >= _SOLVED_KEPT:
        _SOLVED.clear()
    _SOLVED[key] = found
    return found


def _branch(counts: int, phoenix: int) -> tuple[float, tuple[Part, ...]]:
    """`_solve` where the lowest card may be in more than one combination: the cheapest."""
    best: tuple[float, tuple[Part, ...]] | None = None
    solved, costs = _SOLVED, _COSTS
    for option, used, used_phoenix in _options(counts, bool(phoenix)):
        rest = (counts - used) << 1 | (phoenix and not used_phoenix)
        sub_cost, sub = solved.get(rest) or _solve(rest)
        total = sub_cost + (costs.get(option) or part_cost(option)) + _TIE
        if best is None or total < best[0]:
            best = (total, (option,) + sub)
    assert best is not None, "the lowest card can always be played alone"
    return best


def _options(counts: int, phoenix: bool) -> list[Option]:
    """Every combination that the lowest card can be part of: (part, the cards it takes
    as packed counts, whether the Phoenix is used), singles first, stairs last.

    Bit tests over the ranks above rule out full houses, straights and stairs first
    (most multisets hold none): ``held``, ``twice``, ``thrice`` mark those ranks by
    bit 0 of their field."""
    low = ((counts & -counts).bit_length() + 3) >> 2
    n = counts >> _AT[low] & 15
    one = 1 << _AT[low]
    above = counts >> _AT[low + 1] if low < 14 else 0
    held = (above | above >> 1 | above >> 2) & _NIBBLE_ONES
    if low == 1:
        out = [((_SINGLE, 1, 1, 0), one, False)]
        if _may_run(held, phoenix):
            _straights(out, counts, phoenix, 1)
        return out
    out = [((_SINGLE, 1, low, 0), one, False)]
    if n >= 2:
        out.append(((_PAIR, 2, low, 0), 2 * one, False))
    if phoenix:
        out.append(((_PAIR, 2, low, low), one, True))
    if n >= 3:
        out.append(((_TRIPLE, 3, low, 0), 3 * one, False))
    if phoenix and n >= 2:
        out.append(((_TRIPLE, 3, low, low), 2 * one, True))
    if held and (n >= 2 or phoenix):     # a full house needs a pair of the lowest, or the Phoenix
        twice = (above >> 1 | above >> 2) & _NIBBLE_ONES
        thrice = (above >> 2 | above >> 1 & above) & _NIBBLE_ONES
        if n >= 3:
            fits = twice or phoenix and held
        else:
            fits = thrice or phoenix and twice if n == 2 else phoenix and thrice
        if fits:
            _full_houses(out, counts, phoenix, low, held)
    if _may_run(held, phoenix):
        _straights(out, counts, phoenix, low)
    if held & 1 and (n >= 2 or phoenix):
        _stairs(out, counts, phoenix, low)
    return out


def _may_run(held: int, phoenix: bool) -> bool:
    """Whether a straight may start at the lowest rank (or just below it, with the
    Phoenix): the four ranks above it held, or with the Phoenix three of them."""
    four = held & 0x1111
    return four == 0x1111 or phoenix and four.bit_count() >= 3


def _full_houses(out: list[Option], counts: int, phoenix: bool, low: int, held: int) -> None:
    """Full houses of the lowest rank with each rank above it the multiset holds (marked
    in ``held``, the rank just above the lowest at bit 0), in order."""
    n = counts >> _AT[low] & 15
    one = 1 << _AT[low]
    while held:
        bit = held & -held
        held ^= bit
        other = low + 1 + (bit.bit_length() >> 2)
        m = counts >> _AT[other] & 15
        two = 1 << _AT[other]
        # the lowest rank as the triple, ``other`` as the pair
        if n >= 3 and m >= 2:
            out.append(((_FULL_HOUSE, 5, low, 0), 3 * one + 2 * two, False))
        if phoenix and n >= 3 and m == 1:
            out.append(((_FULL_HOUSE, 5, low, other), 3 * one + two, True))
        if phoenix and n == 2 and m >= 2:
            out.append(((_FULL_HOUSE, 5, low, low), 2 * one + 2 * two, True))
        # the lowest rank as the pair, ``other`` as the triple
        if n >= 2 and m >= 3:
            out.append(((_FULL_HOUSE, 5, other, 0), 2 * one + 3 * two, False))
        if phoenix and n >= 2 and m == 2:
            out.append(((_FULL_HOUSE, 5, other, other), 2 * one + 2 * two, True))
        if phoenix and n == 1 and m >= 3:
            out.append(((_FULL_HOUSE, 5, other, low), one + 3 * two, True))


def _straights(out: list[Option], counts: int, phoenix: bool, low: int) -> None:
    """Straights holding the lowest card; the Phoenix may fill one gap or sit just below."""
    for start, below in ((low, False), (low - 1, True)) if phoenix and low >= 3 else (
            (low, False),):
        used = 0 if below else 1 << _AT[low]
        gap = start if below else 0
        for top in range(start + 1, 15):
            if counts >> _AT[top] & 15:
                used += 1 << _AT[top]
            elif phoenix and not gap:
                gap = top
            else:
                break
            if top - start >= 4:
                out.append(((_STRAIGHT, top - start + 1, top, gap), used, bool(gap)))


def _stairs(out: list[Option], counts: int, phoenix: bool, low: int) -> None:
    used = 0
    gap = 0
    for top in range(low, 15):
        m = counts >> _AT[top] & 15
        if m >= 2:
            used += 2 << _AT[top]
        elif m == 1 and phoenix and not gap:
            gap = top
            used += 1 << _AT[top]
        else:
            break
        if top > low:
            out.append(((_STAIRS, 2 * (top - low + 1), top, gap), used, bool(gap)))
