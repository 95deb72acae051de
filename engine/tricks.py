"""Playing tricks: leads, follows, passes, bombs, the wish, the Dog, the Dragon,
players going out and the end of the round.

A trick is not collected at its last needed pass: it waits (phase COLLECT) while
any seat may still bomb it, until `do_collect` gives it to its winner. A bomb then
tops it, and play goes on after the bomber as after any bomb.

Like deal.py, every ``do_*`` checks and then returns ``(state, events)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import CollectTrick, GiveDragon, Pass, Play, Wish
from .cards import DOG_BIT, DRAGON_BIT, MAHJONG_BIT, RANK_MASK, points
from .checks import choose_reading, legal_reading, why_no_pass
from .combos import Combo, Kind, readings
from .errors import IllegalAction, NotYourTurn, Reason, WrongPhase
from .events import (DragonGiven, Event, LeadPassed, Passed, Played, TrickWon, WentOut,
                     WishFulfilled, WishLapsed, WishMade)
from .seat_options import facts_of_state
from .plays_now import may_pass, seat_plays_now, turn_flags
from .scoring import double_victory, finish_round
from .state import Phase, RoundState, RoundStep, TrickEntry, evolve, next_in, replace_at

_PLAY = Phase.PLAY
# A pass is the same value every time: made once per seat (both are immutable).
_PASSED = tuple(Passed(seat) for seat in range(4))
_PASS_ENTRY = tuple((TrickEntry(seat, None),) for seat in range(4))
_new = tuple.__new__


def seat_plays(state: RoundState, seat: int) -> tuple[tuple[Combo, ...], bool]:
    """The combinations ``seat`` may play now and whether it may pass (while the trick
    waits to be collected: the bombs that beat it, no pass)."""
    phase = state.phase
    if (phase is not Phase.PLAY and phase is not Phase.COLLECT) or not state.hands[seat]:
        return (), False
    return seat_plays_now(state.rules, seat, state.hands[seat], state.top, turn=state.turn,
                          wish=state.wish, wish_answer=state.wish_answer,
                          last_answer=state.last_answer)


def do_play(state: RoundState, action: Play) -> RoundStep:
    seat, cards = action.seat, action.cards
    combo = _reading(state, seat, cards, action.phoenix_as)
    hand = state.hands[seat] & ~cards
    hands = replace_at(state.hands, seat, hand)
    events: list[Event] = [Played(seat, combo, seat != state.turn)]
    if (state.phase is not _PLAY or state.wish or state.last_answer or not hand
            or cards & (MAHJONG_BIT | DOG_BIT) or not state.played >> seat & 1):
        return _play_and_more(state, seat, combo, hands, events)
    # Most plays: no wish, nobody goes out, no Dog or Mah Jong, not the seat's first.
    return evolve(state, hands=hands, played_cards=state.played_cards | cards,
                  trick=state.trick + (_new(TrickEntry, (seat, combo)),), top=combo, top_seat=seat,
                  passes=0, trick_cards=state.trick_cards | cards,
                  turn=next_in(hands, seat)), events


def _play_and_more(state: RoundState, seat: int, combo: Combo, hands: tuple[int, ...],
                   events: list[Event]) -> RoundStep:
    """A play with more to it: it meets the wish, takes the seat out, is the Dog or the
    Mah Jong, is the seat's first, answers a duel's last card, or bombs a waiting trick."""
    cards = combo.cards
    wish, wish_answer = _wish_after(state, seat, combo, events)
    played, played_cards = state.played | 1 << seat, state.played_cards | cards
    if combo.kind == Kind.DOG:
        return _play_dog(state, seat, hands, played, played_cards, events)
    duel = state.rules.duel
    out, last_answer, dragon_out = state.out, state.last_answer, state.dragon_out
    if not hands[seat]:
        out, last_answer, dragon_out = _went_out(state, seat, events, last_card=combo)
    ends = round_over(out, duel) or (state.last_answer and duel)
    wishing = not ends and cards & MAHJONG_BIT
    state = evolve(state, phase=Phase.WISH if wishing else _PLAY, hands=hands,
                   played=played, played_cards=played_cards, wish=wish, wish_answer=wish_answer,
                   trick=state.trick + (_new(TrickEntry, (seat, combo)),), top=combo, top_seat=seat,
                   passes=0, trick_cards=state.trick_cards | cards, turn=next_in(hands, seat),
                   out=out, last_answer=last_answer, dragon_out=dragon_out,
                   decider=seat if wishing else state.decider)
    return _end_round(state, events) if ends else (state, events)


def _reading(state: RoundState, seat: int, cards: int, phoenix_as: int) -> Combo:
    """The legal combination the cards stand for, as in `checks.choose_reading`, which
    says why when there is none; the round's own fields go straight to the check."""
    phase, hand = state.phase, state.hands[seat]
    if (phase is Phase.PLAY or phase is Phase.COLLECT) and cards and not cards & ~hand:
        options = readings(cards, state.rules)
        if phoenix_as:
            options = [c for c in options if c.phoenix_as == phoenix_as]
        combo = legal_reading(state.rules, seat, hand, state.top, state.turn, state.wish,
                              state.wish_answer, options)
        if combo is not None:
            return combo
    return choose_reading(facts_of_state(state, seat), cards, phoenix_as)


def _wish_after(state: RoundState, seat: int, combo: Combo, events: list[Event]
                ) -> tuple[int, bool]:
    """The wish and its duel answer flag after the play: a real card of the wished rank
    fulfils the wish; the duel's answer ends it anyway."""
    wish = state.wish
    if not wish:
        return 0, state.wish_answer
    if combo.cards & RANK_MASK[wish]:
        events.append(WishFulfilled(seat, wish))
    elif state.wish_answer:
        events.append(WishLapsed(wish))
    else:
        return wish, state.wish_answer
    return 0, False


def _play_dog(state: RoundState, seat: int, hands: tuple[int, ...], played: int,
              played_cards: int, events: list[Event]) -> RoundStep:
    """The Dog leaves the hand for good and gives the lead to the partner (or the next
    seat after him still in)."""
    seats = state.rules.seats
    partner = (seat + seats // 2) % seats
    to = partner if hands[partner] else next_in(hands, partner)
    out, last_answer, dragon_out = state.out, state.last_answer, state.dragon_out
    if not hands[seat]:
        out, last_answer, dragon_out = _went_out(state, seat, events, last_card=None)
    state = evolve(state, hands=hands, played=played, played_cards=played_cards,
                   set_aside=state.set_aside | DOG_BIT, turn=to, out=out,
                   last_answer=last_answer, dragon_out=dragon_out)
    if round_over(state.out, state.rules.duel):
        return _end_round(state, events)
    events.append(LeadPassed(seat, to))
    return state, events


def _went_out(state: RoundState, seat: int, events: list[Event], last_card: Combo | None
              ) -> tuple[tuple[int, ...], bool, bool]:
    """The seats out, and the duel's flags ``last_answer`` and ``dragon_out``, once ``seat``
    has played its last card."""
    out = state.out + (seat,)
    events.append(WentOut(seat, len(out)))
    if not state.rules.duel:
        return out, state.last_answer, state.dragon_out
    dragon = len(out) == 1 and last_card is not None and last_card.cards == DRAGON_BIT
    return out, True, state.dragon_out or dragon


def round_over(out: Sequence[int], duel: bool) -> bool:
    """Classic: one player left, or partners out first and second (the duel ends elsewhere)."""
    return not duel and (double_victory(out) or len(out) >= 3)


def do_pass(state: RoundState, action: Pass) -> RoundStep:
    seat = action.seat
    if state.wish or state.top is None or seat != state.turn or state.phase is not _PLAY:
        refused = _pass_refused(state, seat)
        if refused is not None:
            raise refused(why_no_pass(facts_of_state(state, seat)))
    events: list[Event] = [_PASSED[seat]]
    passes = state.passes + 1
    trick = state.trick + _PASS_ENTRY[seat]
    if state.wish_answer or state.last_answer:
        return _duel_pass(state, trick, passes, events)
    hands = state.hands
    if _all_passed(hands, state.top_seat, passes):
        return evolve(state, phase=Phase.COLLECT, trick=trick, passes=passes, turn=-1), events
    return evolve(state, trick=trick, passes=passes, turn=next_in(hands, seat)), events


def _duel_pass(state: RoundState, trick: tuple[TrickEntry, ...], passes: int,
               events: list[Event]) -> RoundStep:
    """A duel's pass that answers the Mah Jong (the wish lapses) or the last card (the
    round ends)."""
    wish, wish_answer = state.wish, state.wish_answer
    if wish_answer:
        events.append(WishLapsed(wish))
        wish, wish_answer = 0, False
    state = evolve(state, trick=trick, passes=passes, wish=wish, wish_answer=wish_answer)
    if state.last_answer:
        return _end_round(state, events)
    if _all_passed(state.hands, state.top_seat, passes):
        return evolve(state, phase=Phase.COLLECT, turn=-1), events
    return evolve(state, turn=next_in(state.hands, trick[-1].seat)), events


def _all_passed(hands: tuple[int, ...], top_seat: int, passes: int) -> bool:
    """Everyone still holding cards, but the trick's top player, has passed."""
    return passes >= len(hands) - hands.count(0) - (hands[top_seat] != 0)


def _pass_refused(state: RoundState, seat: int) -> type[IllegalAction] | None:
    """The kind of refusal a pass meets now, or None if the seat may pass."""
    if state.phase is not Phase.PLAY:
        return WrongPhase
    if seat != state.turn:
        return NotYourTurn
    _, wish, answering = turn_flags(state.rules, seat, seat, state.wish, state.wish_answer)
    if may_pass(state.rules.duel, state.hands[seat], state.top, wish, answering,
                state.last_answer):
        return None
    return IllegalAction


def do_collect(state: RoundState, action: CollectTrick) -> RoundStep:
    """The waiting trick goes to its winner (a Dragon's trick first waits for its gift)."""
    if state.phase is not Phase.COLLECT:
        raise WrongPhase(Reason("no_trick_to_collect", "no trick waits to be collected"))
    if action.seat != state.top_seat:
        raise IllegalAction(Reason("not_your_trick", f"the trick is seat {state.top_seat}'s to "
                                   "collect, who won it", seat=state.top_seat))
    return _win_trick(state)


def _win_trick(state: RoundState) -> RoundStep:
    """The trick goes to its winner, and play goes on (the classic Dragon's: to its gift)."""
    winner = state.top_seat
    dragon = _top_is_dragon(state)
    if dragon and not state.rules.duel:
        return evolve(state, phase=Phase.DRAGON, decider=winner, turn=-1), []
    taker = 1 - winner if dragon else winner
    events: list[Event] = [TrickWon(winner, points(state.trick_cards), dragon)]
    if dragon:
        events.append(DragonGiven(winner, taker, points(state.trick_cards)))
    return _clear_trick(state, winner, taker), events


def _clear_trick(state: RoundState, winner: int, taker: int) -> RoundState:
    """The trick in the taker's pile, the lead to its winner (or the next seat still in);
    play goes on."""
    won = replace_at(state.won, taker, state.won[taker] | state.trick_cards)
    lead = winner if state.hands[winner] else state.next_in(winner)
    return evolve(state, phase=Phase.PLAY, won=won, trick=(), top=None, top_seat=-1, passes=0,
                  trick_cards=0, last_trick=state.trick, last_trick_winner=winner, turn=lead)


def do_wish(state: RoundState, action: Wish) -> RoundStep:
    if state.phase is not Phase.WISH:
        raise WrongPhase(Reason("no_wish_now", "there is no wish to make now"))
    if action.seat != state.decider:
        raise NotYourTurn(Reason("not_your_wish", "the Mah Jong's player names the wish"))
    rank = action.rank
    if rank != 0 and not 2 <= rank <= 14:
        raise IllegalAction(Reason("wish_rank", "wish for a rank from 2 to A, or for nothing"))
    state = evolve(state, phase=Phase.PLAY, decider=-1, wish=rank,
                    wish_answer=state.rules.duel and rank != 0)
    return state, [WishMade(action.seat, rank)]


def do_give_dragon(state: RoundState, action: GiveDragon) -> RoundStep:
    if state.phase is not Phase.DRAGON:
        raise WrongPhase(Reason("no_dragon_trick", "there is no Dragon trick to give away"))
    if action.seat != state.decider:
        raise NotYourTurn(Reason("not_your_dragon", "the Dragon's player gives the trick away"))
    if not 0 <= action.to < state.seats or action.to % 2 == action.seat % 2:
        raise IllegalAction(Reason("dragon_to_opponent",
                                   "give the Dragon's trick to one of your opponents"))
    winner = action.seat
    events: list[Event] = [TrickWon(winner, points(state.trick_cards), True),
                           DragonGiven(winner, action.to, points(state.trick_cards))]
    state = _clear_trick(evolve(state, phase=Phase.PLAY, decider=-1), winner, action.to)
    if round_over(state.out, state.rules.duel):
        return _end_round(state, events)
    return state, events


def _end_round(state: RoundState, events: list[Event]) -> RoundStep:
    if state.trick_cards:
        winner = state.top_seat
        dragon = _top_is_dragon(state)
        if dragon and not state.rules.duel and not double_victory(state.out):
            return evolve(state, phase=Phase.DRAGON, decider=winner, turn=-1), events
        taker = winner
        if dragon and state.rules.duel and not (state.dragon_out and state.out[0] == winner):
            taker = 1 - winner
        events.append(TrickWon(winner, points(state.trick_cards), dragon))
        state = _clear_trick(state, winner, taker)
    return finish_round(state, events)


def _top_is_dragon(state: RoundState) -> bool:
    return state.top is not None and state.top.cards == DRAGON_BIT

