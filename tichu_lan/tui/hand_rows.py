"""The player's hand along the bottom of the game screen: selected cards raised, the cursor's
mark under its card, and under each card the exchange gave, an arrow to the seat that gave it.
From 100x30 each card is drawn as a box."""

from __future__ import annotations

from ..i18n import _
from .exchange_picks import received_from
from .faces import WIDTH, Fragments
from .seat_panels import SeatPanels
from .summaries import giver_mark
from .table_model import TableModel
from .table_sizes import TableSizes


class HandRows:
    def __init__(self, model: TableModel, sizes: TableSizes, seats: SeatPanels) -> None:
        self.model, self.sizes, self.seats = model, sizes, seats
        self.faces = model.faces

    def lines(self) -> list[Fragments]:
        view, hand, faces = self.model.view, self.model.hand, self.faces
        if view is None:
            return []
        if view.spectator:
            return [self.seats.watched_seat_line()]
        if not hand.cards:
            return [[("class:dim", _("no cards in hand"))]]
        picks = self.model.exchanging
        marked = {c for c in (picks.picks if picks else ()) if c is not None}
        givers = received_from(view)
        big = self.sizes.big_cards()
        rows: list[Fragments] = [[] for _ in range(5 if big else 3)]
        for index, card in enumerate(hand.cards):
            up = bool(hand.selected >> card & 1) or card in marked
            style = faces.style(card) + (" class:selected" if up else "")
            if index == hand.cursor:
                style += " class:cursor"
            face = f"{faces.face(card):<{WIDTH}}"
            if big:
                self._big_card(rows, face, style, up)
            else:
                rows[0 if up else 1].append((style, face))
                rows[1 if up else 0].append(("", " " * WIDTH))
                rows[0].append(("", " "))
                rows[1].append(("", " "))
            under, style = (faces.cursor_mark, "class:cursor-mark") if index == hand.cursor \
                else (" ", "")
            if index != hand.cursor and card in givers:
                under = giver_mark(givers[card], view.seat, faces.ascii)
                style = "class:info"
            slot = WIDTH + (2 if big else 0)
            rows[-1].append((style, f"{under:^{slot}} "))
        return rows

    def _big_card(self, rows: list[Fragments], face: str, style: str, up: bool) -> None:
        ascii = self.faces.ascii
        h, v = ("-", "|") if ascii else ("─", "│")
        tl, tr, bl, br = ("+",) * 4 if ascii else ("┌", "┐", "└", "┘")
        card = [(style, tl + h * WIDTH + tr), (style, v + face + v), (style, bl + h * WIDTH + br)]
        top = 0 if up else 1
        for r in range(4):
            piece = card[r - top] if 0 <= r - top < 3 else ("", " " * (WIDTH + 2))
            rows[r] += [piece, ("", " ")]
