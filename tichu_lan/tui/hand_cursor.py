"""The player's hand as the keyboard sees it: a cursor, a selection and the hints.

Cards stay in hand order (by rank, specials where their rank puts them: Dog,
Mah Jong, 2 ... A, Phoenix, Dragon). Typing a rank selects the next card of
that rank, so ``7 7`` picks two sevens; the hints are the engine's legal plays,
cycled with Tab, each selecting its cards.
"""

from __future__ import annotations

from engine import Combo, Kind
from engine.cards import (DOG_ID, DRAGON_ID, MAHJONG_ID, PHOENIX_BIT, PHOENIX_ID, RANK_MASK,
                          cards_of, rank_of)

# The keys that type a rank (0 is the 10; the specials have letters of their own).
RANK_KEYS = {**{str(r): r for r in range(2, 10)}, "0": 10, "j": 11, "q": 12, "k": 13, "a": 14}
SPECIAL_KEYS = {"1": MAHJONG_ID, "d": DOG_ID, "f": PHOENIX_ID, "r": DRAGON_ID}


def hint_order(plays: tuple[Combo, ...]) -> list[Combo]:
    """Hints from the cheapest play up: by kind, length and height, the ones that spend the
    Phoenix after those that keep it, bombs last."""
    return sorted(plays, key=lambda c: (c.kind == Kind.BOMB, c.kind, c.length,
                                        bool(c.cards & PHOENIX_BIT), c.height))


class Hand:
    def __init__(self) -> None:
        self.cards: list[int] = []
        self.cursor = 0
        self.selected = 0            # bitmask of selected cards
        self.hints: list[Combo] = []
        self.hint_index = -1

    @property
    def mask(self) -> int:
        return self.selected

    @property
    def hint(self) -> Combo | None:
        """The hint shown now, if the selection is still exactly its cards."""
        if 0 <= self.hint_index < len(self.hints):
            combo = self.hints[self.hint_index]
            if combo.cards == self.selected:
                return combo
        return None

    def update(self, hand: int) -> None:
        """A new hand from the host: keep what is still held selected, and the cursor's card."""
        at = self.cards[self.cursor] if self.cards else None
        self.cards = [int(c) for c in cards_of(hand)]
        self.selected &= hand
        if at in self.cards:
            self.cursor = self.cards.index(at)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        self.hints, self.hint_index = [], -1

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def toggle(self) -> None:
        if self.cards:
            self.selected ^= 1 << self.cards[self.cursor]

    def clear(self) -> None:
        self.selected, self.hint_index = 0, -1

    def select(self, mask: int) -> None:
        self.selected = mask
        for index, card in enumerate(self.cards):
            if mask >> card & 1:
                self.cursor = index
                break

    def type_key(self, key: str) -> bool:
        """Select the next unselected card the key names; when all are selected, unselect them.
        False if the key names no card in the hand."""
        if key in SPECIAL_KEYS:
            matching = [c for c in self.cards if c == SPECIAL_KEYS[key]]
        elif key in RANK_KEYS:
            matching = [c for c in self.cards if rank_of(c) == RANK_KEYS[key] and c != MAHJONG_ID]
        else:
            return False
        if not matching:
            return False
        free = [c for c in matching if not self.selected >> c & 1]
        if free:
            self.selected |= 1 << free[0]
            self.cursor = self.cards.index(free[0])
        else:
            for card in matching:
                self.selected &= ~(1 << card)
        return True

    def jump_to(self, key: str) -> None:
        """Move the cursor to the next card the key names, selecting nothing (the exchange
        gives the card at the cursor)."""
        wanted = RANK_KEYS.get(key)
        for step in range(1, len(self.cards) + 1):
            index = (self.cursor + step) % len(self.cards)
            card = self.cards[index]
            if card == SPECIAL_KEYS.get(key) or (wanted and RANK_MASK[wanted] >> card & 1):
                self.cursor = index
                return

    def cycle_hint(self, plays: tuple[Combo, ...], step: int) -> Combo | None:
        """Select the next (``step`` 1) or previous (-1) legal play; None if there is none."""
        if not self.hints:
            self.hints, self.hint_index = hint_order(plays), -1
        if not self.hints:
            return None
        if self.hint_index < 0:
            self.hint_index = 0 if step > 0 else len(self.hints) - 1
        else:
            self.hint_index = (self.hint_index + step) % len(self.hints)
        combo = self.hints[self.hint_index]
        self.select(combo.cards)
        return combo
