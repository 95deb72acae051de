"""Actions: what a seat asks to do. Plain frozen data with a dict form (see codec.py).

Every action names its seat; the engine checks that seat may take it now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import card_text, format_cards, parse_cards
from .codec import quick_init, CardMask, Gifts, PlainDict, Record, record_from_dict
from .errors import NotationError


@dataclass(frozen=True)
class GrandTichu(Record):
    """Classic: the decision on Grand Tichu after 8 cards. Duel: a call (call=True only)."""

    type: ClassVar[str] = "grand_tichu"
    seat: int
    call: bool


@dataclass(frozen=True)
class CallTichu(Record):
    type: ClassVar[str] = "tichu"
    seat: int


@dataclass(frozen=True, repr=False)
class Exchange(Record):
    """Classic: the cards this seat gives to seat+1, seat+2 (partner), seat+3.

    Giving again replaces the earlier choice, until every seat has given.
    """

    type: ClassVar[str] = "exchange"
    seat: int
    gifts: Gifts

    def __repr__(self) -> str:
        return f"Exchange(seat={self.seat}, gifts={[card_text(c) for c in self.gifts]})"


@dataclass(frozen=True)
class WithdrawExchange(Record):
    type: ClassVar[str] = "withdraw_exchange"
    seat: int


@dataclass(frozen=True, repr=False)
class Discard(Record):
    """Duel: the three cards put aside for the round."""

    type: ClassVar[str] = "discard"
    seat: int
    cards: CardMask

    def __repr__(self) -> str:
        return f"Discard(seat={self.seat}, cards={format_cards(self.cards)!r})"


@dataclass(frozen=True)
class Draft(Record):
    """Duel: take the turned table card into the hand, or leave it for the opponent."""

    type: ClassVar[str] = "draft"
    seat: int
    take: bool


@dataclass(frozen=True, repr=False)
class Play(Record):
    """Play cards (a lead, a follow or a bomb). ``phoenix_as`` picks a reading when the
    Phoenix makes the cards ambiguous; 0 lets the engine take the highest legal one."""

    type: ClassVar[str] = "play"
    seat: int
    cards: CardMask
    phoenix_as: int = 0

    def __repr__(self) -> str:
        extra = f", phoenix_as={self.phoenix_as}" if self.phoenix_as else ""
        return f"Play(seat={self.seat}, cards={format_cards(self.cards)!r}{extra})"

    @classmethod
    def of(cls, seat: int, cards: str, phoenix_as: int = 0) -> Play:
        """A play from card notation, e.g. ``Play.of(0, '7j 7s')``."""
        return cls(seat, parse_cards(cards), phoenix_as)


@dataclass(frozen=True)
class Pass(Record):
    type: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True)
class Wish(Record):
    """The Mah Jong's wish: a rank 2..14, or 0 for no wish."""

    type: ClassVar[str] = "wish"
    seat: int
    rank: int


@dataclass(frozen=True)
class GiveDragon(Record):
    """Give the trick won with the Dragon to the opponent seat ``to``."""

    type: ClassVar[str] = "give_dragon"
    seat: int
    to: int


@dataclass(frozen=True)
class CollectTrick(Record):
    """The trick that waited after its last needed pass goes to ``seat``, who won it.

    No seat chooses this: the host takes the step once the trick's window for bombs is
    over (see `game.trick_to_collect`); it is journalled and replayed like any action."""

    type: ClassVar[str] = "collect"
    seat: int


@dataclass(frozen=True)
class Deal(Record):
    """The next round dealt from ``seed``, 64 hex digits: the seed the table's shared shuffle
    made (`engine.shared_deal`). ``seat`` is the round's dealer.

    No seat chooses this either: the host takes the step once the shuffle is done, in a game
    begun with ``new_game(..., shared=True)``; it is journalled and replayed like any action."""

    type: ClassVar[str] = "deal"
    seat: int
    seed: str

    def __post_init__(self) -> None:
        if not is_digest(self.seed):
            raise NotationError(f"a deal's seed is 64 hex digits, not {self.seed!r}")


def is_digest(text: object) -> bool:
    """Whether ``text`` is a SHA-256 digest as the deal writes one: 64 lowercase hex digits."""
    return isinstance(text, str) and len(text) == 64 and all(c in _HEX for c in text)


_HEX = frozenset("0123456789abcdef")

Action = (GrandTichu | CallTichu | Exchange | WithdrawExchange | Discard | Draft | Play | Pass
          | Wish | GiveDragon | CollectTrick | Deal)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (GrandTichu, CallTichu, Exchange, WithdrawExchange, Discard, Draft, Play, Pass,
                Wish, GiveDragon, CollectTrick, Deal)
}
for _record in ACTION_TYPES.values():
    quick_init(_record)


def action_from_dict(data: object) -> Action:
    """The action a dict describes; NotationError says what is wrong with a bad one."""
    return record_from_dict(ACTION_TYPES, data, "action")


def action_to_dict(action: Action) -> PlainDict:
    return action.to_dict()
