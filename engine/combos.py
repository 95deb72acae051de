"""Combinations: what a selection of cards is, and what beats what.

A `Combo` is one reading of a set of cards: its kind, length (number of cards),
height, the cards, and the rank the Phoenix stands for (0 when it stands for
none). Heights are ranks (Mah Jong 1, 2..10, J 11, Q 12, K 13, A 14); a
straight or stairs is as high as its top rank, a full house as its triple, a
four-of-a-kind as its rank. Single cards: the Dragon is 15, the Phoenix half a
rank above the single it lands on (1.5 when led), so heights may be x.5.

Bombs compare by length first (every straight flush beats every four of a kind,
a longer straight flush beats a shorter one), then by height.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import NamedTuple

from .cards import (
    DOG_BIT, DRAGON_BIT, MAHJONG_BIT, PHOENIX_BIT, SPECIALS_MASK, SUIT_MASK,
    format_cards, rank_text,
)
from .rules import RuleSet


class Kind(IntEnum):
    DOG = 0
    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    STAIRS = 4
    FULL_HOUSE = 5
    STRAIGHT = 6
    BOMB = 7

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


DRAGON_HEIGHT = 15
PHOENIX_LEAD_HEIGHT = 1.5


class Combo(NamedTuple):
    kind: Kind
    length: int
    height: float
    cards: int
    phoenix_as: int = 0

    def __str__(self) -> str:
        return f"{describe(self)} [{format_cards(self.cards)}]"

    @property
    def is_bomb(self) -> bool:
        return self.kind == Kind.BOMB


def describe(combo: Combo) -> str:
    """A combination in words, e.g. 'a pair of 7s' or 'a straight of 6 to 10'."""
    kind, length, height = combo.kind, combo.length, combo.height
    if kind == Kind.DOG:
        return "the Dog"
    if kind == Kind.SINGLE:
        if combo.cards == DRAGON_BIT:
            return "the Dragon"
        if combo.cards == PHOENIX_BIT:
            return "the Phoenix" if height == PHOENIX_LEAD_HEIGHT else f"the Phoenix ({_h(height)})"
        if combo.cards == MAHJONG_BIT:
            return "the Mah Jong"
        return f"a single {rank_text(int(height))}"
    top = int(height)
    if kind == Kind.PAIR:
        return f"a pair of {_plural(top)}"
    if kind == Kind.TRIPLE:
        return f"three {_plural(top)}"
    if kind == Kind.FULL_HOUSE:
        return f"a full house of {_plural(top)}"
    if kind == Kind.STAIRS:
        low = top - length // 2 + 1
        return f"stairs of {_plural(low)} to {_plural(top)}"
    if kind == Kind.STRAIGHT:
        return f"a straight of {rank_text(top - length + 1)} to {rank_text(top)}"
    if length == 4:
        return f"a bomb of four {_plural(top)}"
    return f"a straight-flush bomb of {rank_text(top - length + 1)} to {rank_text(top)}"


def _plural(rank: int) -> str:
    return rank_text(rank) + "s"


def _h(height: float) -> str:
    whole = int(height)
    return rank_text(whole) + ("½" if height != whole else "")


def beats(new: Combo, top: Combo, rules: RuleSet) -> bool:
    """Whether ``new`` may be played on ``top`` (ignoring turn order and the wish)."""
    if new.kind == Kind.BOMB:
        return top.kind != Kind.BOMB or (new.length, new.height) > (top.length, top.height)
    if new.kind != top.kind or new.length != top.length:     # (so top is no bomb either)
        return False
    if new.kind == Kind.SINGLE and new.cards == PHOENIX_BIT:
        return top.cards != DRAGON_BIT
    if new.kind == Kind.STAIRS and rules.duel:
        return new.height - new.length // 2 + 1 > top.height
    return new.height > top.height


def as_played(combo: Combo, top: Combo | None) -> Combo:
    """The combo as it lies on the table: a Phoenix single takes its height from ``top``."""
    if combo.cards == PHOENIX_BIT and combo.kind == Kind.SINGLE:
        height = PHOENIX_LEAD_HEIGHT if top is None else top.height + 0.5
        return Combo(Kind.SINGLE, 1, height, PHOENIX_BIT)
    return combo


# --- reading a selection ---------------------------------------------------


def readings(cards: int, rules: RuleSet) -> list[Combo]:
    """Every combination the selection can be, highest first; empty if none.

    Several readings exist only through the Phoenix (5 5 8 8 PH is a full house
    of 8s or of 5s). A Phoenix single reads as led (1.5); see `as_played`.
    """
    return list(_readings(cards, rules.duel))


@lru_cache(maxsize=4096)      # keyed by exact cards, so rarely hit twice: kept small
def _readings(cards: int, duel: bool) -> tuple[Combo, ...]:
    n = cards.bit_count()
    if n == 0:
        return ()
    if n == 1:
        return (_single(cards),)
    if cards & (DOG_BIT | DRAGON_BIT):
        return ()
    if not cards & PHOENIX_BIT:
        combo = _classify(_rank_counts(cards), n, cards)
        return (combo,) if combo else ()
    if duel and cards == MAHJONG_BIT | PHOENIX_BIT:
        return (Combo(Kind.PAIR, 2, 1, cards, 1),)
    counts = _rank_counts(cards & ~PHOENIX_BIT)
    found = []
    for rank in range(2, 15):
        counts[rank] += 1
        combo = _classify(counts, n, cards, phoenix_as=rank)
        counts[rank] -= 1
        if combo and combo.kind != Kind.BOMB:
            found.append(combo)
    found.sort(key=lambda c: c.height, reverse=True)
    return tuple(found)


def _single(card_bit: int) -> Combo:
    if card_bit == DOG_BIT:
        return Combo(Kind.DOG, 1, 0, card_bit)
    if card_bit == PHOENIX_BIT:
        return Combo(Kind.SINGLE, 1, PHOENIX_LEAD_HEIGHT, card_bit)
    if card_bit == DRAGON_BIT:
        return Combo(Kind.SINGLE, 1, DRAGON_HEIGHT, card_bit)
    if card_bit == MAHJONG_BIT:
        return Combo(Kind.SINGLE, 1, 1, card_bit)
    return Combo(Kind.SINGLE, 1, (card_bit.bit_length() + 5) // 4, card_bit)


def _rank_counts(cards: int) -> list[int]:
    """Cards per rank, index 0..14 (index 1 is the Mah Jong)."""
    counts = [0] * 15
    if cards & MAHJONG_BIT:
        counts[1] = 1
    ordinary = (cards & ~SPECIALS_MASK) >> 2
    rank = 2
    while ordinary:
        counts[rank] = (ordinary & 0xF).bit_count()
        ordinary >>= 4
        rank += 1
    return counts


def _classify(counts: list[int], n: int, cards: int, phoenix_as: int = 0) -> Combo | None:
    """The one reading of a multiset of ranks (the Phoenix already counted in)."""
    present = [r for r in range(1, 15) if counts[r]]
    low, high = present[0], present[-1]
    sizes = sorted((counts[r] for r in present), reverse=True)
    if len(present) == 1:
        if low == 1:
            return None
        kind = {2: Kind.PAIR, 3: Kind.TRIPLE, 4: Kind.BOMB}.get(n)
        if kind == Kind.BOMB and phoenix_as:
            return None
        return Combo(kind, n, high, cards, phoenix_as) if kind else None
    if sizes == [3, 2] and low != 1:
        triple = next(r for r in present if counts[r] == 3)
        return Combo(Kind.FULL_HOUSE, 5, triple, cards, phoenix_as)
    consecutive = high - low + 1 == len(present)
    if not consecutive:
        return None
    if sizes[0] == sizes[-1] == 2 and low != 1:
        return Combo(Kind.STAIRS, n, high, cards, phoenix_as)
    if sizes[0] == 1 and n >= 5:
        flush = not phoenix_as and low != 1 and any(cards & m == cards for m in SUIT_MASK)
        return Combo(Kind.BOMB if flush else Kind.STRAIGHT, n, high, cards, phoenix_as)
    return None
