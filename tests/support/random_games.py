"""Random legal games played to the end from a seed, checked at every step.

As OpenSpiel's random-simulation test does for its games, `walk` plays a game of
``(rules, seed)`` with a policy that picks each move, and after every move checks what must
hold in any position: each of the 56 cards lies in exactly one place, the game waits for a
seat or for a won trick's collection unless it is over, and the scores are the sum of the
rounds played. A broken rule therefore fails at the move that broke it, in whichever test
happened to walk there. `play` walks to the end (or a limit) and may check that the moves
replay to the same game; it checks every round once it is over as a seat's program checks
it after a shared shuffle (`engine.round_check`), and with ``shared`` deals each round
from a seed of its own (`engine.Deal`), as a host that shuffles with its guests does.

The policies are the ones the tests share: `next_action` (any awaited seat, calls rare, now
and then a bomb out of turn), `plain_action` (the first awaited seat, any legal action),
`quiet_action` (the same without Tichu calls, for records that read like ordinary games) and
`bot_action` (seated bots, as the host asks them). `calm_decision` is the one random player
of the suite: the engine tests ask it with a game, clients and bots with their view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from engine import (Action, CallTichu, Deal, Discard, Event, Exchange, GameState, GrandTichu,
                    Kind, Options, Play, RuleSet, SeatView, apply, legal_actions, new_game,
                    options, options_for_view, replay, trick_to_collect, waiting_for)
from engine.game import deck_of, next_deal, waits_for_deal
from engine.round_check import Seen, check_moves, round_start
from engine.bots.arena import next_move
from engine.bots.interface import Bot
from engine.cards import FULL_DECK, cards_of, mask_of
from engine.state import RoundState

Policy = Callable[[GameState, random.Random], Action]
CALLS = 0.05        # how often a random seat calls: random callers fail, and games must end


class Step(NamedTuple):
    before: GameState
    action: Action
    after: GameState
    events: list[Event]


class Played(NamedTuple):
    game: GameState
    actions: list[Action]


# --- choosing a move --------------------------------------------------------------------------

def calm_choice(opts: Options, seat: int, hand: int, rng: random.Random) -> Action:
    """A random legal action of a waiting seat; Tichu and Grand Tichu 1 time in 20."""
    cards = [int(c) for c in cards_of(hand)]
    if opts.exchange and not opts.withdraw_exchange:
        return Exchange(seat, tuple(rng.sample(cards, 3)))
    if opts.discard:
        return Discard(seat, mask_of(rng.sample(cards, 3)))
    actions = opts.actions(seat, hand)
    calls = [a for a in actions
             if isinstance(a, CallTichu) or (isinstance(a, GrandTichu) and a.call)]
    if calls and rng.random() < CALLS:
        return rng.choice(calls)
    return rng.choice([a for a in actions if a not in calls] or actions)


def calm_decision(view: SeatView, rng: random.Random) -> Action:
    """`calm_choice` for a seat that knows only its view (a client, a bot)."""
    return calm_choice(options_for_view(view), view.seat, view.hand, rng)


def random_action(game: GameState, seat: int, rng: random.Random) -> Action:
    """`calm_choice` for ``seat``, asked with the whole game."""
    return calm_choice(options(game, seat), seat, game.round.hands[seat], rng)


def window_action(game: GameState, rng: random.Random) -> Action:
    """While a won trick waits to be collected: now and then a bomb on it, else its
    collection."""
    bombs = [Play(seat, c.cards) for seat in range(game.rules.seats)
             for c in options(game, seat).plays]
    if bombs and rng.random() < 0.5:
        return rng.choice(bombs)
    collect = trick_to_collect(game)
    assert collect is not None, "nobody is awaited and no trick waits"
    return collect


def next_action(game: GameState, rng: random.Random, bombs: float = 0.0) -> Action:
    """A random legal action of a seat the game waits for, or of the window after a trick;
    with chance ``bombs``, a bomb out of turn by another seat that holds one."""
    waiting = waiting_for(game)
    if not waiting:
        return window_action(game, rng)
    seat = rng.choice(waiting)
    if bombs and rng.random() < bombs:
        bystander = rng.randrange(game.rules.seats)
        held = [c for c in options(game, bystander).plays if c.kind == Kind.BOMB]
        if held and bystander != seat:
            return Play(bystander, rng.choice(held).cards)
    return random_action(game, seat, rng)


def bold_action(game: GameState, rng: random.Random) -> Action:
    """`next_action` with a bomb out of turn tried at one move in five."""
    return next_action(game, rng, bombs=0.2)


def plain_action(game: GameState, rng: random.Random) -> Action:
    """A won trick's collection, else any legal action of the first seat awaited."""
    collect = trick_to_collect(game)
    if collect is not None:
        return collect
    return rng.choice(legal_actions(game, waiting_for(game)[0]))


def quiet_action(game: GameState, rng: random.Random) -> Action:
    """`plain_action` that never calls Tichu or Grand Tichu (where it has the choice)."""
    collect = trick_to_collect(game)
    if collect is not None:
        return collect
    choices = legal_actions(game, waiting_for(game)[0])
    quiet = [a for a in choices if not isinstance(a, CallTichu | GrandTichu)
             or (isinstance(a, GrandTichu) and not a.call)]
    return rng.choice(quiet or choices)


def bot_action(bots: Sequence[Bot]) -> Policy:
    """The move `engine.bots.arena` would take next with these bots in the seats."""
    return lambda game, rng: next_move(game, bots)[1]


# --- playing and checking ---------------------------------------------------------------------

def accounted(state: RoundState) -> int:
    """Every card of a round's places, failing if one lies in two."""
    total = 0
    parts = [*state.hands, *state.won, state.set_aside, state.trick_cards, *state.second_deal]
    if state.phase.value in ("discard", "draft"):
        parts.append(mask_of(state.draft_cards))
    for part in parts:
        assert total & part == 0, "a card is in two places"
        total |= part
    return total


def check_step(step: Step) -> None:
    """What holds after any move of any game (see the module's docstring)."""
    after = step.after
    assert accounted(after.round) == FULL_DECK, f"a card went missing at {step.action!r}"
    assert after.over or waiting_for(after) or trick_to_collect(after) is not None \
        or waits_for_deal(after), \
        f"nobody may move after {step.action!r}"
    assert len(after.history) >= len(step.before.history)
    assert after.scores == tuple(sum(r.total[team] for r in after.history) for team in (0, 1))


def walk(rules: RuleSet, seed: int, policy: Policy = next_action, *, limit: int = 20_000,
         rng: random.Random | None = None, until: Callable[[GameState], bool] | None = None,
         shared: bool = False) -> Iterator[Step]:
    """Each move of the game dealt from ``seed``, as ``policy`` chooses it (with ``rng``,
    by default one seeded with ``seed``), checked by `check_step`; it ends with the game,
    once ``until`` holds before a move, or after ``limit`` moves. With ``shared`` each
    round is dealt by a `Deal` from a random seed."""
    rng = rng if rng is not None else random.Random(seed)
    game = new_game(rules, seed, shared=shared)
    for _ in range(limit):
        if game.over or (until is not None and until(game)):
            return
        if waits_for_deal(game):
            action: Action = next_deal(game, f"{rng.getrandbits(256):064x}")
        else:
            action = policy(game, rng)
        after, events = apply(game, action)
        step = Step(game, action, after, events)
        check_step(step)
        yield step
        game = after


def play(rules: RuleSet, seed: int, policy: Policy = next_action, *, limit: int = 20_000,
         rng: random.Random | None = None, until: Callable[[GameState], bool] | None = None,
         watch: Callable[[Step], None] | None = None, replayed: bool = False,
         shared: bool = False) -> Played:
    """`walk` to its end; ``watch`` sees each step; ``replayed``: check that the moves
    replay, from the seed alone, to the very same game. Every round is checked once it is
    over (`RoundChecks`)."""
    game, actions = new_game(rules, seed, shared=shared), []
    rounds = RoundChecks(seed, game)
    for step in walk(rules, seed, policy, limit=limit, rng=rng, until=until, shared=shared):
        if watch is not None:
            watch(step)
        rounds.step(len(actions) + 1, step)
        game = step.after
        actions.append(step.action)
    if replayed:
        assert replay(rules, seed, actions, shared=shared) == game, \
            "the moves replay to another game"
    return Played(game, actions)


class RoundChecks:
    """Each round of a walk checked once it is over as seat 0's program checks a round after
    a shared shuffle: its moves replayed from its deck against what the seat saw."""

    def __init__(self, seed: int, game: GameState) -> None:
        self.seed = seed
        self.begin(game, 0, None)

    def begin(self, game: GameState, seq: int, deal: str | None) -> None:
        self.start, self.first, self.deal = game, seq, deal
        self.moves: list[Action] = []
        self.seen = Seen(game.round_no, 0, hands={seq: game.round.hands[0]})

    def step(self, seq: int, step: Step) -> None:
        if isinstance(step.action, Deal):
            self.begin(step.after, seq, step.action.seed)
            return
        self.moves.append(step.action)
        self.seen.events[seq] = tuple(step.events)
        if step.after.round_no == self.seen.round_no:
            self.seen.hands[seq] = step.after.round.hands[0]
        if len(step.after.history) == len(step.before.history):
            return
        start = self.start
        deck = deck_of(self.seed, start.round_no, self.deal)
        found = check_moves(round_start(start.rules, start.round_no, start.dealer, start.scores,
                                        deck), self.first, self.moves, self.seen)
        assert found is None, f"round {start.round_no} did not hold: {found}"
        if not step.after.shared and not step.after.over:
            self.begin(step.after, seq, None)
