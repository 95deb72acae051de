"""Sure winners: whether any combination among the cards a seat has not seen can beat
one of its own (bombs aside), the heuristic's test for a trick that cannot be lost.

Asked of every play and of every part of the hand's split at every decision, and
the unseen cards change at every move: the answer comes from the unseen cards' ranks
held once, twice, three times (bit tests over the whole hand, as enumeration.py does),
worked out once per set of unseen cards.
"""

from __future__ import annotations

from ..cards import DRAGON_BIT, MAHJONG_BIT, ORDINARY_MASK, PHOENIX_BIT
from ..combos import Combo, Kind
from ..enumeration import rank_counts
from .hand_split import Part, part

PHOENIX_PART = part(Kind.SINGLE, 1, 0)

_BOMB, _DOG, _SINGLE = int(Kind.BOMB), int(Kind.DOG), int(Kind.SINGLE)
_PAIR, _TRIPLE, _FULL_HOUSE, _STAIRS = (int(Kind.PAIR), int(Kind.TRIPLE), int(Kind.FULL_HOUSE),
                                        int(Kind.STAIRS))
_RANK_BITS = sum(1 << 4 * i for i in range(13))      # bit 0 of each rank's nibble, 2s first
# _ABOVE[h]: the cards of the ranks above h (h 0: the Mah Jong too); _RANKS_ABOVE[h]:
# those ranks as nibble bits of the ordinary cards (2s at bit 0).
_ABOVE = [ORDINARY_MASK | MAHJONG_BIT] + [ORDINARY_MASK & ~((1 << 4 * h - 2) - 1)
                                          for h in range(1, 16)]
_RANKS_ABOVE = [_RANK_BITS] + [_RANK_BITS & ~((1 << 4 * (h - 1)) - 1) for h in range(1, 16)]

# Per set of unseen cards: the ranks held at least once, twice, three times.
_HELD: dict[int, tuple[int, int, int]] = {}
_HELD_KEPT = 1 << 12


def sure_combo(combo: Combo, unseen: int) -> bool:
    return sure(int(combo.kind), combo.length, combo.height, unseen)


def sure_part(part: Part, unseen: int) -> bool:
    if part == PHOENIX_PART:
        return sure(_SINGLE, 1, 14.5, unseen)
    return sure(part[0], part[1], part[2], unseen)


def sure(kind: int, length: int, height: float, unseen: int) -> bool:
    """Whether no combination among the unseen cards can beat this one (bombs aside)."""
    if kind == _BOMB:
        return True
    if kind == _DOG:
        return False
    phoenix = unseen & PHOENIX_BIT
    h = int(height)
    if kind == _SINGLE:
        if height >= 15:
            return True
        return not (unseen & DRAGON_BIT or phoenix or unseen & _ABOVE[h])
    if kind in (_PAIR, _TRIPLE, _FULL_HOUSE):
        # Some rank above must hold the combination's cards, the Phoenix making one.
        need = (2 if kind == _PAIR else 3) - (1 if phoenix else 0)
        return not _held(unseen)[need - 1] & _RANKS_ABOVE[h]
    counts = rank_counts(unseen)
    width = 2 if kind == _STAIRS else 1
    ranks = length // width
    gaps_allowed = 1 if phoenix else 0
    for top in range(h + 1, 15):
        gaps = sum(1 for r in range(top - ranks + 1, top + 1) if counts[r] < width)
        if gaps <= gaps_allowed and top - ranks + 1 >= 1:
            return False
    return True


def _held(unseen: int) -> tuple[int, int, int]:
    """The unseen ordinary ranks held at least once, twice, three times (nibble bits)."""
    found = _HELD.get(unseen)
    if found is None:
        x = unseen >> 2 & ORDINARY_MASK >> 2
        a, b, c, d = x, x >> 1, x >> 2, x >> 3
        a_and_b, c_and_d, a_or_b, c_or_d = a & b, c & d, a | b, c | d
        found = ((a_or_b | c_or_d) & _RANK_BITS, (a_and_b | c_and_d | a_or_b & c_or_d) & _RANK_BITS,
                 (a_and_b & c_or_d | c_and_d & a_or_b) & _RANK_BITS)
        if len(_HELD) >= _HELD_KEPT:
            _HELD.clear()
        _HELD[unseen] = found
    return found
