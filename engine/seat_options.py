"""What one seat may do now: the engine's single answer, used for legality,
hints, bots and views alike.

`Options` is computed from facts the seat itself can see (its hand, the table,
the round's flags), so a client or a bot holding only a `SeatView` gets the same
answer as the host holding the whole state.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import NamedTuple

from .actions import (Action, CallTichu, Discard, Draft, Exchange, GiveDragon, GrandTichu, Pass,
                      Play, WithdrawExchange, Wish)
from .cards import cards_of
from .combos import Combo
from .enumeration import all_plays, beating
from .plays_now import seat_plays_now
from .rules import RuleSet
from .call_windows import grand_open, tichu_window_open
from .state import Call, Phase, RoundState

WISH_CHOICES = (0,) + tuple(range(2, 15))


class Options(NamedTuple):
    """Every action open to a seat now; ``plays`` lists the combinations up to suit.

    ``waiting`` says whether the round waits for this seat; the other options
    (a Tichu call, an out-of-turn bomb) may be taken or not.
    """

    waiting: bool = False
    plays: tuple[Combo, ...] = ()
    can_pass: bool = False
    call_grand: bool = False
    decline_grand: bool = False
    tichu: bool = False
    exchange: bool = False
    withdraw_exchange: bool = False
    discard: bool = False
    draft: bool = False
    wish: bool = False
    dragon_to: tuple[int, ...] = ()

    def kinds(self) -> frozenset[str]:
        """The action types open now, by their protocol names."""
        flags = {"play": bool(self.plays), "pass": self.can_pass,
                 "grand_tichu": self.call_grand or self.decline_grand, "tichu": self.tichu,
                 "exchange": self.exchange, "withdraw_exchange": self.withdraw_exchange,
                 "discard": self.discard, "draft": self.draft, "wish": self.wish,
                 "give_dragon": bool(self.dragon_to)}
        return frozenset(name for name, open_ in flags.items() if open_)

    def actions(self, seat: int, hand: int) -> list[Action]:
        """Every legal action, spelled out (all exchange and discard choices too)."""
        out: list[Action] = [Play(seat, c.cards, c.phoenix_as) for c in self.plays]
        if self.can_pass:
            out.append(Pass(seat))
        if self.call_grand:
            out.append(GrandTichu(seat, True))
        if self.decline_grand:
            out.append(GrandTichu(seat, False))
        if self.tichu:
            out.append(CallTichu(seat))
        cards = [int(c) for c in cards_of(hand)] if self.exchange or self.discard else []
        if self.exchange:
            out += [Exchange(seat, gifts) for gifts in permutations(cards, 3)]
        if self.withdraw_exchange:
            out.append(WithdrawExchange(seat))
        if self.discard:
            out += [Discard(seat, (1 << a) | (1 << b) | (1 << c))
                    for a, b, c in combinations(cards, 3)]
        if self.draft:
            out += [Draft(seat, True), Draft(seat, False)]
        if self.wish:
            out += [Wish(seat, rank) for rank in WISH_CHOICES]
        out += [GiveDragon(seat, to) for to in self.dragon_to]
        return out


class SeatFacts(NamedTuple):
    """What decides a seat's options and the reasons for a refusal; a state and a view
    both produce it."""

    rules: RuleSet
    seat: int
    phase: Phase
    hand: int
    calls: tuple[Call, ...]
    turn: int
    decider: int
    top: Combo | None
    wish: int
    wish_answer: bool
    last_answer: bool
    tichu_open: bool
    grand_open: bool
    exchange_given: bool
    discarded: bool
    drafter: int


def facts_of_state(state: RoundState, seat: int) -> SeatFacts:
    """The facts about ``seat`` in a round, as the host sees them."""
    classic = not state.rules.duel
    return SeatFacts(
        rules=state.rules, seat=seat, phase=state.phase, hand=state.hands[seat],
        calls=state.calls, turn=state.turn, decider=state.decider, top=state.top,
        wish=state.wish, wish_answer=state.wish_answer, last_answer=state.last_answer,
        tichu_open=tichu_window_open(state, seat), grand_open=grand_open(state, seat),
        exchange_given=classic and state.exchange[seat] is not None,
        discarded=not classic and bool(state.discards[seat]), drafter=state.drafter)


def compute_options(f: SeatFacts) -> Options:
    phase, seat = f.phase, f.seat
    if phase is Phase.GRAND:
        return Options(waiting=f.grand_open, call_grand=f.grand_open, decline_grand=f.grand_open)
    if phase is Phase.EXCHANGE:
        return Options(waiting=not f.exchange_given, tichu=f.tichu_open, exchange=True,
                       withdraw_exchange=f.exchange_given)
    if phase is Phase.DISCARD:
        return Options(waiting=not f.discarded, tichu=f.tichu_open, call_grand=f.grand_open,
                       discard=not f.discarded)
    if phase is Phase.DRAFT:
        mine = seat == f.drafter
        return Options(waiting=mine, tichu=f.tichu_open, draft=mine)
    if phase is Phase.WISH:
        return Options(waiting=seat == f.decider, wish=seat == f.decider)
    if phase is Phase.DRAGON:
        if seat != f.decider:
            return Options(tichu=f.tichu_open)
        return Options(waiting=True, tichu=f.tichu_open, dragon_to=((seat + 1) % 4, (seat + 3) % 4))
    if phase is not Phase.PLAY and phase is not Phase.COLLECT:
        return Options()
    return play_options(f.rules, seat, f.hand, f.top, f.turn, f.wish, f.wish_answer,
                        f.last_answer, f.tichu_open)


def play_options(rules: RuleSet, seat: int, hand: int, top: Combo | None, turn: int, wish: int,
                 wish_answer: bool, last_answer: bool, tichu_open: bool) -> Options:
    """`compute_options` during play, the hot path of every simulation (and while a trick
    waits to be collected, when ``turn`` is -1: bombs only, nobody awaited)."""
    if not hand:
        return _NONE
    if seat == turn and not wish:       # most turns: what seat_plays_now gives then
        if top is None:
            plays, can_pass = all_plays(hand, rules.duel), last_answer
        else:
            plays, can_pass = beating(rules.duel, hand, top), True
    else:
        plays, can_pass = seat_plays_now(rules, seat, hand, top, turn=turn, wish=wish,
                                         wish_answer=wish_answer, last_answer=last_answer)
    # Made as a plain tuple: the named tuple's own __new__ sorts twelve keywords out.
    return _new(Options, (seat == turn, plays, can_pass, False, False, tichu_open, False,
                          False, False, False, False, ()))


_NONE = Options()
_new = tuple.__new__
