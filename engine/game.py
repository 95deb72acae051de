"""A whole game: rounds to the target score, and the engine's front door.

``new_game``, ``apply``, ``options`` and ``view`` are all a host, a client or a
bot needs. A game is ``(rules, seed, actions)``: `replay` rebuilds any state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, assert_never

from . import deal as deal_module
from . import tricks
from .actions import (ACTION_TYPES, Action, CallTichu, CollectTrick, Deal, Discard, Draft,
                      Exchange, GiveDragon, GrandTichu, Pass, Play, WithdrawExchange, Wish)
from .call_windows import tichu_window_open
from .errors import GameOver, IllegalAction, NotYourTurn, Reason, WrongPhase
from .events import CardsDealt, Event, GameEnded, RoundEnded, RoundStarted
from .rules import CLASSIC, RuleSet
from .seat_options import Options, compute_options, facts_of_state, play_options
from .state import Call, Phase, RoundResult, RoundState, RoundStep, evolve

_ACTIONS = tuple(ACTION_TYPES.values())
_PLAY, _COLLECT = Phase.PLAY, Phase.COLLECT


@dataclass(frozen=True)
class GameState:
    rules: RuleSet
    seed: int
    round_no: int                       # 1 for the first round
    dealer: int
    scores: tuple[int, int]             # per team (classic: seats 0+2 and 1+3; duel: per seat)
    history: tuple[RoundResult, ...]
    round: RoundState
    winner: int = -1                    # the winning team, once the game is over
    shared: bool = False                # each round waits for a `Deal` from a shared seed

    @property
    def over(self) -> bool:
        return self.winner >= 0


def new_game(rules: RuleSet = CLASSIC, seed: int = 0, *, shared: bool = False) -> GameState:
    """The first round of a new game, dealt from ``seed``; with ``shared``, no round yet
    (round 0): every round, the first too, is dealt by a `Deal` from the seed the table's
    shared shuffle made, and ``seed`` only chooses the first dealer."""
    dealer = _first_dealer(rules, seed)
    if shared:
        return GameState(rules, seed, 0, dealer, (0, 0), (), undealt(rules), shared=True)
    return GameState(rules, seed, 1, dealer, (0, 0), (), _round(rules, seed, 1, (0, 0), dealer))


def at_round_start(rules: RuleSet, seed: int, round_no: int, dealer: int,
                   scores: tuple[int, int], history: tuple[RoundResult, ...],
                   deal: str | None = None) -> GameState:
    """The game just after round ``round_no`` was dealt, from the rounds before it: a round's
    cards follow from the seed, so this is all a host's checkpoint needs to keep. A shared
    game's round is dealt from its own seed, ``deal``; round 0 of one is its first deal's
    wait."""
    if deal is None and round_no > 0:
        return GameState(rules, seed, round_no, dealer, scores, history,
                         _round(rules, seed, round_no, scores, dealer))
    state = undealt(rules) if deal is None else _round(rules, seed, round_no, scores, dealer, deal)
    return GameState(rules, seed, round_no, dealer, scores, history, state, shared=True)


def undealt(rules: RuleSet) -> RoundState:
    """A round with no cards: a shared game before its first `Deal`."""
    n = rules.seats
    nobody = (0,) * n
    if rules.duel:
        return RoundState(rules=rules, phase=Phase.OVER, hands=nobody, calls=(Call.NONE,) * n,
                          discards=nobody, won=nobody)
    return RoundState(rules=rules, phase=Phase.OVER, hands=nobody, calls=(Call.NONE,) * n,
                      grand_decided=(False,) * n, second_deal=nobody, exchange=(None,) * n,
                      received=(None,) * n, won=nobody)


def round_deck(game: GameState, deal: str | None = None) -> list[int]:
    """The deck round ``game.round_no`` was dealt from: the game's seed's, or a shared deal's."""
    return deck_of(game.seed, game.round_no, deal)


def deck_of(seed: int, round_no: int, deal: str | None = None) -> list[int]:
    """The 56 cards in the order round ``round_no`` deals them: from the game's ``seed``, or
    from a shared ``deal`` (64 hex digits, read as one number), by the same shuffle."""
    return deal_module.shuffled_deck(seed if deal is None else int(deal, 16), round_no)


def first_round(rules: RuleSet, seed: int) -> RoundState:
    """Round 1 of game ``seed`` as `new_game` deals it, without the game around it (for
    simulations). Only a duel's drafter depends on the dealer: a classic round skips him."""
    dealer = _first_dealer(rules, seed) if rules.duel else 0
    return _round(rules, seed, 1, (0, 0), dealer)


def _first_dealer(rules: RuleSet, seed: int) -> int:
    return random.Random(seed).randrange(rules.seats)


def _round(rules: RuleSet, seed: int, round_no: int, scores: tuple[int, int],
           dealer: int, shared: str | None = None) -> RoundState:
    return dealt_round(rules, deck_of(seed, round_no, shared), scores, dealer)


def dealt_round(rules: RuleSet, deck: list[int], scores: tuple[int, int],
                dealer: int) -> RoundState:
    """A round dealt from ``deck`` (a duel's drafter follows from the scores and the dealer)."""
    drafter = _fewer_points(scores, dealer) if rules.duel else -1
    return deal_module.start_round(rules, deck, drafter)


def _deal(game: GameState, dealer: int) -> tuple[GameState, list[Event]]:
    round_no = game.round_no + 1
    state = _round(game.rules, game.seed, round_no, game.scores, dealer)
    events: list[Event] = [RoundStarted(round_no, dealer), CardsDealt(state.hands[0].bit_count())]
    return evolve(game, round_no=round_no, dealer=dealer, round=state), events


def _fewer_points(scores: tuple[int, int], dealer: int) -> int:
    """The duel player behind on points; on a tie, the one who did not deal."""
    if scores[0] != scores[1]:
        return 0 if scores[0] < scores[1] else 1
    return 1 - dealer


def _round_step(state: RoundState, action: Action) -> RoundStep:
    """The round after ``action`` (checked by the rule it falls under), and its events."""
    match action:
        case Play():
            return tricks.do_play(state, action)
        case Pass():
            return tricks.do_pass(state, action)
        case Wish():
            return tricks.do_wish(state, action)
        case GiveDragon():
            return tricks.do_give_dragon(state, action)
        case CollectTrick():
            return tricks.do_collect(state, action)
        case CallTichu():
            return deal_module.do_tichu(state, action.seat)
        case GrandTichu():
            return deal_module.do_grand_tichu(state, action)
        case Exchange():
            return deal_module.do_exchange(state, action)
        case WithdrawExchange():
            return deal_module.do_withdraw_exchange(state, action)
        case Discard():
            return deal_module.do_discard(state, action)
        case Draft():
            return deal_module.do_draft(state, action)
        case Deal():            # the game's step between rounds (`apply`), never a round's
            raise WrongPhase(Reason("no_deal_now", "no round waits to be dealt"))
        case _:
            assert_never(action)


# The rule of each action type, found at once (the match above tries them in turn); the
# match stays for subclasses and for the checker, which sees every case handled there.
_STEPS: dict[type, Callable[[RoundState, Any], RoundStep]] = dict.fromkeys(
    ACTION_TYPES.values(), _round_step)
_STEPS.update({Play: tricks.do_play, Pass: tricks.do_pass, Wish: tricks.do_wish,
               GiveDragon: tricks.do_give_dragon, CollectTrick: tricks.do_collect})


def apply(game: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The game after ``action``, and the events it caused.

    Raises an `IllegalAction` saying why when the action is not allowed; the
    given state is never modified (states are immutable).
    """
    if game.winner >= 0:
        raise GameOver(Reason("game_over", "the game is over"))
    step = _STEPS.get(type(action))
    if step is None:
        if not isinstance(action, _ACTIONS):
            raise IllegalAction(Reason("not_an_action", f"{action!r} is not an action"))
        step = _round_step
    seat = action.seat
    if not isinstance(seat, int) or not 0 <= seat < len(game.round.hands):
        raise IllegalAction(Reason("no_such_seat", f"there is no seat {seat!r} at this table",
                                   seat=seat if isinstance(seat, int) else None))
    if isinstance(action, Deal):
        return _shared_deal(game, action)
    state, events = step(game.round, action)
    game = _with_round(game, state)
    if state.phase is Phase.OVER:
        game, more = _end_round(game)
        events += more
    return game, events


def _with_round(game: GameState, state: RoundState) -> GameState:
    """``evolve(game, round=state)`` written out: it is the host's every move."""
    fields = game.__dict__.copy()
    fields["round"] = state
    new = _new(GameState)
    _set(new, "__dict__", fields)
    return new


_new, _set = object.__new__, object.__setattr__


def _end_round(game: GameState) -> tuple[GameState, list[Event]]:
    result = game.round.result
    assert result is not None, "a round in phase OVER always has its result"
    scores = (game.scores[0] + result.total[0], game.scores[1] + result.total[1])
    game = evolve(game, scores=scores, history=game.history + (result,))
    events: list[Event] = [RoundEnded(game.round_no, result.out_order, result.card_points,
                               result.call_points, result.double_victory, scores)]
    winner = _winner(game.rules, scores, game.round_no)
    if winner >= 0:
        events.append(GameEnded(winner, scores))
        return evolve(game, winner=winner), events
    if game.shared:
        return game, events
    game, more = _deal(game, _next_dealer(game))
    return game, events + more


def _next_dealer(game: GameState) -> int:
    """Who deals the round after ``game``'s (the game's first dealer before round 1)."""
    if not game.history:
        return game.dealer
    if game.rules.duel:
        totals = game.history[-1].total
        return 1 - game.dealer if totals[0] == totals[1] else (0 if totals[0] < totals[1] else 1)
    return (game.dealer + 1) % 4


def waits_for_deal(game: GameState) -> bool:
    """A shared game between rounds (or before its first): only a `Deal` goes on."""
    return game.shared and not game.over and game.round.phase is Phase.OVER


def next_deal(game: GameState, seed: str) -> Deal:
    """The `Deal` of ``game``'s next round from ``seed``, by the seat whose deal it is."""
    return Deal(_next_dealer(game), seed)


def _shared_deal(game: GameState, action: Deal) -> tuple[GameState, list[Event]]:
    if not waits_for_deal(game):
        raise WrongPhase(Reason("no_deal_now", "no round waits to be dealt"))
    dealer = _next_dealer(game)
    if action.seat != dealer:
        raise NotYourTurn(Reason("not_your_turn", "it is not your turn"))
    round_no = game.round_no + 1
    state = _round(game.rules, game.seed, round_no, game.scores, dealer, action.seed)
    events: list[Event] = []        # the first deal is the game's start, as `new_game`'s
    if round_no > 1:
        events = [RoundStarted(round_no, dealer), CardsDealt(state.hands[0].bit_count())]
    return evolve(game, round_no=round_no, dealer=dealer, round=state), events


def _winner(rules: RuleSet, scores: tuple[int, int], round_no: int = 0) -> int:
    """The team that has won after round ``round_no``, or -1 to play on. A game of a set
    number of rounds ignores the target, and goes on a round at a time while level."""
    a, b = scores
    if rules.duel and (a < rules.duel_loss or b < rules.duel_loss):
        return -1 if a == b else (0 if a > b else 1)
    if rules.rounds:
        return -1 if round_no < rules.rounds or a == b else (0 if a > b else 1)
    if max(a, b) >= rules.target and a != b:
        return 0 if a > b else 1
    return -1


def options(game: GameState, seat: int) -> Options:
    """Everything ``seat`` may do now."""
    if game.winner >= 0:
        return Options()
    state = game.round
    phase = state.phase
    if phase is _PLAY or phase is _COLLECT:
        return play_options(game.rules, seat, state.hands[seat], state.top, state.turn,
                            state.wish, state.wish_answer, state.last_answer,
                            tichu_window_open(state, seat))
    return compute_options(facts_of_state(state, seat))


def legal_actions(game: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now, spelled out."""
    return options(game, seat).actions(seat, game.round.hands[seat])


def waiting_for(game: GameState) -> tuple[int, ...]:
    """The seats the game is waiting for (out-of-turn bombs and calls are never awaited).

    The same as the seats whose `options` say ``waiting``, read straight off the state.
    A trick waiting to be collected waits for no seat: `trick_to_collect` is the step."""
    if game.winner >= 0:
        return ()
    state = game.round
    phase = state.phase
    if phase is Phase.PLAY:
        return (state.turn,)
    if phase is Phase.WISH or phase is Phase.DRAGON:
        return (state.decider,)
    if phase is Phase.GRAND:
        return tuple(s for s, done in enumerate(state.grand_decided) if not done)
    if phase is Phase.EXCHANGE:
        return tuple(s for s, gifts in enumerate(state.exchange) if gifts is None)
    if phase is Phase.DISCARD:
        return tuple(s for s, cards in enumerate(state.discards) if not cards)
    if phase is Phase.DRAFT:
        return (state.drafter,)
    return ()


def trick_to_collect(game: GameState) -> CollectTrick | None:
    """The step no seat takes: collecting the trick that waits after its last needed pass,
    which the host applies once the trick's window for bombs is over (a simulation may
    apply it at once). None when no trick waits."""
    state = game.round
    if game.winner >= 0 or state.phase is not Phase.COLLECT:
        return None
    return CollectTrick(state.top_seat)


def replay(rules: RuleSet, seed: int, actions: Iterable[Action], *,
           shared: bool = False) -> GameState:
    """The state after applying ``actions`` to a new game (raises if one is illegal)."""
    game = new_game(rules, seed, shared=shared)
    for action in actions:
        game, _ = apply(game, action)
    return game
