"""The state of a round: plain, frozen data. Transitions live in deal.py and tricks.py.

Sets of cards are bitmasks (see cards.py). Per-seat values are tuples indexed
by seat. Nothing in here is hidden from the engine; `seat_view.py` decides what a
seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from .combos import Combo
from .events import Event
from .rules import RuleSet

T = TypeVar("T")


class Phase(StrEnum):
    GRAND = "grand"          # classic: 8 cards seen, each seat calls Grand Tichu or not
    EXCHANGE = "exchange"    # classic: each seat gives one card to each other seat
    DISCARD = "discard"      # duel: each player puts 3 cards aside (Grand Tichu window)
    DRAFT = "draft"          # duel: the drafter turns the table cards, taking or leaving each
    PLAY = "play"            # tricks are played
    COLLECT = "collect"      # the last needed pass is made: the trick waits to be collected
                             # (bombs may still come; the host collects it)
    WISH = "wish"            # the Mah Jong's player names a wish (or none)
    DRAGON = "dragon"        # a trick won by the Dragon waits to be given to an opponent
    OVER = "over"            # the round has ended and is scored


class Call(StrEnum):
    NONE = "none"
    TICHU = "tichu"
    GRAND = "grand"

    @property
    def bonus(self) -> int:
        return {"none": 0, "tichu": 100, "grand": 200}[self.value]


class TrickEntry(NamedTuple):
    """One step of a trick: a seat's combination, or its pass (combo None)."""

    seat: int
    combo: Combo | None


class DraftStep(NamedTuple):
    card: int
    taken: bool


@dataclass(frozen=True)
class RoundResult:
    """How a round ended and what it scored, per team (classic: seats 0+2, 1+3)."""

    out_order: tuple[int, ...]
    calls: tuple[Call, ...]
    card_points: tuple[int, int]
    call_points: tuple[int, int]
    double_victory: int  # the team that went out first and second, or -1

    @property
    def total(self) -> tuple[int, int]:
        cards, calls = self.card_points, self.call_points
        return (cards[0] + calls[0], cards[1] + calls[1])


@dataclass(frozen=True)
class RoundState:
    rules: RuleSet
    phase: Phase
    hands: tuple[int, ...]
    calls: tuple[Call, ...]
    # classic set-up
    grand_decided: tuple[bool, ...] = ()
    second_deal: tuple[int, ...] = ()            # the 6 cards each seat gets after Grand Tichu
    exchange: tuple[tuple[int, ...] | None, ...] = ()   # per giver: cards for seat+1, +2, +3
    received: tuple[tuple[int, ...] | None, ...] = ()   # per receiver: cards from seat+1, +2, +3
    # duel set-up
    discards: tuple[int, ...] = ()
    draft_cards: tuple[int, ...] = ()            # the six table cards in turning order
    draft: tuple[DraftStep, ...] = ()            # cards turned so far
    drafter: int = -1
    set_aside: int = 0                           # out of play: the Dog; duel: unused, discards
    # play
    played: int = 0                              # bitmask of seats that have played a card
    played_cards: int = 0                        # every card played this round (public)
    turn: int = -1                               # who plays or leads next
    decider: int = -1                            # names the wish or gives the Dragon's trick
    trick: tuple[TrickEntry, ...] = ()
    top: Combo | None = None
    top_seat: int = -1
    passes: int = 0
    trick_cards: int = 0
    won: tuple[int, ...] = ()                    # cards each seat has won in tricks
    out: tuple[int, ...] = ()                    # seats in the order they went out
    wish: int = 0                                # wished rank still open (0: none)
    wish_answer: bool = False                    # duel: the next turn answers the Mah Jong's wish
    last_answer: bool = False                    # duel: the next turn is the answer to a last card
    dragon_out: bool = False                     # duel: went out with the Dragon (a Tichu fails)
    last_trick: tuple[TrickEntry, ...] = ()
    last_trick_winner: int = -1
    result: RoundResult | None = None

    @property
    def seats(self) -> int:
        return len(self.hands)

    def next_in(self, seat: int) -> int:
        return next_in(self.hands, seat)


RoundStep = tuple[RoundState, list[Event]]   # a transition: the new state, and what happened


def next_in(hands: Sequence[int], seat: int) -> int:
    """The next seat after ``seat`` in turn order that still holds cards (-1: none)."""
    for nxt in _TURN_ORDER[len(hands)][seat]:
        if hands[nxt]:
            return nxt
    return -1


# _TURN_ORDER[seats][seat]: the seats after ``seat``, ending with itself.
_TURN_ORDER = {n: tuple(tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n))
               for n in (2, 4)}


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A per-seat tuple with one seat's value replaced."""
    return values[:index] + (value,) + values[index + 1:]



if TYPE_CHECKING:
    # The checker reads `evolve` as `dataclasses.replace`, so it checks every field
    # name and type at each call site.
    from dataclasses import replace as evolve
else:
    def evolve(state: Any, /, **changes: Any) -> Any:
        """`dataclasses.replace` for the engine's frozen states, several times quicker.

        replace() runs ``__init__``, which sets each of a round's 35 fields through
        ``object.__setattr__``; the host's checked path does this at every move.
        A copy of the instance dictionary (copied whole, which is quicker than
        filling an empty one) gives the same state. It is as strict: a name that is
        not a field raises TypeError (the copy then holds more names than the
        original, which has exactly its fields)."""
        fields = state.__dict__.copy()
        fields.update(changes)
        if len(fields) != len(state.__dict__):
            unknown = changes.keys() - type(state).__dataclass_fields__.keys()
            raise TypeError(f"{type(state).__name__} has no field {', '.join(sorted(unknown))}")
        new = _new(type(state))
        _set(new, "__dict__", fields)
        return new

    _new, _set = object.__new__, object.__setattr__

__all__ = ["Call", "DraftStep", "Phase", "RoundResult", "RoundState", "RoundStep", "TrickEntry",
           "evolve", "next_in", "replace_at"]
