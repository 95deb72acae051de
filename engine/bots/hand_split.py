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
bot's simulations, share most of their sub-problems.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, TypeVar, TypeVarTuple

from ..cards import DOG_BIT, DRAGON_BIT, PHOENIX_BIT, SUIT_MASK
from ..combos import Combo, Kind
from ..enumeration import bombs, rank_counts

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
# A combination the lowest card can be part of: (its part, (rank, cards used) for each
# rank it takes, whether it takes the Phoenix).
Option = tuple[Part, list[tuple[int, int]], bool]


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
    return 1.0 - strength(part)


class Split(NamedTuple):
    cost: float
    parts: tuple[Part, ...]
    bomb_cards: int        # the cards held back as bombs


def split(hand: int) -> Split:
    """The cheapest split of a hand (see the module docstring)."""
    return Split(*_split(hand))


def cost(hand: int) -> float:
    return _split(hand)[0]


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


@memo(1 << 17)
def _split(hand: int) -> tuple[float, tuple[Part, ...], int]:
    parts: list[Part] = []
    bomb_cards = 0
    for bomb in _bombs_in(hand):
        if not bomb.cards & bomb_cards:
            bomb_cards |= bomb.cards
            parts.append(part(Kind.BOMB, bomb.length, int(bomb.height)))
    rest = hand & ~bomb_cards
    if rest & DOG_BIT:
        parts.append(part(Kind.DOG, 1, 0))
    if rest & DRAGON_BIT:
        parts.append(part(Kind.SINGLE, 1, 15))
    total, sub = _solve(rank_counts(rest & ~(DOG_BIT | DRAGON_BIT | PHOENIX_BIT)),
                        bool(rest & PHOENIX_BIT))
    parts.extend(sub)
    total += sum(part_cost(p) for p in parts[:len(parts) - len(sub)])
    return (total, tuple(parts), bomb_cards)


def _bombs_in(hand: int) -> Sequence[Combo]:
    """The hand's bombs, longest and highest first; a quick look first, as most have none."""
    if not (any((hand >> (4 * r - 6)) & 15 == 15 for r in range(2, 15))
            or any((hand & m).bit_count() >= 5 for m in SUIT_MASK)):
        return ()
    return sorted(bombs(hand), key=lambda b: (-b.length, -b.height))


_PHOENIX_SINGLE = part(Kind.SINGLE, 1, 0)
_TIE = 0.01   # per combination: of two equal splits, prefer the one with fewer


@memo(1 << 19)
def _solve(counts: tuple[int, ...], phoenix: bool) -> tuple[float, tuple[Part, ...]]:
    """Cheapest split of a multiset of ranks (index 1 the Mah Jong), with the Phoenix free."""
    low = next((r for r in range(1, 15) if counts[r]), 0)
    if not low:
        return (part_cost(_PHOENIX_SINGLE) + _TIE, (_PHOENIX_SINGLE,)) if phoenix else (0.0, ())
    best: tuple[float, tuple[Part, ...]] | None = None
    for option, used, used_phoenix in _options(counts, phoenix, low):
        rest = list(counts)
        for rank, n in used:
            rest[rank] -= n
        sub_cost, sub = _solve(tuple(rest), phoenix and not used_phoenix)
        total = sub_cost + part_cost(option) + _TIE
        if best is None or total < best[0]:
            best = (total, (option,) + sub)
    assert best is not None, "the lowest card can always be played alone"
    return best


def _options(counts: tuple[int, ...], phoenix: bool, low: int) -> Iterator[Option]:
    """Every combination that the lowest card (of rank ``low``) can be part of:
    (part, [(rank, cards used)], whether the Phoenix is used)."""
    n = counts[low]
    if low == 1:
        yield part(Kind.SINGLE, 1, 1), [(1, 1)], False
        yield from _straights(counts, phoenix, 1)
        return
    yield part(Kind.SINGLE, 1, low), [(low, 1)], False
    if n >= 2:
        yield part(Kind.PAIR, 2, low), [(low, 2)], False
    if phoenix:
        yield part(Kind.PAIR, 2, low, low), [(low, 1)], True
    if n >= 3:
        yield part(Kind.TRIPLE, 3, low), [(low, 3)], False
    if phoenix and n >= 2:
        yield part(Kind.TRIPLE, 3, low, low), [(low, 2)], True
    yield from _full_houses(counts, phoenix, low)
    yield from _straights(counts, phoenix, low)
    yield from _stairs(counts, phoenix, low)


def _full_houses(counts: tuple[int, ...], phoenix: bool, low: int) -> Iterator[Option]:
    n = counts[low]
    for other in range(low + 1, 15):
        m = counts[other]
        if not m:
            continue
        # the lowest rank as the triple, ``other`` as the pair
        if n >= 3 and m >= 2:
            yield part(Kind.FULL_HOUSE, 5, low), [(low, 3), (other, 2)], False
        if phoenix and n >= 3 and m == 1:
            yield part(Kind.FULL_HOUSE, 5, low, other), [(low, 3), (other, 1)], True
        if phoenix and n == 2 and m >= 2:
            yield part(Kind.FULL_HOUSE, 5, low, low), [(low, 2), (other, 2)], True
        # the lowest rank as the pair, ``other`` as the triple
        if n >= 2 and m >= 3:
            yield part(Kind.FULL_HOUSE, 5, other), [(low, 2), (other, 3)], False
        if phoenix and n >= 2 and m == 2:
            yield part(Kind.FULL_HOUSE, 5, other, other), [(low, 2), (other, 2)], True
        if phoenix and n == 1 and m >= 3:
            yield part(Kind.FULL_HOUSE, 5, other, low), [(low, 1), (other, 3)], True


def _straights(counts: tuple[int, ...], phoenix: bool, low: int) -> Iterator[Option]:
    """Straights holding the lowest card; the Phoenix may fill one gap or sit just below."""
    starts = [(low, False)]
    if phoenix and low >= 3:
        starts.append((low - 1, True))
    for start, below in starts:
        used = [] if below else [(low, 1)]
        gap = start if below else 0
        for top in range(start + 1, 15):
            if counts[top]:
                used.append((top, 1))
            elif phoenix and not gap:
                gap = top
            else:
                break
            if top - start >= 4:
                yield part(Kind.STRAIGHT, top - start + 1, top, gap), list(used), bool(gap)


def _stairs(counts: tuple[int, ...], phoenix: bool, low: int) -> Iterator[Option]:
    used: list[tuple[int, int]] = []
    gap = 0
    for top in range(low, 15):
        m = counts[top]
        if m >= 2:
            used.append((top, 2))
        elif m == 1 and phoenix and not gap:
            gap = top
            used.append((top, 1))
        else:
            break
        if top > low:
            yield part(Kind.STAIRS, 2 * (top - low + 1), top, gap), list(used), bool(gap)

