"""The 56 cards, their text notation and their points.

A card is a small int (its id) wrapped in the `Card` enum; a set of cards is an
int bitmask over those ids (bit ``1 << card``). Masks keep hands cheap to copy,
compare and combine, which the bots' simulations depend on.

Ids are laid out in hand order: Dog 0, Mah Jong 1, then the ordinary cards rank
by rank (2 of Jade, Sword, Pagoda, Star, then 3s ...), Phoenix 54, Dragon 55.
The four cards of ordinary rank ``r`` are bits ``4r-6 .. 4r-3``.

Notation (used in logs, tests, error messages and the network protocol):

- an ordinary card is its rank then its suit: ranks ``2``-``9``, ``T`` (10),
  ``J``, ``Q``, ``K``, ``A``; suits ``j`` Jade, ``s`` Sword, ``p`` Pagoda,
  ``r`` Star (red). ``7j`` is the seven of Jade, ``Tr`` the ten of Star.
- the specials are ``MJ`` (Mah Jong), ``DG`` (Dog), ``PH`` (Phoenix),
  ``DR`` (Dragon).
- a set of cards is its cards in hand order, separated by spaces.

Parsing is case-insensitive and also accepts ``10`` for ``T`` and ``1`` for the
Mah Jong; formatting always gives the canonical form above.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import NotationError

SUITS = "jspr"
RANK_CHARS = "23456789TJQKA"
RANK_NAMES = {1: "1", 11: "J", 12: "Q", 13: "K", 14: "A"}

# Ranks as numbers: the Mah Jong is 1, ordinary cards 2..14 (J 11, Q 12, K 13, A 14).
MAHJONG_RANK = 1
ORDINARY_RANKS = range(2, 15)

DOG_ID, MAHJONG_ID, PHOENIX_ID, DRAGON_ID = 0, 1, 54, 55


def card_id(rank: int, suit: int) -> int:
    """Id of the ordinary card of ``rank`` (2..14) and ``suit`` (0..3)."""
    return 4 * rank - 6 + suit


class Card(IntEnum):
    """One of the 56 cards; its value is its id (see the module docstring)."""

    DOG = 0
    MAHJONG = 1
    JADE_2, SWORD_2, PAGODA_2, STAR_2 = 2, 3, 4, 5
    JADE_3, SWORD_3, PAGODA_3, STAR_3 = 6, 7, 8, 9
    JADE_4, SWORD_4, PAGODA_4, STAR_4 = 10, 11, 12, 13
    JADE_5, SWORD_5, PAGODA_5, STAR_5 = 14, 15, 16, 17
    JADE_6, SWORD_6, PAGODA_6, STAR_6 = 18, 19, 20, 21
    JADE_7, SWORD_7, PAGODA_7, STAR_7 = 22, 23, 24, 25
    JADE_8, SWORD_8, PAGODA_8, STAR_8 = 26, 27, 28, 29
    JADE_9, SWORD_9, PAGODA_9, STAR_9 = 30, 31, 32, 33
    JADE_T, SWORD_T, PAGODA_T, STAR_T = 34, 35, 36, 37
    JADE_J, SWORD_J, PAGODA_J, STAR_J = 38, 39, 40, 41
    JADE_Q, SWORD_Q, PAGODA_Q, STAR_Q = 42, 43, 44, 45
    JADE_K, SWORD_K, PAGODA_K, STAR_K = 46, 47, 48, 49
    JADE_A, SWORD_A, PAGODA_A, STAR_A = 50, 51, 52, 53
    PHOENIX = 54
    DRAGON = 55


DOG = Card.DOG
MAHJONG = Card.MAHJONG
PHOENIX = Card.PHOENIX
DRAGON = Card.DRAGON

DOG_BIT = 1 << DOG_ID
MAHJONG_BIT = 1 << MAHJONG_ID
PHOENIX_BIT = 1 << PHOENIX_ID
DRAGON_BIT = 1 << DRAGON_ID
SPECIALS_MASK = DOG_BIT | MAHJONG_BIT | PHOENIX_BIT | DRAGON_BIT
FULL_DECK = (1 << 56) - 1
ORDINARY_MASK = FULL_DECK & ~SPECIALS_MASK

RANK_MASK = {rank: 0xF << (4 * rank - 6) for rank in ORDINARY_RANKS}
RANK_MASK[MAHJONG_RANK] = MAHJONG_BIT
SUIT_MASK = tuple(
    sum(1 << card_id(rank, suit) for rank in ORDINARY_RANKS) for suit in range(4)
)

_CARD_BY_ID = tuple(Card(i) for i in range(56))


def rank_of(card: int) -> int:
    """Rank of an ordinary card (2..14); 1 for the Mah Jong, 0 for the other specials."""
    if 2 <= card <= 53:
        return (card + 6) // 4
    return 1 if card == MAHJONG_ID else 0


def suit_of(card: int) -> int:
    """Suit index (0..3) of an ordinary card; -1 for the specials."""
    return (card - 2) % 4 if 2 <= card <= 53 else -1


_FIVES = RANK_MASK[5]
_TENS_AND_KINGS = RANK_MASK[10] | RANK_MASK[13]


def points(mask: int) -> int:
    """Card points in a set of cards (the whole deck holds 100)."""
    total = 5 * (mask & _FIVES).bit_count() + 10 * (mask & _TENS_AND_KINGS).bit_count()
    if mask & DRAGON_BIT:
        total += 25
    if mask & PHOENIX_BIT:
        total -= 25
    return total


def mask_of(cards: Iterable[int]) -> int:
    """Bitmask of an iterable of cards (ids)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in hand order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARD_BY_ID[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def count(mask: int) -> int:
    return mask.bit_count()


def rank_count(mask: int, rank: int) -> int:
    """How many ordinary cards of ``rank`` the mask holds (Mah Jong for rank 1)."""
    return (mask & RANK_MASK[rank]).bit_count()


# --- notation -----------------------------------------------------------------

_SPECIAL_TEXT = {DOG_ID: "DG", MAHJONG_ID: "MJ", PHOENIX_ID: "PH", DRAGON_ID: "DR"}
_TEXT_BY_ID = tuple(
    _SPECIAL_TEXT.get(i) or RANK_CHARS[rank_of(i) - 2] + SUITS[suit_of(i)] for i in range(56)
)
_ID_BY_TEXT = {text.lower(): i for i, text in enumerate(_TEXT_BY_ID)}
_ID_BY_TEXT.update({"1": MAHJONG_ID, "mahjong": MAHJONG_ID, "dog": DOG_ID,
                    "phoenix": PHOENIX_ID, "dragon": DRAGON_ID})
_ID_BY_TEXT.update({f"10{suit}": card_id(10, i) for i, suit in enumerate(SUITS)})

_NOTATION_HELP = (
    "a card is a rank 2-9, T (or 10), J, Q, K, A followed by a suit "
    "j (Jade), s (Sword), p (Pagoda) or r (Star), or one of MJ, DG, PH, DR"
)


def card_text(card: int) -> str:
    """Canonical notation of one card, e.g. ``'Tr'`` or ``'PH'``."""
    return _TEXT_BY_ID[card]


def parse_card(text: str) -> Card:
    """The card a token names; raises NotationError saying what a card looks like."""
    card = _ID_BY_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
    if card is None:
        raise NotationError(f"{text!r} is not a card: {_NOTATION_HELP}")
    return _CARD_BY_ID[card]


def parse_cards(text: str) -> int:
    """Mask of a space- or comma-separated list of cards; a repeated card is an error."""
    if not isinstance(text, str):
        raise NotationError(f"expected cards as text, got {type(text).__name__}")
    mask = 0
    for token in text.replace(",", " ").split():
        bit = 1 << parse_card(token)
        if mask & bit:
            raise NotationError(f"{token!r} appears twice in {text!r}")
        mask |= bit
    return mask


def format_cards(mask: int) -> str:
    """Canonical notation of a set of cards, in hand order (``''`` for none)."""
    return " ".join(_TEXT_BY_ID[c] for c in cards_of(mask))


def cards_from_texts(texts: object) -> int:
    """Mask of a list of card tokens (the protocol's form); rejects repeats and non-strings."""
    if not isinstance(texts, (list, tuple)):
        raise NotationError(f"expected a list of cards, got {type(texts).__name__}")
    mask = 0
    for token in texts:
        bit = 1 << parse_card(token)
        if mask & bit:
            raise NotationError(f"{token!r} appears twice")
        mask |= bit
    return mask


def cards_to_texts(mask: int) -> list[str]:
    return [_TEXT_BY_ID[c] for c in cards_of(mask)]


def rank_text(rank: int) -> str:
    """How a rank is written for people: 2..10, J, Q, K, A (1 for the Mah Jong)."""
    return RANK_NAMES.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """A rank typed by a person (``'7'``, ``'10'``, ``'t'``, ``'q'``, ``'A'``) as 2..14."""
    token = str(text).strip().upper()
    if token == "10":
        return 10
    if len(token) == 1 and token in RANK_CHARS:
        return RANK_CHARS.index(token) + 2
    raise NotationError(f"{text!r} is not a rank: use 2-9, 10 (or T), J, Q, K or A")
