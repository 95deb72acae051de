"""How cards look: a suit glyph and colour per suit, or the plain card notation.

Unicode faces read at a glance (``7♣`` green, ``Q★`` red); ASCII faces are the
project's notation (``7j``, ``Qr``, ``PH``) for terminals that cannot show the
glyphs. Every face is at most `WIDTH` columns, so hands line up.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from engine.cards import (DOG_ID, DRAGON_ID, MAHJONG_ID, PHOENIX_ID, card_text, cards_of,
                          rank_of, rank_text, suit_of)

WIDTH = 3
SUIT_GLYPHS = ("♣", "♠", "♦", "★")          # Jade, Sword, Pagoda, Star
SUIT_STYLES = ("class:jade", "class:sword", "class:pagoda", "class:star")
SPECIAL_FACES = {DOG_ID: "Dog", MAHJONG_ID: "MJ", PHOENIX_ID: "Phx", DRAGON_ID: "Drg"}
SPECIAL_STYLES = {DOG_ID: "class:dog", MAHJONG_ID: "class:mahjong", PHOENIX_ID: "class:phoenix",
                  DRAGON_ID: "class:dragon"}
Fragments = list[tuple[str, str]]


def unicode_ok(encoding: str | None = None) -> bool:
    """Whether the terminal's encoding can show the suit glyphs."""
    encoding = encoding or getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "".join(SUIT_GLYPHS + ("▶", "─", "│")).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Faces:
    """Card faces in one mode; ``ascii`` True gives the notation."""

    def __init__(self, ascii: bool = False) -> None:
        self.ascii = ascii
        self._faces = tuple(self._face(card) for card in range(56))
        self.turn_mark = ">" if ascii else "▶"
        self.cursor_mark = "^" if ascii else "▲"
        self.dot = "-" if ascii else "·"

    def _face(self, card: int) -> str:
        if self.ascii:
            return card_text(card)
        if card in SPECIAL_FACES:
            return SPECIAL_FACES[card]
        return rank_text(rank_of(card)) + SUIT_GLYPHS[suit_of(card)]

    @staticmethod
    def style(card: int) -> str:
        if card in SPECIAL_STYLES:
            return SPECIAL_STYLES[card]
        return SUIT_STYLES[suit_of(card)]

    def face(self, card: int) -> str:
        return self._faces[card]

    def card(self, card: int, extra: str = "") -> tuple[str, str]:
        """One card as a styled fragment."""
        return (f"{self.style(card)} {extra}".strip(), self._faces[card])

    def cards(self, mask_or_cards: int | Iterable[int], sep: str = " ") -> Fragments:
        """Several cards, in hand order when given as a mask."""
        cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
        out: Fragments = []
        for card in cards:
            if out:
                out.append(("", sep))
            out.append(self.card(card))
        return out

    def plain(self, mask: int) -> str:
        """Several cards as unstyled text (for one-line summaries)."""
        return " ".join(self._faces[c] for c in cards_of(mask))
