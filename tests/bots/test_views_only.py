"""Bots see only their seat's view, and their decisions follow from it alone.

Three checks: (1) nothing reachable from a SeatView is engine state (no RoundState,
GameState, nor another seat's hand); (2) a bot fed the views as a network client
would rebuild them from their dict form decides exactly as one fed the original
objects, so it uses their content and nothing behind them; (3) changing the
hidden cards (other seats' hands) while the seat's view stays equal never changes
a decision: the same decisions come out of a game where two other seats swap cards.
"""

import gc
from dataclasses import replace

import pytest

from engine import (CLASSIC, DUEL, apply, new_game, trick_to_collect, view, view_from_dict,
                    view_to_dict, waiting_for)
from engine.bots import make_bot
from engine.bots.search import SearchBot
from engine.game import GameState
from engine.state import Phase, RoundState

LEVELS = ["random", "easy", "normal", "hard"]


def make(level, seed):
    return SearchBot(seed, samples=2) if level == "hard" else make_bot(level, seed)


def reachable(root, limit=20000):
    seen, todo = {id(root)}, [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        yield obj
        for ref in gc.get_referents(obj):
            if id(ref) not in seen and not isinstance(ref, type):
                seen.add(id(ref))
                todo.append(ref)


def play_round(rules, seed, bots):
    """One round; returns seat 0's views and its bot's decisions on each."""
    game = new_game(rules, seed)
    trace = []
    while not game.history:
        for seat in range(rules.seats):
            v = view(game, seat)
            action = bots[seat].decide(v)
            if seat == 0:
                trace.append((v, action))
            if action is not None:
                game = apply(game, action)[0]
                break
        else:                               # nobody bombed the won trick: collect it
            game = apply(game, trick_to_collect(game))[0]
    return trace


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_nothing_behind_a_view_is_hidden_state(rules):
    game = new_game(rules, 4)
    for _ in range(30):
        action = trick_to_collect(game) or make_bot("normal", 0).decide(
            view(game, waiting_for(game)[0]))
        game = apply(game, action)[0]
    v = view(game, 0)
    others = {h for s, h in enumerate(game.round.hands) if s != 0 and h}
    for obj in reachable(v):
        assert not isinstance(obj, (RoundState, GameState))
        assert not (isinstance(obj, int) and obj in others and obj.bit_count() > 3)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_decisions_from_rebuilt_views_are_the_same(rules, level):
    bots = [make(level, s) for s in range(rules.seats)]
    trace = play_round(rules, 11, bots)
    fresh = make(level, 0)
    for v, action in trace:
        assert fresh.decide(view_from_dict(view_to_dict(v))) == action


def _swap_hidden(game: GameState, a: int, b: int) -> GameState:
    """Swap one card between the hands of seats a and b (hidden from everyone else)."""
    state = game.round
    hands = list(state.hands)
    low_a, low_b = hands[a] & -hands[a], hands[b] & -hands[b]
    hands[a] = hands[a] ^ low_a | low_b
    hands[b] = hands[b] ^ low_b | low_a
    return replace(game, round=replace(state, hands=tuple(hands)))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_hidden_cards_do_not_change_a_decision(level):
    game = new_game(CLASSIC, 21)
    bots = [make_bot("normal", s) for s in range(4)]
    while game.round.phase is not Phase.PLAY:
        seat = waiting_for(game)[0]
        game = apply(game, bots[seat].decide(view(game, seat)))[0]
    other = _swap_hidden(game, 1, 3)
    assert view(other, 0) == view(game, 0) and other.round.hands != game.round.hands
    first, second = make(level, 5), make(level, 5)
    assert first.decide(view(game, 0)) == second.decide(view(other, 0))


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_views_same_decisions(level):
    trace = play_round(CLASSIC, 12, [make(level, s) for s in range(4)])
    again = play_round(CLASSIC, 12, [make(level, s) for s in range(4)])
    assert [a for _, a in trace] == [a for _, a in again]
