"""How the game screen shares the terminal out: the side panel, the seats, the middle, the hand.

80x24 shows it all; a larger terminal gets wider panels and, from 100x30, card boxes.
Every part of the table's layout asks here, so that the parts agree at any size.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Size

from .table_model import TableModel


class TableSizes:
    def __init__(self, model: TableModel, size: Callable[[], Size]) -> None:
        self.model, self.size = model, size

    @property
    def columns(self) -> int:
        return self.size().columns

    @property
    def rows(self) -> int:
        return self.size().rows

    @property
    def duel(self) -> bool:
        view = self.model.view
        return view is not None and view.rules.duel

    def side_width(self) -> int:
        """The score and log panel on the right."""
        return max(26, min(48, self.columns // 3))

    def seat_width(self) -> int:
        """A seat's panel left or right of the middle (the duel has none)."""
        return max(13, min(24, self.columns // 7))

    def middle_width(self) -> int:
        """Columns between the side seats."""
        seats = 0 if self.duel else 2 * self.seat_width()
        return max(10, self.columns - self.side_width() - seats - 2)

    def table_width(self) -> int:
        """The table's part of the screen, left of the rule before the side panel."""
        return self.columns - self.side_width() - 1

    def big_cards(self) -> bool:
        return self.rows >= 30 and self.columns >= 100

    def hand_height(self) -> int:
        return 5 if self.big_cards() else 3
