"""The classic exchange as the player chooses it: a card for each of the other three seats;
and the cards it gave the player, each from its seat.

Picks can be changed until everyone has given (the host takes a new choice over the
old one); the marked seat is the one the next card goes to.
"""

from __future__ import annotations

from engine import Phase, SeatView

from ..i18n import N_

TO_SEATS = (N_("right"), N_("partner"), N_("left"))     # picks[i] goes to seat + i + 1


class Exchanging:
    def __init__(self) -> None:
        self.picks: list[int | None] = [None, None, None]
        self.active = 0

    def give(self, card: int) -> None:
        """The card goes to the marked seat (taken from any other it was given to); the mark
        moves on to the first seat still without one."""
        self.picks = [None if p == card else p for p in self.picks]
        self.picks[self.active] = card
        empty = [i for i, p in enumerate(self.picks) if p is None]
        if empty:
            self.active = empty[0]

    def mark(self, step: int) -> None:
        self.active = (self.active + step) % 3

    @property
    def complete(self) -> bool:
        return None not in self.picks

    def given(self) -> tuple[int, int, int]:
        """The three cards, once ``complete``."""
        right, partner, left = self.picks
        assert right is not None and partner is not None and left is not None
        return right, partner, left


def received_from(view: SeatView | None) -> dict[int, int]:
    """The cards the exchange gave the player, each with the seat that gave it, while they
    are still to be seen as such: until the player's first play of the round."""
    if view is None or view.spectator or not view.received \
            or view.phase not in (Phase.PLAY, Phase.COLLECT) \
            or view.hand_counts[view.seat] != 14:
        return {}
    return {card: (view.seat + step) % 4 for step, card in enumerate(view.received, start=1)
            if view.hand >> card & 1}
