"""Per-rank tables for finding plays: the four cards of a rank are one 4-bit "nibble"
of a hand (see cards.py), so what a rank's cards can make comes from small tables
indexed by the nibble, built once at import.

`NATURAL` and `WITH_PHOENIX` give the single, pair or triple of a rank (the lowest
suits), by nibble; the block tables give the sets of one kind of two ranks at once,
by the byte of their two nibbles, so that a hand's sets are seven lookups
(`in_blocks`).
"""

from __future__ import annotations

from .cards import PHOENIX_BIT
from .combos import Combo, Kind

RANKS = range(2, 15)
SHIFT = [0, 0] + [4 * r - 6 for r in RANKS]      # a rank's first card
COUNT = [bin(n).count("1") for n in range(16)]    # cards in a nibble


def _lowest(nibble: int, n: int) -> int:
    """The n lowest set bits of a nibble (n <= its popcount)."""
    out = 0
    for _ in range(n):
        low = nibble & -nibble
        out |= low
        nibble ^= low
    return out


# LOW[n][nibble]: the n lowest-suit cards of a rank; NTH[n][nibble]: the n-th lowest alone.
LOW = [[_lowest(nib, n) if n <= COUNT[nib] else 0 for nib in range(16)] for n in range(5)]
NTH = [[LOW[n][nib] ^ LOW[n - 1][nib] if n else 0 for nib in range(16)] for n in range(5)]
_SET_KINDS = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIPLE}


def _set_table(size: int, phoenix: bool) -> list[list[Combo | None]]:
    """[rank][nibble] -> the single, pair or triple of that rank (with the Phoenix in it)."""
    table: list[list[Combo | None]] = [[None] * 16 for _ in range(15)]
    for rank in RANKS:
        for nib in range(1, 16):
            real = size - 1 if phoenix else size
            if COUNT[nib] >= real and (real or COUNT[nib]):
                cards = LOW[real][nib] << SHIFT[rank]
                if phoenix:
                    table[rank][nib] = Combo(_SET_KINDS[size], size, rank, cards | PHOENIX_BIT,
                                             rank)
                else:
                    table[rank][nib] = Combo(_SET_KINDS[size], size, rank, cards)
    return table


NATURAL = {size: _set_table(size, False) for size in (1, 2, 3)}
WITH_PHOENIX = {size: _set_table(size, True) for size in (2, 3)}

# Blocks[i][byte]: the sets of one kind among ranks 2+2i and 3+2i, whose cards are the
# byte's low and high nibble.
Blocks = tuple[tuple[tuple[Combo, ...], ...], ...]


def _blocks(table: list[list[Combo | None]]) -> Blocks:
    return tuple(tuple(tuple(c for k in (0, 1) if (rank := 2 * i + 2 + k) < 15
                             and (c := table[rank][byte >> 4 * k & 15]) is not None)
                       for byte in range(256)) for i in range(7))


SINGLES, PAIRS, TRIPLES = (_blocks(NATURAL[size]) for size in (1, 2, 3))
PHOENIX_PAIRS, PHOENIX_TRIPLES = (_blocks(WITH_PHOENIX[size]) for size in (2, 3))


def in_blocks(blocks: Blocks, ordinary: int) -> tuple[Combo, ...]:
    """The sets of one kind in the ordinary cards (2s at bit 0), looked up two ranks at
    a time: seven lookups instead of a test per rank."""
    return (blocks[0][ordinary & 255] + blocks[1][ordinary >> 8 & 255]
            + blocks[2][ordinary >> 16 & 255] + blocks[3][ordinary >> 24 & 255]
            + blocks[4][ordinary >> 32 & 255] + blocks[5][ordinary >> 40 & 255]
            + blocks[6][ordinary >> 48])
