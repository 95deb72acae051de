"""The shared deal (issue 30) in the engine: a shared game waits for each round's `Deal`,
the seed is the stated SHA-256 of the secret and the values, and a round's check names the
first thing wrong with a round the host misreports."""

from __future__ import annotations

import hashlib
import random

import pytest

from engine import (CLASSIC, DUEL, Deal, IllegalAction, NotationError, Pass, Phase, Play,
                    action_from_dict, apply, new_game, view)
from engine.events import ExchangeDone
from engine.game import at_round_start, deck_of, next_deal, waits_for_deal
from engine.round_check import Seen, check_moves, round_start
from engine.shared_deal import Shuffle, check_shuffle, commitment, deal_seed
from engine.state import evolve
from tests.support.random_games import play, quiet_action, walk

SEED = "5a" * 32


def test_the_seed_is_the_stated_digest_of_the_round_the_secret_and_every_value():
    secret, value = bytes(range(32)), bytes([7]) * 32
    assert commitment(value) == hashlib.sha256(b"tichu-lan commitment 1\n" + value).hexdigest()
    stated = hashlib.sha256(b"tichu-lan deal 1\n" + (3).to_bytes(4, "big") + secret + value
                            + bytes(32)).hexdigest()
    assert deal_seed(3, secret, [value, None]) == stated
    assert deck_of(0, 3, stated) == deck_of(int(stated, 16), 3)     # the engine's own shuffle
    assert sorted(deck_of(0, 3, stated)) == list(range(56))


def test_a_shuffle_whose_secret_or_value_was_changed_is_named():
    secret, value = bytes(32), bytes([1]) * 32
    shown = Shuffle(1, secret, (commitment(value), None), (value, None))
    assert check_shuffle(shown, commitment(secret)) is None
    assert check_shuffle(shown, commitment(bytes([9]) * 32)).code == "secret_changed"
    other = Shuffle(1, secret, (commitment(value), None), (bytes([2]) * 32, None))
    found = check_shuffle(other, None)
    assert (found.code, found.params) == ("value_mismatch", {"seat": 0})


@pytest.mark.parametrize("rules", [CLASSIC, DUEL], ids=["classic", "duel"])
def test_a_shared_game_waits_for_each_deal_and_only_the_dealer_deals(rules):
    game = new_game(rules, 4, shared=True)
    assert game.round_no == 0 and waits_for_deal(game) and view(game, 0).hand == 0
    with pytest.raises(IllegalAction) as refused:
        apply(game, Pass(0))
    assert refused.value.reason.code == "round_over"
    with pytest.raises(IllegalAction) as refused:
        apply(game, Deal((game.dealer + 1) % rules.seats, SEED))
    assert refused.value.reason.code == "not_your_turn"
    dealt, events = apply(game, next_deal(game, SEED))
    assert events == [] and dealt.round_no == 1 and not waits_for_deal(dealt)
    assert dealt == at_round_start(rules, 4, 1, game.dealer, (0, 0), (), SEED)
    with pytest.raises(IllegalAction) as refused:
        apply(dealt, next_deal(dealt, SEED))
    assert refused.value.reason.code == "no_deal_now"
    with pytest.raises(IllegalAction):
        apply(new_game(rules, 4), Deal(0, SEED))      # a game dealt from its seed: no deals
    with pytest.raises(NotationError):
        action_from_dict({"type": "deal", "seat": 0, "seed": "not hex"})


def test_each_later_round_is_dealt_when_asked_and_tells_its_start():
    steps = list(walk(CLASSIC, 5, quiet_action, shared=True,
                      until=lambda g: len(g.history) == 1 and not waits_for_deal(g)))
    deals = [s for s in steps if isinstance(s.action, Deal)]
    assert len(deals) == 2 and deals[1].events[0].type == "round_started"
    before = deals[1].before
    assert before.round.phase is Phase.OVER and before.round_no == 1


def a_round(seed=11):
    """One shared round of random moves, and what seat 0 saw of it."""
    game = new_game(CLASSIC, seed, shared=True)
    game, _ = apply(game, next_deal(game, SEED))
    start, seen, moves, rng = game, Seen(1, 0, hands={1: game.round.hands[0]}), [], \
        random.Random(seed)
    seq = 1
    while not game.history:
        action = quiet_action(game, rng)
        game, events = apply(game, action)
        seq += 1
        moves.append(action)
        seen.events[seq] = tuple(events)
        seen.hands[seq] = game.round.hands[0]
    return start, moves, seen


def fresh_start(start):
    return round_start(CLASSIC, 1, start.dealer, (0, 0), deck_of(0, 1, SEED))


def test_an_honest_round_holds_and_every_misreport_is_named():
    start, moves, seen = a_round()
    assert check_moves(fresh_start(start), 1, moves, seen) is None
    assert check_moves(fresh_start(start), 1, moves[:-1], seen).code == "round_not_over"
    passing = next(i for i, a in enumerate(moves) if isinstance(a, Play))
    illegal = moves[:passing] + [Pass(moves[passing].seat)] + moves[passing + 1:]
    found = check_moves(fresh_start(start), 1, illegal, seen)
    assert found.code in ("illegal_move", "moves_differ")
    other = round_start(CLASSIC, 1, start.dealer, (0, 0), deck_of(0, 1, "6b" * 32))
    assert check_moves(other, 1, moves, seen).code == "hand_not_dealt"
    wrong = dict(seen.events)
    last = max(wrong)
    wrong[last] = tuple(evolve(e, card_points=(0, 0)) if e.type == "round_ended" else e
                        for e in wrong[last])
    found = check_moves(fresh_start(start), 1, moves, Seen(1, 0, wrong, seen.hands))
    assert found.code == "score_differs"


def test_a_card_swapped_in_the_exchange_is_named_by_the_seat_that_got_it():
    start, moves, seen = a_round()
    done = next(q for q, events in seen.events.items()
                if any(isinstance(e, ExchangeDone) for e in events))
    hands = dict(seen.hands)
    mine = hands[done]
    held = [c for c in range(56) if mine >> c & 1]
    hands[done] = mine & ~(1 << held[0]) | (1 << next(c for c in range(56) if not mine >> c & 1))
    found = check_moves(fresh_start(start), 1, moves, Seen(1, 0, seen.events, hands))
    assert found.code == "exchange_swapped" and found.params["seq"] == done


def test_random_shared_games_hold_round_by_round():
    for seed in range(3):
        game, actions = play(CLASSIC.__class__(target=300), seed, shared=True, replayed=True)
        assert game.over and isinstance(actions[0], Deal)
