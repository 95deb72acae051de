"""Before the first trick: dealing, Grand Tichu, the classic exchange, the duel discard and draft.

Each ``do_*`` function checks that the action is allowed, then returns the new
state and the events it caused; a refused action raises and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Discard, Draft, Exchange, GrandTichu, WithdrawExchange
from .call_windows import grand_open, tichu_window_open
from .cards import MAHJONG_BIT, format_cards, mask_of
from .checks import why_no_grand_tichu, why_no_tichu
from .errors import IllegalAction, NotYourTurn, Reason, WrongPhase
from .events import (CardsDealt, Discarded, DraftChosen, DraftDone, DraftTurned, Event,
                     ExchangeChosen, ExchangeDone, GrandTichuDecided, TichuCalled)
from .rules import RuleSet
from .seat_options import facts_of_state
from .state import Call, DraftStep, Phase, RoundState, RoundStep, evolve, replace_at

GRAND_CARDS = 8
DUEL_HAND = 14
DUEL_TABLE = 6
DUEL_DISCARD = 3
DUEL_DRAFT_TAKE = 3


def shuffled_deck(seed: int, round_no: int) -> list[int]:
    """The 56 card ids in the order dealt in round ``round_no`` of game ``seed``."""
    deck = list(range(56))
    random.Random(seed * 1_000_003 + round_no).shuffle(deck)
    return deck


def start_round(rules: RuleSet, deck: list[int], drafter: int) -> RoundState:
    """A fresh round from a shuffled deck. ``drafter`` (duel only) drafts and, when
    nobody holds the Mah Jong, leads: the player with fewer points."""
    seats = rules.seats
    nobody = (0,) * seats
    if rules.duel:
        hands = (mask_of(deck[0:DUEL_HAND]), mask_of(deck[DUEL_HAND:2 * DUEL_HAND]))
        table = tuple(deck[2 * DUEL_HAND:2 * DUEL_HAND + DUEL_TABLE])
        return RoundState(
            rules=rules, phase=Phase.DISCARD, hands=hands, calls=(Call.NONE,) * 2,
            discards=nobody, draft_cards=table, drafter=drafter,
            set_aside=mask_of(deck[2 * DUEL_HAND + DUEL_TABLE:]), won=nobody)
    if not rules.grand:     # the same deck, the same cards per seat: only the phase goes
        whole = tuple(mask_of(deck[14 * s:14 * s + 14]) for s in range(4))
        return RoundState(
            rules=rules, phase=Phase.EXCHANGE, hands=whole, calls=(Call.NONE,) * 4,
            grand_decided=(True,) * 4, second_deal=nobody, exchange=(None,) * 4,
            received=(None,) * 4, won=nobody)
    first = tuple(mask_of(deck[14 * s:14 * s + GRAND_CARDS]) for s in range(4))
    second = tuple(mask_of(deck[14 * s + GRAND_CARDS:14 * s + 14]) for s in range(4))
    return RoundState(
        rules=rules, phase=Phase.GRAND, hands=first, calls=(Call.NONE,) * 4,
        grand_decided=(False,) * 4, second_deal=second, exchange=(None,) * 4,
        received=(None,) * 4, won=nobody)


def first_lead(hands: Sequence[int], drafter: int) -> int:
    """The Mah Jong's holder; in a duel without it in play, the drafter."""
    for seat, hand in enumerate(hands):
        if hand & MAHJONG_BIT:
            return seat
    return drafter


def _begin_play(state: RoundState) -> RoundState:
    return evolve(state, phase=Phase.PLAY, turn=first_lead(state.hands, state.drafter))


# --- Grand Tichu ---------------------------------------------------------------


def do_grand_tichu(state: RoundState, action: GrandTichu) -> RoundStep:
    seat = action.seat
    duel = state.rules.duel
    if state.phase is not (Phase.DISCARD if duel else Phase.GRAND):
        raise WrongPhase(why_no_grand_tichu(facts_of_state(state, seat)))
    if duel and not action.call:
        raise IllegalAction(Reason("duel_no_decline",
                                   "in a duel there is nothing to decline: just discard"))
    if not grand_open(state, seat):
        raise IllegalAction(why_no_grand_tichu(facts_of_state(state, seat)))
    if duel:
        calls = replace_at(state.calls, seat, Call.GRAND)
        return evolve(state, calls=calls), [TichuCalled(seat, True)]
    calls = replace_at(state.calls, seat, Call.GRAND) if action.call else state.calls
    decided = replace_at(state.grand_decided, seat, True)
    events: list[Event] = [GrandTichuDecided(seat, action.call)]
    if action.call:
        events.append(TichuCalled(seat, True))
    state = evolve(state, calls=calls, grand_decided=decided)
    if all(decided):
        hands = tuple(h | extra for h, extra in zip(state.hands, state.second_deal, strict=True))
        state = evolve(state, phase=Phase.EXCHANGE, hands=hands, second_deal=(0,) * 4)
        events.append(CardsDealt(14 - GRAND_CARDS))
    return state, events


def do_tichu(state: RoundState, seat: int) -> RoundStep:
    if not tichu_window_open(state, seat):
        refused = WrongPhase if state.phase is Phase.GRAND else IllegalAction
        raise refused(why_no_tichu(facts_of_state(state, seat)))
    calls = replace_at(state.calls, seat, Call.TICHU)
    return evolve(state, calls=calls), [TichuCalled(seat, False)]


# --- classic exchange ------------------------------------------------------------


def do_exchange(state: RoundState, action: Exchange) -> RoundStep:
    if state.phase is not Phase.EXCHANGE:
        raise WrongPhase(Reason("exchange_not_now", "cards are exchanged only after all 14 are "
                                "dealt, before play", count=14))
    seat, gifts = action.seat, tuple(action.gifts)
    if len(gifts) != 3 or len(set(gifts)) != 3:
        raise IllegalAction(Reason("exchange_three_cards", "give exactly three different cards, "
                                   "one to each other player", count=3))
    missing = mask_of(gifts) & ~state.hands[seat]
    if missing:
        raise IllegalAction(Reason("not_held", f"you do not hold {format_cards(missing)}",
                                   cards=missing))
    exchange = replace_at(state.exchange, seat, gifts)
    state = evolve(state, exchange=exchange)
    events: list[Event] = [ExchangeChosen(seat, True)]
    if all(g is not None for g in exchange):
        state = _resolve_exchange(state)
        events.append(ExchangeDone())
    return state, events


def do_withdraw_exchange(state: RoundState, action: WithdrawExchange) -> RoundStep:
    if state.phase is not Phase.EXCHANGE:
        raise WrongPhase(Reason("exchange_over", "the exchange is over"))
    if state.exchange[action.seat] is None:
        raise IllegalAction(Reason("exchange_not_chosen",
                                   "you have not chosen cards to exchange yet"))
    exchange = replace_at(state.exchange, action.seat, None)
    return evolve(state, exchange=exchange), [ExchangeChosen(action.seat, False)]


def _resolve_exchange(state: RoundState) -> RoundState:
    hands, received = exchanged(state.hands, state.exchange)
    return _begin_play(evolve(state, hands=tuple(hands), received=tuple(received)))


def exchanged(hands: Sequence[int], exchange: Sequence[tuple[int, ...] | None]
              ) -> tuple[list[int], list[tuple[int, ...]]]:
    """The hands once every seat's gifts (for seat+1, +2, +3) are passed, and what each
    seat received (from seat+1, +2, +3)."""
    given = [gifts for gifts in exchange if gifts is not None]
    if len(given) != 4:
        raise ValueError("the exchange is resolved only once every seat has given")
    after = [hand & ~mask_of(gifts) for hand, gifts in zip(hands, given, strict=True)]
    received = []
    for seat in range(4):
        # The giver at seat+k gave its gift number 3-k to seat+k+(4-k), that is to this seat.
        got = tuple(given[(seat + k) % 4][3 - k] for k in (1, 2, 3))
        after[seat] |= mask_of(got)
        received.append(got)
    return after, received


# --- duel discard and draft ---------------------------------------------------


def do_discard(state: RoundState, action: Discard) -> RoundStep:
    if state.phase is not Phase.DISCARD:
        raise WrongPhase(Reason("discard_not_now",
                                "cards are discarded only at the start of a duel round"))
    seat, cards = action.seat, action.cards
    if state.discards[seat]:
        raise IllegalAction(Reason("already_discarded", "you have already discarded this round"))
    if cards.bit_count() != DUEL_DISCARD:
        raise IllegalAction(Reason("discard_count", f"discard exactly {DUEL_DISCARD} cards",
                                   count=DUEL_DISCARD))
    if cards & ~state.hands[seat]:
        raise IllegalAction(Reason("not_held", "you do not hold "
                                   f"{format_cards(cards & ~state.hands[seat])}",
                                   cards=cards & ~state.hands[seat]))
    state = evolve(state, hands=replace_at(state.hands, seat, state.hands[seat] & ~cards),
                    discards=replace_at(state.discards, seat, cards),
                    set_aside=state.set_aside | cards)
    events: list[Event] = [Discarded(seat)]
    if all(state.discards):
        state = evolve(state, phase=Phase.DRAFT)
        events.append(DraftTurned(state.drafter, 1 << state.draft_cards[0]))
    return state, events


def draft_card(state: RoundState) -> int:
    """The table card turned and waiting for the drafter's choice."""
    return state.draft_cards[len(state.draft)]


def do_draft(state: RoundState, action: Draft) -> RoundStep:
    if state.phase is not Phase.DRAFT:
        raise WrongPhase(Reason("no_draft", "there is no draft now"))
    if action.seat != state.drafter:
        raise NotYourTurn(Reason("not_your_draft", "the other player drafts this round"))
    card = draft_card(state)
    draft = state.draft + (DraftStep(card, action.take),)
    events: list[Event] = [DraftChosen(action.seat, 1 << card, action.take)]
    split = draft_split(state.draft_cards, draft)
    if split is None:
        events.append(DraftTurned(state.drafter, 1 << state.draft_cards[len(draft)]))
        return evolve(state, draft=draft), events
    hands = list(state.hands)
    hands[state.drafter] |= split[0]
    hands[1 - state.drafter] |= split[1]
    events.append(DraftDone(state.drafter))
    return _begin_play(evolve(state, draft=draft, hands=tuple(hands))), events


def draft_split(table: Sequence[int], draft: Sequence[DraftStep]) -> tuple[int, int] | None:
    """The drafter's and the other player's table cards once the draft is decided (one
    of them has three), or None while cards are still to be turned."""
    taken = [s.card for s in draft if s.taken]
    left = [s.card for s in draft if not s.taken]
    if len(taken) < DUEL_DRAFT_TAKE and len(left) < DUEL_DRAFT_TAKE:
        return None
    rest = list(table[len(draft):])
    if len(taken) == DUEL_DRAFT_TAKE:
        left += rest
    else:
        taken += rest
    return mask_of(taken), mask_of(left)

