"""Events: what happened, as the whole table may learn it.

Events never carry hidden cards (no hands, no exchanged or discarded cards, no
undrawn table card); they can be sent to every seat as they are. What a seat
privately learns (its new cards) is in its view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .codec import quick_init, CardMask, Record, record_from_dict
from .combos import Combo


@dataclass(frozen=True)
class RoundStarted(Record):
    type: ClassVar[str] = "round_started"
    round_no: int
    dealer: int


@dataclass(frozen=True)
class GrandTichuDecided(Record):
    type: ClassVar[str] = "grand_decided"
    seat: int
    call: bool


@dataclass(frozen=True)
class CardsDealt(Record):
    """Every seat got ``count`` more cards (see the views for which)."""

    type: ClassVar[str] = "cards_dealt"
    count: int


@dataclass(frozen=True)
class TichuCalled(Record):
    type: ClassVar[str] = "tichu_called"
    seat: int
    grand: bool


@dataclass(frozen=True)
class ExchangeChosen(Record):
    """A seat has chosen (or, with ``given`` false, withdrawn) its exchange cards."""

    type: ClassVar[str] = "exchange_chosen"
    seat: int
    given: bool


@dataclass(frozen=True)
class ExchangeDone(Record):
    type: ClassVar[str] = "exchange_done"


@dataclass(frozen=True)
class Discarded(Record):
    type: ClassVar[str] = "discarded"
    seat: int


@dataclass(frozen=True)
class DraftTurned(Record):
    type: ClassVar[str] = "draft_turned"
    seat: int
    card: CardMask


@dataclass(frozen=True)
class DraftChosen(Record):
    type: ClassVar[str] = "draft_chosen"
    seat: int
    card: CardMask
    take: bool


@dataclass(frozen=True)
class DraftDone(Record):
    """The draft is over: the drafter has ``taken`` cards, the opponent the rest."""

    type: ClassVar[str] = "draft_done"
    drafter: int


@dataclass(frozen=True)
class Played(Record):
    type: ClassVar[str] = "played"
    seat: int
    combo: Combo
    bomb_out_of_turn: bool = False


@dataclass(frozen=True)
class Passed(Record):
    type: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True)
class WishMade(Record):
    type: ClassVar[str] = "wish_made"
    seat: int
    rank: int


@dataclass(frozen=True)
class WishFulfilled(Record):
    type: ClassVar[str] = "wish_fulfilled"
    seat: int
    rank: int


@dataclass(frozen=True)
class WishLapsed(Record):
    """Duel: the answer to the Mah Jong did not hold the wished rank; the wish is over."""

    type: ClassVar[str] = "wish_lapsed"
    rank: int


@dataclass(frozen=True)
class LeadPassed(Record):
    """The Dog gave the lead to ``to``."""

    type: ClassVar[str] = "lead_passed"
    seat: int
    to: int


@dataclass(frozen=True)
class TrickWon(Record):
    type: ClassVar[str] = "trick_won"
    seat: int
    points: int
    by_dragon: bool


@dataclass(frozen=True)
class DragonGiven(Record):
    type: ClassVar[str] = "dragon_given"
    seat: int
    to: int
    points: int


@dataclass(frozen=True)
class WentOut(Record):
    type: ClassVar[str] = "went_out"
    seat: int
    place: int


@dataclass(frozen=True)
class RoundEnded(Record):
    type: ClassVar[str] = "round_ended"
    round_no: int
    out_order: tuple[int, ...]
    card_points: tuple[int, ...]
    call_points: tuple[int, ...]
    double_victory: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded(Record):
    type: ClassVar[str] = "game_ended"
    winner: int
    scores: tuple[int, ...]


Event = (RoundStarted | GrandTichuDecided | CardsDealt | TichuCalled | ExchangeChosen
         | ExchangeDone | Discarded | DraftTurned | DraftChosen | DraftDone | Played | Passed
         | WishMade | WishFulfilled | WishLapsed | LeadPassed | TrickWon | DragonGiven | WentOut
         | RoundEnded | GameEnded)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (RoundStarted, GrandTichuDecided, CardsDealt, TichuCalled, ExchangeChosen,
                ExchangeDone, Discarded, DraftTurned, DraftChosen, DraftDone, Played, Passed,
                WishMade, WishFulfilled, WishLapsed, LeadPassed, TrickWon, DragonGiven, WentOut,
                RoundEnded, GameEnded)
}
for _record in EVENT_TYPES.values():
    quick_init(_record)


def event_from_dict(data: object) -> Event:
    """The event a dict from `Record.to_dict` describes; NotationError if it is malformed."""
    return record_from_dict(EVENT_TYPES, data, "event")
