"""`Situation`: what the heuristic's play decisions look at, in one small value.

The heuristic bot builds it from its `SeatView` and its `Memory`; the search
bot's simulations build it straight from a sampled round for the seat to move,
giving that seat only what it could know there (its hand, the counts, the trick,
the calls, and the cards it has not seen, i.e. the other hands).
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import FULL_DECK, points
from ..combos import Combo
from ..rules import RuleSet
from ..simulation import Playout
from ..state import Call, RoundState
from ..seat_view import SeatView
from .memory import Memory


class Situation(NamedTuple):
    rules: RuleSet
    seat: int
    hand: int
    counts: tuple[int, ...]      # cards per seat
    top: Combo | None
    top_seat: int
    trick_points: int
    calls: tuple[Call, ...]
    out: tuple[int, ...]
    unseen: int                  # cards that may be in other hands
    wish: int
    follows_calls: bool = False  # plays to the calls (policy.py); the reference levels do not

    @property
    def duel(self) -> bool:
        return self.rules.duel

    @property
    def partner(self) -> int:
        return -1 if self.rules.duel else (self.seat + 2) % 4

    def opponents(self) -> tuple[int, ...]:
        return (1 - self.seat,) if self.rules.duel else ((self.seat + 1) % 4, (self.seat + 3) % 4)

    def is_partner(self, seat: int) -> bool:
        return seat != self.seat and not self.rules.duel and seat % 2 == self.seat % 2

    def called(self, seat: int) -> bool:
        return self.calls[seat] is not _NO_CALL


_NO_CALL = Call.NONE


def situation_from_view(v: SeatView, memory: Memory | None,
                        follows_calls: bool = False) -> Situation:
    """The situation as the seat sees it; without a memory, every card not in hand is unseen."""
    unseen = memory.unseen(v) if memory is not None else FULL_DECK & ~v.hand
    return Situation(v.rules, v.seat, v.hand, v.hand_counts, v.top, v.top_seat, v.trick_points,
                     v.calls, v.out, unseen, v.wish, follows_calls)


def situation_from_state(state: RoundState | Playout, seat: int, unseen: int,
                         follows_calls: bool = False) -> Situation:
    """The situation of ``seat`` in a round, immutable or being simulated (made as a plain
    tuple: the search bot's rollouts make one at every move)."""
    hands = state.hands
    return _new(Situation, (state.rules, seat, hands[seat], tuple(map(_count, hands)),
                            state.top, state.top_seat, points(state.trick_cards),
                            tuple(state.calls), tuple(state.out), unseen, state.wish,
                            follows_calls))


_new, _count = tuple.__new__, int.bit_count
