"""Whole games of random legal moves: they never crash, always end, and lose no card."""

import random

import pytest

from engine import (CallTichu, Discard, Exchange, GrandTichu, Play, RuleSet, apply, new_game,
                    options, trick_to_collect, waiting_for)
from engine.cards import FULL_DECK, cards_of, mask_of


def random_action(game, seat, rng):
    opts = options(game, seat)
    hand = [int(c) for c in cards_of(game.round.hands[seat])]
    if opts.exchange and not opts.withdraw_exchange:
        return Exchange(seat, tuple(rng.sample(hand, 3)))
    if opts.discard:
        return Discard(seat, mask_of(rng.sample(hand, 3)))
    actions = opts.actions(seat, game.round.hands[seat])
    # Random callers lose points round after round; call rarely so that games end.
    calls = [a for a in actions if isinstance(a, CallTichu) or isinstance(a, GrandTichu) and a.call]
    if calls and rng.random() < 0.05:
        return rng.choice(calls)
    return rng.choice([a for a in actions if a not in calls] or actions)


def window_action(game, rng):
    """While a won trick waits to be collected: now and then a bomb on it, else its
    collection."""
    bombs = [Play(seat, c.cards) for seat in range(game.rules.seats)
             for c in options(game, seat).plays]
    if bombs and rng.random() < 0.5:
        return rng.choice(bombs)
    return trick_to_collect(game)


def next_action(game, rng):
    """A random legal action of a seat the game waits for, or of the window after a trick."""
    waiting = waiting_for(game)
    if not waiting:
        return window_action(game, rng)
    seat = rng.choice(waiting)
    return random_action(game, seat, rng)


def accounted(state) -> int:
    total = 0
    parts = [*state.hands, *state.won, state.set_aside, state.trick_cards, *state.second_deal]
    if state.phase.value in ("discard", "draft"):
        parts.append(mask_of(state.draft_cards))
    for part in parts:
        assert total & part == 0, "a card is in two places"
        total |= part
    return total


@pytest.mark.parametrize("rules", [RuleSet(target=300), RuleSet("duel", target=300)],
                         ids=["classic", "duel"])
@pytest.mark.parametrize("seed", range(6))
def test_random_game_ends_and_keeps_every_card(rules, seed):
    rng = random.Random(seed)
    game = new_game(rules, seed)
    for _ in range(20000):
        if game.over:
            break
        game, _ = apply(game, next_action(game, rng))
        assert accounted(game.round) == FULL_DECK
    assert game.over
    assert max(game.scores) >= rules.target or min(game.scores) < rules.duel_loss
